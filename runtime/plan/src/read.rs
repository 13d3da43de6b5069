//! Reading a kernel function into a [`KernelPlan`]: each op is taken by
//! the interface [`register`] attaches to its op record ([`ReadTop`] at the
//! top of a function, [`ReadBody`] inside a stage's body), so adding a
//! kernel op is one entry here and no backend names ops.

use crate::plan::*;
use rustc_hash::FxHashMap;
use std::sync::Arc;
use xir::affine::{AffineExpr, AffineMap};
use xir::ods::access::operand_group;
use xir::ods::enum_attr::EnumAttr;
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Block, Context, Ir, Op, Type, Value};
use xir_arith::constraints::{CMPF_PREDICATE, CMPI_PREDICATE};
use xir_kernel::ops::{ATTENTION, CONV, GENERIC, MATMUL, POOL};
use xir_runtime_hal::{Error, OpError};

/// An op that can't be read, and why: `'name' <what>` (`Unimplemented`),
/// or, for an op of a level above the kernel dialect, that the variant was
/// never compiled (`InvalidArgument`); a malformed kernel function is
/// `InvalidArgument` too.
pub type Fail = OpError;

/// A malformed kernel function.
fn bad(op: Op, m: impl Into<String>) -> Fail {
    Error::invalid_argument(m).at(op)
}

/// A kernel function this reader (so the backends) has no code for.
fn unsupported(op: Op, m: impl Into<String>) -> Fail {
    Error::unimplemented(m).at(op)
}

/// How [`read`] takes an op at the top of a kernel function (index
/// arithmetic, buffers, asserts, stages), given its operands.
#[derive(Clone, Copy)]
pub struct ReadTop(pub fn(&mut Reader<'_>, Op, &[Value]) -> Result<(), Fail>);

/// How [`read_body`] takes an op of a stage's body.
#[derive(Clone, Copy)]
pub enum ReadBody {
    /// A binary op on its two operands.
    Bin(Bin),
    /// A one-operand op.
    Unary(fn(usize) -> BodyOp),
    /// Read from the op itself (constants, predicates, select, pow), given
    /// its operands' body values and its element type.
    Op(ReadBodyOp),
}

/// [`ReadBody::Op`]: the op, its operands' body values and its element type
/// in, the scalar op out.
pub type ReadBodyOp = fn(&Context, &Ir, Op, &[usize], ElementType) -> Result<BodyOp, Fail>;
/// Marks the op that ends a body and yields its value.
#[derive(Clone, Copy)]
pub struct BodyYield;

fn not_read(name: &str, what: &str) -> Error {
    // Ops of the levels above kernels: a variant the compiler did not lower.
    let dialect = name.split('.').next().unwrap_or(name);
    if ["graph", "flow", "stream", "hal", "scf"].contains(&dialect) {
        Error::invalid_argument(format!("'{name}' is a {dialect} op: this variant's kernels were not compiled to the kernel dialect (compile the program with xopt --compile-to=hal)"))
    } else {
        Error::unimplemented(format!("'{name}' {what}"))
    }
}

/// Attaches [`ReadTop`], [`ReadBody`] and [`BodyYield`] to the op records of
/// the kernel and arith ops a kernel function holds. Idempotent; every
/// backend that runs the kernel form calls it from `Backend::register`.
pub fn register(ctx: &mut Context) {
    use xir_arith::ops as a;
    use xir_kernel::ops as k;
    let top: [(&xir::ods::OpSpec, ReadTop); 19] = [
        (
            &a::CONSTANT,
            ReadTop(|r, op, _| {
                let v = int_attr(r.ctx, r.ir, op, "value")
                    .ok_or_else(|| bad(op, "expected an index constant"))?;
                r.set_slot(op, IndexOp::Const(v));
                Ok(())
            }),
        ),
        (
            &a::ADDI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::Add)),
        ),
        (
            &a::SUBI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::Sub)),
        ),
        (
            &a::MULI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::Mul)),
        ),
        (
            &a::DIVUI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::DivU)),
        ),
        (
            &a::DIVSI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::DivS)),
        ),
        (
            &a::REMUI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::RemU)),
        ),
        (
            &a::CEILDIVUI,
            ReadTop(|r, op, xs| r.index_bin(op, xs, IndexBin::CeilDivU)),
        ),
        (
            &a::CMPI,
            ReadTop(|r, op, xs| {
                let bin = match predicate(r.ctx, r.ir, op, &CMPI_PREDICATE) {
                    Some("eq") => IndexBin::Eq,
                    Some("sle") => IndexBin::LeS,
                    _ => {
                        return Err(unsupported(
                            op,
                            "'arith.cmpi' is not a kernel op the local backend runs",
                        ))
                    }
                };
                r.index_bin(op, xs, bin)
            }),
        ),
        (
            &k::BINDING,
            ReadTop(|r, op, xs| {
                let i = int_attr(r.ctx, r.ir, op, "index").unwrap_or(-1);
                if i < 0 {
                    return Err(bad(op, "binding index out of range"));
                }
                r.add_buffer(op, BufferKind::Binding(i as usize), xs)
            }),
        ),
        (
            &k::ALLOC,
            ReadTop(|r, op, xs| r.add_buffer(op, BufferKind::Alloc, xs)),
        ),
        (&k::CONSTANT, ReadTop(|r, op, _| r.constant_buffer(op))),
        (
            &k::RESHAPE,
            ReadTop(|r, op, xs| {
                let src = r.buffer(xs[0], op)?;
                r.add_buffer(op, BufferKind::Reshape(src), &xs[1..])
            }),
        ),
        (&k::ASSERT, ReadTop(|r, op, xs| r.assert(op, xs))),
        (
            &k::GENERIC,
            ReadTop(|r, op, _| {
                let g = r.generic(op)?;
                r.stage(op, Stage::Generic(g));
                Ok(())
            }),
        ),
        (
            &k::MATMUL,
            ReadTop(|r, op, _| {
                let m = r.matmul(op)?;
                r.stage(op, Stage::Matmul(m));
                Ok(())
            }),
        ),
        (
            &k::CONV,
            ReadTop(|r, op, _| {
                let c = r.conv(op)?;
                r.stage(op, Stage::Conv(c));
                Ok(())
            }),
        ),
        (
            &k::POOL,
            ReadTop(|r, op, _| {
                let p = r.pool(op)?;
                r.stage(op, Stage::Pool(p));
                Ok(())
            }),
        ),
        (
            &k::ATTENTION,
            ReadTop(|r, op, _| {
                let a = r.attention(op)?;
                r.stage(op, Stage::Attention(a));
                Ok(())
            }),
        ),
    ];
    for (spec, i) in top {
        ctx.attach_interface(spec.name, i);
    }
    ctx.attach_interface(k::GATHER.name, ReadTop(|r, op, xs| r.gather(op, xs)));
    ctx.attach_interface(k::SCATTER.name, ReadTop(|r, op, xs| r.scatter(op, xs)));
    ctx.attach_interface(xir_func::RETURN.name, ReadTop(|_, _, _| Ok(())));
    ctx.attach_interface(k::YIELD.name, BodyYield);
    register_body(ctx);
}

/// The body ops: arith's scalar ops and the kernel dialect's math.
fn register_body(ctx: &mut Context) {
    use xir_arith::ops as a;
    use xir_kernel::ops as k;
    let body: [(&xir::ods::OpSpec, ReadBody); 31] = [
        (&k::INDEX_OP, ReadBody::Op(body_index)),
        (&a::ADDF, ReadBody::Bin(Bin::Add)),
        (&a::ADDI, ReadBody::Bin(Bin::Add)),
        (&a::SUBF, ReadBody::Bin(Bin::Sub)),
        (&a::SUBI, ReadBody::Bin(Bin::Sub)),
        (&a::MULF, ReadBody::Bin(Bin::Mul)),
        (&a::MULI, ReadBody::Bin(Bin::Mul)),
        (&a::DIVF, ReadBody::Bin(Bin::Div)),
        (&a::DIVSI, ReadBody::Bin(Bin::Div)),
        (&a::MAXIMUMF, ReadBody::Bin(Bin::Max)),
        (&a::MAXSI, ReadBody::Bin(Bin::Max)),
        (&a::MINIMUMF, ReadBody::Bin(Bin::Min)),
        (&a::MINSI, ReadBody::Bin(Bin::Min)),
        (&a::ORI, ReadBody::Bin(Bin::Or)),
        (&a::ANDI, ReadBody::Bin(Bin::And)),
        (&a::XORI, ReadBody::Bin(Bin::Xor)),
        (&a::NEGF, ReadBody::Unary(BodyOp::Neg)),
        (&k::EXP, ReadBody::Unary(BodyOp::Exp)),
        (&k::TANH, ReadBody::Unary(BodyOp::Tanh)),
        (&k::ABS, ReadBody::Unary(BodyOp::Abs)),
        (&k::SQRT, ReadBody::Unary(BodyOp::Sqrt)),
        (&k::LOG, ReadBody::Unary(BodyOp::Log)),
        (&k::ERF, ReadBody::Unary(BodyOp::Erf)),
        (&k::SIN, ReadBody::Unary(BodyOp::Sin)),
        (&k::COS, ReadBody::Unary(BodyOp::Cos)),
        (&k::CAST, ReadBody::Unary(BodyOp::Cast)),
        (
            &k::POW,
            ReadBody::Op(|_, _, _, xs, _| Ok(BodyOp::Pow(xs[0], xs[1]))),
        ),
        (
            &a::SELECT,
            ReadBody::Op(|_, _, _, xs, _| Ok(BodyOp::Select(xs[0], xs[1], xs[2]))),
        ),
        (&a::CONSTANT, ReadBody::Op(body_constant)),
        (
            &a::CMPI,
            ReadBody::Op(|ctx, ir, op, xs, _| {
                let p = match predicate(ctx, ir, op, &CMPI_PREDICATE) {
                    Some("eq") => Cmp::Eq,
                    Some("ne") => Cmp::Ne,
                    Some("slt") => Cmp::Lt,
                    Some("sle") => Cmp::Le,
                    Some("sgt") => Cmp::Gt,
                    Some("sge") => Cmp::Ge,
                    _ => {
                        return Err(unsupported(
                            op,
                            "unsupported arith.cmpi predicate in a body",
                        ))
                    }
                };
                Ok(BodyOp::Cmp(p, xs[0], xs[1]))
            }),
        ),
        (
            &a::CMPF,
            ReadBody::Op(|ctx, ir, op, xs, _| {
                let p = match predicate(ctx, ir, op, &CMPF_PREDICATE) {
                    Some("oeq") => Cmp::Eq,
                    Some("une") => Cmp::Ne,
                    Some("olt") => Cmp::Lt,
                    Some("ole") => Cmp::Le,
                    Some("ogt") => Cmp::Gt,
                    Some("oge") => Cmp::Ge,
                    _ => {
                        return Err(unsupported(
                            op,
                            "unsupported arith.cmpf predicate in a body",
                        ))
                    }
                };
                Ok(BodyOp::Cmp(p, xs[0], xs[1]))
            }),
        ),
    ];
    for (spec, i) in body {
        ctx.attach_interface(spec.name, i);
    }
}

/// The keyword of a comparison's predicate, by arith's own enum.
fn predicate(ctx: &Context, ir: &Ir, op: Op, e: &EnumAttr) -> Option<&'static str> {
    let v = int_attr(ctx, ir, op, "predicate")?;
    e.cases
        .iter()
        .find(|c| i64::try_from(c.1) == Ok(v))
        .map(|c| c.0)
}

fn body_index(ctx: &Context, ir: &Ir, op: Op, _: &[usize], e: ElementType) -> Result<BodyOp, Fail> {
    let d = int_attr(ctx, ir, op, "dim").ok_or_else(|| bad(op, "kernel.index without dim"))?;
    if !matches!(e, ElementType::I32 | ElementType::I64) {
        return Err(bad(op, "kernel.index must be an i32 or i64"));
    }
    let d = usize::try_from(d).map_err(|_| bad(op, format!("kernel.index dim {d} is negative")))?;
    Ok(BodyOp::Index(d))
}

fn body_constant(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    _: &[usize],
    e: ElementType,
) -> Result<BodyOp, Fail> {
    let a = op_attr(ctx, ir, op, "value").ok_or_else(|| bad(op, "constant without value"))?;
    Ok(match ctx.attr_kind(a) {
        AttrKind::Float { bits, .. } => BodyOp::ConstF(float_value(e, *bits)),
        AttrKind::Integer { value, .. } => {
            let v = i64::try_from(value).map_err(|_| unsupported(op, "constant out of range"))?;
            // i1 computes sign-extended: true is -1.
            BodyOp::ConstI(if e == ElementType::I1 { -(v & 1) } else { v })
        }
        _ => return Err(unsupported(op, "unsupported constant")),
    })
}

/// A kernel function being read; [`ReadTop`] hooks add to its plan.
pub struct Reader<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    slots: FxHashMap<Value, Slot>,
    buffers: FxHashMap<Value, usize>,
    plan: KernelPlan,
}

/// Reads the kernel function `f`.
pub fn read(ctx: &Context, ir: &Ir, f: Op) -> Result<KernelPlan, Fail> {
    let name = xir::symbol::symbol_name(ctx, ir, f)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default();
    let entry = ir
        .regions(f)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or_else(|| bad(f, "kernel function without a body"))?;
    let mut r = Reader {
        ctx,
        ir,
        slots: FxHashMap::default(),
        buffers: FxHashMap::default(),
        plan: KernelPlan {
            name,
            ..KernelPlan::default()
        },
    };
    for (i, &a) in ir.block_args(entry).iter().enumerate() {
        if !matches!(ctx.type_kind(ir.value_type(a)), TypeKind::Index) {
            return Err(bad(
                f,
                "a kernel function takes index arguments only (run convert-graph-to-kernel)",
            ));
        }
        let s = r.push_index(IndexOp::Arg(i));
        r.slots.insert(a, s);
        r.plan.num_args += 1;
    }
    for op in ir.block_ops(entry).collect::<Vec<_>>() {
        r.op(op)?;
    }
    Ok(r.plan)
}

/// `file:line:col` of an op (or its location as text).
pub fn where_is(ctx: &Context, ir: &Ir, op: Op) -> String {
    let loc = ir.op(op).loc;
    xir::diag::file_line_col(ctx, loc).unwrap_or_else(|| xir::diag::loc_to_string(ctx, loc))
}

fn int_attr(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<i64> {
    op_attr(ctx, ir, op, key).and_then(|a| xir::util::build::int_of(ctx, a))
}

impl Reader<'_> {
    fn push_index(&mut self, op: IndexOp) -> Slot {
        self.plan.index_ops.push(op);
        self.plan.index_ops.len() - 1
    }

    fn slot(&self, v: Value, at: Op) -> Result<Slot, Fail> {
        self.slots
            .get(&v)
            .copied()
            .ok_or_else(|| bad(at, "an index operand not computed at the top of the kernel"))
    }

    fn buffer(&self, v: Value, at: Op) -> Result<usize, Fail> {
        self.buffers
            .get(&v)
            .copied()
            .ok_or_else(|| bad(at, "a buffer operand not defined at the top of the kernel"))
    }

    fn memref(&self, t: Type, at: Op) -> Result<(Vec<i64>, ElementType), Fail> {
        match self.ctx.type_kind(t) {
            TypeKind::MemRef {
                shape,
                element,
                layout: None,
                ..
            } => Ok((
                shape.clone(),
                plan_elem(self.ctx, *element)
                    .ok_or_else(|| unsupported(at, "unsupported element type"))?,
            )),
            _ => Err(unsupported(
                at,
                "expected a memref with the identity layout",
            )),
        }
    }

    /// Slots for a memref's dims: static ones become constants.
    fn dims(&mut self, shape: &[i64], dynamic: &[Value], at: Op) -> Result<Vec<Slot>, Fail> {
        let mut dynamic = dynamic.iter();
        let mut out = Vec::new();
        for &d in shape {
            if d < 0 {
                let v = dynamic
                    .next()
                    .ok_or_else(|| bad(at, "missing dynamic dim"))?;
                out.push(self.slot(*v, at)?);
            } else {
                out.push(self.push_index(IndexOp::Const(d)));
            }
        }
        Ok(out)
    }

    fn add_buffer(&mut self, op: Op, kind: BufferKind, dyn_dims: &[Value]) -> Result<(), Fail> {
        let res = self.ir.result(op, 0);
        let (shape, elem) = self.memref(self.ir.value_type(res), op)?;
        let dims = self.dims(&shape, dyn_dims, op)?;
        self.plan.buffers.push(BufferPlan { kind, elem, dims });
        self.buffers.insert(res, self.plan.buffers.len() - 1);
        Ok(())
    }

    fn op(&mut self, op: Op) -> Result<(), Fail> {
        let name = self.ir.op(op).name;
        let operands: Vec<Value> = self.ir.operands(op).collect();
        match self.ctx.op_interface::<ReadTop>(name) {
            Some(&ReadTop(read)) => read(self, op, &operands),
            None => Err(not_read(
                self.ctx.str(name),
                "is not a kernel op the local backend runs",
            )
            .at(op)),
        }
    }

    fn set_slot(&mut self, op: Op, index: IndexOp) {
        let s = self.push_index(index);
        self.slots.insert(self.ir.result(op, 0), s);
    }

    fn index_bin(&mut self, op: Op, xs: &[Value], bin: IndexBin) -> Result<(), Fail> {
        let (a, b) = (self.slot(xs[0], op)?, self.slot(xs[1], op)?);
        self.set_slot(op, IndexOp::Bin(bin, a, b));
        Ok(())
    }

    fn stage(&mut self, op: Op, stage: Stage) {
        self.plan.stages.push(stage);
        self.plan.origins.push(where_is(self.ctx, self.ir, op));
    }

    fn constant_buffer(&mut self, op: Op) -> Result<(), Fail> {
        let a = op_attr(self.ctx, self.ir, op, "value")
            .ok_or_else(|| bad(op, "constant without a value"))?;
        let (shape, elem) = self.memref(self.ir.value_type(self.ir.result(op, 0)), op)?;
        let count: usize = shape.iter().map(|&d| d.max(0) as usize).product();
        let bytes = match self.ctx.attr_kind(a) {
            AttrKind::DenseElements { splat, data, .. } => {
                if *splat {
                    data.iter()
                        .copied()
                        .cycle()
                        .take(count * elem.byte_size())
                        .collect()
                } else {
                    data.to_vec()
                }
            }
            _ => return Err(unsupported(op, "constant must be dense elements")),
        };
        if bytes.len() != count * elem.byte_size() {
            return Err(bad(op, "constant has the wrong number of bytes"));
        }
        self.add_buffer(op, BufferKind::Constant(Arc::new(bytes)), &[])
    }

    fn assert(&mut self, op: Op, xs: &[Value]) -> Result<(), Fail> {
        let c = self.slot(xs[0], op)?;
        let msg = match op_attr(self.ctx, self.ir, op, "message").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
            _ => "assertion failed".into(),
        };
        let at = where_is(self.ctx, self.ir, op);
        self.plan.asserts.push((c, format!("{msg} (at {at})")));
        Ok(())
    }

    fn gather(&mut self, op: Op, xs: &[Value]) -> Result<(), Fail> {
        let (input, indices, out) = (
            self.buffer(xs[0], op)?,
            self.buffer(xs[1], op)?,
            self.buffer(xs[2], op)?,
        );
        if !matches!(
            self.plan.buffers[indices].elem,
            ElementType::I32 | ElementType::I64
        ) {
            return Err(bad(op, "gather indices must be i32 or i64"));
        }
        let axis = int_attr(self.ctx, self.ir, op, "axis")
            .and_then(|a| usize::try_from(a).ok())
            .ok_or_else(|| bad(op, "gather without a valid axis"))?;
        let g = GatherPlan {
            input,
            indices,
            out,
            axis,
        };
        self.stage(op, Stage::Gather(g));
        Ok(())
    }

    fn scatter(&mut self, op: Op, xs: &[Value]) -> Result<(), Fail> {
        if xs.len() != 4 {
            return Err(bad(op, "scatter takes data, indices, updates and output"));
        }
        let (data, indices, updates, out) = (
            self.buffer(xs[0], op)?,
            self.buffer(xs[1], op)?,
            self.buffer(xs[2], op)?,
            self.buffer(xs[3], op)?,
        );
        if !matches!(
            self.plan.buffers[indices].elem,
            ElementType::I32 | ElementType::I64
        ) {
            return Err(bad(op, "scatter indices must be i32 or i64"));
        }
        let elem = self.plan.buffers[data].elem;
        if self.plan.buffers[updates].elem != elem || self.plan.buffers[out].elem != elem {
            return Err(bad(
                op,
                "scatter data, updates and output element types differ",
            ));
        }
        let reduction =
            match op_attr(self.ctx, self.ir, op, "reduction").map(|a| self.ctx.attr_kind(a)) {
                Some(AttrKind::String { value, .. }) => match &value[..] {
                    b"none" => None,
                    b"add" => Some(Bin::Add),
                    b"mul" => Some(Bin::Mul),
                    b"max" => Some(Bin::Max),
                    b"min" => Some(Bin::Min),
                    _ => return Err(bad(op, "scatter with an unknown reduction")),
                },
                _ => return Err(bad(op, "scatter without a reduction")),
            };
        if reduction.is_some() && elem == ElementType::I1 {
            return Err(bad(op, "a scatter reduction on i1"));
        }
        let g = ScatterPlan {
            data,
            indices,
            updates,
            out,
            reduction,
        };
        self.stage(op, Stage::Scatter(g));
        Ok(())
    }

    fn maps(&self, op: Op) -> Result<Vec<AffineMap>, Fail> {
        xir_kernel::verify::maps(self.ctx, self.ir, op).ok_or_else(|| bad(op, "bad indexing_maps"))
    }

    fn access(&self, buffer: usize, map: &AffineMap, at: Op) -> Result<Access, Fail> {
        let mut terms = Vec::new();
        for e in &map.results {
            let mut dims = vec![0; map.num_dims as usize];
            let mut syms = vec![0; map.num_symbols as usize];
            let mut c = 0;
            linear(e, 1, &mut dims, &mut syms, &mut c)
                .ok_or_else(|| unsupported(at, "an indexing map that is not linear"))?;
            terms.push((dims, syms, c));
        }
        Ok(Access { buffer, terms })
    }

    fn generic(&mut self, op: Op) -> Result<GenericPlan, Fail> {
        let group = |n| operand_group(self.ctx, self.ir, op, &GENERIC, n);
        let (ins, outs, domain, symbols) = (
            group("inputs"),
            group("outputs"),
            group("domain"),
            group("symbols"),
        );
        if outs.len() != 1 {
            return Err(unsupported(
                op,
                "the local backend runs generics with one output",
            ));
        }
        let maps = self.maps(op)?;
        let iters = match op_attr(self.ctx, self.ir, op, "iterator_types").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Array(a)) => a
                .iter()
                .map(|&i| matches!(self.ctx.attr_kind(i), AttrKind::String { value, .. } if &**value == b"parallel"))
                .collect::<Vec<_>>(),
            _ => return Err(bad(op, "bad iterator_types")),
        };
        let parallel = iters.iter().take_while(|&&p| p).count();
        if iters[parallel..].iter().any(|&p| p) {
            return Err(unsupported(
                op,
                "the local backend needs parallel dims before reduction dims",
            ));
        }
        let mut inputs = Vec::new();
        for (v, m) in ins.iter().zip(&maps) {
            inputs.push(self.access(self.buffer(*v, op)?, m, op)?);
        }
        let output = self.access(self.buffer(outs[0], op)?, &maps[ins.len()], op)?;
        if output
            .terms
            .iter()
            .any(|(d, _, _)| d[parallel..].iter().any(|&c| c != 0))
        {
            return Err(unsupported(op, "an output indexed by a reduction dim"));
        }
        let domain = domain
            .iter()
            .map(|&d| self.slot(d, op))
            .collect::<Result<_, _>>()?;
        let symbols = symbols
            .iter()
            .map(|&d| self.slot(d, op))
            .collect::<Result<_, _>>()?;
        let block = self.body_block(op)?;
        let body = read_body(self.ctx, self.ir, block, op)?;
        let lanes = int_attr(self.ctx, self.ir, op, "vector_width")
            .unwrap_or(1)
            .clamp(1, 64) as u32;
        Ok(GenericPlan {
            inputs,
            output,
            domain,
            symbols,
            parallel,
            lanes: if parallel == iters.len() { lanes } else { 1 },
            body,
        })
    }

    fn body_block(&self, op: Op) -> Result<Block, Fail> {
        self.ir
            .regions(op)
            .first()
            .and_then(|&r| self.ir.entry_block(r))
            .ok_or_else(|| bad(op, "missing body"))
    }

    fn matmul(&mut self, op: Op) -> Result<MatmulPlan, Fail> {
        let group = |n| operand_group(self.ctx, self.ir, op, &MATMUL, n);
        let (lhs, rhs, out, epi) = (
            group("lhs")[0],
            group("rhs")[0],
            group("output")[0],
            group("epilogue_inputs"),
        );
        let (lhs, rhs, out_b) = (
            self.buffer(lhs, op)?,
            self.buffer(rhs, op)?,
            self.buffer(out, op)?,
        );
        let elem = self.plan.buffers[out_b].elem;
        let epilogue = self.epilogue(op, out_b, &epi)?;
        Ok(MatmulPlan {
            lhs,
            rhs,
            out: out_b,
            elem,
            epilogue,
        })
    }

    fn conv(&mut self, op: Op) -> Result<ConvPlan, Fail> {
        let group = |n| operand_group(self.ctx, self.ir, op, &CONV, n);
        let (x, w, out, epi) = (
            group("input")[0],
            group("filter")[0],
            group("output")[0],
            group("epilogue_inputs"),
        );
        let (input, filter, out_b) = (
            self.buffer(x, op)?,
            self.buffer(w, op)?,
            self.buffer(out, op)?,
        );
        let list = |name: &str| self.i64_list(op, name);
        let (strides, dilations, pads) = (list("strides")?, list("dilations")?, list("pads")?);
        let groups = op_attr(self.ctx, self.ir, op, "groups")
            .and_then(|a| xir::util::build::int_of(self.ctx, a))
            .ok_or_else(|| bad(op, "conv without 'groups'"))?;
        let elem = self.plan.buffers[out_b].elem;
        let epilogue = self.epilogue(op, out_b, &epi)?;
        Ok(ConvPlan {
            input,
            filter,
            out: out_b,
            elem,
            strides,
            dilations,
            pads,
            groups,
            epilogue,
        })
    }

    fn attention(&mut self, op: Op) -> Result<AttentionPlan, Fail> {
        let one = |r: &mut Self, name: &str| -> Result<Option<usize>, Fail> {
            match operand_group(r.ctx, r.ir, op, &ATTENTION, name).first() {
                Some(&v) => r.buffer(v, op).map(Some),
                None => Ok(None),
            }
        };
        let need = |b: Option<usize>, name: &str| b.ok_or_else(|| bad(op, format!("no {name}")));
        let query = need(one(self, "query")?, "query")?;
        let key = need(one(self, "key")?, "key")?;
        let value = need(one(self, "value")?, "value")?;
        let mask = one(self, "mask")?;
        let out = need(one(self, "output")?, "output")?;
        let scale = match op_attr(self.ctx, self.ir, op, "scale").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Float { bits, .. }) => f32::from_bits(*bits as u32),
            _ => return Err(bad(op, "attention without 'scale'")),
        };
        Ok(AttentionPlan {
            query,
            key,
            value,
            mask,
            out,
            scale,
            nan_to_zero: op_attr(self.ctx, self.ir, op, "nan_to_zero").is_some(),
        })
    }

    fn pool(&mut self, op: Op) -> Result<PoolPlan, Fail> {
        let x = operand_group(self.ctx, self.ir, op, &POOL, "input")[0];
        let out = operand_group(self.ctx, self.ir, op, &POOL, "output")[0];
        let (input, out) = (self.buffer(x, op)?, self.buffer(out, op)?);
        let list = |name: &str| self.i64_list(op, name);
        let int = |name: &str| {
            op_attr(self.ctx, self.ir, op, name)
                .and_then(|a| xir::util::build::int_of(self.ctx, a))
                .ok_or_else(|| bad(op, format!("pool without '{name}'")))
        };
        let avg = match op_attr(self.ctx, self.ir, op, "kind").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::String { value, .. }) if &**value == b"max" => None,
            Some(AttrKind::String { value, .. }) if &**value == b"avg" => {
                Some(int("count_include_pad")? != 0)
            }
            _ => return Err(bad(op, "pool kind must be max or avg")),
        };
        Ok(PoolPlan {
            input,
            out,
            avg,
            kernel: list("kernel_shape")?,
            strides: list("strides")?,
            dilations: list("dilations")?,
            pads: list("pads")?,
            ceil_mode: int("ceil_mode")? != 0,
        })
    }

    /// The `array<i64>` property `name` of `op`.
    fn i64_list(&self, op: Op, name: &str) -> Result<Vec<i64>, Fail> {
        op_attr(self.ctx, self.ir, op, name)
            .and_then(|a| match self.ctx.attr_kind(a) {
                AttrKind::DenseArray { values, .. } => {
                    Some(values.iter().map(|&v| v as i64).collect::<Vec<i64>>())
                }
                _ => None,
            })
            .ok_or_else(|| bad(op, format!("no '{name}'")))
    }

    /// A matmul's or conv's epilogue as a generic over the output's dims
    /// reading the sum (the output) as input 0; `None` for the identity body.
    fn epilogue(
        &mut self,
        op: Op,
        out_b: usize,
        epi: &[Value],
    ) -> Result<Option<GenericPlan>, Fail> {
        let elem = self.plan.buffers[out_b].elem;
        let rank = self.plan.buffers[out_b].dims.len();
        let block = self.body_block(op)?;
        let body = read_body(self.ctx, self.ir, block, op)?;
        let identity_body = body.ops.len() == 1 && body.ops[0].0 == BodyOp::Arg(0);
        let epilogue = if identity_body {
            None
        } else {
            let maps = self.maps(op)?;
            let id = AffineMap {
                num_dims: rank as u32,
                num_symbols: 0,
                results: (0..rank as u32).map(AffineExpr::Dim).collect(),
            };
            let mut inputs = vec![self.access(out_b, &id, op)?];
            for (v, m) in epi.iter().zip(&maps) {
                inputs.push(self.access(self.buffer(*v, op)?, m, op)?);
            }
            let lanes = (128 / (elem.byte_size() as u32 * 8)).max(1);
            Some(GenericPlan {
                inputs,
                output: self.access(out_b, &id, op)?,
                domain: self.plan.buffers[out_b].dims.clone(),
                symbols: vec![],
                parallel: rank,
                lanes,
                body,
            })
        };
        Ok(epilogue)
    }
}

/// Adds `scale · e` into the coefficient lists.
fn linear(
    e: &AffineExpr,
    scale: i64,
    dims: &mut [i64],
    syms: &mut [i64],
    c: &mut i64,
) -> Option<()> {
    match e {
        AffineExpr::Dim(d) => *dims.get_mut(*d as usize)? += scale,
        AffineExpr::Symbol(s) => *syms.get_mut(*s as usize)? += scale,
        AffineExpr::Const(k) => *c += scale.checked_mul(*k)?,
        AffineExpr::Add(a, b) => {
            linear(a, scale, dims, syms, c)?;
            linear(b, scale, dims, syms, c)?;
        }
        AffineExpr::Mul(a, b) => match (&**a, &**b) {
            (x, AffineExpr::Const(k)) | (AffineExpr::Const(k), x) => {
                linear(x, scale.checked_mul(*k)?, dims, syms, c)?
            }
            _ => return None,
        },
        _ => return None,
    }
    Some(())
}

/// The scalar ops of a body block (arith ops and kernel.exp/tanh).
pub fn read_body(ctx: &Context, ir: &Ir, block: Block, at: Op) -> Result<Body, Fail> {
    let mut ops: Vec<(BodyOp, ElementType)> = Vec::new();
    let mut ids: FxHashMap<Value, usize> = FxHashMap::default();
    for (i, &a) in ir.block_args(block).iter().enumerate() {
        let e = plan_elem(ctx, ir.value_type(a))
            .ok_or_else(|| unsupported(at, "unsupported body argument type"))?;
        ops.push((BodyOp::Arg(i), e));
        ids.insert(a, ops.len() - 1);
    }
    for op in ir.block_ops(block).collect::<Vec<_>>() {
        let name = ctx.str(ir.op(op).name);
        let xs: Vec<usize> = ir
            .operands(op)
            .map(|v| {
                ids.get(&v).copied().ok_or_else(|| {
                    let at = match ir.value(v).def {
                        ValueDef::Result { op, .. } => op,
                        _ => op,
                    };
                    unsupported(at, "a body reads a value from outside it")
                })
            })
            .collect::<Result<_, _>>()?;
        if ctx.op_interface::<BodyYield>(ir.op(op).name).is_some() {
            let r = *xs.first().ok_or_else(|| {
                bad(
                    op,
                    format!("{} without a value", xir_kernel::ops::YIELD.name),
                )
            })?;
            return Ok(Body { ops, result: r });
        }
        let Some(&read) = ctx.op_interface::<ReadBody>(ir.op(op).name) else {
            return Err(not_read(
                name,
                "is not supported in a kernel body on the local backend",
            )
            .at(op));
        };
        let ty = ir.value_type(ir.result(op, 0));
        let e = plan_elem(ctx, ty)
            .ok_or_else(|| unsupported(op, "unsupported scalar type in a body"))?;
        let body_op = match read {
            ReadBody::Bin(b) => BodyOp::Bin(b, xs[0], xs[1]),
            ReadBody::Unary(f) => f(xs[0]),
            ReadBody::Op(f) => f(ctx, ir, op, &xs, e)?,
        };
        ops.push((body_op, e));
        ids.insert(ir.result(op, 0), ops.len() - 1);
    }
    Err(bad(at, "body without kernel.yield"))
}

fn float_value(e: ElementType, bits: u128) -> f64 {
    match e {
        ElementType::F64 => f64::from_bits(bits as u64),
        ElementType::F32 => f32::from_bits(bits as u32) as f64,
        ElementType::F16 => half::f16::from_bits(bits as u16).to_f64(),
        ElementType::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        _ => 0.0,
    }
}

//! A kernel-dialect function read into plain data: its index arithmetic,
//! its buffers and its stages, with each body as a small list of scalar
//! operations ([`BodyOp`]). Nothing here depends on Cranelift.

use rustc_hash::FxHashMap;
use std::sync::Arc;
use xir::affine::{AffineExpr, AffineMap};
use xir::ods::access::operand_group;
use xir::ods::OpSpec;
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::types::{FloatKind, TypeKind};
use xir::{AttrKind, Block, Context, Ir, Op, Type, Value};
use xir_kernel::ops::{GENERIC, MATMUL};

/// An element type as stored, and how it is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
}

impl Elem {
    pub fn size(self) -> usize {
        match self {
            Elem::I1 | Elem::I8 => 1,
            Elem::I16 | Elem::F16 | Elem::BF16 => 2,
            Elem::I32 | Elem::F32 => 4,
            Elem::I64 | Elem::F64 => 8,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::BF16 | Elem::F32 | Elem::F64)
    }
    pub fn of(ctx: &Context, t: Type) -> Option<Elem> {
        Some(match ctx.type_kind(t) {
            TypeKind::Integer { width, .. } => match width {
                1 => Elem::I1,
                8 => Elem::I8,
                16 => Elem::I16,
                32 => Elem::I32,
                64 => Elem::I64,
                _ => return None,
            },
            TypeKind::Float(FloatKind::F16) => Elem::F16,
            TypeKind::Float(FloatKind::BF16) => Elem::BF16,
            TypeKind::Float(FloatKind::F32) => Elem::F32,
            TypeKind::Float(FloatKind::F64) => Elem::F64,
            _ => return None,
        })
    }
}

/// An index value of the kernel: a slot of the per-dispatch scalar table.
pub type Slot = usize;

/// Index arithmetic at the top of a kernel, evaluated per dispatch.
#[derive(Clone, Debug)]
pub enum IndexOp {
    Const(i64),
    Arg(usize),
    Bin(IndexBin, Slot, Slot),
}

#[derive(Clone, Copy, Debug)]
pub enum IndexBin {
    Add,
    Sub,
    Mul,
    DivU,
    DivS,
    RemU,
    CeilDivU,
    /// 1 when equal, else 0 (an `arith.cmpi eq`).
    Eq,
}

#[derive(Clone, Debug)]
pub enum BufferKind {
    Binding(usize),
    Alloc,
    Constant(Arc<Vec<u8>>),
    /// A view of another buffer (same bytes, other dims).
    Reshape(usize),
}

#[derive(Clone, Debug)]
pub struct BufferPlan {
    pub kind: BufferKind,
    pub elem: Elem,
    /// One slot per dim.
    pub dims: Vec<Slot>,
}

/// A linear access: element offset = Σ dims[d]·i_d + Σ symbols[s]·sym_s + constant,
/// for each result of the map (a buffer dim).
#[derive(Clone, Debug)]
pub struct Access {
    pub buffer: usize,
    /// Per buffer dim: (coefficient per domain dim, coefficient per symbol, constant).
    pub terms: Vec<(Vec<i64>, Vec<i64>, i64)>,
}

/// Scalar operations of a body; values are indices into the op list.
#[derive(Clone, Debug, PartialEq)]
pub enum BodyOp {
    /// Input `i`'s element (for reductions the output's current value is
    /// input `inputs.len()`).
    Arg(usize),
    ConstF(f64),
    ConstI(i64),
    Bin(Bin, usize, usize),
    Neg(usize),
    Exp(usize),
    Tanh(usize),
    /// Float `|x|` (`kernel.abs`).
    Abs(usize),
    Sqrt(usize),
    /// The natural logarithm (`kernel.log`).
    Log(usize),
    Erf(usize),
    /// C's `pow` (`kernel.pow`).
    Pow(usize, usize),
    /// `kernel.cast` from the operand's element to this op's (ONNX `Cast`).
    Cast(usize),
    /// A comparison of two values of the operands' element (the op's is
    /// `I1`): integers signed, floats ordered except `Ne` (unordered).
    Cmp(Cmp, usize, usize),
    Select(usize, usize, usize),
}

/// The predicate of a [`BodyOp::Cmp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BodyOp {
    /// The body values this op reads.
    pub fn operands(&self) -> Vec<usize> {
        match *self {
            BodyOp::Arg(_) | BodyOp::ConstF(_) | BodyOp::ConstI(_) => vec![],
            BodyOp::Neg(a)
            | BodyOp::Exp(a)
            | BodyOp::Tanh(a)
            | BodyOp::Abs(a)
            | BodyOp::Sqrt(a)
            | BodyOp::Log(a)
            | BodyOp::Erf(a)
            | BodyOp::Cast(a) => vec![a],
            BodyOp::Bin(_, a, b) | BodyOp::Cmp(_, a, b) | BodyOp::Pow(a, b) => vec![a, b],
            BodyOp::Select(a, b, c) => vec![a, b, c],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Or,
    /// `minimumf` (NaN wins, -0 < +0) / `minsi`.
    Min,
    And,
    Xor,
}

/// A body: its ops (each with its element type) and the yielded value.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub ops: Vec<(BodyOp, Elem)>,
    pub result: usize,
}

#[derive(Clone, Debug)]
pub struct GenericPlan {
    pub inputs: Vec<Access>,
    pub output: Access,
    pub domain: Vec<Slot>,
    pub symbols: Vec<Slot>,
    /// Leading parallel dims (the rest reduce).
    pub parallel: usize,
    pub lanes: u32,
    pub body: Body,
}

#[derive(Clone, Debug)]
pub struct MatmulPlan {
    pub lhs: usize,
    pub rhs: usize,
    pub out: usize,
    pub elem: Elem,
    /// The epilogue as a generic over the result's dims, reading the sum as
    /// input 0 and writing `out` (None: the sum is the result).
    pub epilogue: Option<GenericPlan>,
}

/// `kernel.gather`: `out[a…, j…, b…] = input[a…, idx(indices[j…]), b…]`
/// along `axis`, an index `i` of a dim of size `d` selecting `i` in
/// `[-d, d)` (negative: `i + d`), clamped to `0` or `d - 1` outside.
#[derive(Clone, Debug)]
pub struct GatherPlan {
    pub input: usize,
    /// An `I32` or `I64` buffer.
    pub indices: usize,
    pub out: usize,
    pub axis: usize,
}

impl GatherPlan {
    /// The dispatch's sizes of a gather, checked against the buffers' dims:
    /// `(outer, d, inner, k)`: the input as `[outer, d, inner]`, `k` indices
    /// (the output is `[outer, k, inner]`).
    pub fn sizes(&self, dims: &[Vec<i64>]) -> Result<(u64, u64, u64, u64), String> {
        let (x, i, o) = (&dims[self.input], &dims[self.indices], &dims[self.out]);
        let a = self.axis;
        if a >= x.len() {
            return Err(format!("gather axis {a} out of range for rank {}", x.len()));
        }
        let mut want = x[..a].to_vec();
        want.extend_from_slice(i);
        want.extend_from_slice(&x[a + 1..]);
        if want != *o {
            return Err(format!(
                "gather of {x:?} by indices {i:?} along {a} into {o:?}"
            ));
        }
        let outer = crate::resolve::count_of(&x[..a])?;
        let inner = crate::resolve::count_of(&x[a + 1..])?;
        let k = crate::resolve::count_of(i)?;
        let d = x[a] as u64;
        if d == 0 && outer.saturating_mul(k).saturating_mul(inner) > 0 {
            return Err(format!(
                "gather selects {k} element(s) along input dim {a} of size 0"
            ));
        }
        Ok((outer, d, inner, k))
    }
}

#[derive(Clone, Debug)]
pub enum Stage {
    Generic(GenericPlan),
    Matmul(MatmulPlan),
    Gather(GatherPlan),
}

#[derive(Clone, Debug, Default)]
pub struct KernelPlan {
    pub name: String,
    pub num_args: usize,
    pub index_ops: Vec<IndexOp>,
    pub buffers: Vec<BufferPlan>,
    pub stages: Vec<Stage>,
    /// Where each stage came from (`file:line:col`), for errors.
    pub origins: Vec<String>,
    /// Conditions (slots) checked before any stage runs, with their messages.
    pub asserts: Vec<(Slot, String)>,
}

impl KernelPlan {
    /// The buffer of the dispatch's first result, whose shape fixes the
    /// workgroup grid (hal's rule): results are the bindings the stages
    /// write (through views too), numbered after the inputs.
    pub fn grid_buffer(&self) -> Option<usize> {
        let root = |mut b: usize| {
            while let BufferKind::Reshape(src) = self.buffers[b].kind {
                b = src;
            }
            b
        };
        self.stages
            .iter()
            .map(|s| match s {
                Stage::Generic(g) => g.output.buffer,
                Stage::Matmul(m) => m.out,
                Stage::Gather(g) => g.out,
            })
            .map(root)
            .filter_map(|b| match self.buffers[b].kind {
                BufferKind::Binding(i) => Some((i, b)),
                _ => None,
            })
            .min()
            .map(|(_, b)| b)
    }
}

type Fail = (Op, String);

/// The ops a kernel function holds, found through their op records.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum K {
    Constant,
    AddI,
    SubI,
    MulI,
    DivUI,
    DivSI,
    RemUI,
    CeilDivUI,
    AddF,
    SubF,
    MulF,
    DivF,
    MaximumF,
    MaxSI,
    OrI,
    NegF,
    CmpI,
    Select,
    MinimumF,
    MinSI,
    AndI,
    XorI,
    CmpF,
    Abs,
    Sqrt,
    Log,
    Erf,
    Pow,
    Cast,
    Binding,
    Alloc,
    MemConstant,
    Reshape,
    Assert,
    Generic,
    Matmul,
    Gather,
    Yield,
    Exp,
    Tanh,
    Return,
}

fn op_kind(name: &str) -> Option<K> {
    use xir_arith::ops as a;
    use xir_kernel::ops as k;
    let table: [(&OpSpec, K); 41] = [
        (&k::GATHER, K::Gather),
        (&a::MINIMUMF, K::MinimumF),
        (&a::MINSI, K::MinSI),
        (&a::ANDI, K::AndI),
        (&a::XORI, K::XorI),
        (&a::CMPF, K::CmpF),
        (&k::ABS, K::Abs),
        (&k::SQRT, K::Sqrt),
        (&k::LOG, K::Log),
        (&k::ERF, K::Erf),
        (&k::POW, K::Pow),
        (&k::CAST, K::Cast),
        (&a::CONSTANT, K::Constant),
        (&a::ADDI, K::AddI),
        (&a::SUBI, K::SubI),
        (&a::MULI, K::MulI),
        (&a::DIVUI, K::DivUI),
        (&a::DIVSI, K::DivSI),
        (&a::REMUI, K::RemUI),
        (&a::CEILDIVUI, K::CeilDivUI),
        (&a::ADDF, K::AddF),
        (&a::SUBF, K::SubF),
        (&a::MULF, K::MulF),
        (&a::DIVF, K::DivF),
        (&a::MAXIMUMF, K::MaximumF),
        (&a::MAXSI, K::MaxSI),
        (&a::ORI, K::OrI),
        (&a::NEGF, K::NegF),
        (&a::CMPI, K::CmpI),
        (&a::SELECT, K::Select),
        (&k::BINDING, K::Binding),
        (&k::ALLOC, K::Alloc),
        (&k::CONSTANT, K::MemConstant),
        (&k::RESHAPE, K::Reshape),
        (&k::ASSERT, K::Assert),
        (&k::GENERIC, K::Generic),
        (&k::MATMUL, K::Matmul),
        (&k::YIELD, K::Yield),
        (&k::EXP, K::Exp),
        (&k::TANH, K::Tanh),
        (&xir_func::RETURN, K::Return),
    ];
    table.iter().find(|(s, _)| s.name == name).map(|&(_, k)| k)
}

struct Reader<'a> {
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
        .ok_or((f, "kernel function without a body".to_string()))?;
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
            return Err((
                f,
                "a kernel function takes index arguments only (run convert-graph-to-kernel)".into(),
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
        self.slots.get(&v).copied().ok_or((
            at,
            "an index operand not computed at the top of the kernel".into(),
        ))
    }

    fn buffer(&self, v: Value, at: Op) -> Result<usize, Fail> {
        self.buffers.get(&v).copied().ok_or((
            at,
            "a buffer operand not defined at the top of the kernel".into(),
        ))
    }

    fn memref(&self, t: Type, at: Op) -> Result<(Vec<i64>, Elem), Fail> {
        match self.ctx.type_kind(t) {
            TypeKind::MemRef {
                shape,
                element,
                layout: None,
                ..
            } => Ok((
                shape.clone(),
                Elem::of(self.ctx, *element).ok_or((at, "unsupported element type".to_string()))?,
            )),
            _ => Err((at, "expected a memref with the identity layout".into())),
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
                    .ok_or((at, "missing dynamic dim".to_string()))?;
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
        let name = self.ctx.str(self.ir.op(op).name);
        let operands: Vec<Value> = self.ir.operands(op).collect();
        match op_kind(name) {
            Some(K::Constant) => {
                let v = int_attr(self.ctx, self.ir, op, "value")
                    .ok_or((op, "expected an index constant".to_string()))?;
                let s = self.push_index(IndexOp::Const(v));
                self.slots.insert(self.ir.result(op, 0), s);
            }
            Some(
                k @ (K::AddI | K::SubI | K::MulI | K::DivUI | K::DivSI | K::RemUI | K::CeilDivUI),
            ) => {
                let bin = match k {
                    K::AddI => IndexBin::Add,
                    K::SubI => IndexBin::Sub,
                    K::MulI => IndexBin::Mul,
                    K::DivUI => IndexBin::DivU,
                    K::DivSI => IndexBin::DivS,
                    K::RemUI => IndexBin::RemU,
                    _ => IndexBin::CeilDivU,
                };
                let (a, b) = (self.slot(operands[0], op)?, self.slot(operands[1], op)?);
                let s = self.push_index(IndexOp::Bin(bin, a, b));
                self.slots.insert(self.ir.result(op, 0), s);
            }
            Some(K::Binding) => {
                let i = int_attr(self.ctx, self.ir, op, "index").unwrap_or(-1);
                if i < 0 {
                    return Err((op, "binding index out of range".into()));
                }
                self.add_buffer(op, BufferKind::Binding(i as usize), &operands)?;
            }
            Some(K::Alloc) => self.add_buffer(op, BufferKind::Alloc, &operands)?,
            Some(K::MemConstant) => {
                let a = op_attr(self.ctx, self.ir, op, "value")
                    .ok_or((op, "constant without a value".to_string()))?;
                let (shape, elem) = self.memref(self.ir.value_type(self.ir.result(op, 0)), op)?;
                let count: usize = shape.iter().map(|&d| d.max(0) as usize).product();
                let bytes = match self.ctx.attr_kind(a) {
                    AttrKind::DenseElements { splat, data, .. } => {
                        if *splat {
                            data.iter()
                                .copied()
                                .cycle()
                                .take(count * elem.size())
                                .collect()
                        } else {
                            data.to_vec()
                        }
                    }
                    _ => return Err((op, "constant must be dense elements".into())),
                };
                if bytes.len() != count * elem.size() {
                    return Err((op, "constant has the wrong number of bytes".into()));
                }
                self.add_buffer(op, BufferKind::Constant(Arc::new(bytes)), &[])?;
            }
            Some(K::Reshape) => {
                let src = self.buffer(operands[0], op)?;
                self.add_buffer(op, BufferKind::Reshape(src), &operands[1..])?;
            }
            Some(K::CmpI) if int_attr(self.ctx, self.ir, op, "predicate") == Some(0) => {
                let (a, b) = (self.slot(operands[0], op)?, self.slot(operands[1], op)?);
                let s = self.push_index(IndexOp::Bin(IndexBin::Eq, a, b));
                self.slots.insert(self.ir.result(op, 0), s);
            }
            Some(K::Assert) => {
                let c = self.slot(operands[0], op)?;
                let msg = match op_attr(self.ctx, self.ir, op, "message")
                    .map(|a| self.ctx.attr_kind(a))
                {
                    Some(AttrKind::String { value, .. }) => {
                        String::from_utf8_lossy(value).into_owned()
                    }
                    _ => "assertion failed".into(),
                };
                let at = where_is(self.ctx, self.ir, op);
                self.plan.asserts.push((c, format!("{msg} (at {at})")));
            }
            Some(K::Generic) => {
                let g = self.generic(op)?;
                self.plan.stages.push(Stage::Generic(g));
                self.plan.origins.push(where_is(self.ctx, self.ir, op));
            }
            Some(K::Matmul) => {
                let m = self.matmul(op)?;
                self.plan.stages.push(Stage::Matmul(m));
                self.plan.origins.push(where_is(self.ctx, self.ir, op));
            }
            Some(K::Gather) => {
                let (input, indices, out) = (
                    self.buffer(operands[0], op)?,
                    self.buffer(operands[1], op)?,
                    self.buffer(operands[2], op)?,
                );
                if !matches!(self.plan.buffers[indices].elem, Elem::I32 | Elem::I64) {
                    return Err((op, "gather indices must be i32 or i64".into()));
                }
                let axis = int_attr(self.ctx, self.ir, op, "axis")
                    .and_then(|a| usize::try_from(a).ok())
                    .ok_or((op, "gather without a valid axis".to_string()))?;
                self.plan.stages.push(Stage::Gather(GatherPlan {
                    input,
                    indices,
                    out,
                    axis,
                }));
                self.plan.origins.push(where_is(self.ctx, self.ir, op));
            }
            Some(K::Return) => {}
            _ => {
                return Err((
                    op,
                    format!("'{name}' is not a kernel op the local backend runs"),
                ))
            }
        }
        Ok(())
    }

    fn maps(&self, op: Op) -> Result<Vec<AffineMap>, Fail> {
        xir_kernel::verify::maps(self.ctx, self.ir, op).ok_or((op, "bad indexing_maps".to_string()))
    }

    fn access(&self, buffer: usize, map: &AffineMap, at: Op) -> Result<Access, Fail> {
        let mut terms = Vec::new();
        for e in &map.results {
            let mut dims = vec![0; map.num_dims as usize];
            let mut syms = vec![0; map.num_symbols as usize];
            let mut c = 0;
            linear(e, 1, &mut dims, &mut syms, &mut c)
                .ok_or((at, "an indexing map that is not linear".to_string()))?;
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
            return Err((op, "the local backend runs generics with one output".into()));
        }
        let maps = self.maps(op)?;
        let iters = match op_attr(self.ctx, self.ir, op, "iterator_types").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Array(a)) => a
                .iter()
                .map(|&i| matches!(self.ctx.attr_kind(i), AttrKind::String { value, .. } if &**value == b"parallel"))
                .collect::<Vec<_>>(),
            _ => return Err((op, "bad iterator_types".into())),
        };
        let parallel = iters.iter().take_while(|&&p| p).count();
        if iters[parallel..].iter().any(|&p| p) {
            return Err((
                op,
                "the local backend needs parallel dims before reduction dims".into(),
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
            return Err((op, "an output indexed by a reduction dim".into()));
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
            .ok_or((op, "missing body".to_string()))
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
            let lanes = (128 / (elem.size() as u32 * 8)).max(1);
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
        Ok(MatmulPlan {
            lhs,
            rhs,
            out: out_b,
            elem,
            epilogue,
        })
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
    let mut ops: Vec<(BodyOp, Elem)> = Vec::new();
    let mut ids: FxHashMap<Value, usize> = FxHashMap::default();
    for (i, &a) in ir.block_args(block).iter().enumerate() {
        let e = Elem::of(ctx, ir.value_type(a))
            .ok_or((at, "unsupported body argument type".to_string()))?;
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
                    (at, "a body reads a value from outside it".to_string())
                })
            })
            .collect::<Result<_, _>>()?;
        if op_kind(name) == Some(K::Yield) {
            let r = *xs
                .first()
                .ok_or((op, "kernel.yield without a value".to_string()))?;
            return Ok(Body { ops, result: r });
        }
        let ty = ir.value_type(ir.result(op, 0));
        let e = Elem::of(ctx, ty).ok_or((op, "unsupported scalar type in a body".to_string()))?;
        let bin = |b| BodyOp::Bin(b, xs[0], xs[1]);
        let body_op = match op_kind(name) {
            Some(K::Constant) => {
                let a = op_attr(ctx, ir, op, "value")
                    .ok_or((op, "constant without value".to_string()))?;
                match ctx.attr_kind(a) {
                    AttrKind::Float { bits, .. } => BodyOp::ConstF(float_value(e, *bits)),
                    AttrKind::Integer { value, .. } => {
                        let v = i64::try_from(value)
                            .map_err(|_| (op, "constant out of range".to_string()))?;
                        // i1 computes sign-extended: true is -1.
                        BodyOp::ConstI(if e == Elem::I1 { -(v & 1) } else { v })
                    }
                    _ => return Err((op, "unsupported constant".into())),
                }
            }
            Some(K::AddF | K::AddI) => bin(Bin::Add),
            Some(K::SubF | K::SubI) => bin(Bin::Sub),
            Some(K::MulF | K::MulI) => bin(Bin::Mul),
            Some(K::DivF | K::DivSI) => bin(Bin::Div),
            Some(K::MaximumF | K::MaxSI) => bin(Bin::Max),
            Some(K::OrI) => bin(Bin::Or),
            Some(K::MinimumF | K::MinSI) => bin(Bin::Min),
            Some(K::AndI) => bin(Bin::And),
            Some(K::XorI) => bin(Bin::Xor),
            Some(K::NegF) => BodyOp::Neg(xs[0]),
            Some(K::Exp) => BodyOp::Exp(xs[0]),
            Some(K::Tanh) => BodyOp::Tanh(xs[0]),
            Some(K::Abs) => BodyOp::Abs(xs[0]),
            Some(K::Sqrt) => BodyOp::Sqrt(xs[0]),
            Some(K::Log) => BodyOp::Log(xs[0]),
            Some(K::Erf) => BodyOp::Erf(xs[0]),
            Some(K::Pow) => BodyOp::Pow(xs[0], xs[1]),
            Some(K::Cast) => BodyOp::Cast(xs[0]),
            // cmpi eq ne slt sle sgt sge; cmpf oeq ogt oge olt ole une.
            Some(K::CmpI) => {
                let p = match int_attr(ctx, ir, op, "predicate") {
                    Some(0) => Cmp::Eq,
                    Some(1) => Cmp::Ne,
                    Some(2) => Cmp::Lt,
                    Some(3) => Cmp::Le,
                    Some(4) => Cmp::Gt,
                    Some(5) => Cmp::Ge,
                    _ => return Err((op, "unsupported arith.cmpi predicate in a body".into())),
                };
                BodyOp::Cmp(p, xs[0], xs[1])
            }
            Some(K::CmpF) => {
                let p = match int_attr(ctx, ir, op, "predicate") {
                    Some(1) => Cmp::Eq,
                    Some(13) => Cmp::Ne,
                    Some(4) => Cmp::Lt,
                    Some(5) => Cmp::Le,
                    Some(2) => Cmp::Gt,
                    Some(3) => Cmp::Ge,
                    _ => return Err((op, "unsupported arith.cmpf predicate in a body".into())),
                };
                BodyOp::Cmp(p, xs[0], xs[1])
            }
            Some(K::Select) => BodyOp::Select(xs[0], xs[1], xs[2]),
            _ => {
                return Err((
                    op,
                    format!("'{name}' is not supported in a kernel body on the local backend"),
                ))
            }
        };
        ops.push((body_op, e));
        ids.insert(ir.result(op, 0), ops.len() - 1);
    }
    Err((at, "body without kernel.yield".into()))
}

fn float_value(e: Elem, bits: u128) -> f64 {
    match e {
        Elem::F64 => f64::from_bits(bits as u64),
        Elem::F32 => f32::from_bits(bits as u32) as f64,
        Elem::F16 => half::f16::from_bits(bits as u16).to_f64(),
        Elem::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        _ => 0.0,
    }
}

/// How an operand moves along the innermost parallel dim.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Inner {
    Contiguous,
    Broadcast,
    Strided,
}

/// The innermost-dim behaviour of each operand, from its access terms.
pub fn inner_kinds(g: &GenericPlan) -> Vec<Inner> {
    let Some(d) = g.parallel.checked_sub(1) else {
        return vec![Inner::Strided; g.inputs.len() + 1];
    };
    g.inputs
        .iter()
        .chain(std::iter::once(&g.output))
        .map(|a| {
            let coefs: Vec<i64> = a.terms.iter().map(|t| t.0[d]).collect();
            let n = coefs.len();
            if coefs.iter().all(|&c| c == 0) {
                Inner::Broadcast
            } else if coefs[..n - 1].iter().all(|&c| c == 0) && coefs[n - 1] == 1 {
                Inner::Contiguous
            } else {
                Inner::Strided
            }
        })
        .collect()
}

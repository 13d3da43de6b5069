//! graph → kernel: a kernel function of graph ops on tensors becomes stages
//! over buffers.
//!
//! Which values get a buffer: results, operands of a matmul, gather or reshape,
//! values with more than one user unless all of them fold into one stage
//! (whose body then computes the value once), and what anchors (matmul, reductions,
//! concat, non-splat constants, reshape views) produce. Everything else
//! (elementwise ops, broadcast, transpose, slice, splat constants) is folded
//! into the body of the stage that reads it, with its indexing composed into
//! the affine maps, so a fused chain is one loop with one load per input and
//! one store per output. A chain of single-use elementwise ops after a
//! matmul becomes the matmul's epilogue. A gather is the named stage
//! `kernel.gather` from buffer to buffer, a scatter `kernel.scatter`.

use crate::target::TargetParams;
use crate::verify::memref_shape;
use rustc_hash::{FxHashMap, FxHashSet};
use xir::affine::{AffineExpr, AffineMap};
use xir::ods::access::segment_attr;
use xir::ods::enum_attr::EnumAttr;
use xir::ods::OpSpec;
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::types::{FloatKind, TypeKind};
use xir::util::build::op_state;
use xir::{Attr, AttrKind, Block, Context, Ir, Op, OperationState, Type, Value};
use xir_arith::constraints::{CMPF_PREDICATE, CMPI_PREDICATE};
use xir_graph::dims::{self, DimRule};

/// The index arithmetic dims need.
#[derive(Clone, Copy)]
enum IndexArith {
    Add,
    Mul,
    DivU,
}

/// A size: static, or an `index` value of the kernel function.
#[derive(Clone, Copy, Debug)]
enum Dim {
    S(i64),
    D(Value),
}

#[derive(Clone)]
enum Node {
    /// A buffer (memref value) and its dims.
    Buf(Value, Vec<Dim>),
    /// Computed in the body of whatever reads it.
    Lazy(Op),
    /// Part of a matmul epilogue chain, computed by the matmul's stage.
    Pending,
    /// A `graph.dim` result or a dispatch constant (read through its dims).
    Index,
}

type Fail = (Op, String);

/// Lowers every function of `module` that still holds graph ops; how many.
pub fn lower_module(
    ctx: &mut Context,
    ir: &mut Ir,
    module: Op,
    params: &TargetParams,
) -> Result<usize, Fail> {
    let Some(body) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return Ok(0);
    };
    let funcs: Vec<Op> = ir
        .block_ops(body)
        .filter(|&o| ctx.str(ir.op(o).name) == xir_func::FUNC.name)
        .collect();
    fold_constant_transposes(ctx, ir, module);
    // Composites the target has no stage for (a conv or pool left whole by
    // `graph-decompose{keep-windows}` on a target without the stages) are
    // decomposed here, as graph → flow would have.
    let keep = xir_graph::decompose::Keep {
        windows: params.window_stages,
        attention: params.attention_stages,
    };
    let (_, errors) = xir_graph::decompose::decompose_with(ctx, ir, module, keep);
    if let Some(d) = errors.first() {
        let at = xir::walk::preorder(ir, module)
            .into_iter()
            .find(|&o| ir.op(o).loc == d.loc)
            .unwrap_or(module);
        return Err((at, d.message.clone()));
    }
    let mut lowered = 0;
    for f in funcs {
        let has_graph = xir::walk::preorder(ir, f)
            .into_iter()
            .any(|o| kind(ctx, ir, o).is_some());
        let tensor_args = ir
            .regions(f)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .is_some_and(|b| {
                ir.block_args(b).iter().any(|&a| {
                    matches!(
                        ctx.type_kind(ir.value_type(a)),
                        TypeKind::RankedTensor { .. }
                    )
                })
            });
        if has_graph || tensor_args {
            lower_func(ctx, ir, f, params)?;
            lowered += 1;
        }
    }
    Ok(lowered)
}

/// Replaces each transpose of a dense constant in `module` by the
/// transposed constant: a kernel would otherwise transpose the same weights
/// on every call (an ONNX Gemm with `transB`: 4 ms per call for
/// MobileNetV2's classifier).
fn fold_constant_transposes(ctx: &mut Context, ir: &mut Ir, module: Op) {
    let found: Vec<Op> = xir::walk::preorder(ir, module)
        .into_iter()
        .filter(|&o| kind(ctx, ir, o) == Some(G::Transpose))
        .collect();
    for t in found {
        let x = ir.operand(t, 0);
        let c = match ir.value(x).def {
            ValueDef::Result { op, .. } if kind(ctx, ir, op) == Some(G::Constant) => op,
            _ => continue,
        };
        let Some(value) = op_attr(ctx, ir, c, "value") else {
            continue;
        };
        let (splat, data) = match ctx.attr_kind(value) {
            AttrKind::DenseElements { splat, data, .. } => (*splat, data.clone()),
            _ => continue,
        };
        let (Some((xs, _)), r) = (tensor_of(ctx, ir.value_type(x)), ir.result(t, 0)) else {
            continue;
        };
        let rt = ir.value_type(r);
        let perm = i64s(ctx, ir, t, "permutation");
        if perm.len() != xs.len() || xs.iter().any(|&d| d < 0) {
            continue;
        }
        let data = if splat {
            data
        } else {
            let count: usize = xs.iter().map(|&d| d as usize).product();
            if count == 0 || data.len() % count != 0 {
                continue;
            }
            permute(&data, data.len() / count, &xs, &perm)
        };
        let attr = ctx.intern_attr(AttrKind::DenseElements {
            ty: rt,
            splat,
            data,
        });
        let loc = ir.op(t).loc;
        let mut st = op_state(
            ctx,
            xir_graph::ops::CONSTANT.name,
            vec![("value", attr)],
            loc,
        );
        st.result_types = vec![rt];
        let new = ir.create_op(st);
        ir.insert_op_before(t, new);
        let nr = ir.result(new, 0);
        ir.replace_all_uses(r, nr);
        ir.erase_op(t);
        if !ir.has_uses(x) {
            ir.erase_op(c);
        }
    }
}

/// `data` (elements of `width` bytes, shape `shape`) transposed:
/// result dim `i` is input dim `perm[i]`.
fn permute(data: &[u8], width: usize, shape: &[i64], perm: &[i64]) -> Box<[u8]> {
    let rank = shape.len();
    let mut strides = vec![1usize; rank];
    for i in (0..rank.saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1] as usize;
    }
    let out_shape: Vec<usize> = perm.iter().map(|&p| shape[p as usize] as usize).collect();
    let out_strides: Vec<usize> = perm.iter().map(|&p| strides[p as usize]).collect();
    let count: usize = out_shape.iter().product();
    let mut out = Vec::with_capacity(count * width);
    let mut idx = vec![0usize; rank];
    let mut src = 0usize;
    for _ in 0..count {
        out.extend_from_slice(&data[src * width..(src + 1) * width]);
        // The next output index, odometer order, keeping `src` in step.
        for d in (0..rank).rev() {
            idx[d] += 1;
            src += out_strides[d];
            if idx[d] < out_shape[d] {
                break;
            }
            src -= out_strides[d] * out_shape[d];
            idx[d] = 0;
        }
    }
    out.into_boxed_slice()
}

struct Body {
    block: Block,
    rank: u32,
    inputs: Vec<(Value, Vec<AffineExpr>)>,
    input_args: FxHashMap<(Value, Vec<AffineExpr>), Value>,
    memo: FxHashMap<Element, Value>,
}

impl Body {
    fn new(ir: &mut Ir, rank: usize) -> Body {
        Body {
            block: ir.create_block(),
            rank: rank as u32,
            inputs: Vec::new(),
            input_args: FxHashMap::default(),
            memo: FxHashMap::default(),
        }
    }
}

struct Lower<'a> {
    func: Op,
    ctx: &'a mut Context,
    ir: &'a mut Ir,
    params: &'a TargetParams,
    loc: Attr,
    block: Block,
    nodes: FxHashMap<Value, Node>,
    materialize: FxHashSet<Value>,
    /// Last value of a matmul epilogue chain → the matmul op.
    epilogue_end: FxHashMap<Value, Op>,
    /// Ops of a matmul epilogue, by its last value.
    epilogue_ops: FxHashMap<Value, Vec<Op>>,
    returned: Vec<Value>,
    outputs: Vec<(Value, Vec<Dim>)>,
    output_taken: Vec<bool>,
    /// Results written in place through a view: a returned reshape of a value
    /// whose buffer is that view of the result's binding.
    output_aliased: Vec<bool>,
    consts: FxHashMap<i64, Value>,
    /// The kernel's `index` arguments: old value → the new function's.
    scalars: FxHashMap<Value, Value>,
}

fn identity(rank: usize) -> Vec<AffineExpr> {
    (0..rank as u32).map(AffineExpr::Dim).collect()
}

fn tensor_of(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    xir::util::build::tensor_shape(ctx, t)
}

fn is_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Float(_))
}

fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

fn bits_of(ctx: &Context, t: Type) -> u32 {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => k.bit_width(),
        TypeKind::Integer { width, .. } => (*width).max(8),
        _ => 64,
    }
}

/// One element of a graph value: the value and its indices.
type Element = (Value, Vec<AffineExpr>);

/// The graph ops the lowering knows, found through their op records.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum G {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Neg,
    Relu,
    Exp,
    Tanh,
    Min,
    Pow,
    And,
    Or,
    Xor,
    Abs,
    Sqrt,
    Log,
    Erf,
    Sin,
    Cos,
    Sigmoid,
    Not,
    Select,
    Cast,
    Compare,
    Broadcast,
    Transpose,
    Slice,
    Constant,
    Reshape,
    Matmul,
    Conv,
    Attention,
    MaxPool,
    AvgPool,
    ReduceSum,
    ReduceMax,
    Concat,
    Gather,
    Scatter,
    Dim,
    Iota,
}

fn kind_of(name: &str) -> Option<G> {
    use xir_graph::ops as g;
    let table: [(&OpSpec, G); 42] = [
        (&g::IOTA, G::Iota),
        (&g::GATHER, G::Gather),
        (&g::SCATTER, G::Scatter),
        (&g::MIN, G::Min),
        (&g::POW, G::Pow),
        (&g::AND, G::And),
        (&g::OR, G::Or),
        (&g::XOR, G::Xor),
        (&g::ABS, G::Abs),
        (&g::SQRT, G::Sqrt),
        (&g::LOG, G::Log),
        (&g::ERF, G::Erf),
        (&g::SIN, G::Sin),
        (&g::COS, G::Cos),
        (&g::SIGMOID, G::Sigmoid),
        (&g::NOT, G::Not),
        (&g::SELECT, G::Select),
        (&g::CAST, G::Cast),
        (&g::COMPARE, G::Compare),
        (&g::ADD, G::Add),
        (&g::SUB, G::Sub),
        (&g::MUL, G::Mul),
        (&g::DIV, G::Div),
        (&g::MAX, G::Max),
        (&g::NEG, G::Neg),
        (&g::RELU, G::Relu),
        (&g::EXP, G::Exp),
        (&g::TANH, G::Tanh),
        (&g::BROADCAST, G::Broadcast),
        (&g::TRANSPOSE, G::Transpose),
        (&g::SLICE, G::Slice),
        (&g::CONSTANT, G::Constant),
        (&g::RESHAPE, G::Reshape),
        (&g::MATMUL, G::Matmul),
        (&xir_graph::window::CONV, G::Conv),
        (&xir_graph::attention::ATTENTION, G::Attention),
        (&xir_graph::window::MAX_POOL, G::MaxPool),
        (&xir_graph::window::AVG_POOL, G::AvgPool),
        (&g::REDUCE_SUM, G::ReduceSum),
        (&g::REDUCE_MAX, G::ReduceMax),
        (&g::CONCAT, G::Concat),
        (&g::DIM, G::Dim),
    ];
    table.iter().find(|(s, _)| s.name == name).map(|&(_, k)| k)
}

fn kind(ctx: &Context, ir: &Ir, op: Op) -> Option<G> {
    kind_of(ctx.str(ir.op(op).name))
}

fn is_elementwise(k: Option<G>) -> bool {
    use G::*;
    matches!(
        k,
        Some(
            Add | Sub
                | Mul
                | Div
                | Max
                | Neg
                | Relu
                | Exp
                | Tanh
                | Min
                | Pow
                | And
                | Or
                | Xor
                | Abs
                | Sqrt
                | Log
                | Erf
                | Sin
                | Cos
                | Sigmoid
                | Not
                | Select
                | Cast
                | Compare
        )
    )
}

fn i64s(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Vec<i64> {
    match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        _ => Vec::new(),
    }
}

fn is_splat_constant(ctx: &Context, ir: &Ir, op: Op) -> bool {
    kind(ctx, ir, op) == Some(G::Constant)
        && matches!(
            op_attr(ctx, ir, op, "value").map(|a| ctx.attr_kind(a)),
            Some(AttrKind::DenseElements { splat: true, .. })
        )
}

pub fn lower_func(
    ctx: &mut Context,
    ir: &mut Ir,
    func: Op,
    params: &TargetParams,
) -> Result<(), Fail> {
    let entry = ir
        .regions(func)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .ok_or((func, "kernel function without a body".to_string()))?;
    let loc = ir.op(func).loc;
    let args = ir.block_args(entry).to_vec();
    let index = ctx.index_type();
    let (tensors, scalars): (Vec<Value>, Vec<Value>) = args.iter().partition(|&&a| {
        matches!(
            ctx.type_kind(ir.value_type(a)),
            TypeKind::RankedTensor { .. }
        )
    });
    let ops: Vec<Op> = ir.block_ops(entry).collect();
    let ret = *ops
        .last()
        .filter(|&&o| ctx.str(ir.op(o).name) == xir_func::RETURN.name)
        .ok_or((func, "kernel function must end in func.return".to_string()))?;
    let returned: Vec<Value> = ir.operands(ret).collect();

    // The new function: the dispatch constants only.
    let new_block = ir.create_block();
    let mut scalar_map = FxHashMap::default();
    for &s in &scalars {
        let t = ir.value_type(s);
        if t != index {
            return Err((
                func,
                "kernel functions take tensors and index values only".into(),
            ));
        }
        let n = ir.add_block_arg(new_block, index, Some(loc));
        scalar_map.insert(s, n);
    }
    let mut lw = Lower {
        func,
        ctx,
        ir,
        params,
        loc,
        block: new_block,
        nodes: FxHashMap::default(),
        materialize: FxHashSet::default(),
        epilogue_end: FxHashMap::default(),
        epilogue_ops: FxHashMap::default(),
        returned: returned.clone(),
        outputs: Vec::new(),
        output_taken: vec![false; returned.len()],
        output_aliased: vec![false; returned.len()],
        consts: FxHashMap::default(),
        scalars: scalar_map.clone(),
    };
    // Bindings: arguments, then results; their dynamic dims are the trailing
    // constants in order (an `index` the kernel's ops read comes before them).
    let tensor_dims =
        |t: Type| tensor_of(lw.ctx, t).map_or(0, |(s, _)| s.iter().filter(|&&d| d < 0).count());
    let needed: usize = tensors
        .iter()
        .map(|&a| tensor_dims(lw.ir.value_type(a)))
        .chain(returned.iter().map(|&v| tensor_dims(lw.ir.value_type(v))))
        .sum();
    let first_dim = scalars.len().saturating_sub(needed);
    let mut dyn_dims = scalars[first_dim..].iter().map(|s| scalar_map[s]);
    let result_types: Vec<Type> = returned.iter().map(|&v| lw.ir.value_type(v)).collect();
    for (binding, (is_result, t, v)) in tensors
        .iter()
        .map(|&a| (false, lw.ir.value_type(a), Some(a)))
        .chain(result_types.iter().map(|&t| (true, t, None)))
        .collect::<Vec<_>>()
        .into_iter()
        .enumerate()
    {
        let (shape, _) = tensor_of(lw.ctx, t)
            .ok_or((func, "a kernel result must be a ranked tensor".to_string()))?;
        let mut dims = Vec::new();
        let mut operands = Vec::new();
        for &d in &shape {
            if d < 0 {
                let v = dyn_dims
                    .next()
                    .ok_or((func, "fewer index arguments than dynamic dims".to_string()))?;
                operands.push(v);
                dims.push(Dim::D(v));
            } else {
                dims.push(Dim::S(d));
            }
        }
        let mt = lw.memref_of(t);
        let idx = lw.ctx.i64_attr(binding as i64);
        let mut st = op_state(lw.ctx, "kernel.binding", vec![("index", idx)], loc);
        st.operands = operands;
        st.result_types = vec![mt];
        let mem = lw.append(st);
        match (is_result, v) {
            (false, Some(a)) => {
                lw.nodes.insert(a, Node::Buf(mem, dims));
            }
            _ => lw.outputs.push((mem, dims)),
        }
    }
    for old in scalar_map.keys() {
        lw.nodes.insert(*old, Node::Index);
    }
    lw.plan(&ops[..ops.len() - 1]);
    for &op in &ops[..ops.len() - 1] {
        lw.lower_op(op)?;
    }
    lw.finish_outputs(ret)?;
    let ret_st = OperationState::new(lw.ctx, xir_func::RETURN.name, loc);
    let ret_op = lw.ir.create_op(ret_st);
    lw.ir.append_op(new_block, ret_op);

    // Swap in the new body and signature.
    let region = lw.ir.regions(func)[0];
    lw.ir.remove_block(entry);
    lw.ir.append_block(region, new_block);
    let inputs = vec![index; scalars.len()];
    let fty = lw.ctx.function_type(inputs, vec![]);
    let fty = lw.ctx.type_attr(fty);
    xir::op_attrs::set_property(lw.ctx, lw.ir, func, "function_type", Some(fty));
    xir::op_attrs::set_property(lw.ctx, lw.ir, func, "arg_attrs", None);
    xir::op_attrs::set_property(lw.ctx, lw.ir, func, "res_attrs", None);
    // The old body's ops go away (users first).
    for &op in ops.iter().rev() {
        lw.ir.erase_op(op);
    }
    Ok(())
}

impl Lower<'_> {
    fn append(&mut self, st: OperationState) -> Value {
        let op = self.ir.create_op(st);
        self.ir.append_op(self.block, op);
        self.ir.result(op, 0)
    }

    fn def(&self, v: Value) -> Option<Op> {
        match self.ir.value(v).def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    fn memref_of(&mut self, tensor: Type) -> Type {
        let (shape, element) = tensor_of(self.ctx, tensor).expect("ranked tensor");
        self.ctx.intern_type(TypeKind::MemRef {
            shape,
            element,
            layout: None,
            memory_space: None,
        })
    }

    fn memref_dims(&mut self, element: Type, dims: &[Dim]) -> Type {
        let shape = dims
            .iter()
            .map(|d| match d {
                Dim::S(n) => *n,
                Dim::D(_) => xir::types::DYNAMIC,
            })
            .collect();
        self.ctx.intern_type(TypeKind::MemRef {
            shape,
            element,
            layout: None,
            memory_space: None,
        })
    }

    fn index_const(&mut self, n: i64) -> Value {
        if let Some(&v) = self.consts.get(&n) {
            return v;
        }
        let ty = self.ctx.index_type();
        let value = self.ctx.intern_attr(AttrKind::Integer {
            ty,
            value: n.into(),
        });
        let mut st = op_state(
            self.ctx,
            xir_arith::ops::CONSTANT.name,
            vec![("value", value)],
            self.loc,
        );
        st.result_types = vec![ty];
        let v = self.append(st);
        self.consts.insert(n, v);
        v
    }

    fn dim_value(&mut self, d: Dim) -> Value {
        match d {
            Dim::S(n) => self.index_const(n),
            Dim::D(v) => v,
        }
    }

    fn index_binop(&mut self, op: IndexArith, a: Dim, b: Dim) -> Dim {
        use IndexArith::*;
        match (op, a, b) {
            (Add, Dim::S(x), Dim::S(y)) => return Dim::S(x + y),
            (Mul, Dim::S(x), Dim::S(y)) => return Dim::S(x * y),
            (DivU, Dim::S(x), Dim::S(y)) if y != 0 => return Dim::S(x / y),
            (Mul, Dim::S(1), o) | (Mul, o, Dim::S(1)) => return o,
            (Add, Dim::S(0), o) | (Add, o, Dim::S(0)) => return o,
            (DivU, o, Dim::S(1)) => return o,
            _ => {}
        }
        let name = match op {
            Add => xir_arith::ops::ADDI.name,
            Mul => xir_arith::ops::MULI.name,
            DivU => xir_arith::ops::DIVUI.name,
        };
        let (a, b) = (self.dim_value(a), self.dim_value(b));
        let mut st = op_state(self.ctx, name, vec![], self.loc);
        st.operands = vec![a, b];
        st.result_types = vec![self.ctx.index_type()];
        Dim::D(self.append(st))
    }

    /// The dims of graph value `v` (derived through each op's dim rule).
    fn dims(&mut self, v: Value) -> Result<Vec<Dim>, Fail> {
        if let Some(Node::Buf(_, d)) = self.nodes.get(&v) {
            return Ok(d.clone());
        }
        let (shape, _) = tensor_of(self.ctx, self.ir.value_type(v)).expect("tensor");
        let def = self.def(v);
        let mut out = Vec::with_capacity(shape.len());
        for (i, &s) in shape.iter().enumerate() {
            if s >= 0 {
                out.push(Dim::S(s));
                continue;
            }
            let op = def.ok_or_else(|| (self.func, "a dynamic dim without a rule".to_string()))?;
            let d = match dims::rule(self.ctx, self.ir, op, i) {
                DimRule::Copy(o, k) => self.dims(self.ir.operand(op, o))?[k],
                DimRule::Sum(k) => {
                    let mut acc = Dim::S(0);
                    for o in self.ir.operands(op).collect::<Vec<_>>() {
                        let d = self.dims(o)?[k];
                        acc = self.index_binop(IndexArith::Add, acc, d);
                    }
                    acc
                }
                DimRule::Quotient(q) => {
                    let mut acc = Dim::S(1);
                    for d in self.dims(self.ir.operand(op, 0))? {
                        acc = self.index_binop(IndexArith::Mul, acc, d);
                    }
                    self.index_binop(IndexArith::DivU, acc, Dim::S(q))
                }
                DimRule::Operand(o) => {
                    let given = self.ir.operand(op, o);
                    // A `graph.dim` read in the kernel (a conv decomposed
                    // here reads its batch so) is that dim of its operand.
                    let read = self
                        .def(given)
                        .filter(|&d| kind(self.ctx, self.ir, d) == Some(G::Dim))
                        .and_then(|d| {
                            let k = op_attr(self.ctx, self.ir, d, "index")
                                .and_then(|a| xir::util::build::int_of(self.ctx, a))?;
                            Some((self.ir.operand(d, 0), usize::try_from(k).ok()?))
                        });
                    match (self.scalars.get(&given), read) {
                        (Some(&v), _) => Dim::D(v),
                        (None, Some((x, k))) => match self.dims(x)?.get(k) {
                            Some(&d) => d,
                            None => return Err((op, format!("dim {k} out of range"))),
                        },
                        (None, None) => {
                            return Err((
                                op,
                                format!("dim {i} of this op's result is not a kernel argument"),
                            ))
                        }
                    }
                }
                DimRule::None(why) => {
                    return Err((
                        op,
                        format!(
                        "cannot derive dynamic dim {i} of this op's result in a kernel ({why:?})"
                    ),
                    ))
                }
            };
            out.push(d);
        }
        Ok(out)
    }

    /// The elementwise ops that form `mm`'s epilogue, in program order: the
    /// longest run of the elementwise ops (of its element type) that read its
    /// result or each other, after which only the last one's result is read
    /// elsewhere. A GELU reads its input twice, so this is a DAG, not a chain.
    fn epilogue_ops(
        &self,
        ops: &[Op],
        mm: Op,
        pos: &FxHashMap<Op, usize>,
        users: &FxHashMap<Value, Vec<Op>>,
        returned: &FxHashSet<Value>,
    ) -> Vec<Op> {
        const MAX_EPILOGUE_OPS: usize = 64;
        let root = self.ir.result(mm, 0);
        let element =
            |o: Op| tensor_of(self.ctx, self.ir.value_type(self.ir.result(o, 0))).map(|t| t.1);
        let start = pos.get(&mm).map_or(ops.len(), |p| p + 1);
        let mut inside: FxHashSet<Value> = FxHashSet::default();
        inside.insert(root);
        // The position of the last op that reads an inside value: past it
        // nothing can join, so the scan stops there.
        let last_reader = |v: Value| {
            users
                .get(&v)
                .into_iter()
                .flatten()
                .filter_map(|u| pos.get(u).copied())
                .max()
                .unwrap_or(0)
        };
        let mut horizon = last_reader(root);
        let mut set: Vec<Op> = Vec::new();
        for (i, &u) in ops.iter().enumerate().skip(start) {
            if set.len() == MAX_EPILOGUE_OPS || i > horizon {
                break;
            }
            if !self.ir.operands(u).any(|v| inside.contains(&v)) {
                continue;
            }
            // The epilogue keeps the matmul's element type (no cast or
            // compare in it).
            if !is_elementwise(kind(self.ctx, self.ir, u))
                || self.ir.results(u).len() != 1
                || element(u) != element(mm)
            {
                break;
            }
            set.push(u);
            let r = self.ir.result(u, 0);
            inside.insert(r);
            horizon = horizon.max(last_reader(r));
        }
        // The longest prefix whose values, but the last, are read only inside it.
        while !set.is_empty() {
            let len = set.len();
            let closed = std::iter::once(root)
                .chain(set[..len - 1].iter().map(|&o| self.ir.result(o, 0)))
                .all(|v| {
                    !returned.contains(&v)
                        && users
                            .get(&v)
                            .is_some_and(|us| us.iter().all(|u| set.contains(u)))
                });
            if closed {
                break;
            }
            set.pop();
        }
        set
    }

    /// Decides which values get a buffer and which matmuls take an epilogue.
    fn plan(&mut self, ops: &[Op]) {
        let pos: FxHashMap<Op, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
        let mut users: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
        for &op in ops {
            for v in self.ir.operands(op).collect::<Vec<_>>() {
                let u = users.entry(v).or_default();
                if !u.contains(&op) {
                    u.push(op);
                }
            }
        }
        let returned: FxHashSet<Value> = self.returned.iter().copied().collect();
        // Values with a buffer only because several ops read them.
        let mut shared = Vec::new();
        for &op in ops {
            let k = kind(self.ctx, self.ir, op);
            for &r in self.ir.results(op) {
                let us = users.get(&r).map_or(&[][..], |u| u.as_slice());
                let needs_buffer = us.iter().any(|&u| {
                    matches!(
                        kind(self.ctx, self.ir, u),
                        Some(
                            G::Matmul
                                | G::Conv
                                | G::Attention
                                | G::MaxPool
                                | G::AvgPool
                                | G::Reshape
                                | G::Gather
                                | G::Scatter
                        )
                    )
                });
                let splat = is_splat_constant(self.ctx, self.ir, op);
                // Claimed by an epilogue, whose body computes it once.
                let in_epilogue = matches!(self.nodes.get(&r), Some(Node::Pending));
                if returned.contains(&r) || needs_buffer {
                    self.materialize.insert(r);
                } else if us.len() > 1 && !splat && !in_epilogue {
                    self.materialize.insert(r);
                    shared.push(r);
                }
            }
            if matches!(k, Some(G::Matmul | G::Conv)) {
                let chain = self.epilogue_ops(ops, op, &pos, &users, &returned);
                if let Some(&last) = chain.last() {
                    let end = self.ir.result(last, 0);
                    self.materialize.insert(end);
                    self.materialize.remove(&self.ir.result(op, 0));
                    self.epilogue_end.insert(end, op);
                    self.epilogue_ops.insert(end, chain.clone());
                    self.nodes.insert(self.ir.result(op, 0), Node::Pending);
                    for &c in &chain[..chain.len() - 1] {
                        let v = self.ir.result(c, 0);
                        self.materialize.remove(&v);
                        self.nodes.insert(v, Node::Pending);
                    }
                }
            }
        }
        self.unshare(ops, &users, &shared);
    }

    /// Drops the buffer of each `shared` value whose readers (elementwise
    /// ops or reductions, at most four) all fold into one stage: that
    /// stage's body computes it (once where the readers' maps agree). Last ops first, so a value's readers are settled when it
    /// is; `sink[v]` is the value whose stage computes `v`.
    fn unshare(&mut self, ops: &[Op], users: &FxHashMap<Value, Vec<Op>>, shared: &[Value]) {
        if shared.is_empty() {
            return;
        }
        let shared: FxHashSet<Value> = shared.iter().copied().collect();
        let mut sink: FxHashMap<Value, Option<Value>> = FxHashMap::default();
        for &op in ops.iter().rev() {
            for &r in self.ir.results(op) {
                let buffered = self.materialize.contains(&r)
                    || !matches!(self.nodes.get(&r), None | Some(Node::Pending))
                    || self.produces_buffer(op);
                let readers = users.get(&r).map_or(&[][..], |u| u.as_slice());
                let common = || -> Option<Value> {
                    let mut out: Option<Value> = None;
                    for &u in readers {
                        let k = kind(self.ctx, self.ir, u);
                        let folds = is_elementwise(k)
                            || matches!(k, Some(G::Broadcast | G::Transpose | G::Slice));
                        let s = if folds {
                            sink.get(&self.ir.result(u, 0)).copied().flatten()?
                        } else if matches!(k, Some(G::ReduceSum | G::ReduceMax)) {
                            // Its stage reads `r` in its body (a concat
                            // copies each piece in a stage of its own).
                            self.ir.result(u, 0)
                        } else {
                            return None;
                        };
                        if out.is_some_and(|o| o != s) {
                            return None;
                        }
                        out = Some(s);
                    }
                    out
                };
                // Readers that read `r` where their own element is (at most
                // four of them): a stage then computes `r` about once per
                // element, where a fan-out of slices (a pool's window) would
                // recompute it, and bind its inputs, once per slice.
                let same_place = || {
                    readers.len() <= 4
                        && readers.iter().all(|&u| {
                            let k = kind(self.ctx, self.ir, u);
                            is_elementwise(k) || matches!(k, Some(G::ReduceSum | G::ReduceMax))
                        })
                };
                let s = if shared.contains(&r) && same_place() {
                    match common() {
                        Some(s) => {
                            self.materialize.remove(&r);
                            Some(s)
                        }
                        None => Some(r),
                    }
                } else if buffered || shared.contains(&r) {
                    Some(r)
                } else {
                    common()
                };
                sink.insert(r, s);
            }
        }
    }

    /// Whether `op`'s lowering writes its result to a buffer whatever the
    /// plan says (anchors, constants that are not splats, views).
    fn produces_buffer(&self, op: Op) -> bool {
        match kind(self.ctx, self.ir, op) {
            Some(
                G::Matmul
                | G::Conv
                | G::Attention
                | G::MaxPool
                | G::AvgPool
                | G::ReduceSum
                | G::ReduceMax
                | G::Concat
                | G::Gather
                | G::Scatter
                | G::Reshape,
            ) => true,
            Some(G::Constant) => !is_splat_constant(self.ctx, self.ir, op),
            _ => false,
        }
    }

    /// A buffer for `v`: its result binding if it is returned (the first
    /// position not yet written), else scratch.
    fn buffer_for(&mut self, v: Value, dims: &[Dim]) -> Value {
        for k in 0..self.returned.len() {
            if self.returned[k] == v && !self.output_taken[k] {
                self.output_taken[k] = true;
                return self.outputs[k].0;
            }
        }
        let element = tensor_of(self.ctx, self.ir.value_type(v))
            .expect("tensor")
            .1;
        let t = self.memref_dims(element, dims);
        // A value returned reshaped (a layer norm's output, collapsed for the
        // matmuls of the next dispatches) is written into that result's
        // binding through a view, not copied there afterwards.
        let returned_reshape = (0..self.returned.len()).find(|&k| {
            !self.output_taken[k]
                && self.def(self.returned[k]).is_some_and(|d| {
                    kind(self.ctx, self.ir, d) == Some(G::Reshape) && self.ir.operand(d, 0) == v
                })
        });
        if let Some(k) = returned_reshape {
            self.output_taken[k] = true;
            self.output_aliased[k] = true;
            let mut st = op_state(self.ctx, "kernel.reshape", vec![], self.loc);
            st.operands = std::iter::once(self.outputs[k].0)
                .chain(dims.iter().filter_map(|d| match d {
                    Dim::D(v) => Some(*v),
                    Dim::S(_) => None,
                }))
                .collect();
            st.result_types = vec![t];
            return self.append(st);
        }
        let operands = dims
            .iter()
            .filter_map(|d| match d {
                Dim::D(v) => Some(*v),
                Dim::S(_) => None,
            })
            .collect();
        let mut st = op_state(self.ctx, "kernel.alloc", vec![], self.loc);
        st.operands = operands;
        st.result_types = vec![t];
        self.append(st)
    }

    /// `kernel.assert`s that a slice whose sizes or input dims are known
    /// only at run time stays inside its input: `n * end <= n * d` per dim,
    /// `end` one past the last index read (`n` elements from `start` by
    /// `stride`), so that an empty slice always passes. A slice of a value
    /// the kernel computes (an iota, a broadcast) reads no buffer whose
    /// bounds the runtime would check.
    fn check_slice(&mut self, op: Op) -> Result<(), Fail> {
        let (input, result) = (self.ir.operand(op, 0), self.ir.result(op, 0));
        let (ind, outd) = (self.dims(input)?, self.dims(result)?);
        let start = i64s(self.ctx, self.ir, op, "start");
        let strides = i64s(self.ctx, self.ir, op, "strides");
        for (k, (&d, &n)) in ind.iter().zip(&outd).enumerate() {
            if matches!((d, n), (Dim::S(_), Dim::S(_))) {
                continue; // checked by the verifier
            }
            let (t, s) = (start.get(k).copied(), strides.get(k).copied());
            let (Some(t), Some(s)) = (t, s) else { continue };
            let span = self.index_binop(IndexArith::Mul, n, Dim::S(s));
            let end = self.index_binop(IndexArith::Add, span, Dim::S(t + 1 - s));
            let lhs = self.index_binop(IndexArith::Mul, n, end);
            let rhs = self.index_binop(IndexArith::Mul, n, d);
            let msg = format!("graph.slice: dim {k} reads past its input (start {t}, stride {s})");
            self.assert_cmp("sle", lhs, rhs, &msg);
        }
        Ok(())
    }

    /// `kernel.assert` of `arith.cmpi <pred>` of two dims, with `msg`.
    fn assert_cmp(&mut self, pred: &str, a: Dim, b: Dim, msg: &str) {
        let (x, y) = (self.dim_value(a), self.dim_value(b));
        let p = predicate(self.ctx, &CMPI_PREDICATE, pred);
        let mut st = op_state(
            self.ctx,
            xir_arith::ops::CMPI.name,
            vec![("predicate", p)],
            self.loc,
        );
        st.operands = vec![x, y];
        st.result_types = vec![self.ctx.i1()];
        let c = self.append(st);
        let msg = self.ctx.string_attr(msg);
        let mut st = op_state(self.ctx, "kernel.assert", vec![("message", msg)], self.loc);
        st.operands = vec![c];
        let a = self.ir.create_op(st);
        self.ir.append_op(self.block, a);
    }

    /// `kernel.assert`s that the dims the op's shape rule requires equal are.
    fn check_dims(&mut self, op: Op, name: &str) -> Result<(), Fail> {
        let operands: Vec<Value> = self.ir.operands(op).collect();
        let k = kind(self.ctx, self.ir, op);
        if k == Some(G::Slice) {
            return self.check_slice(op);
        }
        let axis = if k == Some(G::Concat) {
            op_attr(self.ctx, self.ir, op, "axis")
                .and_then(|a| xir::util::build::int_of(self.ctx, a))
        } else if is_elementwise(k) {
            None
        } else {
            return Ok(());
        };
        if operands.len() < 2 {
            return Ok(());
        }
        let first = self.dims(operands[0])?;
        for (i, &o) in operands.iter().enumerate().skip(1) {
            let d = self.dims(o)?;
            for (k, (&a, &b)) in first.iter().zip(&d).enumerate() {
                if Some(k as i64) == axis {
                    continue;
                }
                let same = match (a, b) {
                    (Dim::S(x), Dim::S(y)) => x == y,
                    (Dim::D(x), Dim::D(y)) => x == y,
                    _ => false,
                };
                if same {
                    continue;
                }
                let msg = format!("{name}: dim {k} of operand {i} differs from operand 0's");
                self.assert_cmp("eq", a, b, &msg);
            }
        }
        Ok(())
    }

    fn lower_op(&mut self, op: Op) -> Result<(), Fail> {
        let name = self.ctx.str(self.ir.op(op).name).to_string();
        // What this op becomes carries its location (errors cite it).
        self.loc = self.ir.op(op).loc;
        self.check_dims(op, &name)?;
        let k = kind(self.ctx, self.ir, op);
        match k {
            // An index value: no tensor op of a kernel reads one.
            Some(G::Dim) => {
                self.nodes.insert(self.ir.result(op, 0), Node::Index);
                return Ok(());
            }
            Some(G::Constant) if !is_splat_constant(self.ctx, self.ir, op) => {
                let r = self.ir.result(op, 0);
                let t = self.ir.value_type(r);
                let mt = self.memref_of(t);
                let value = op_attr(self.ctx, self.ir, op, "value").expect("value");
                let mut st = op_state(
                    self.ctx,
                    "kernel.constant",
                    vec![("value", value)],
                    self.loc,
                );
                st.result_types = vec![mt];
                let mem = self.append(st);
                let dims = self.dims(r)?;
                self.nodes.insert(r, Node::Buf(mem, dims));
                return Ok(());
            }
            Some(G::Reshape) => {
                let src = self.ir.operand(op, 0);
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let Some(Node::Buf(mem, _)) = self.nodes.get(&src).cloned() else {
                    return Err((op, "reshape of a value without a buffer".into()));
                };
                let element = tensor_of(self.ctx, self.ir.value_type(r))
                    .expect("tensor")
                    .1;
                let t = self.memref_dims(element, &dims);
                let mut st = op_state(self.ctx, "kernel.reshape", vec![], self.loc);
                st.operands = std::iter::once(mem)
                    .chain(dims.iter().filter_map(|d| match d {
                        Dim::D(v) => Some(*v),
                        Dim::S(_) => None,
                    }))
                    .collect();
                st.result_types = vec![t];
                let view = self.append(st);
                self.nodes.insert(r, Node::Buf(view, dims));
                return Ok(());
            }
            Some(G::Matmul | G::Conv) => {
                let r = self.ir.result(op, 0);
                if matches!(self.nodes.get(&r), Some(Node::Pending)) {
                    return Ok(());
                }
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                self.contraction(op, out, None)?;
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::ReduceSum | G::ReduceMax) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                self.reduce(op, out, &dims, k == Some(G::ReduceMax))?;
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::Attention) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                let mut ins = Vec::new();
                for v in self.ir.operands(op).collect::<Vec<_>>() {
                    ins.push(self.buf_of(v, op)?.0);
                }
                let mut props = Vec::new();
                for key in ["scale", "nan_to_zero"] {
                    if let Some(a) = op_attr(self.ctx, self.ir, op, key) {
                        props.push((key, a));
                    }
                }
                let mut st = op_state(self.ctx, "kernel.attention", props, self.loc);
                ins.push(out);
                st.operands = ins;
                let g = self.ir.create_op(st);
                self.ir.append_op(self.block, g);
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::MaxPool | G::AvgPool) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                let (input, _) = self.buf_of(self.ir.operand(op, 0), op)?;
                let kind = if k == Some(G::MaxPool) { "max" } else { "avg" };
                let kind = self.ctx.string_attr(kind);
                let mut props = vec![("kind", kind)];
                for key in ["kernel_shape", "strides", "dilations", "pads", "ceil_mode"] {
                    let a =
                        op_attr(self.ctx, self.ir, op, key).ok_or((op, format!("no '{key}'")))?;
                    props.push((key, a));
                }
                let cip = match op_attr(self.ctx, self.ir, op, "count_include_pad") {
                    Some(a) => a,
                    None => self.ctx.i64_attr(0),
                };
                props.push(("count_include_pad", cip));
                let mut st = op_state(self.ctx, "kernel.pool", props, self.loc);
                st.operands = vec![input, out];
                let g = self.ir.create_op(st);
                self.ir.append_op(self.block, g);
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::Gather) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                let (input, _) = self.buf_of(self.ir.operand(op, 0), op)?;
                let (indices, _) = self.buf_of(self.ir.operand(op, 1), op)?;
                let axis = op_attr(self.ctx, self.ir, op, "axis").expect("axis");
                let mut st = op_state(self.ctx, "kernel.gather", vec![("axis", axis)], self.loc);
                st.operands = vec![input, indices, out];
                let g = self.ir.create_op(st);
                self.ir.append_op(self.block, g);
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::Scatter) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                let (data, _) = self.buf_of(self.ir.operand(op, 0), op)?;
                let (indices, _) = self.buf_of(self.ir.operand(op, 1), op)?;
                let (updates, _) = self.buf_of(self.ir.operand(op, 2), op)?;
                let reduction = op_attr(self.ctx, self.ir, op, "reduction").expect("reduction");
                let mut st = op_state(
                    self.ctx,
                    "kernel.scatter",
                    vec![("reduction", reduction)],
                    self.loc,
                );
                st.operands = vec![data, indices, updates, out];
                let g = self.ir.create_op(st);
                self.ir.append_op(self.block, g);
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            Some(G::Concat) => {
                let r = self.ir.result(op, 0);
                let dims = self.dims(r)?;
                let out = self.buffer_for(r, &dims);
                self.concat(op, out)?;
                self.nodes.insert(r, Node::Buf(out, dims));
                return Ok(());
            }
            _ => {}
        }
        let known = is_elementwise(k)
            || matches!(
                k,
                Some(G::Broadcast | G::Transpose | G::Slice | G::Constant | G::Iota)
            );
        if !known {
            return Err((op, format!("'{name}' has no kernel lowering")));
        }
        let element = tensor_of(self.ctx, self.ir.value_type(self.ir.result(op, 0))).map(|t| t.1);
        let float_only = matches!(
            k,
            Some(
                G::Exp
                    | G::Tanh
                    | G::Pow
                    | G::Sqrt
                    | G::Log
                    | G::Erf
                    | G::Sin
                    | G::Cos
                    | G::Sigmoid
            )
        );
        if float_only && !element.is_some_and(|e| is_float(self.ctx, e)) {
            return Err((op, format!("'{name}' is defined on floats only")));
        }
        let r = self.ir.result(op, 0);
        if matches!(self.nodes.get(&r), Some(Node::Pending)) {
            return Ok(());
        }
        if let Some(&mm) = self.epilogue_end.get(&r) {
            let dims = self.dims(r)?;
            let out = self.buffer_for(r, &dims);
            self.contraction(mm, out, Some(r))?;
            self.nodes.insert(r, Node::Buf(out, dims));
            return Ok(());
        }
        self.nodes.insert(r, Node::Lazy(op));
        if self.materialize.contains(&r) {
            let dims = self.dims(r)?;
            let out = self.buffer_for(r, &dims);
            self.copy_into(r, out, &dims, None)?;
            self.nodes.insert(r, Node::Buf(out, dims));
        }
        Ok(())
    }

    /// Writes `v` (any node) into `out`, whose map is the identity shifted by
    /// `offset` along one axis (a concat piece).
    fn copy_into(
        &mut self,
        v: Value,
        out: Value,
        dims: &[Dim],
        offset: Option<(usize, Dim)>,
    ) -> Result<(), Fail> {
        let rank = dims.len();
        let mut body = Body::new(self.ir, rank);
        let x = self.scalar(&mut body, v, identity(rank))?;
        let mut out_map = identity(rank);
        let mut symbols = Vec::new();
        if let Some((axis, off)) = offset {
            let e = match off {
                Dim::S(n) => AffineExpr::constant(n),
                Dim::D(s) => {
                    symbols.push(s);
                    AffineExpr::symbol(0)
                }
            };
            out_map[axis] = AffineExpr::add(out_map[axis].clone(), e);
        }
        let element = self.ir.value_type(x);
        self.ir.add_block_arg(body.block, element, Some(self.loc));
        self.yield_in(body.block, vec![x]);
        let iters = vec!["parallel"; rank];
        self.generic(body, vec![(out, out_map)], dims, &iters, symbols);
        Ok(())
    }

    fn yield_in(&mut self, block: Block, values: Vec<Value>) {
        let mut st = OperationState::new(self.ctx, "kernel.yield", self.loc);
        st.operands = values;
        let op = self.ir.create_op(st);
        self.ir.append_op(block, op);
    }

    fn map_attr(&mut self, rank: u32, symbols: u32, results: Vec<AffineExpr>) -> Attr {
        self.ctx.intern_attr(AttrKind::AffineMap(AffineMap {
            num_dims: rank,
            num_symbols: symbols,
            results,
        }))
    }

    /// Emits a `kernel.generic` with `body`'s inputs and the given outputs.
    fn generic(
        &mut self,
        body: Body,
        outputs: Vec<(Value, Vec<AffineExpr>)>,
        domain: &[Dim],
        iterators: &[&str],
        symbols: Vec<Value>,
    ) {
        let nsym = symbols.len() as u32;
        let mut maps = Vec::new();
        for (_, m) in body.inputs.iter().chain(&outputs) {
            maps.push(self.map_attr(body.rank, nsym, m.clone()));
        }
        let maps = self.ctx.intern_attr(AttrKind::Array(maps));
        let iters: Vec<Attr> = iterators.iter().map(|s| self.ctx.string_attr(s)).collect();
        let iters = self.ctx.intern_attr(AttrKind::Array(iters));
        let domain_vals: Vec<Value> = domain.iter().map(|&d| self.dim_value(d)).collect();
        let operands: Vec<Value> = body
            .inputs
            .iter()
            .map(|i| i.0)
            .chain(outputs.iter().map(|o| o.0))
            .chain(domain_vals.iter().copied())
            .chain(symbols.iter().copied())
            .collect();
        let seg = segment_attr(
            self.ctx,
            &[
                body.inputs.len(),
                outputs.len(),
                domain_vals.len(),
                symbols.len(),
            ],
        );
        let mut props = vec![
            ("indexing_maps", maps),
            ("iterator_types", iters),
            ("operandSegmentSizes", seg),
        ];
        if let Some(w) = self.vector_width(&body, &outputs, iterators) {
            props.push(("vector_width", self.ctx.i64_attr(w)));
        }
        let mut st = op_state(self.ctx, "kernel.generic", props, self.loc);
        st.operands = operands;
        st.num_regions = 1;
        let op = self.ir.create_op(st);
        let r = self.ir.regions(op)[0];
        self.ir.append_block(r, body.block);
        self.ir.append_op(self.block, op);
    }

    /// SIMD lanes for an all-parallel stage whose innermost dim every
    /// operand reads contiguously or not at all.
    fn vector_width(
        &self,
        body: &Body,
        outputs: &[(Value, Vec<AffineExpr>)],
        iters: &[&str],
    ) -> Option<i64> {
        if iters.is_empty() || iters.iter().any(|&i| i != "parallel") {
            return None;
        }
        let inner = body.rank - 1;
        let mut bits = 8;
        for (mem, map) in body.inputs.iter().chain(outputs) {
            let (_, element) = memref_shape(self.ctx, self.ir.value_type(*mem))?;
            bits = bits.max(bits_of(self.ctx, element));
            for (i, e) in map.iter().enumerate() {
                let c = coefficient(e, inner)?;
                let last = i + 1 == map.len();
                if c != 0 && !(last && c == 1) {
                    return None;
                }
            }
            if map.last().is_some_and(|e| coefficient(e, inner) == Some(1)) {
                // Contiguous: fine.
            }
        }
        let w = (self.params.vector_bits / bits) as i64;
        (w > 1).then_some(w)
    }

    /// Block argument of `body` reading `mem` at `exprs`.
    fn input(&mut self, body: &mut Body, mem: Value, exprs: Vec<AffineExpr>) -> Value {
        let key = (mem, exprs);
        if let Some(&a) = body.input_args.get(&key) {
            return a;
        }
        let (_, element) = memref_shape(self.ctx, self.ir.value_type(mem)).expect("memref");
        let a = self.ir.add_block_arg(body.block, element, Some(self.loc));
        body.inputs.push(key.clone());
        body.input_args.insert(key, a);
        a
    }

    /// The scalar value of element `exprs` of graph value `v`, in `body`.
    /// Iterative (an explicit stack, operands before their users): a fused
    /// chain of 100,000 elementwise ops must not recurse 100,000 deep.
    fn scalar(&mut self, body: &mut Body, v: Value, exprs: Vec<AffineExpr>) -> Result<Value, Fail> {
        let root = (v, exprs);
        let mut stack = vec![root.clone()];
        while let Some(key) = stack.last() {
            if body.memo.contains_key(key) {
                stack.pop();
                continue;
            }
            let (v, exprs) = key.clone();
            let x = match self.nodes.get(&v).cloned() {
                Some(Node::Buf(mem, _)) => self.input(body, mem, exprs.clone()),
                Some(Node::Lazy(op)) => {
                    let (k, needs) = self.lazy_operands(op, &exprs)?;
                    let missing: Vec<_> = needs
                        .iter()
                        .filter(|n| !body.memo.contains_key(*n))
                        .cloned()
                        .collect();
                    if !missing.is_empty() {
                        // Reversed: the first operand is done first, as a
                        // recursive walk would (the body's order).
                        stack.extend(missing.into_iter().rev());
                        continue;
                    }
                    let xs: Vec<Value> = needs.iter().map(|n| body.memo[n]).collect();
                    self.lazy(body, op, k, &xs, &exprs)?
                }
                Some(Node::Pending) | Some(Node::Index) | None => {
                    let op = self.def(v).unwrap_or(self.func);
                    return Err((op, "internal: value used before its stage".to_string()));
                }
            };
            stack.pop();
            body.memo.insert((v, exprs), x);
        }
        Ok(body.memo[&root])
    }

    /// The elements of its operands a lazy op's element `exprs` reads.
    fn lazy_operands(&self, op: Op, exprs: &[AffineExpr]) -> Result<(G, Vec<Element>), Fail> {
        let k = kind(self.ctx, self.ir, op).ok_or((op, "not a graph op".to_string()))?;
        let operands: Vec<Value> = self.ir.operands(op).collect();
        let needs = match k {
            G::Constant | G::Iota => Vec::new(),
            G::Broadcast => {
                let dimensions = i64s(self.ctx, self.ir, op, "dimensions");
                let (shape, _) =
                    tensor_of(self.ctx, self.ir.value_type(operands[0])).expect("tensor");
                let e = shape
                    .iter()
                    .zip(&dimensions)
                    .map(|(&s, &d)| {
                        if s == 1 {
                            AffineExpr::constant(0)
                        } else {
                            exprs[d as usize].clone()
                        }
                    })
                    .collect();
                vec![(operands[0], e)]
            }
            G::Transpose => {
                let perm = i64s(self.ctx, self.ir, op, "permutation");
                let mut e = vec![AffineExpr::constant(0); perm.len()];
                for (i, &p) in perm.iter().enumerate() {
                    e[p as usize] = exprs[i].clone();
                }
                vec![(operands[0], e)]
            }
            G::Slice => {
                let start = i64s(self.ctx, self.ir, op, "start");
                let strides = i64s(self.ctx, self.ir, op, "strides");
                let e = exprs
                    .iter()
                    .enumerate()
                    .map(|(i, x)| {
                        AffineExpr::add(
                            AffineExpr::constant(start[i]),
                            AffineExpr::mul(x.clone(), AffineExpr::constant(strides[i])),
                        )
                    })
                    .collect();
                vec![(operands[0], e)]
            }
            _ => operands.iter().map(|&o| (o, exprs.to_vec())).collect(),
        };
        Ok((k, needs))
    }

    /// A lazy op's element, given the scalars `xs` its operands' elements
    /// (`lazy_operands`) have in `body`.
    fn lazy(
        &mut self,
        body: &mut Body,
        op: Op,
        k: G,
        xs: &[Value],
        exprs: &[AffineExpr],
    ) -> Result<Value, Fail> {
        match k {
            G::Iota => self.iota(body.block, op, exprs),
            G::Constant => {
                let t = tensor_of(self.ctx, self.ir.value_type(self.ir.result(op, 0)))
                    .expect("tensor")
                    .1;
                let a = op_attr(self.ctx, self.ir, op, "value").expect("value");
                let AttrKind::DenseElements { data, .. } = self.ctx.attr_kind(a).clone() else {
                    return Err((op, "constant without dense elements".into()));
                };
                Ok(self.scalar_const_bytes(body.block, t, &data))
            }
            // Data movement: the operand's element itself.
            G::Broadcast | G::Transpose | G::Slice => Ok(xs[0]),
            _ => {
                let t = tensor_of(self.ctx, self.ir.value_type(self.ir.result(op, 0)))
                    .expect("tensor")
                    .1;
                Ok(self.elementwise(body.block, k, t, xs, op))
            }
        }
    }

    /// `graph.iota`'s element at `exprs`: index `dimension` of it, computed
    /// from the loop indices (`kernel.index`) in i64 for 64-bit elements,
    /// else in i32, then converted to the element.
    fn iota(&mut self, block: Block, op: Op, exprs: &[AffineExpr]) -> Result<Value, Fail> {
        let t = tensor_of(self.ctx, self.ir.value_type(self.ir.result(op, 0)))
            .expect("tensor")
            .1;
        let dimension = op_attr(self.ctx, self.ir, op, "dimension")
            .and_then(|a| xir::util::build::int_of(self.ctx, a))
            .and_then(|d| usize::try_from(d).ok())
            .and_then(|d| exprs.get(d))
            .ok_or((op, "iota dimension out of range".to_string()))?;
        let wide = bits_of(self.ctx, t) == 64;
        let it = self
            .ctx
            .integer_type(if wide { 64 } else { 32 }, xir::Signedness::Signless);
        let i = self.index_expr(block, op, dimension, it)?;
        if t == it {
            return Ok(i);
        }
        Ok(self.body_op(block, crate::ops::CAST.name, vec![i], t, vec![]))
    }

    /// An affine expression of the loop indices as body arithmetic in `t`.
    fn index_expr(&mut self, block: Block, op: Op, e: &AffineExpr, t: Type) -> Result<Value, Fail> {
        Ok(match e {
            AffineExpr::Dim(d) => {
                let dim = self.ctx.i64_attr(*d as i64);
                self.body_op(
                    block,
                    crate::ops::INDEX_OP.name,
                    vec![],
                    t,
                    vec![("dim", dim)],
                )
            }
            AffineExpr::Const(c) => self.int_const(block, t, *c),
            AffineExpr::Add(a, b) | AffineExpr::Mul(a, b) => {
                let name = if matches!(e, AffineExpr::Add(..)) {
                    xir_arith::ops::ADDI.name
                } else {
                    xir_arith::ops::MULI.name
                };
                let (a, b) = (
                    self.index_expr(block, op, a, t)?,
                    self.index_expr(block, op, b, t)?,
                );
                self.body_op(block, name, vec![a, b], t, vec![])
            }
            _ => return Err((op, "an iota read through a non-linear index map".into())),
        })
    }

    fn body_op(
        &mut self,
        block: Block,
        name: &str,
        operands: Vec<Value>,
        ty: Type,
        props: Vec<(&str, Attr)>,
    ) -> Value {
        let mut st = op_state(self.ctx, name, props, self.loc);
        st.operands = operands;
        st.result_types = vec![ty];
        let op = self.ir.create_op(st);
        self.ir.append_op(block, op);
        self.ir.result(op, 0)
    }

    fn int_const(&mut self, block: Block, t: Type, v: i64) -> Value {
        let width = int_width(self.ctx, t).unwrap_or(64);
        let value = if width == 1 { v & 1 } else { v };
        let a = self.ctx.intern_attr(AttrKind::Integer {
            ty: t,
            value: value.into(),
        });
        self.body_op(
            block,
            xir_arith::ops::CONSTANT.name,
            vec![],
            t,
            vec![("value", a)],
        )
    }

    fn float_const(&mut self, block: Block, t: Type, v: f64) -> Value {
        let bits = match self.ctx.type_kind(t) {
            TypeKind::Float(FloatKind::F64) => v.to_bits() as u128,
            TypeKind::Float(FloatKind::F32) => (v as f32).to_bits() as u128,
            TypeKind::Float(FloatKind::F16) => half::f16::from_f64(v).to_bits() as u128,
            TypeKind::Float(FloatKind::BF16) => half::bf16::from_f64(v).to_bits() as u128,
            _ => v.to_bits() as u128,
        };
        let a = self.ctx.intern_attr(AttrKind::Float { ty: t, bits });
        self.body_op(
            block,
            xir_arith::ops::CONSTANT.name,
            vec![],
            t,
            vec![("value", a)],
        )
    }

    /// A scalar constant of type `t` from its little-endian element bytes.
    fn scalar_const_bytes(&mut self, block: Block, t: Type, data: &[u8]) -> Value {
        let mut b = [0u8; 16];
        let n = data.len().min(16);
        b[..n].copy_from_slice(&data[..n]);
        let raw = u128::from_le_bytes(b);
        if is_float(self.ctx, t) {
            let width = bits_of(self.ctx, t);
            let bits = if width >= 128 {
                raw
            } else {
                raw & ((1u128 << width) - 1)
            };
            let a = self.ctx.intern_attr(AttrKind::Float { ty: t, bits });
            return self.body_op(
                block,
                xir_arith::ops::CONSTANT.name,
                vec![],
                t,
                vec![("value", a)],
            );
        }
        let width = int_width(self.ctx, t).unwrap_or(64);
        let v = if width == 1 {
            (raw & 1) as i64
        } else {
            let shift = 128 - width.min(128);
            ((raw << shift) as i128 >> shift) as i64
        };
        self.int_const(block, t, v)
    }

    /// One elementwise graph op on scalars, with the reference's semantics.
    fn elementwise(&mut self, block: Block, k: G, t: Type, xs: &[Value], op: Op) -> Value {
        let float = is_float(self.ctx, t);
        if let Some(name) = single_scalar_op(k, float) {
            return self.body_op(block, name, xs.to_vec(), t, vec![]);
        }
        match k {
            G::Div => self.int_div(block, t, xs),
            G::Neg => {
                let zero = self.int_const(block, t, 0);
                self.body_op(
                    block,
                    xir_arith::ops::SUBI.name,
                    vec![zero, xs[0]],
                    t,
                    vec![],
                )
            }
            G::Relu if float => {
                let zero = self.float_const(block, t, 0.0);
                self.body_op(
                    block,
                    xir_arith::ops::MAXIMUMF.name,
                    vec![xs[0], zero],
                    t,
                    vec![],
                )
            }
            G::Relu => {
                let zero = self.int_const(block, t, 0);
                self.body_op(
                    block,
                    xir_arith::ops::MAXSI.name,
                    vec![xs[0], zero],
                    t,
                    vec![],
                )
            }
            G::Not => {
                let ones = self.int_const(block, t, -1);
                self.body_op(
                    block,
                    xir_arith::ops::XORI.name,
                    vec![xs[0], ones],
                    t,
                    vec![],
                )
            }
            G::Abs => {
                // max(x, 0 - x): wraps as the reference does (abs(MIN) = MIN).
                let zero = self.int_const(block, t, 0);
                let neg = self.body_op(
                    block,
                    xir_arith::ops::SUBI.name,
                    vec![zero, xs[0]],
                    t,
                    vec![],
                );
                self.body_op(
                    block,
                    xir_arith::ops::MAXSI.name,
                    vec![xs[0], neg],
                    t,
                    vec![],
                )
            }
            G::Sigmoid => self.sigmoid(block, t, xs),
            G::Cast => {
                if self.ir.value_type(xs[0]) == t {
                    return xs[0];
                }
                self.body_op(block, crate::ops::CAST.name, xs.to_vec(), t, vec![])
            }
            G::Compare => self.compare(block, xs, op),
            _ => unreachable!("checked by lower_op"),
        }
    }

    /// Integer division: x / 0 = 0 and MIN / -1 = MIN (wraps), as the
    /// reference: the divisor is made safe and the two cases selected after.
    fn int_div(&mut self, block: Block, t: Type, xs: &[Value]) -> Value {
        let i1 = self.ctx.i1();
        let zero = self.int_const(block, t, 0);
        let one = self.int_const(block, t, 1);
        let minus_one = self.int_const(block, t, -1);
        let eq = predicate(self.ctx, &CMPI_PREDICATE, "eq");
        let is_zero = self.body_op(
            block,
            xir_arith::ops::CMPI.name,
            vec![xs[1], zero],
            i1,
            vec![("predicate", eq)],
        );
        let is_m1 = self.body_op(
            block,
            xir_arith::ops::CMPI.name,
            vec![xs[1], minus_one],
            i1,
            vec![("predicate", eq)],
        );
        let bad = self.body_op(
            block,
            xir_arith::ops::ORI.name,
            vec![is_zero, is_m1],
            i1,
            vec![],
        );
        let safe = self.body_op(
            block,
            xir_arith::ops::SELECT.name,
            vec![bad, one, xs[1]],
            t,
            vec![],
        );
        let q = self.body_op(
            block,
            xir_arith::ops::DIVSI.name,
            vec![xs[0], safe],
            t,
            vec![],
        );
        let neg = self.body_op(
            block,
            xir_arith::ops::SUBI.name,
            vec![zero, xs[0]],
            t,
            vec![],
        );
        let q = self.body_op(
            block,
            xir_arith::ops::SELECT.name,
            vec![is_m1, neg, q],
            t,
            vec![],
        );
        self.body_op(
            block,
            xir_arith::ops::SELECT.name,
            vec![is_zero, zero, q],
            t,
            vec![],
        )
    }

    /// e = e^-|x| (never overflows), r = 1 / (1 + e): r for x >= 0, e r =
    /// e^x / (1 + e^x) below (accurate down to the subnormals); a NaN gives a
    /// NaN.
    fn sigmoid(&mut self, block: Block, t: Type, xs: &[Value]) -> Value {
        let one = self.float_const(block, t, 1.0);
        let zero = self.float_const(block, t, 0.0);
        let a = self.body_op(block, crate::ops::ABS.name, xs.to_vec(), t, vec![]);
        let neg = self.body_op(block, xir_arith::ops::NEGF.name, vec![a], t, vec![]);
        let e = self.body_op(block, crate::ops::EXP.name, vec![neg], t, vec![]);
        let d = self.body_op(block, xir_arith::ops::ADDF.name, vec![one, e], t, vec![]);
        let r = self.body_op(block, xir_arith::ops::DIVF.name, vec![one, d], t, vec![]);
        let er = self.body_op(block, xir_arith::ops::MULF.name, vec![e, r], t, vec![]);
        let i1 = self.ctx.i1();
        let oge = predicate(self.ctx, &CMPF_PREDICATE, "oge");
        let pos = self.body_op(
            block,
            xir_arith::ops::CMPF.name,
            vec![xs[0], zero],
            i1,
            vec![("predicate", oge)],
        );
        self.body_op(
            block,
            xir_arith::ops::SELECT.name,
            vec![pos, r, er],
            t,
            vec![],
        )
    }

    /// `graph.compare` as `arith.cmpf` or `arith.cmpi` by its operands' type.
    fn compare(&mut self, block: Block, xs: &[Value], op: Op) -> Value {
        let pred = match op_attr(self.ctx, self.ir, op, "predicate").map(|a| self.ctx.attr_kind(a))
        {
            Some(AttrKind::String { value, .. }) => value.to_vec(),
            _ => Vec::new(),
        };
        let i1 = self.ctx.i1();
        let xt = self.ir.value_type(xs[0]);
        // graph.compare's predicate as arith's: floats ordered (NaN: false)
        // but `ne` (une); integers signed.
        let (name, p) = if is_float(self.ctx, xt) {
            let kw = match &pred[..] {
                b"eq" => "oeq",
                b"ne" => "une",
                b"lt" => "olt",
                b"le" => "ole",
                b"gt" => "ogt",
                _ => "oge",
            };
            (
                xir_arith::ops::CMPF.name,
                predicate(self.ctx, &CMPF_PREDICATE, kw),
            )
        } else {
            let kw = match &pred[..] {
                b"eq" => "eq",
                b"ne" => "ne",
                b"lt" => "slt",
                b"le" => "sle",
                b"gt" => "sgt",
                _ => "sge",
            };
            (
                xir_arith::ops::CMPI.name,
                predicate(self.ctx, &CMPI_PREDICATE, kw),
            )
        };
        self.body_op(block, name, xs.to_vec(), i1, vec![("predicate", p)])
    }

    fn buf_of(&self, v: Value, op: Op) -> Result<(Value, Vec<Dim>), Fail> {
        match self.nodes.get(&v) {
            Some(Node::Buf(m, d)) => Ok((*m, d.clone())),
            _ => Err((op, "internal: operand without a buffer".into())),
        }
    }

    /// `kernel.matmul` or `kernel.conv` of `mm` into `out`; with `end`, the
    /// epilogue computes `end` from the sum. A conv's bias is the first step
    /// of its epilogue.
    fn contraction(&mut self, mm: Op, out: Value, end: Option<Value>) -> Result<(), Fail> {
        let conv = kind(self.ctx, self.ir, mm) == Some(G::Conv);
        let (lhs, _) = self.buf_of(self.ir.operand(mm, 0), mm)?;
        let (rhs, _) = self.buf_of(self.ir.operand(mm, 1), mm)?;
        let bias = if conv && self.ir.num_operands(mm) > 2 {
            Some(self.buf_of(self.ir.operand(mm, 2), mm)?.0)
        } else {
            None
        };
        let r = self.ir.result(mm, 0);
        let (shape, element) = tensor_of(self.ctx, self.ir.value_type(r)).expect("tensor");
        let rank = shape.len();
        let mut body = Body::new(self.ir, rank);
        let acc = self.ir.add_block_arg(body.block, element, Some(self.loc));
        let sum = match bias {
            Some(b) => {
                let bv = self.input(&mut body, b, vec![AffineExpr::Dim(1)]);
                self.elementwise(body.block, G::Add, element, &[acc, bv], mm)
            }
            None => acc,
        };
        body.memo.insert((r, identity(rank)), sum);
        let y = match end {
            Some(e) => {
                let saved = self.nodes.clone();
                // The epilogue's ops are computed here, in its body.
                for &op in self.epilogue_ops.get(&e).map_or(&[][..], |v| v.as_slice()) {
                    self.nodes.insert(self.ir.result(op, 0), Node::Lazy(op));
                }
                let y = self.scalar(&mut body, e, identity(rank))?;
                for (k, n) in saved {
                    if matches!(n, Node::Pending) {
                        self.nodes.insert(k, n);
                    }
                }
                y
            }
            None => sum,
        };
        self.yield_in(body.block, vec![y]);
        let maps: Vec<Attr> = body
            .inputs
            .iter()
            .map(|(_, m)| m.clone())
            .collect::<Vec<_>>()
            .into_iter()
            .map(|m| self.map_attr(rank as u32, 0, m))
            .collect();
        let maps = self.ctx.intern_attr(AttrKind::Array(maps));
        let seg = segment_attr(self.ctx, &[1, 1, 1, body.inputs.len()]);
        let mut props = vec![("indexing_maps", maps), ("operandSegmentSizes", seg)];
        let name = if conv {
            for key in ["strides", "dilations", "pads", "groups"] {
                let a = op_attr(self.ctx, self.ir, mm, key).ok_or((mm, format!("no '{key}'")))?;
                props.push((key, a));
            }
            "kernel.conv"
        } else {
            "kernel.matmul"
        };
        let mut st = op_state(self.ctx, name, props, self.loc);
        st.operands = [lhs, rhs, out]
            .into_iter()
            .chain(body.inputs.iter().map(|i| i.0))
            .collect();
        st.num_regions = 1;
        let op = self.ir.create_op(st);
        let region = self.ir.regions(op)[0];
        self.ir.append_block(region, body.block);
        self.ir.append_op(self.block, op);
        Ok(())
    }

    /// The reduction's identity: 0 for a sum; for a max -inf (floats) or the
    /// minimum (signed integers; `true` for `i1`).
    fn reduce(&mut self, op: Op, out: Value, out_dims: &[Dim], max: bool) -> Result<(), Fail> {
        let x = self.ir.operand(op, 0);
        let xdims = self.dims(x)?;
        let axes: Vec<usize> = {
            let mut a: Vec<usize> = i64s(self.ctx, self.ir, op, "axes")
                .iter()
                .map(|&a| a as usize)
                .collect();
            a.sort_unstable();
            a
        };
        let t = tensor_of(self.ctx, self.ir.value_type(x))
            .expect("tensor")
            .1;
        let kept: Vec<usize> = (0..xdims.len()).filter(|d| !axes.contains(d)).collect();
        // 1. Fill with the identity.
        let mut fill = Body::new(self.ir, out_dims.len());
        let init = if is_float(self.ctx, t) {
            self.float_const(fill.block, t, if max { f64::NEG_INFINITY } else { 0.0 })
        } else {
            let w = int_width(self.ctx, t).unwrap_or(64);
            let min = if w >= 64 {
                i64::MIN
            } else {
                -(1i64 << (w - 1))
            };
            self.int_const(fill.block, t, if max { min } else { 0 })
        };
        self.ir.add_block_arg(fill.block, t, Some(self.loc));
        self.yield_in(fill.block, vec![init]);
        fill.memo.clear();
        let iters = vec!["parallel"; out_dims.len()];
        self.generic(
            fill,
            vec![(out, identity(out_dims.len()))],
            out_dims,
            &iters,
            vec![],
        );
        // 2. Accumulate: kept dims first (parallel), then the reduced ones in order.
        let rank = xdims.len();
        let mut exprs = vec![AffineExpr::constant(0); rank];
        let mut domain = Vec::new();
        for (i, &k) in kept.iter().enumerate() {
            exprs[k] = AffineExpr::dim(i as u32);
            domain.push(xdims[k]);
        }
        for (j, &a) in axes.iter().enumerate() {
            exprs[a] = AffineExpr::dim((kept.len() + j) as u32);
            domain.push(xdims[a]);
        }
        let mut body = Body::new(self.ir, rank);
        let v = self.scalar(&mut body, x, exprs)?;
        let acc = self.ir.add_block_arg(body.block, t, Some(self.loc));
        let float = is_float(self.ctx, t);
        let combine = match (max, float) {
            (false, true) => xir_arith::ops::ADDF.name,
            (false, false) => xir_arith::ops::ADDI.name,
            (true, true) => xir_arith::ops::MAXIMUMF.name,
            (true, false) => xir_arith::ops::MAXSI.name,
        };
        let y = self.body_op(body.block, combine, vec![acc, v], t, vec![]);
        self.yield_in(body.block, vec![y]);
        let mut iters = vec!["parallel"; kept.len()];
        iters.extend(vec!["reduction"; axes.len()]);
        let out_map = identity(kept.len());
        self.generic(body, vec![(out, out_map)], &domain, &iters, vec![]);
        Ok(())
    }

    fn concat(&mut self, op: Op, out: Value) -> Result<(), Fail> {
        let axis = xir::util::build::int_of(
            self.ctx,
            op_attr(self.ctx, self.ir, op, "axis").expect("axis"),
        )
        .unwrap_or(0) as usize;
        let mut offset = Dim::S(0);
        for x in self.ir.operands(op).collect::<Vec<_>>() {
            let xd = self.dims(x)?;
            self.copy_into(x, out, &xd, Some((axis, offset)))?;
            offset = self.index_binop(IndexArith::Add, offset, xd[axis]);
        }
        Ok(())
    }

    /// Each result binding holds its value: copies for results computed
    /// elsewhere (arguments, views, constants, a value returned twice).
    fn finish_outputs(&mut self, ret: Op) -> Result<(), Fail> {
        for k in 0..self.returned.len() {
            let v = self.returned[k];
            let (mem, dims) = self.outputs[k].clone();
            let done = self.output_aliased[k]
                || matches!(self.nodes.get(&v), Some(Node::Buf(m, _)) if *m == mem);
            if !done {
                if !self.nodes.contains_key(&v) {
                    return Err((ret, "a kernel result without a value".into()));
                }
                self.copy_into(v, mem, &dims, None)?;
            }
        }
        Ok(())
    }
}

/// The op an elementwise graph op lowers to when it is one scalar op on the
/// same operands; `None` when it needs several.
fn single_scalar_op(k: G, float: bool) -> Option<&'static str> {
    use xir_arith::ops as a;
    let bin = |f: &'static str, i: &'static str| if float { f } else { i };
    Some(match k {
        G::Add => bin(a::ADDF.name, a::ADDI.name),
        G::Sub => bin(a::SUBF.name, a::SUBI.name),
        G::Mul => bin(a::MULF.name, a::MULI.name),
        G::Max => bin(a::MAXIMUMF.name, a::MAXSI.name),
        G::Min => bin(a::MINIMUMF.name, a::MINSI.name),
        G::Div if float => a::DIVF.name,
        G::Neg if float => a::NEGF.name,
        G::Exp if float => crate::ops::EXP.name,
        G::Tanh if float => crate::ops::TANH.name,
        G::Abs if float => crate::ops::ABS.name,
        G::Pow => crate::ops::POW.name,
        G::And => a::ANDI.name,
        G::Or => a::ORI.name,
        G::Xor => a::XORI.name,
        G::Sqrt => crate::ops::SQRT.name,
        G::Log => crate::ops::LOG.name,
        G::Erf => crate::ops::ERF.name,
        G::Sin => crate::ops::SIN.name,
        G::Cos => crate::ops::COS.name,
        G::Select => a::SELECT.name,
        _ => return None,
    })
}

/// The coefficient of `d{dim}` in a linear expression (`None`: not linear).
pub fn coefficient(e: &AffineExpr, dim: u32) -> Option<i64> {
    match e {
        AffineExpr::Dim(d) => Some((*d == dim) as i64),
        AffineExpr::Symbol(_) | AffineExpr::Const(_) => Some(0),
        AffineExpr::Add(a, b) => Some(coefficient(a, dim)? + coefficient(b, dim)?),
        AffineExpr::Mul(a, b) => match (&**a, &**b) {
            (x, AffineExpr::Const(c)) | (AffineExpr::Const(c), x) => Some(coefficient(x, dim)? * c),
            _ => None,
        },
        _ => None,
    }
}

/// The stored value of arith's comparison predicate `kw` (one of `e`'s own
/// keywords, so always found).
fn predicate(ctx: &mut Context, e: &EnumAttr, kw: &str) -> Attr {
    e.attr(ctx, e.case(kw).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::permute;

    /// `permute` against an index-by-index transpose, 2-byte elements.
    #[test]
    fn permute_matches_indexing() {
        let shape = [2i64, 3, 4];
        let data: Vec<u8> = (0..24u16).flat_map(|v| v.to_le_bytes()).collect();
        for perm in [[0i64, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0], [0, 2, 1]] {
            let got = permute(&data, 2, &shape, &perm);
            let out: Vec<usize> = perm.iter().map(|&p| shape[p as usize] as usize).collect();
            let mut want = Vec::new();
            for a in 0..out[0] {
                for b in 0..out[1] {
                    for c in 0..out[2] {
                        let mut src = [0usize; 3];
                        for (k, &i) in [a, b, c].iter().enumerate() {
                            src[perm[k] as usize] = i;
                        }
                        let at = (src[0] * 3 + src[1]) * 4 + src[2];
                        want.extend_from_slice(&data[2 * at..2 * at + 2]);
                    }
                }
            }
            assert_eq!(&*got, &want[..], "{perm:?}");
        }
    }
}

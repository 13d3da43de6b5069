//! Graph-level functions as programs the reference backend runs: the IR is
//! translated once (on the host, where the IR lives) into owned steps that
//! any thread can run. One mechanism serves kernel bodies (a variant's
//! function) and whole graph-level modules (the end-to-end oracle: graph.if,
//! func.call, placement ops as identities).

use crate::ops::{eval, GraphOp};
use std::sync::Arc;
use xir::attributes::AttrKind;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{Attr, Context, Ir, Op, Type, Value, DYNAMIC};
use xir_graph::shape;
use xir_runtime_hal::tensor::{byte_len, ShapeDisplay};
use xir_runtime_hal::{ElementType, HostTensor};
use xir_runtime_hal::{Error, OpError, Result};

/// The type of a value: a tensor (`None` for `?`) or a scalar (rank 0).
#[derive(Clone, Debug, PartialEq)]
pub struct ValueType {
    pub dims: Vec<Option<usize>>,
    pub element: ElementType,
    /// A scalar (`index`, `i1`, ...) rather than a tensor.
    pub scalar: bool,
}

impl ValueType {
    pub fn describe(&self) -> String {
        if self.scalar {
            return self.element.to_string();
        }
        let mut s = String::from("tensor<");
        for d in &self.dims {
            match d {
                Some(n) => s.push_str(&format!("{n}x")),
                None => s.push_str("?x"),
            }
        }
        s.push_str(&format!("{}>", self.element));
        s
    }

    /// Whether `t` has this type (dynamic dims match anything).
    pub fn accepts(&self, t: &HostTensor) -> bool {
        t.element == self.element
            && t.shape.len() == self.dims.len()
            && self
                .dims
                .iter()
                .zip(&t.shape)
                .all(|(d, &n)| d.is_none_or(|d| d == n))
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Step {
    Graph {
        op: GraphOp,
        operands: Vec<usize>,
        result: usize,
        ty: ValueType,
    },
    Constant {
        value: Arc<HostTensor>,
        result: usize,
    },
    Dim {
        operand: usize,
        index: usize,
        result: usize,
    },
    /// `graph.extract`: the one element, sign-extended to an `index`.
    Extract {
        operand: usize,
        result: usize,
    },
    Copy {
        operand: usize,
        result: usize,
    },
    If {
        cond: usize,
        then_: Body,
        else_: Body,
        results: Vec<usize>,
    },
    Call {
        callee: usize,
        operands: Vec<usize>,
        results: Vec<usize>,
    },
    /// A composite op (`crate::composite`): one or more results.
    Composite {
        op: crate::composite::Composite,
        operands: Vec<usize>,
        results: Vec<usize>,
        tys: Vec<ValueType>,
    },
    /// A window op (`crate::window`): one result.
    Window {
        op: crate::window::WindowOp,
        operands: Vec<usize>,
        result: usize,
        ty: ValueType,
    },
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Body {
    steps: Vec<Step>,
    yields: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<ValueType>,
    pub results: Vec<ValueType>,
    body: Body,
    slots: usize,
}

/// Translated functions; calls refer to each other by index.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub functions: Vec<Function>,
}

/// A translation error: the op it is about and why.
pub type TranslateError = OpError;

/// A malformed op.
fn bad(op: Op, m: impl Into<String>) -> TranslateError {
    Error::invalid_argument(m).at(op)
}

/// The runtime type of an xir type.
pub fn value_type(ctx: &Context, t: Type) -> Result<ValueType> {
    let unsupported = |t| {
        Error::unimplemented(format!(
            "type '{}' is not supported by the runtime",
            xir::printer::type_to_string(ctx, t)
        ))
    };
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Ok(ValueType {
            dims: shape
                .iter()
                .map(|&d| if d == DYNAMIC { None } else { Some(d as usize) })
                .collect(),
            element: ElementType::from_type(ctx, *element).ok_or_else(|| unsupported(t))?,
            scalar: false,
        }),
        _ => Ok(ValueType {
            dims: vec![],
            element: ElementType::from_type(ctx, t).ok_or_else(|| unsupported(t))?,
            scalar: true,
        }),
    }
}

fn i64_array(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Result<Vec<i64>, TranslateError> {
    match op_attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => Ok(values.iter().map(|&v| v as i64).collect()),
        _ => Err(bad(op, format!("missing array attribute '{name}'"))),
    }
}

fn usize_array(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Result<Vec<usize>, TranslateError> {
    i64_array(ctx, ir, op, name)?
        .into_iter()
        .map(|v| usize::try_from(v).map_err(|_| bad(op, format!("negative entry in '{name}'"))))
        .collect()
}

fn int_attr(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Result<i64, TranslateError> {
    use num_traits::ToPrimitive;
    match op_attr(ctx, ir, op, name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => value
            .to_i64()
            .ok_or_else(|| bad(op, format!("'{name}' out of range"))),
        _ => Err(bad(op, format!("missing integer attribute '{name}'"))),
    }
}

/// The tensor (or scalar) an elements or scalar attribute holds.
pub fn constant_value(ctx: &Context, a: Attr, ty: &ValueType) -> Result<HostTensor> {
    use num_traits::ToPrimitive;
    let shape: Vec<usize> = ty
        .dims
        .iter()
        .map(|d| d.ok_or_else(|| Error::invalid_argument("a constant of dynamic shape")))
        .collect::<Result<_, _>>()?;
    let esize = ty.element.byte_size();
    let n = byte_len(ty.element, &shape)
        .ok_or_else(|| Error::invalid_argument("constant too large"))?;
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { splat, data, .. } => {
            if data.len() != if *splat { esize } else { n } {
                return Err(Error::invalid_argument(format!(
                    "elements of {} bytes for a {}",
                    data.len(),
                    ty.describe()
                )));
            }
            let data = if *splat {
                data.iter().copied().cycle().take(n).collect()
            } else {
                data.to_vec()
            };
            HostTensor::new(ty.element, shape, data)
        }
        AttrKind::Integer { value, .. } => {
            let v = value
                .to_i128()
                .ok_or_else(|| Error::unimplemented("integer constant out of range"))?;
            let bytes = (v as u128).to_le_bytes();
            HostTensor::new(ty.element, shape, bytes[..esize].to_vec())
        }
        AttrKind::Float { bits, .. } => {
            HostTensor::new(ty.element, shape, bits.to_le_bytes()[..esize].to_vec())
        }
        _ => Err(Error::unimplemented(format!(
            "unsupported constant '{}'",
            xir::printer::attr_to_string(ctx, a)
        ))),
    }
}

mod composites;
mod windows;

pub(crate) struct Translator<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    /// Function ops in program order, looked up by symbol for calls.
    funcs: &'a [(Vec<u8>, Op)],
    slots: rustc_hash::FxHashMap<Value, usize>,
}

impl Translator<'_> {
    fn slot(&mut self, v: Value) -> usize {
        let n = self.slots.len();
        *self.slots.entry(v).or_insert(n)
    }

    fn used(&self, op: Op, v: Value) -> Result<usize, TranslateError> {
        self.slots
            .get(&v)
            .copied()
            .ok_or_else(|| bad(op, "operand defined outside what the runtime runs"))
    }

    fn body(&mut self, block: xir::Block) -> Result<Body, TranslateError> {
        let mut body = Body::default();
        for op in self.ir.block_ops(block) {
            let name = self.ir.op(op).name;
            let Some(&Evaluate(translate)) = self.ctx.op_interface::<Evaluate>(name) else {
                let msg = format!("'{}' has no reference implementation", self.ctx.str(name));
                return Err(Error::unimplemented(msg).at(op));
            };
            let operands: Vec<usize> = self
                .ir
                .operands(op)
                .map(|v| self.used(op, v))
                .collect::<Result<_, _>>()?;
            let results: Vec<Value> = self.ir.results(op).to_vec();
            let results = results.into_iter().map(|r| self.slot(r)).collect();
            match translate(
                self,
                Operation {
                    op,
                    operands,
                    results,
                },
            )? {
                Lowered::Step(step) => body.steps.push(step),
                Lowered::Yield(values) => body.yields = values,
            }
        }
        Ok(body)
    }

    /// The runtime type of result `i` of `op`.
    fn result_type(&self, op: Op, i: usize) -> Result<ValueType, TranslateError> {
        value_type(self.ctx, self.ir.value_type(self.ir.result(op, i))).map_err(|e| e.at(op))
    }
}

/// An op being translated, its operands and results as slots.
pub(crate) struct Operation {
    op: Op,
    operands: Vec<usize>,
    results: Vec<usize>,
}

/// What an op becomes in a program.
pub(crate) enum Lowered {
    Step(Step),
    /// A terminator: the values its block yields.
    Yield(Vec<usize>),
}

type Translate = Result<Lowered, TranslateError>;

/// The reference backend's translation of one op kind: the interface it
/// attaches to every op it runs (see [`register`]), so no table of op names
/// lives here.
#[derive(Copy, Clone)]
pub(crate) struct Evaluate(fn(&mut Translator<'_>, Operation) -> Translate);

fn terminator(_: &mut Translator<'_>, o: Operation) -> Translate {
    Ok(Lowered::Yield(o.operands))
}

fn constant(t: &mut Translator<'_>, o: Operation) -> Translate {
    let ty = t.result_type(o.op, 0)?;
    let a =
        op_attr(t.ctx, t.ir, o.op, "value").ok_or_else(|| bad(o.op, "constant without a value"))?;
    let value = constant_value(t.ctx, a, &ty).map_err(|e| e.at(o.op))?;
    let result = o.results[0];
    Ok(Lowered::Step(Step::Constant {
        value: Arc::new(value),
        result,
    }))
}

fn dim(t: &mut Translator<'_>, o: Operation) -> Translate {
    let index = int_attr(t.ctx, t.ir, o.op, "index")? as usize;
    let (operand, result) = (o.operands[0], o.results[0]);
    Ok(Lowered::Step(Step::Dim {
        operand,
        index,
        result,
    }))
}

fn extract(_: &mut Translator<'_>, o: Operation) -> Translate {
    let (operand, result) = (o.operands[0], o.results[0]);
    Ok(Lowered::Step(Step::Extract { operand, result }))
}

/// Placement ops: the value itself (the reference has one memory).
fn identity(_: &mut Translator<'_>, o: Operation) -> Translate {
    let (operand, result) = (o.operands[0], o.results[0]);
    Ok(Lowered::Step(Step::Copy { operand, result }))
}

fn if_(t: &mut Translator<'_>, o: Operation) -> Translate {
    let regions = t.ir.regions(o.op).to_vec();
    let mut branch = |i: usize| match regions.get(i).and_then(|&r| t.ir.entry_block(r)) {
        Some(b) => t.body(b),
        None => Ok(Body::default()),
    };
    let then_ = branch(0)?;
    let else_ = branch(1)?;
    let (cond, results) = (o.operands[0], o.results);
    Ok(Lowered::Step(Step::If {
        cond,
        then_,
        else_,
        results,
    }))
}

fn call(t: &mut Translator<'_>, o: Operation) -> Translate {
    let callee = match op_attr(t.ctx, t.ir, o.op, "callee").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, nested }) if nested.is_empty() => {
            t.ctx.bytes(*root).to_vec()
        }
        _ => return Err(bad(o.op, "call without a flat callee")),
    };
    let callee = t
        .funcs
        .iter()
        .position(|(n, _)| *n == callee)
        .ok_or_else(|| {
            Error::not_found(format!(
                "unknown callee @{}",
                String::from_utf8_lossy(&callee)
            ))
            .at(o.op)
        })?;
    let (operands, results) = (o.operands, o.results);
    Ok(Lowered::Step(Step::Call {
        callee,
        operands,
        results,
    }))
}

/// A graph compute op with its semantics `g` (see `ops`).
fn graph(t: &mut Translator<'_>, o: Operation, g: GraphOp) -> Translate {
    let ty = t.result_type(o.op, 0)?;
    let (operands, result) = (o.operands, o.results[0]);
    Ok(Lowered::Step(Step::Graph {
        op: g,
        operands,
        result,
        ty,
    }))
}

macro_rules! plain {
    ($($f:ident => $g:ident),* $(,)?) => {$(
        fn $f(t: &mut Translator<'_>, o: Operation) -> Translate {
            graph(t, o, GraphOp::$g)
        }
    )*};
}

plain!(add => Add, sub => Sub, mul => Mul, div => Div, max => Max, neg => Neg, exp => Exp,
    tanh => Tanh, relu => Relu, matmul => Matmul, reshape => Reshape, min => Min, pow => Pow,
    and => And, or => Or, xor => Xor, abs => Abs, sqrt => Sqrt, log => Log, erf => Erf,
    sin => Sin, cos => Cos, sigmoid => Sigmoid, not => Not, select => Select, cast => Cast);

fn compare(t: &mut Translator<'_>, o: Operation) -> Translate {
    let predicate = match op_attr(t.ctx, t.ir, o.op, "predicate").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => return Err(bad(o.op, "missing string attribute 'predicate'")),
    };
    graph(t, o, GraphOp::Compare { predicate })
}

fn scatter(t: &mut Translator<'_>, o: Operation) -> Translate {
    let reduction = match op_attr(t.ctx, t.ir, o.op, "reduction").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => return Err(bad(o.op, "missing string attribute 'reduction'")),
    };
    graph(t, o, GraphOp::Scatter { reduction })
}

fn transpose(t: &mut Translator<'_>, o: Operation) -> Translate {
    let permutation = usize_array(t.ctx, t.ir, o.op, "permutation")?;
    graph(t, o, GraphOp::Transpose { permutation })
}

fn broadcast(t: &mut Translator<'_>, o: Operation) -> Translate {
    let dimensions = usize_array(t.ctx, t.ir, o.op, "dimensions")?;
    graph(t, o, GraphOp::Broadcast { dimensions })
}

fn reduce_sum(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axes = usize_array(t.ctx, t.ir, o.op, "axes")?;
    graph(t, o, GraphOp::ReduceSum { axes })
}

fn reduce_max(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axes = usize_array(t.ctx, t.ir, o.op, "axes")?;
    graph(t, o, GraphOp::ReduceMax { axes })
}

fn concat(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axis = int_attr(t.ctx, t.ir, o.op, "axis")? as usize;
    graph(t, o, GraphOp::Concat { axis })
}

fn slice(t: &mut Translator<'_>, o: Operation) -> Translate {
    let start = usize_array(t.ctx, t.ir, o.op, "start")?;
    let strides = usize_array(t.ctx, t.ir, o.op, "strides")?;
    graph(t, o, GraphOp::Slice { start, strides })
}

fn iota(t: &mut Translator<'_>, o: Operation) -> Translate {
    let d = int_attr(t.ctx, t.ir, o.op, "dimension")?;
    let dimension =
        usize::try_from(d).map_err(|_| bad(o.op, format!("dimension {d} is negative")))?;
    graph(t, o, GraphOp::Iota { dimension })
}

fn gather(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axis = int_attr(t.ctx, t.ir, o.op, "axis")?;
    let axis = usize::try_from(axis).map_err(|_| bad(o.op, format!("axis {axis} is negative")))?;
    graph(t, o, GraphOp::Gather { axis })
}

/// Attaches the reference backend's [`Evaluate`] to every op it runs: the
/// graph ops, constants, and the structure of graph programs and kernels
/// (returns, yields, ifs, calls). Ops are named by their records, not by
/// strings. Idempotent.
pub fn register(ctx: &mut Context) {
    use xir_graph::ops as g;
    let table: [(&xir::ods::OpSpec, Evaluate); 48] = [
        (&g::GATHER, Evaluate(gather)),
        (&g::SCATTER, Evaluate(scatter)),
        (&g::IOTA, Evaluate(iota)),
        (&g::MIN, Evaluate(min)),
        (&g::POW, Evaluate(pow)),
        (&g::AND, Evaluate(and)),
        (&g::OR, Evaluate(or)),
        (&g::XOR, Evaluate(xor)),
        (&g::ABS, Evaluate(abs)),
        (&g::SQRT, Evaluate(sqrt)),
        (&g::LOG, Evaluate(log)),
        (&g::ERF, Evaluate(erf)),
        (&g::SIN, Evaluate(sin)),
        (&g::COS, Evaluate(cos)),
        (&g::SIGMOID, Evaluate(sigmoid)),
        (&g::NOT, Evaluate(not)),
        (&g::SELECT, Evaluate(select)),
        (&g::CAST, Evaluate(cast)),
        (&g::COMPARE, Evaluate(compare)),
        (&g::ADD, Evaluate(add)),
        (&g::SUB, Evaluate(sub)),
        (&g::MUL, Evaluate(mul)),
        (&g::DIV, Evaluate(div)),
        (&g::MAX, Evaluate(max)),
        (&g::NEG, Evaluate(neg)),
        (&g::EXP, Evaluate(exp)),
        (&g::TANH, Evaluate(tanh)),
        (&g::RELU, Evaluate(relu)),
        (&g::MATMUL, Evaluate(matmul)),
        (&g::TRANSPOSE, Evaluate(transpose)),
        (&g::RESHAPE, Evaluate(reshape)),
        (&g::BROADCAST, Evaluate(broadcast)),
        (&g::REDUCE_SUM, Evaluate(reduce_sum)),
        (&g::REDUCE_MAX, Evaluate(reduce_max)),
        (&g::CONCAT, Evaluate(concat)),
        (&g::SLICE, Evaluate(slice)),
        (&g::CONSTANT, Evaluate(constant)),
        (&g::DIM, Evaluate(dim)),
        (&g::EXTRACT, Evaluate(extract)),
        (&g::ON_DEVICE, Evaluate(identity)),
        (&g::TRANSFER, Evaluate(identity)),
        (&g::IF, Evaluate(if_)),
        (&g::YIELD, Evaluate(terminator)),
        (&xir_arith::ops::CONSTANT, Evaluate(constant)),
        (&xir_func::RETURN, Evaluate(terminator)),
        (&xir_func::CALL, Evaluate(call)),
        (&xir_scf::ops::IF, Evaluate(if_)),
        (&xir_scf::ops::YIELD, Evaluate(terminator)),
    ];
    for (spec, e) in table {
        ctx.attach_interface(spec.name, e);
    }
    composites::register(ctx);
    windows::register(ctx);
}

impl Program {
    /// Translates the `func.func`s directly inside `module` (declarations are
    /// an error when called).
    pub fn from_module(ctx: &Context, ir: &Ir, module: Op) -> Result<Program, TranslateError> {
        let mut funcs = Vec::new();
        if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
            for op in ir.block_ops(b) {
                if ctx.str(ir.op(op).name) == xir_func::FUNC.name {
                    let name = xir::symbol::symbol_name(ctx, ir, op)
                        .unwrap_or_default()
                        .to_vec();
                    funcs.push((name, op));
                }
            }
        }
        let mut program = Program::default();
        for (name, f) in &funcs {
            let ty = op_attr(ctx, ir, *f, "function_type")
                .and_then(|a| match ctx.attr_kind(a) {
                    AttrKind::Type(t) => Some(*t),
                    _ => None,
                })
                .ok_or_else(|| bad(*f, "function without a type"))?;
            let (ins, outs) = match ctx.type_kind(ty) {
                TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
                _ => return Err(bad(*f, "function without a function type")),
            };
            let conv = |ts: &[Type]| {
                ts.iter()
                    .map(|&t| value_type(ctx, t).map_err(|e| e.at(*f)))
                    .collect::<Result<Vec<_>, _>>()
            };
            let mut t = Translator {
                ctx,
                ir,
                funcs: &funcs,
                slots: Default::default(),
            };
            let entry = ir.regions(*f).first().and_then(|&r| ir.entry_block(r));
            let body = match entry {
                Some(b) => {
                    for &a in ir.block_args(b) {
                        t.slot(a);
                    }
                    t.body(b)?
                }
                None => Body::default(),
            };
            program.functions.push(Function {
                name: String::from_utf8_lossy(name).into_owned(),
                params: conv(&ins)?,
                results: conv(&outs)?,
                body,
                slots: t.slots.len(),
            });
        }
        Ok(program)
    }

    pub fn function(&self, name: &str) -> Option<usize> {
        self.functions.iter().position(|f| f.name == name)
    }

    /// Runs function `index` on `args` (checked against its parameters).
    pub fn call(&self, index: usize, args: Vec<Arc<HostTensor>>) -> Result<Vec<Arc<HostTensor>>> {
        self.call_at_depth(index, args, 0)
    }

    fn call_at_depth(
        &self,
        index: usize,
        args: Vec<Arc<HostTensor>>,
        depth: usize,
    ) -> Result<Vec<Arc<HostTensor>>> {
        const MAX_DEPTH: usize = 200;
        let f = &self.functions[index];
        if depth > MAX_DEPTH {
            return Err(Error::resource_exhausted(format!(
                "calls nested deeper than {MAX_DEPTH} (at a call of @{})",
                f.name
            )));
        }
        if args.len() != f.params.len() {
            return Err(Error::invalid_argument(format!(
                "@{} takes {} arguments, got {}",
                f.name,
                f.params.len(),
                args.len()
            )));
        }
        for (i, (a, p)) in args.iter().zip(&f.params).enumerate() {
            if !p.accepts(a) {
                return Err(Error::invalid_argument(format!(
                    "@{} argument {i}: expected {}, got {}",
                    f.name,
                    p.describe(),
                    a.type_string()
                )));
            }
        }
        if f.body.steps.is_empty() && f.body.yields.is_empty() && !f.results.is_empty() {
            return Err(Error::invalid_argument(format!("@{} has no body", f.name)));
        }
        let mut env: Vec<Option<Arc<HostTensor>>> = vec![None; f.slots];
        for (i, a) in args.into_iter().enumerate() {
            env[i] = Some(a);
        }
        let out = self.run_body(&f.body, &mut env, depth)?;
        for (i, (r, t)) in out.iter().zip(&f.results).enumerate() {
            if !t.accepts(r) {
                return Err(Error::invalid_argument(format!(
                    "@{} result {i}: expected {}, got {}",
                    f.name,
                    t.describe(),
                    r.type_string()
                )));
            }
        }
        Ok(out)
    }

    fn run_body(
        &self,
        body: &Body,
        env: &mut [Option<Arc<HostTensor>>],
        depth: usize,
    ) -> Result<Vec<Arc<HostTensor>>> {
        let get = |env: &[Option<Arc<HostTensor>>], s: usize| {
            env[s]
                .clone()
                .ok_or_else(|| Error::internal("value used before it is defined"))
        };
        let all = |env: &[Option<Arc<HostTensor>>], operands: &[usize]| {
            operands
                .iter()
                .map(|&s| get(env, s))
                .collect::<Result<Vec<_>>>()
        };
        for step in &body.steps {
            match step {
                Step::Constant { value, result } => env[*result] = Some(value.clone()),
                Step::Copy { operand, result } => env[*result] = Some(get(env, *operand)?),
                Step::Extract { operand, result } => {
                    let t = get(env, *operand)?;
                    let width = t.element.byte_size();
                    if t.element_count() != 1 || !(1..=8).contains(&width) {
                        return Err(Error::invalid_argument(format!(
                            "graph.extract of a {}",
                            t.type_string()
                        )));
                    }
                    let mut bytes = [0u8; 8];
                    bytes[..width].copy_from_slice(&t.data[..width]);
                    let shift = 64 - 8 * width as u32;
                    let v = (i64::from_le_bytes(bytes) << shift) >> shift;
                    let v = HostTensor::new(ElementType::I64, vec![], v.to_le_bytes().to_vec())?;
                    env[*result] = Some(Arc::new(v));
                }
                Step::Dim {
                    operand,
                    index,
                    result,
                } => {
                    let t = get(env, *operand)?;
                    let d = *t.shape.get(*index).ok_or_else(|| {
                        Error::out_of_range(format!(
                            "dim {index} of a rank-{} tensor",
                            t.shape.len()
                        ))
                    })?;
                    let v = HostTensor::new(
                        ElementType::I64,
                        vec![],
                        (d as i64).to_le_bytes().to_vec(),
                    )?;
                    env[*result] = Some(Arc::new(v));
                }
                Step::Graph {
                    op,
                    operands,
                    result,
                    ty,
                } => {
                    let inputs = all(env, operands)?;
                    let refs: Vec<&HostTensor> = inputs.iter().map(|t| &**t).collect();
                    let (refs, given) = split_given_dims(op, &refs);
                    let shape = match given {
                        Some(g) => given_shape(&g, ty)?,
                        None => result_shape(op, refs, ty)?,
                    };
                    env[*result] = Some(Arc::new(eval(op, refs, &shape, ty.element)?));
                }
                Step::Composite {
                    op,
                    operands,
                    results,
                    tys,
                } => {
                    let inputs = all(env, operands)?;
                    let refs: Vec<&HostTensor> = inputs.iter().map(|t| &**t).collect();
                    let out = crate::composite::eval(op, &refs)?;
                    for ((&r, v), ty) in results.iter().zip(out).zip(tys) {
                        env[r] = Some(Arc::new(checked(op.name(), v, ty)?));
                    }
                }
                Step::Window {
                    op,
                    operands,
                    result,
                    ty,
                } => {
                    let inputs = all(env, operands)?;
                    let refs: Vec<&HostTensor> = inputs.iter().map(|t| &**t).collect();
                    let v = crate::window::eval(op, &refs, &ty.dims)?;
                    env[*result] = Some(Arc::new(checked(op.name(), v, ty)?));
                }
                Step::If {
                    cond,
                    then_,
                    else_,
                    results,
                } => {
                    let c = get(env, *cond)?;
                    let taken = if c.data.first().copied().unwrap_or(0) & 1 == 1 {
                        then_
                    } else {
                        else_
                    };
                    let out = self.run_body(taken, env, depth)?;
                    for (&r, v) in results.iter().zip(out) {
                        env[r] = Some(v);
                    }
                }
                Step::Call {
                    callee,
                    operands,
                    results,
                } => {
                    let args = operands
                        .iter()
                        .map(|&s| get(env, s))
                        .collect::<Result<_, _>>()?;
                    let out = self.call_at_depth(*callee, args, depth + 1)?;
                    for (&r, v) in results.iter().zip(out) {
                        env[r] = Some(v);
                    }
                }
            }
        }
        body.yields.iter().map(|&s| get(env, s)).collect()
    }
}

/// An op's tensor inputs and, for an op given its dynamic result dims
/// (`graph.reshape %x [%d]`, `broadcast`, `slice`: one tensor operand, then
/// an `index` per `?`; `iota`: the dims alone), the values of those dims.
fn split_given_dims<'a, 'b>(
    op: &GraphOp,
    inputs: &'a [&'b HostTensor],
) -> (&'a [&'b HostTensor], Option<Vec<i64>>) {
    // How many tensor operands come before the dims.
    let tensors = match op {
        GraphOp::Reshape | GraphOp::Broadcast { .. } | GraphOp::Slice { .. } => 1,
        GraphOp::Iota { .. } => 0,
        _ => return (inputs, None),
    };
    if inputs.len() <= tensors {
        return (inputs, None);
    }
    let dims = inputs[tensors..]
        .iter()
        .map(|t| {
            let b: [u8; 8] = t.data.get(..8)?.try_into().ok()?;
            Some(i64::from_le_bytes(b))
        })
        .collect();
    (&inputs[..tensors], dims)
}

/// The type's static dims with its `?` in order from `given`.
fn given_shape(given: &[i64], ty: &ValueType) -> Result<Vec<usize>> {
    let mut next = given.iter();
    ty.dims
        .iter()
        .map(|d| match d {
            Some(n) => Ok(*n),
            None => match next.next() {
                Some(&v) if v >= 0 => Ok(v as usize),
                Some(&v) => Err(Error::invalid_argument(format!(
                    "a dynamic dim given as {v}, below zero"
                ))),
                None => Err(Error::invalid_argument(format!(
                    "fewer given dims than the '?' of {}",
                    ty.describe()
                ))),
            },
        })
        .collect()
}

/// The run-time shape of an op's result: the type's static dims, the
/// dynamic ones derived from the inputs by the op's shape rule.
fn result_shape(op: &GraphOp, inputs: &[&HostTensor], ty: &ValueType) -> Result<Vec<usize>> {
    let s = |t: &HostTensor| t.shape.iter().map(|&d| d as i64).collect::<Vec<i64>>();
    let derived: Option<Vec<i64>> = match op {
        GraphOp::Add
        | GraphOp::Sub
        | GraphOp::Mul
        | GraphOp::Div
        | GraphOp::Max
        | GraphOp::Neg
        | GraphOp::Exp
        | GraphOp::Tanh
        | GraphOp::Relu
        | GraphOp::Min
        | GraphOp::Pow
        | GraphOp::And
        | GraphOp::Or
        | GraphOp::Xor
        | GraphOp::Abs
        | GraphOp::Sqrt
        | GraphOp::Log
        | GraphOp::Erf
        | GraphOp::Sin
        | GraphOp::Cos
        | GraphOp::Sigmoid
        | GraphOp::Not
        | GraphOp::Select
        | GraphOp::Cast
        | GraphOp::Compare { .. }
        | GraphOp::Scatter { .. } => inputs.first().map(|t| s(t)),
        GraphOp::Matmul if inputs.len() == 2 => {
            Some(shape::matmul(&s(inputs[0]), &s(inputs[1])).map_err(Error::invalid_argument)?)
        }
        GraphOp::Transpose { permutation } if inputs.len() == 1 => {
            let p: Vec<i64> = permutation.iter().map(|&x| x as i64).collect();
            Some(shape::transpose(&s(inputs[0]), &p).map_err(Error::invalid_argument)?)
        }
        GraphOp::ReduceSum { axes } | GraphOp::ReduceMax { axes } if inputs.len() == 1 => {
            let a: Vec<i64> = axes.iter().map(|&x| x as i64).collect();
            Some(shape::reduce(&s(inputs[0]), &a).map_err(Error::invalid_argument)?)
        }
        GraphOp::Concat { axis } if !inputs.is_empty() => {
            let mut out = s(inputs[0]);
            if *axis < out.len() {
                out[*axis] = inputs
                    .iter()
                    .map(|t| t.shape.get(*axis).copied().unwrap_or(0) as i64)
                    .sum();
            }
            Some(out)
        }
        GraphOp::Gather { axis } if inputs.len() == 2 && *axis < inputs[0].shape.len() => {
            let mut out = s(inputs[0]);
            out.splice(*axis..*axis + 1, s(inputs[1]));
            Some(out)
        }
        GraphOp::Broadcast { dimensions } if inputs.len() == 1 => {
            let mut out: Vec<i64> = ty
                .dims
                .iter()
                .map(|d| d.map_or(DYNAMIC, |d| d as i64))
                .collect();
            for (i, &r) in dimensions.iter().enumerate() {
                if let (Some(o), Some(&d)) = (out.get_mut(r), inputs[0].shape.get(i)) {
                    if *o == DYNAMIC {
                        *o = d as i64;
                    }
                }
            }
            Some(out)
        }
        GraphOp::Reshape if inputs.len() == 1 => {
            let unknown = ty.dims.iter().filter(|d| d.is_none()).count();
            let known: usize = ty.dims.iter().flatten().product();
            let total = inputs[0].element_count();
            if unknown == 1 && known > 0 && total.is_multiple_of(known) {
                Some(
                    ty.dims
                        .iter()
                        .map(|d| d.map_or((total / known) as i64, |d| d as i64))
                        .collect(),
                )
            } else {
                None
            }
        }
        _ => None,
    };
    let mut out = Vec::with_capacity(ty.dims.len());
    for (i, d) in ty.dims.iter().enumerate() {
        let v = match (d, derived.as_ref().and_then(|v| v.get(i))) {
            (Some(d), _) => *d,
            (None, Some(&v)) if v >= 0 => v as usize,
            _ => {
                return Err(Error::invalid_argument(format!(
                    "cannot derive dim {i} of a {} result",
                    ty.describe()
                )))
            }
        };
        out.push(v);
    }
    Ok(out)
}

/// `2x3xf32` of a shape and element type.
pub fn shape_string(shape: &[usize], element: ElementType) -> String {
    ShapeDisplay(shape, element).to_string()
}

/// `v`, the result of `op`, if it has type `ty`.
fn checked(op: &str, v: HostTensor, ty: &ValueType) -> Result<HostTensor> {
    if !ty.accepts(&v) {
        return Err(Error::invalid_argument(format!(
            "{op}: result is {}, expected {}",
            v.type_string(),
            ty.describe()
        )));
    }
    Ok(v)
}

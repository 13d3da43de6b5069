//! `graph-decompose`: rewrites the composite ops (`composite.rs`) into the
//! primitive graph ops the backends compile (reduce_sum / reduce_max,
//! broadcast, sub, exp, log, div, mul, add, sqrt, tanh, erf, constants).
//! Every op it creates gets the composite's location and its
//! `device.affinity`, so a placement made before survives. It runs first in
//! graph → flow.
//!
//! - `reduce_mean`: `reduce_sum`, then a division by the number of elements
//!   reduced (a splat constant).
//! - `softmax`: `m = reduce_max(x)`, `e = exp(x - broadcast(m))`,
//!   `e / broadcast(reduce_sum(e))`; `log_softmax`:
//!   `(x - broadcast(m)) - broadcast(log(reduce_sum(e)))`.
//! - `layer_norm` (ONNX's function body): `mean = reduce_sum(x) / n`,
//!   `d = x - broadcast(mean)`, `var = reduce_sum(d * d) / n`,
//!   `std = sqrt(var + epsilon)`, `result = d / broadcast(std) *
//!   broadcast(scale) + broadcast(bias)`; where used, `mean` and
//!   `inv_std_dev = 1 / std` broadcast to their keep-dims shape.
//! - `gelu`: `0.5 x (1 + erf(x * (1 / sqrt 2)))`, or the tanh form.
//! - `pow` of f32 or f64 by an exponent of 1, 2, 3 or 4 everywhere (a splat
//!   constant, or a broadcast one): multiplications (`x * x * x`), as
//!   onnxruntime computes squares and cubes and MLIR's math simplification
//!   does; GPT-2's tanh GELU cubes its input, and a call of pow per element
//!   cost 40 times the multiplications.
//!
//! f16 and bf16 operands are cast to f32 first (`graph.cast`), the
//! decomposition runs in f32 and each result is cast back: rounded once, as
//! ONNX's `stash_type = 1` and onnxruntime compute half floats.
//!
//! Dynamic dims: a mean's divisor (the element count of the reduced dims)
//! must be static, else the pass fails at the op with an error naming it.
//! Otherwise any dim may be dynamic: a constant of a dynamic shape is a 0-d
//! constant broadcast to it, and a broadcast whose dynamic result dim no
//! input dim gives (softmax's axis, reduced away) is given that dim
//! (`graph.dim` of the value it broadcasts back over).

mod attention;
mod window;

use crate::composite::{f32_prop, int_prop, stat_shape, str_prop, COMPOSITES};
use crate::syntax::i64_values;
use crate::window::WINDOWS;
use xir::diag::Diagnostic;
use xir::pass::{Pass, PassContext};
use xir::symbol::op_attr;
use xir::types::{FloatKind, TypeKind};
use xir::{Attr, AttrKind, Context, Ir, Op, OperationState, Type, Value, DYNAMIC};

/// The discardable attribute that holds an op's placement.
const AFFINITY: &str = "device.affinity";

#[derive(Default)]
pub struct Decompose {
    /// Leave the convs a kernel stage computes whole ([`window_stage_eligible`]).
    pub keep_windows: bool,
    /// Form `graph.attention` and leave it whole ([`attention_stage_eligible`]).
    pub keep_attention: bool,
}

/// Which ops [`decompose_with`] leaves whole, for the kernel stages that compute them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Keep {
    /// [`window_stage_eligible`] convs and pools.
    pub windows: bool,
    /// [`attention_stage_eligible`] attentions.
    pub attention: bool,
}

impl Decompose {
    pub const ARGUMENT: &'static str = "graph-decompose";
    pub const SUMMARY: &'static str =
        "Rewrite composite graph ops (reduce_mean, softmax, log_softmax, layer_norm, gelu, attention, and the window ops conv, conv_transpose, max_pool, avg_pool, pad, resize) into primitive graph ops, and powers by 1 to 4 into multiplications";
}

impl Pass for Decompose {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "Decompose"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn options(&self) -> Vec<xir::pass::PassOption> {
        vec![
            xir::pass::PassOption {
                name: "keep-windows",
                help: "Leave each 1-d or 2-d f32 conv, max_pool and avg_pool of static shape (but its batch) whole, for the kernel lowering (a kernel.conv or kernel.pool stage where the target has them, decomposed there otherwise)",
                default: "false".into(),
            },
            xir::pass::PassOption {
                name: "keep-attention",
                help: "Form graph.attention from matmul, scale, mask, softmax and matmul, and leave each f32 attention whole, for the kernel lowering (a kernel.attention stage where the target has it, decomposed there otherwise)",
                default: "false".into(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let flag = match name {
            "keep-windows" => &mut self.keep_windows,
            "keep-attention" => &mut self.keep_attention,
            _ => return Err(format!("no such option '{name}'")),
        };
        *flag = match value {
            "true" | "1" => true,
            "false" | "0" => false,
            v => return Err(format!("'{v}' is not a boolean")),
        };
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let fused = if self.keep_attention {
            attention::fuse(pc.ctx, pc.ir, op)
        } else {
            0
        };
        pc.add_statistic("num-attention", "Number of attentions formed", fused);
        let keep = Keep {
            windows: self.keep_windows,
            attention: self.keep_attention,
        };
        let (n, errors) = decompose_with(pc.ctx, pc.ir, op, keep);
        pc.add_statistic("num-decomposed", "Number of composite ops decomposed", n);
        let failed = !errors.is_empty();
        for d in errors {
            pc.diags.emit(d);
        }
        if failed {
            return Err(());
        }
        if n == 0 && fused == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}

/// Whether `op` is a window op a kernel stage computes (`kernel.conv`,
/// `kernel.pool`): `graph.conv`, `graph.max_pool` or `graph.avg_pool` over
/// a 1-d or 2-d f32 input, every shape static but the batch (dim 0 of the
/// input and the result).
pub fn window_stage_eligible(ctx: &Context, ir: &Ir, op: Op) -> bool {
    use crate::window::{AVG_POOL, CONV, MAX_POOL};
    if ![&CONV, &MAX_POOL, &AVG_POOL]
        .iter()
        .any(|s| s.is(ctx, ir, op))
    {
        return false;
    }
    let values: Vec<Value> = ir
        .operands(op)
        .chain(ir.results(op).iter().copied())
        .collect();
    let x_rank = match ctx.type_kind(ir.value_type(values[0])) {
        TypeKind::RankedTensor { shape, .. } => shape.len(),
        _ => return false,
    };
    let result = values.len() - 1;
    (3..=4).contains(&x_rank)
        && values
            .iter()
            .enumerate()
            .all(|(i, &v)| match ctx.type_kind(ir.value_type(v)) {
                TypeKind::RankedTensor { shape, element, .. } => {
                    let batch_dynamic = (i == 0 || i == result) && shape.first() == Some(&DYNAMIC);
                    !shape[usize::from(batch_dynamic)..].contains(&DYNAMIC)
                        && matches!(ctx.type_kind(*element), TypeKind::Float(FloatKind::F32))
                }
                _ => false,
            })
}

/// Whether `op` is an attention a kernel stage computes (`kernel.attention`): a
/// `graph.attention` of f32 (any shape, dynamic dims included).
pub fn attention_stage_eligible(ctx: &Context, ir: &Ir, op: Op) -> bool {
    crate::attention::ATTENTION.is(ctx, ir, op)
        && matches!(ctx.type_kind(ir.value_type(ir.result(op, 0))),
            TypeKind::RankedTensor { element, .. }
                if matches!(ctx.type_kind(*element), TypeKind::Float(FloatKind::F32)))
}

/// Whether `op` is a composite graph op.
pub fn is_composite(ctx: &Context, ir: &Ir, op: Op) -> bool {
    COMPOSITES.iter().any(|s| s.is(ctx, ir, op))
        || WINDOWS.iter().any(|s| s.is(ctx, ir, op))
        || crate::attention::ATTENTION.is(ctx, ir, op)
}

/// Decomposes every composite op under `root`: how many, and the errors of
/// those that could not be (left in place).
pub fn decompose(ctx: &mut Context, ir: &mut Ir, root: Op) -> (u64, Vec<Diagnostic>) {
    decompose_with(ctx, ir, root, Keep::default())
}

/// [`decompose`], leaving whole the ops a kernel stage computes that `keep` names.
pub fn decompose_with(
    ctx: &mut Context,
    ir: &mut Ir,
    root: Op,
    keep: Keep,
) -> (u64, Vec<Diagnostic>) {
    let found: Vec<Op> = xir::walk::preorder(ir, root)
        .into_iter()
        .filter(|&o| is_composite(ctx, ir, o) || small_power(ctx, ir, o).is_some())
        .filter(|&o| !(keep.windows && window_stage_eligible(ctx, ir, o)))
        .filter(|&o| !(keep.attention && attention_stage_eligible(ctx, ir, o)))
        .collect();
    let mut done = 0;
    let mut errors = Vec::new();
    for op in found {
        match decompose_op(ctx, ir, op) {
            Ok(()) => done += 1,
            Err(m) => {
                let d = ir.op(op);
                let msg = format!("'{}' op cannot be decomposed: {m}", ctx.str(d.name));
                errors.push(Diagnostic::error(d.loc, msg));
            }
        }
    }
    (done, errors)
}

/// Builds ops before `at` with its location and placement.
struct Builder<'a> {
    ctx: &'a mut Context,
    ir: &'a mut Ir,
    at: Op,
    loc: Attr,
    attrs: Attr,
    /// The ops made so far (erased again when the decomposition fails).
    made: &'a mut Vec<Op>,
    /// A window op's dynamic batch (dim 0 of its input), given to the ops
    /// whose result dim 0 no operand holds.
    batch: Option<Value>,
}

impl Builder<'_> {
    fn shape(&self, v: Value) -> Vec<i64> {
        match self.ctx.type_kind(self.ir.value_type(v)) {
            TypeKind::RankedTensor { shape, .. } => shape.clone(),
            _ => Vec::new(),
        }
    }

    fn element(&self, v: Value) -> Type {
        match self.ctx.type_kind(self.ir.value_type(v)) {
            TypeKind::RankedTensor { element, .. } => *element,
            _ => self.ir.value_type(v),
        }
    }

    fn tensor(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.ctx.intern_type(TypeKind::RankedTensor {
            shape,
            element,
            encoding: None,
        })
    }

    fn array(&mut self, values: &[i64]) -> Attr {
        let element = self.ctx.i64();
        self.ctx.intern_attr(AttrKind::DenseArray {
            element,
            values: values.iter().map(|&v| v as u64).collect(),
        })
    }

    fn op(
        &mut self,
        name: &str,
        operands: Vec<Value>,
        ty: Type,
        props: Vec<(&str, Attr)>,
    ) -> Value {
        let properties = if props.is_empty() {
            None
        } else {
            let entries = props
                .into_iter()
                .map(|(k, a)| (self.ctx.ident(k), a))
                .collect();
            Some(self.ctx.dictionary(entries))
        };
        let new = self.ir.create_op(OperationState {
            name: self.ctx.ident(name),
            operands,
            result_types: vec![ty],
            properties,
            attrs: self.attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc: self.loc,
        });
        self.ir.insert_op_before(self.at, new);
        self.made.push(new);
        self.ir.result(new, 0)
    }

    fn binary(&mut self, name: &str, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        self.op(name, vec![a, b], ty, vec![])
    }

    fn unary(&mut self, name: &str, a: Value) -> Value {
        let ty = self.ir.value_type(a);
        self.op(name, vec![a], ty, vec![])
    }

    /// `graph.reduce_*` of `x` over `axes` (in increasing order).
    fn reduce(&mut self, name: &str, x: Value, axes: &[i64]) -> Value {
        let shape = self.shape(x);
        let kept = shape
            .iter()
            .enumerate()
            .filter(|(i, _)| !axes.contains(&(*i as i64)))
            .map(|(_, &d)| d)
            .collect();
        let elem = self.element(x);
        let ty = self.tensor(kept, elem);
        let axes = self.array(axes);
        self.op(name, vec![x], ty, vec![("axes", axes)])
    }

    /// `graph.broadcast` of `x` to `shape`, input dim `i` becoming `dims[i]`.
    fn broadcast(&mut self, x: Value, dims: &[i64], shape: Vec<i64>) -> Value {
        let xs = self.shape(x);
        let derived = dims.iter().zip(&xs).any(|(&d, &s)| d == 0 && s != 1);
        let mut operands = vec![x];
        let dynamic = shape.iter().filter(|&&d| d == DYNAMIC).count();
        if let (Some(b), false, 1, Some(&DYNAMIC)) = (self.batch, derived, dynamic, shape.first()) {
            operands.push(b);
        }
        let elem = self.element(x);
        let ty = self.tensor(shape, elem);
        let dims = self.array(dims);
        self.op("graph.broadcast", operands, ty, vec![("dimensions", dims)])
    }

    /// A splat constant `v` of static `shape` (rounded to the element type).
    fn splat(&mut self, v: f64, shape: &[i64], element: Type) -> Result<Value, String> {
        if shape.contains(&DYNAMIC) {
            let ty = self.tensor(shape.to_vec(), element);
            return Err(format!(
                "it needs a constant of type '{}', and a constant cannot have dynamic dims",
                xir::printer::type_to_string(self.ctx, ty)
            ));
        }
        let TypeKind::Float(kind) = *self.ctx.type_kind(element) else {
            return Err("a non-float element type".into());
        };
        let bytes = match kind {
            FloatKind::F64 => 8,
            FloatKind::F32 => 4,
            FloatKind::F16 | FloatKind::BF16 => 2,
            _ => return Err("an element type other than f16, bf16, f32, f64".into()),
        };
        let bits = xir::float::from_f64_bits(v.to_bits(), kind);
        let data: Box<[u8]> = bits.to_le_bytes()[..bytes].into();
        let ty = self.tensor(shape.to_vec(), element);
        let value = self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            splat: true,
            data,
        });
        Ok(self.op("graph.constant", vec![], ty, vec![("value", value)]))
    }

    /// A splat constant of `x`'s type; with dynamic dims, a 0-d constant
    /// broadcast to `x`'s dims.
    fn splat_like(&mut self, v: f64, x: Value) -> Result<Value, String> {
        let (shape, elem) = (self.shape(x), self.element(x));
        if !shape.contains(&DYNAMIC) {
            return self.splat(v, &shape, elem);
        }
        let c = self.splat(v, &[], elem)?;
        Ok(self.broadcast_like(c, &[], x))
    }

    /// `graph.dim` `k` of `x`.
    fn dim(&mut self, x: Value, k: usize) -> Value {
        let i64t = self.ctx.integer_type(64, xir::types::Signedness::Signless);
        let k = self.ctx.intern_attr(AttrKind::Integer {
            ty: i64t,
            value: (k as i64).into(),
        });
        let index = self.ctx.index_type();
        self.op("graph.dim", vec![x], index, vec![("index", k)])
    }

    /// `x` broadcast to `like`'s shape, input dim `i` becoming `dims[i]`. A
    /// dynamic result dim that no input dim gives (a dim reduced away, a
    /// stretched 1) is given as `like`'s, so every dim has a value.
    fn broadcast_like(&mut self, x: Value, dims: &[i64], like: Value) -> Value {
        let (xs, shape) = (self.shape(x), self.shape(like));
        let derived = |r: usize| dims.iter().zip(&xs).any(|(&d, &s)| d == r as i64 && s != 1);
        let mut given = Vec::new();
        if (0..shape.len()).any(|r| shape[r] == DYNAMIC && !derived(r)) {
            for k in (0..shape.len()).filter(|&k| shape[k] == DYNAMIC) {
                given.push(self.dim(like, k));
            }
        }
        let elem = self.element(x);
        let ty = self.tensor(shape, elem);
        let dims = self.array(dims);
        let mut operands = vec![x];
        operands.extend(given);
        self.op("graph.broadcast", operands, ty, vec![("dimensions", dims)])
    }
}

/// The dims of `0..rank` not in `axes`.
fn kept_dims(rank: usize, axes: &[i64]) -> Vec<i64> {
    (0..rank as i64).filter(|d| !axes.contains(d)).collect()
}

/// The number of elements over `axes` of `shape`, which must be static there.
fn count(shape: &[i64], axes: &[i64]) -> Result<f64, String> {
    let mut n = 1f64;
    for &a in axes {
        let d = shape[a as usize];
        if d == DYNAMIC {
            return Err(format!("the element count of reduced dim {a} is dynamic"));
        }
        n *= d as f64;
    }
    Ok(n)
}

fn decompose_op(ctx: &mut Context, ir: &mut Ir, op: Op) -> Result<(), String> {
    let mut made = Vec::new();
    let r = build(ctx, ir, op, &mut made);
    if r.is_err() {
        for &o in made.iter().rev() {
            ir.erase_op(o);
        }
    }
    r
}

fn build(ctx: &mut Context, ir: &mut Ir, op: Op, made: &mut Vec<Op>) -> Result<(), String> {
    let name = ctx.str(ir.op(op).name).to_string();
    let axis_prop = int_prop(ctx, ir, op, "axis");
    let mut b = Builder::before(ctx, ir, op, made);
    let operands: Vec<Value> = b.ir.operands(op).collect();
    // f16/bf16 are computed in f32 and rounded once at the end (ONNX's
    // stash_type = 1, what onnxruntime does for half floats).
    let narrow = matches!(
        b.ctx.type_kind(b.element(operands[0])),
        TypeKind::Float(FloatKind::F16 | FloatKind::BF16)
    );
    let operands = if narrow { b.widen(operands) } else { operands };
    let x = operands[0];
    let result = b.ir.results(op)[0];
    let axis = || axis_prop.ok_or_else(|| "no 'axis'".to_string());
    let results: Vec<Value> = match name.as_str() {
        "graph.reduce_mean" => vec![reduce_mean(&mut b, op, x)?],
        "graph.softmax" => vec![softmax(&mut b, x, axis()?, false)?],
        "graph.log_softmax" => vec![softmax(&mut b, x, axis()?, true)?],
        "graph.layer_norm" => layer_norm(&mut b, op, &operands, axis()?)?,
        "graph.gelu" => vec![gelu(&mut b, op, x)?],
        "graph.conv" => vec![window::conv(&mut b, op, &operands, result)?],
        "graph.conv_transpose" => vec![window::conv_transpose(&mut b, op, &operands, result)?],
        "graph.max_pool" => vec![window::pool(&mut b, op, x, result, true)?],
        "graph.avg_pool" => vec![window::pool(&mut b, op, x, result, false)?],
        "graph.pad" => vec![window::pad_op(&mut b, op, &operands)?],
        "graph.resize" => vec![window::resize(&mut b, op, x, result)?],
        "graph.attention" => vec![attention::decompose(&mut b, op, &operands)?],
        "graph.pow" => match small_power(b.ctx, b.ir, op) {
            Some(n) => vec![power(&mut b, x, n)],
            None => return Ok(()),
        },
        _ => return Ok(()),
    };
    let inputs: Vec<Value> = b.ir.operands(op).collect();
    b.replace(op, results, narrow);
    for v in inputs {
        crate::fold_conv::erase_dead(ctx, ir, v);
    }
    Ok(())
}

/// The exponent of `op` if it is `graph.pow` of f32 or f64 by 1, 2, 3 or 4
/// everywhere.
fn small_power(ctx: &Context, ir: &Ir, op: Op) -> Option<u32> {
    if ctx.str(ir.op(op).name) != "graph.pow" || ir.num_operands(op) != 2 {
        return None;
    }
    let mut e = ir.operand(op, 1);
    if let Some(d) = crate::fold_conv::def(ir, e) {
        if ctx.str(ir.op(d).name) == "graph.broadcast" {
            e = ir.operand(d, 0);
        }
    }
    let (_, values, _) = crate::fold_conv::constant_values(ctx, ir, e)?;
    let first = *values.first()?;
    if !values.iter().all(|&v| v == first) || ![1.0, 2.0, 3.0, 4.0].contains(&first) {
        return None;
    }
    let x = ir.value_type(ir.operand(op, 0));
    match ctx.type_kind(x) {
        TypeKind::RankedTensor { element, .. } => matches!(
            ctx.type_kind(*element),
            TypeKind::Float(FloatKind::F32 | FloatKind::F64)
        )
        .then_some(first as u32),
        _ => None,
    }
}

/// `x` to the power `n` (1 to 4) by multiplications: `x * x * x`, and the
/// square squared for 4.
fn power(b: &mut Builder, x: Value, n: u32) -> Value {
    match n {
        1 => x,
        2 => b.binary("graph.mul", x, x),
        3 => {
            let sq = b.binary("graph.mul", x, x);
            b.binary("graph.mul", sq, x)
        }
        _ => {
            let sq = b.binary("graph.mul", x, x);
            b.binary("graph.mul", sq, sq)
        }
    }
}

impl<'a> Builder<'a> {
    /// A builder of ops before `op`, with its location and placement.
    fn before(ctx: &'a mut Context, ir: &'a mut Ir, op: Op, made: &'a mut Vec<Op>) -> Self {
        let aff = ctx.dict_get(ir.op(op).attrs, AFFINITY);
        let attrs = match aff {
            Some(a) => {
                let k = ctx.ident(AFFINITY);
                ctx.dictionary(vec![(k, a)])
            }
            None => ctx.empty_dict(),
        };
        let loc = ir.op(op).loc;
        Builder {
            ctx,
            ir,
            at: op,
            loc,
            attrs,
            made,
            batch: None,
        }
    }

    /// Each of `operands` cast to f32 (`graph.cast`).
    fn widen(&mut self, operands: Vec<Value>) -> Vec<Value> {
        let f32 = self.ctx.float_type(FloatKind::F32);
        operands
            .into_iter()
            .map(|v| {
                let ty = self.tensor(self.shape(v), f32);
                self.op("graph.cast", vec![v], ty, vec![])
            })
            .collect()
    }

    /// Replaces `op`'s results with `results` (each cast back to its half
    /// float type when `narrow`) and erases it.
    fn replace(&mut self, op: Op, results: Vec<Value>, narrow: bool) {
        let old: Vec<Value> = self.ir.results(op).to_vec();
        for (from, mut to) in old.into_iter().zip(results) {
            if narrow && to != from {
                let ty = self.ir.value_type(from);
                to = self.op("graph.cast", vec![to], ty, vec![]);
            }
            self.ir.replace_all_uses(from, to);
        }
        self.ir.erase_op(op);
    }
}

/// `reduce_sum(x) / n` over `op`'s `axes`.
fn reduce_mean(b: &mut Builder, op: Op, x: Value) -> Result<Value, String> {
    let shape = b.shape(x);
    let mut axes = op_attr(b.ctx, b.ir, op, "axes")
        .and_then(|a| i64_values(b.ctx, a))
        .unwrap_or_default();
    axes.sort_unstable();
    let n = count(&shape, &axes)?;
    let sum = b.reduce("graph.reduce_sum", x, &axes);
    let c = b.splat_like(n, sum)?;
    Ok(b.binary("graph.div", sum, c))
}

/// softmax (or, with `log`, log_softmax) of `x` along axis `a`.
fn softmax(b: &mut Builder, x: Value, a: i64, log: bool) -> Result<Value, String> {
    let shape = b.shape(x);
    let keep = kept_dims(shape.len(), &[a]);
    let m = b.reduce("graph.reduce_max", x, &[a]);
    let mb = b.broadcast_like(m, &keep, x);
    let d = b.binary("graph.sub", x, mb);
    let e = b.unary("graph.exp", d);
    let s = b.reduce("graph.reduce_sum", e, &[a]);
    Ok(if !log {
        let sb = b.broadcast_like(s, &keep, x);
        b.binary("graph.div", e, sb)
    } else {
        let l = b.unary("graph.log", s);
        let lb = b.broadcast_like(l, &keep, x);
        b.binary("graph.sub", d, lb)
    })
}

/// layer_norm of `operands` (x, scale, bias) from axis `a` on: its result,
/// then the mean and inverse standard deviation where they are used (else
/// the op's own results, left as they are).
fn layer_norm(b: &mut Builder, op: Op, operands: &[Value], a: i64) -> Result<Vec<Value>, String> {
    let x = operands[0];
    let shape = b.shape(x);
    let rank = shape.len();
    let eps = f32_prop(b.ctx, b.ir, op, "epsilon").ok_or("no 'epsilon'")?;
    let axes: Vec<i64> = (a..rank as i64).collect();
    let keep: Vec<i64> = (0..a).collect();
    let n = count(&shape, &axes)?;
    // ONNX's function body: Deviation / StdDev, InvStdDev = 1 / StdDev.
    let sum = b.reduce("graph.reduce_sum", x, &axes);
    let cn = b.splat_like(n, sum)?;
    let mean = b.binary("graph.div", sum, cn);
    let mean_b = b.broadcast_like(mean, &keep, x);
    let d = b.binary("graph.sub", x, mean_b);
    let sq = b.binary("graph.mul", d, d);
    let sq_sum = b.reduce("graph.reduce_sum", sq, &axes);
    let cn = b.splat_like(n, sq_sum)?;
    let var = b.binary("graph.div", sq_sum, cn);
    let ce = b.splat_like(eps as f64, var)?;
    let var_eps = b.binary("graph.add", var, ce);
    let sd = b.unary("graph.sqrt", var_eps);
    let sd_b = b.broadcast_like(sd, &keep, x);
    let norm = b.binary("graph.div", d, sd_b);
    let scale = b.broadcast_like(operands[1], &axes, x);
    let scaled = b.binary("graph.mul", norm, scale);
    let bias = b.broadcast_like(operands[2], &axes, x);
    let y = b.binary("graph.add", scaled, bias);
    let stats = stat_shape(&shape, a as usize);
    let old: Vec<Value> = b.ir.results(op).to_vec();
    let mut out = vec![y];
    // The statistics only where they are used.
    out.push(if b.ir.has_uses(old[1]) {
        b.broadcast(mean, &keep, stats.clone())
    } else {
        old[1]
    });
    out.push(if b.ir.has_uses(old[2]) {
        let one = b.splat_like(1.0, sd)?;
        let inv = b.binary("graph.div", one, sd);
        b.broadcast(inv, &keep, stats)
    } else {
        old[2]
    });
    Ok(out)
}

/// `0.5 x (1 + erf(x / sqrt 2))`, or with `approximate = "tanh"`,
/// `0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))`.
fn gelu(b: &mut Builder, op: Op, x: Value) -> Result<Value, String> {
    let approx = str_prop(b.ctx, b.ir, op, "approximate").unwrap_or_default();
    let half = b.splat_like(0.5, x)?;
    let one = b.splat_like(1.0, x)?;
    let hx = b.binary("graph.mul", x, half);
    let inner = if approx == "tanh" {
        let k = b.splat_like(0.044715, x)?;
        let c = b.splat_like((2.0 / std::f64::consts::PI).sqrt(), x)?;
        let x2 = b.binary("graph.mul", x, x);
        let x3 = b.binary("graph.mul", x2, x);
        let kx3 = b.binary("graph.mul", x3, k);
        let sum = b.binary("graph.add", x, kx3);
        let arg = b.binary("graph.mul", sum, c);
        b.unary("graph.tanh", arg)
    } else {
        let c = b.splat_like(std::f64::consts::FRAC_1_SQRT_2, x)?;
        let arg = b.binary("graph.mul", x, c);
        b.unary("graph.erf", arg)
    };
    let t = b.binary("graph.add", inner, one);
    Ok(b.binary("graph.mul", hx, t))
}

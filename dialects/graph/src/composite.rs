//! The composite graph ops: ops an ONNX importer emits whole and that
//! `graph-decompose` (`decompose.rs`) rewrites into the primitive ops the
//! backends compile, before graph → flow.
//!
//! | op | operands → results | properties |
//! | --- | --- | --- |
//! | `graph.reduce_mean` | input → result (reduced dims removed) | `axes` (`array<i64>`) |
//! | `graph.softmax` `log_softmax` | input → result (same type) | `axis` (`i64`, `0 <= axis < rank`) |
//! | `graph.layer_norm` | input, scale, bias → result, mean, inv_std_dev | `axis` (`i64`), `epsilon` (`f32`) |
//! | `graph.gelu` | input → result (same type) | `approximate` (`"none"` or `"tanh"`) |
//!
//! Semantics (ONNX opset 13+ / 17+ / 20):
//! - `reduce_mean`: the sum over `axes` divided by the number of elements
//!   reduced (NaN when that is 0, as 0 / 0).
//! - `softmax`: `exp(x - max) / sum(exp(x - max))` along `axis`;
//!   `log_softmax`: `(x - max) - log(sum(exp(x - max)))`.
//! - `layer_norm`: over dims `[axis, rank)`: `mean`, population variance
//!   `var`, `inv_std_dev = 1 / sqrt(var + epsilon)`, `result = (x - mean) *
//!   inv_std_dev * scale + bias`; `scale` and `bias` have the normalized
//!   shape (dims `[axis, rank)` of the input); `mean` and `inv_std_dev` have
//!   the input's shape with dims `[axis, rank)` set to 1.
//! - `gelu`: `0.5 x (1 + erf(x / sqrt 2))`, or with `approximate = tanh`
//!   `0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))`.
//!
//! Every composite takes float tensors only (f16, bf16, f32, f64).

use crate::ops::{I64_ARRAY_ATTR, TENSOR};
use crate::shape::{self, dim_str};
use crate::syntax::{i64_values, I64_LIST};
use xir::dialect::Traits;
use xir::ods::constraints::{I64_ATTR, STR_ATTR};
use xir::ods::verify::op_error;
use xir::ods::{AttrConstraint, AttrForm, AttrSpec, OpSpec, ValueSpec};
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::{FloatKind, TypeKind};
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type};

/// `F32Attr`: a float attribute of type f32, written without its type.
pub const F32_ATTR: AttrConstraint = AttrConstraint {
    desc: "32-bit float attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Float { .. }),
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::Float { ty, .. }
            if matches!(ctx.type_kind(*ty), TypeKind::Float(FloatKind::F32)))
    },
    form: AttrForm::WithoutType,
    value_type: Some(|ctx| ctx.float_type(FloatKind::F32)),
};

const fn v(name: &'static str) -> ValueSpec {
    ValueSpec::one(name, TENSOR)
}

const PURE_SAME: Traits = Traits(Traits::PURE.0 | Traits::SAME_OPERANDS_AND_RESULT_TYPE.0);

pub static REDUCE_MEAN: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[AttrSpec::required("axes", I64_ARRAY_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify_composite),
    format: Some(
        "$input `axes` `=` custom<I64List>($axes) attr-dict `:` type($input) `->` type($result)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.reduce_mean")
};

macro_rules! along_axis {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("input")],
            results: &[v("result")],
            attrs: &[AttrSpec::required("axis", I64_ATTR)],
            traits: PURE_SAME,
            verify: Some(verify_composite),
            format: Some("$input `axis` `=` $axis attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

along_axis!(SOFTMAX, "graph.softmax");
along_axis!(LOG_SOFTMAX, "graph.log_softmax");

pub static LAYER_NORM: OpSpec = OpSpec {
    operands: &[v("input"), v("scale"), v("bias")],
    results: &[v("result"), v("mean"), v("inv_std_dev")],
    attrs: &[
        AttrSpec::required("axis", I64_ATTR),
        AttrSpec::required("epsilon", F32_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_composite),
    format: Some(
        "$input `,` $scale `,` $bias `axis` `=` $axis `epsilon` `=` $epsilon attr-dict `:` functional-type(operands, results)",
    ),
    ..OpSpec::new("graph.layer_norm")
};

pub static GELU: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[AttrSpec::required("approximate", STR_ATTR)],
    traits: PURE_SAME,
    verify: Some(verify_composite),
    format: Some("$input `approximate` `=` $approximate attr-dict `:` type($result)"),
    ..OpSpec::new("graph.gelu")
};

/// The composite ops (also in [`crate::ops::OPS`]).
pub static COMPOSITES: [&OpSpec; 5] = [&GELU, &LAYER_NORM, &LOG_SOFTMAX, &REDUCE_MEAN, &SOFTMAX];

fn tensor(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}

fn tensor_str(ctx: &Context, shape: &[i64], element: Type) -> String {
    let mut s = String::from("tensor<");
    for &d in shape {
        s.push_str(&dim_str(d));
        s.push('x');
    }
    s.push_str(&type_to_string(ctx, element));
    s.push('>');
    s
}

/// The `i64` property `key`.
pub fn int_prop(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<i64> {
    match ctx.attr_kind(op_attr(ctx, ir, op, key)?) {
        AttrKind::Integer { value, .. } => i64::try_from(value).ok(),
        _ => None,
    }
}

/// The string property `key`.
pub fn str_prop(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<String> {
    match ctx.attr_kind(op_attr(ctx, ir, op, key)?) {
        AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

/// The f32 property `key` (the value its bits mean).
pub fn f32_prop(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<f32> {
    match ctx.attr_kind(op_attr(ctx, ir, op, key)?) {
        AttrKind::Float { bits, .. } => Some(f32::from_bits(*bits as u32)),
        _ => None,
    }
}

/// The shape of `mean` / `inv_std_dev` of a layer norm: dims `[axis, rank)`
/// set to 1.
pub fn stat_shape(input: &[i64], axis: usize) -> Vec<i64> {
    input
        .iter()
        .enumerate()
        .map(|(i, &d)| if i < axis { d } else { 1 })
        .collect()
}

/// Every composite: float element types, then the op's own shape rule.
pub fn verify_composite(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let name = ctx.str(ir.op(op).name);
    let Some(&input) = ir.operands(op).collect::<Vec<_>>().first() else {
        return Ok(());
    };
    let Some((in_shape, elem)) = tensor(ctx, ir.value_type(input)) else {
        return Ok(());
    };
    if !matches!(ctx.type_kind(elem), TypeKind::Float(_)) {
        return err(format!(
            "requires a float element type, got '{}'",
            type_to_string(ctx, elem)
        ));
    }
    let rank = in_shape.len();
    let axis_in_range = |axis: i64| -> Result<usize, Diagnostic> {
        if axis < 0 || axis as usize >= rank {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("axis {axis} out of range for rank {rank}"),
            ));
        }
        Ok(axis as usize)
    };
    match name {
        "graph.reduce_mean" => {
            let Some(&r) = ir.results(op).first() else {
                return Ok(());
            };
            let Some((out, out_elem)) = tensor(ctx, ir.value_type(r)) else {
                return Ok(());
            };
            if out_elem != elem {
                return err(format!(
                    "element types differ: {} vs {}",
                    type_to_string(ctx, elem),
                    type_to_string(ctx, out_elem)
                ));
            }
            let axes = op_attr(ctx, ir, op, "axes")
                .and_then(|a| i64_values(ctx, a))
                .unwrap_or_default();
            let inferred = match shape::reduce(&in_shape, &axes) {
                Ok(s) => s,
                Err(m) => return err(m),
            };
            if !shape::matches(&inferred, &out) {
                return err(format!(
                    "result type '{}' does not match the inferred type '{}'",
                    tensor_str(ctx, &out, out_elem),
                    tensor_str(ctx, &inferred, elem)
                ));
            }
        }
        "graph.softmax" | "graph.log_softmax" => {
            axis_in_range(int_prop(ctx, ir, op, "axis").unwrap_or(0))?;
        }
        "graph.gelu" => {
            let a = str_prop(ctx, ir, op, "approximate").unwrap_or_default();
            if a != "none" && a != "tanh" {
                return err(format!(
                    "approximate must be \"none\" or \"tanh\", got \"{a}\""
                ));
            }
        }
        "graph.layer_norm" => {
            let axis = axis_in_range(int_prop(ctx, ir, op, "axis").unwrap_or(0))?;
            let normalized = &in_shape[axis..];
            let operands: Vec<_> = ir.operands(op).collect();
            for (k, what) in [(1, "scale"), (2, "bias")] {
                let Some((s, e)) = operands.get(k).and_then(|&v| tensor(ctx, ir.value_type(v)))
                else {
                    continue;
                };
                if e != elem {
                    return err(format!(
                        "{what} element type {} differs from the input's {}",
                        type_to_string(ctx, e),
                        type_to_string(ctx, elem)
                    ));
                }
                if !shape::matches(normalized, &s) {
                    return err(format!(
                        "{what} type '{}' must have the normalized shape '{}' (dims [{axis}, {rank}) of the input)",
                        tensor_str(ctx, &s, e),
                        tensor_str(ctx, normalized, elem)
                    ));
                }
            }
            let stats = stat_shape(&in_shape, axis);
            let results: Vec<_> = ir.results(op).to_vec();
            for (k, (what, want)) in [
                ("result", &in_shape),
                ("mean", &stats),
                ("inv_std_dev", &stats),
            ]
            .into_iter()
            .enumerate()
            {
                let Some((s, e)) = results.get(k).and_then(|&v| tensor(ctx, ir.value_type(v)))
                else {
                    continue;
                };
                if e != elem || !shape::matches(want, &s) {
                    return err(format!(
                        "{what} type '{}' does not match the inferred type '{}'",
                        tensor_str(ctx, &s, e),
                        tensor_str(ctx, want, elem)
                    ));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

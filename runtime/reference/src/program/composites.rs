//! The translation of the composite graph ops (`graph.reduce_mean`,
//! `softmax`, `log_softmax`, `layer_norm`, `gelu`, `attention`) into
//! [`Step::Composite`]s that run their direct semantics (`crate::composite`).

use super::{int_attr, usize_array, Evaluate, Lowered, Operation, Step, Translate, Translator};
use crate::composite::Composite;
use xir::attributes::AttrKind;
use xir::symbol::op_attr;
use xir::Context;
use xir_graph::composite as c;
use xir_runtime_hal::Error;

fn composite(t: &mut Translator<'_>, o: Operation, op: Composite) -> Translate {
    let tys = (0..o.results.len())
        .map(|i| t.result_type(o.op, i))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Lowered::Step(Step::Composite {
        op,
        operands: o.operands,
        results: o.results,
        tys,
    }))
}

fn axis(t: &Translator<'_>, o: &Operation) -> Result<usize, super::TranslateError> {
    let a = int_attr(t.ctx, t.ir, o.op, "axis")?;
    usize::try_from(a).map_err(|_| Error::invalid_argument(format!("negative axis {a}")).at(o.op))
}

fn reduce_mean(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axes = usize_array(t.ctx, t.ir, o.op, "axes")?;
    composite(t, o, Composite::ReduceMean { axes })
}

fn softmax(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axis = axis(t, &o)?;
    composite(t, o, Composite::Softmax { axis, log: false })
}

fn log_softmax(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axis = axis(t, &o)?;
    composite(t, o, Composite::Softmax { axis, log: true })
}

fn layer_norm(t: &mut Translator<'_>, o: Operation) -> Translate {
    let axis = axis(t, &o)?;
    let epsilon = match op_attr(t.ctx, t.ir, o.op, "epsilon").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::Float { bits, .. }) => f32::from_bits(*bits as u32),
        _ => return Err(Error::invalid_argument("missing float attribute 'epsilon'").at(o.op)),
    };
    composite(t, o, Composite::LayerNorm { axis, epsilon })
}

fn gelu(t: &mut Translator<'_>, o: Operation) -> Translate {
    let tanh = match op_attr(t.ctx, t.ir, o.op, "approximate").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => match &**value {
            b"tanh" => true,
            b"none" => false,
            _ => {
                return Err(
                    Error::invalid_argument("'approximate' is neither none nor tanh").at(o.op),
                )
            }
        },
        _ => {
            return Err(Error::invalid_argument("missing string attribute 'approximate'").at(o.op))
        }
    };
    composite(t, o, Composite::Gelu { tanh })
}

/// `graph.attention`: query, key, value and the optional mask (3 or 4
/// operands; the composite checks their shapes).
fn attention(t: &mut Translator<'_>, o: Operation) -> Translate {
    let scale = match op_attr(t.ctx, t.ir, o.op, "scale").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::Float { bits, .. }) => f32::from_bits(*bits as u32),
        _ => return Err(Error::invalid_argument("missing float attribute 'scale'").at(o.op)),
    };
    if !(3..=4).contains(&o.operands.len()) {
        return Err(Error::invalid_argument(format!(
            "expects 3 or 4 operands (query, key, value, mask), got {}",
            o.operands.len()
        ))
        .at(o.op));
    }
    let nan_to_zero = op_attr(t.ctx, t.ir, o.op, "nan_to_zero").is_some();
    composite(t, o, Composite::Attention { scale, nan_to_zero })
}

/// Attaches [`Evaluate`] to the composite ops.
pub(super) fn register(ctx: &mut Context) {
    let table: [(&xir::ods::OpSpec, Evaluate); 6] = [
        (&c::REDUCE_MEAN, Evaluate(reduce_mean)),
        (&c::SOFTMAX, Evaluate(softmax)),
        (&c::LOG_SOFTMAX, Evaluate(log_softmax)),
        (&c::LAYER_NORM, Evaluate(layer_norm)),
        (&c::GELU, Evaluate(gelu)),
        (&xir_graph::attention::ATTENTION, Evaluate(attention)),
    ];
    for (spec, e) in table {
        ctx.attach_interface(spec.name, e);
    }
}

//! The translation of the window graph ops (`graph.conv`, `conv_transpose`,
//! `max_pool`, `avg_pool`, `pad`, `resize`) into [`Step::Window`]s that run
//! their direct semantics (`crate::window`).

use super::{
    bad, int_attr, usize_array, Evaluate, Lowered, Operation, Step, Translate, TranslateError,
    Translator,
};
use crate::window::{CoordinateMode, Geometry, NearestMode, PadMode, Resize, ResizeMode, WindowOp};
use xir::attributes::AttrKind;
use xir::symbol::op_attr;
use xir::Context;
use xir_graph::window as w;
use xir_runtime_hal::Result;

fn window(t: &mut Translator<'_>, o: Operation, op: WindowOp) -> Translate {
    let ty = t.result_type(o.op, 0)?;
    Ok(Lowered::Step(Step::Window {
        op,
        operands: o.operands,
        result: o.results[0],
        ty,
    }))
}

fn geometry(t: &Translator<'_>, o: &Operation) -> Result<Geometry, TranslateError> {
    Ok(Geometry {
        strides: usize_array(t.ctx, t.ir, o.op, "strides")?,
        dilations: usize_array(t.ctx, t.ir, o.op, "dilations")?,
        pads: usize_array(t.ctx, t.ir, o.op, "pads")?,
    })
}

fn count(t: &Translator<'_>, o: &Operation, name: &str) -> Result<usize, TranslateError> {
    let v = int_attr(t.ctx, t.ir, o.op, name)?;
    usize::try_from(v).map_err(|_| bad(o.op, format!("'{name}' is negative ({v})")))
}

fn flag(t: &Translator<'_>, o: &Operation, name: &str) -> Result<bool, TranslateError> {
    match int_attr(t.ctx, t.ir, o.op, name)? {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(bad(o.op, format!("'{name}' must be 0 or 1, got {v}"))),
    }
}

/// The string property `name`, read by `parse`.
fn keyword<T>(
    t: &Translator<'_>,
    o: &Operation,
    name: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<T, TranslateError> {
    let s = match op_attr(t.ctx, t.ir, o.op, name).map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => return Err(bad(o.op, format!("missing string attribute '{name}'"))),
    };
    parse(&s).ok_or_else(|| bad(o.op, format!("unknown '{name}' \"{s}\"")))
}

fn conv(t: &mut Translator<'_>, o: Operation) -> Translate {
    let geometry = geometry(t, &o)?;
    let groups = count(t, &o, "groups")?;
    window(t, o, WindowOp::Conv { geometry, groups })
}

fn conv_transpose(t: &mut Translator<'_>, o: Operation) -> Translate {
    let geometry = geometry(t, &o)?;
    let output_padding = usize_array(t.ctx, t.ir, o.op, "output_padding")?;
    let groups = count(t, &o, "groups")?;
    window(
        t,
        o,
        WindowOp::ConvTranspose {
            geometry,
            output_padding,
            groups,
        },
    )
}

fn max_pool(t: &mut Translator<'_>, o: Operation) -> Translate {
    let kernel = usize_array(t.ctx, t.ir, o.op, "kernel_shape")?;
    let geometry = geometry(t, &o)?;
    let ceil = flag(t, &o, "ceil_mode")?;
    window(
        t,
        o,
        WindowOp::MaxPool {
            kernel,
            geometry,
            ceil,
        },
    )
}

fn avg_pool(t: &mut Translator<'_>, o: Operation) -> Translate {
    let kernel = usize_array(t.ctx, t.ir, o.op, "kernel_shape")?;
    let geometry = geometry(t, &o)?;
    let ceil = flag(t, &o, "ceil_mode")?;
    let count_include_pad = flag(t, &o, "count_include_pad")?;
    window(
        t,
        o,
        WindowOp::AvgPool {
            kernel,
            geometry,
            ceil,
            count_include_pad,
        },
    )
}

fn pad(t: &mut Translator<'_>, o: Operation) -> Translate {
    let pads = super::i64_array(t.ctx, t.ir, o.op, "pads")?;
    let mode = keyword(t, &o, "mode", PadMode::parse)?;
    window(t, o, WindowOp::Pad { pads, mode })
}

fn resize(t: &mut Translator<'_>, o: Operation) -> Translate {
    let scales = match op_attr(t.ctx, t.ir, o.op, "scales").map(|a| t.ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => {
            values.iter().map(|&b| f64::from_bits(b)).collect()
        }
        _ => return Err(bad(o.op, "missing array attribute 'scales'")),
    };
    let cubic_coeff_a =
        match op_attr(t.ctx, t.ir, o.op, "cubic_coeff_a").map(|a| t.ctx.attr_kind(a)) {
            Some(AttrKind::Float { bits, .. }) => f32::from_bits(*bits as u32) as f64,
            _ => return Err(bad(o.op, "missing float attribute 'cubic_coeff_a'")),
        };
    let r = Resize {
        scales,
        mode: keyword(t, &o, "mode", ResizeMode::parse)?,
        coordinate: keyword(
            t,
            &o,
            "coordinate_transformation_mode",
            CoordinateMode::parse,
        )?,
        nearest: keyword(t, &o, "nearest_mode", NearestMode::parse)?,
        cubic_coeff_a,
        exclude_outside: flag(t, &o, "exclude_outside")?,
    };
    window(t, o, WindowOp::Resize(r))
}

/// Attaches [`Evaluate`] to the window ops.
pub(super) fn register(ctx: &mut Context) {
    let table: [(&xir::ods::OpSpec, Evaluate); 6] = [
        (&w::CONV, Evaluate(conv)),
        (&w::CONV_TRANSPOSE, Evaluate(conv_transpose)),
        (&w::MAX_POOL, Evaluate(max_pool)),
        (&w::AVG_POOL, Evaluate(avg_pool)),
        (&w::PAD, Evaluate(pad)),
        (&w::RESIZE, Evaluate(resize)),
    ];
    for (spec, e) in table {
        ctx.attach_interface(spec.name, e);
    }
}

//! Reductions: ReduceSum, ReduceMax and ReduceMean as graph reductions, the
//! other Reduce* ops and the global poolings composed from them. ONNX moved
//! the axes of every Reduce* op but ReduceSum from an attribute to an input
//! at opset 18 (ReduceSum at 13), so those have an entry per definition.

use super::{Converter, R};
use crate::builder::{Binary, Reduction, Unary, V};
use crate::convert::{float_only, need_static, norm_axis, Importer};
use crate::node::Node;
use crate::types::ElementType;

/// The Reduce* ops.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sum,
    Max,
    Mean,
    Min,
    L1,
    L2,
    SumSquare,
    LogSum,
    LogSumExp,
}

/// Where a Reduce* op's axes come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axes {
    /// The `axes` attribute (before opset 18).
    Attr,
    /// Input 1, with `noop_with_empty_axes`.
    Input,
}

const BY_ATTR: &[&str] = &["keepdims", "axes"];
const BY_INPUT: &[&str] = &["keepdims", "noop_with_empty_axes"];

/// The table: ReduceSum, the other Reduce* ops with two entries each (axes by
/// attribute to opset 17, by input from 18), then `$rest`.
macro_rules! table {
    ([$($op:literal: $kind:ident, $doc:literal;)*] $($rest:expr,)*) => {
        pub const CONVERTERS: &[Converter] = &[
            Converter::new(
                "ReduceSum",
                BY_INPUT,
                |im, n| reduce(im, n, Kind::Sum, Axes::Input),
                "`graph.reduce_sum`",
            ),
            $(
                Converter::new($op, BY_ATTR, |im, n| reduce(im, n, Kind::$kind, Axes::Attr), $doc)
                    .opsets(crate::MIN_OPSET, 17),
                Converter::new($op, BY_INPUT, |im, n| reduce(im, n, Kind::$kind, Axes::Input), $doc)
                    .opsets(18, crate::MAX_OPSET),
            )*
            $($rest,)*
        ];
    };
}

table! {
    [
    "ReduceMax": Max, "`graph.reduce_max`";
    "ReduceMean": Mean, "`graph.reduce_mean`";
    "ReduceMin": Min, "composed: -max(-x)";
    "ReduceL1": L1, "composed: sum(abs(x))";
    "ReduceL2": L2, "composed: sqrt(sum(x * x))";
    "ReduceSumSquare": SumSquare, "composed: sum(x * x)";
    "ReduceLogSum": LogSum, "composed: log(sum(x))";
    "ReduceLogSumExp": LogSumExp, "composed: m + log(sum(exp(x - m))), m the max";
    ]
    Converter::new(
        "GlobalAveragePool",
        &[],
        |im, n| global_pool(im, n, Reduction::Mean),
        "`graph.reduce_mean` over the spatial dims",
    ),
    Converter::new(
        "GlobalMaxPool",
        &[],
        |im, n| global_pool(im, n, Reduction::Max),
        "`graph.reduce_max` over the spatial dims",
    ),
}

impl Importer {
    /// `f` of `x` over `axes`, kept as size-1 dims when `keep`.
    pub(crate) fn reduce_op(&mut self, f: Reduction, x: &V, axes: &[usize], keep: bool) -> V {
        let r = x.ty.rank();
        let mut y = if axes.is_empty() {
            x.clone()
        } else {
            self.b.reduce(f, x, axes)
        };
        let xd = self.syms.dims(x);
        if keep {
            let dims: Vec<crate::symbolic::Sym> = (0..r)
                .map(|i| {
                    if axes.contains(&i) {
                        crate::symbolic::Sym::Const(1)
                    } else {
                        xd[i]
                    }
                })
                .collect();
            let kept: Vec<_> = (0..r)
                .filter(|i| !axes.contains(i))
                .map(|i| xd[i])
                .collect();
            self.syms.record(&y, &kept);
            y = self.reshape_to(&y, &dims);
        } else {
            let kept: Vec<_> = (0..r)
                .filter(|i| !axes.contains(i))
                .map(|i| xd[i])
                .collect();
            self.syms.record(&y, &kept);
        }
        y
    }
}

/// The axes a Reduce* node reduces (sorted, unique); `None` when it is a
/// no-op (empty axes with `noop_with_empty_axes`).
fn reduce_axes(im: &mut Importer, n: &Node, x: &V, from: Axes) -> R<Option<Vec<usize>>> {
    let axes_input = from == Axes::Input;
    let axes = if axes_input {
        im.const_ints(n, 1, "axes")?
    } else {
        n.ints("axes")?
    };
    let noop = axes_input && n.int("noop_with_empty_axes", 0)? != 0;
    let r = x.ty.rank();
    let mut axes: Vec<usize> = match axes {
        Some(a) if !a.is_empty() => a.iter().map(|&a| norm_axis(n, a, r)).collect::<R<_>>()?,
        _ if noop => return Ok(None),
        _ => (0..r).collect(),
    };
    axes.sort();
    axes.dedup();
    Ok(Some(axes))
}

/// Every Reduce* op: sum, max and mean directly, the others composed.
fn reduce(im: &mut Importer, n: &Node, kind: Kind, from: Axes) -> R<()> {
    let x = im.input(n, 0)?;
    let keep = n.int("keepdims", 1)? != 0;
    let Some(axes) = reduce_axes(im, n, &x, from)? else {
        // Reduce* with no axes and noop_with_empty_axes is the identity, except
        // that the element-wise part of the composed ones still applies.
        let y = match kind {
            Kind::L1 => im.b.unary(Unary::Abs, &x),
            Kind::SumSquare => im.b.binary(Binary::Mul, &x, &x),
            Kind::L2 => {
                let sq = im.b.binary(Binary::Mul, &x, &x);
                im.b.unary(Unary::Sqrt, &sq)
            }
            Kind::LogSum => im.b.unary(Unary::Log, &x),
            _ => x,
        };
        im.out(n, 0, y);
        return Ok(());
    };
    if x.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    if !matches!(kind, Kind::Sum | Kind::Max | Kind::SumSquare | Kind::L1) {
        float_only(n, &x)?;
    }
    let y = match kind {
        Kind::Sum => im.reduce_op(Reduction::Sum, &x, &axes, keep),
        Kind::Max => im.reduce_op(Reduction::Max, &x, &axes, keep),
        Kind::Mean => im.reduce_op(Reduction::Mean, &x, &axes, keep),
        Kind::Min => {
            // min = -max(-x): exact for floats (negation is exact).
            let nx = im.b.unary(Unary::Neg, &x);
            let m = im.reduce_op(Reduction::Max, &nx, &axes, keep);
            im.b.unary(Unary::Neg, &m)
        }
        Kind::L1 => {
            let a = im.b.unary(Unary::Abs, &x);
            im.reduce_op(Reduction::Sum, &a, &axes, keep)
        }
        Kind::SumSquare => {
            let sq = im.b.binary(Binary::Mul, &x, &x);
            im.reduce_op(Reduction::Sum, &sq, &axes, keep)
        }
        Kind::L2 => {
            let sq = im.b.binary(Binary::Mul, &x, &x);
            let s = im.reduce_op(Reduction::Sum, &sq, &axes, keep);
            im.b.unary(Unary::Sqrt, &s)
        }
        Kind::LogSum => {
            let s = im.reduce_op(Reduction::Sum, &x, &axes, keep);
            im.b.unary(Unary::Log, &s)
        }
        Kind::LogSumExp => log_sum_exp(im, n, &x, &axes, keep)?,
    };
    im.out(n, 0, y);
    Ok(())
}

/// ReduceLogSumExp as m + log(sum(exp(x - m))), m the max (stable).
fn log_sum_exp(im: &mut Importer, n: &Node, x: &V, axes: &[usize], keep: bool) -> R<V> {
    need_static(n, x, n.op())?;
    let m = im.reduce_op(Reduction::Max, x, axes, true);
    let mb = im.b.expand(&m, &x.ty.dims);
    let d = im.b.binary(Binary::Sub, x, &mb);
    let e = im.b.unary(Unary::Exp, &d);
    let s = im.reduce_op(Reduction::Sum, &e, axes, true);
    let l = im.b.unary(Unary::Log, &s);
    let y = im.b.binary(Binary::Add, &l, &m);
    Ok(if keep {
        y
    } else {
        let dims: Vec<i64> = (0..x.ty.rank())
            .filter(|i| !axes.contains(i))
            .map(|i| x.ty.dims[i])
            .collect();
        im.b.reshape(&y, &dims)
    })
}

/// GlobalAveragePool and GlobalMaxPool: `f` over the dims after [N, C].
fn global_pool(im: &mut Importer, n: &Node, f: Reduction) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    if x.ty.rank() < 2 {
        return Err(n.error(format!("input must be [N, C, ...], not {}", x.ty)));
    }
    // A dynamic batch is fine; the pooled dims count the mean.
    if x.ty.dims[1..].contains(&crate::types::DYN) {
        return Err(n.error(format!(
            "{} of a tensor with dynamic channel or spatial dims ({}) is not supported",
            n.op(),
            x.ty
        )));
    }
    let axes: Vec<usize> = (2..x.ty.rank()).collect();
    let y = im.reduce_op(f, &x, &axes, true);
    im.out(n, 0, y);
    Ok(())
}

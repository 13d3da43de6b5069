//! The reference semantics of the window graph ops
//! (`dialects/graph/src/window.rs`): conv, conv_transpose, max_pool,
//! avg_pool, pad and resize, computed directly, independently of their
//! decomposition (`graph-decompose`), so the oracle checks it. Semantics are
//! ONNX's (Conv, ConvTranspose, MaxPool, AveragePool, Pad, Resize) as
//! onnxruntime computes them, on `[N, C, D1…Dk]` tensors with explicit pads.
//!
//! Float ops read every element into `f64`, compute in `f64` (sums
//! accumulate in `f64`) and round each result once to the element type.
//!
//! - `conv`: `O = floor((D + pb + pe - ((K - 1) d + 1)) / s) + 1` (an error
//!   when the dilated kernel does not fit the padded input); output channel
//!   `m` of group `g = m / (M / groups)` sums `x[n, c, o s + k d - pb] *
//!   w[m, c - g C/groups, k]` over the group's input channels `c` and the
//!   kernel positions `k` whose input position lies inside the input
//!   (padding reads 0), then adds `bias[m]`.
//! - `conv_transpose`: `O = s (D - 1) + output_padding + (K - 1) d + 1 - pb -
//!   pe`; `x[n, c, i] * w[c, m - g M/groups, k]` adds into output position
//!   `i s + k d - pb` of each output channel `m` of the group `g` of `c`
//!   (positions outside `[0, O)` are dropped), then `bias[m]` is added.
//! - `max_pool` / `avg_pool`: `O` as conv's, rounded up with `ceil_mode`
//!   and then lowered by one when the last window would start at or past
//!   `D + pb`. A window covers `o s - pb + k d` for `k < kernel`. max: the
//!   largest window element inside the input; NaNs are skipped, as
//!   onnxruntime and ONNX's reference skip them, and a window with no
//!   element inside the input gives -inf (the minimum for integers; any
//!   element type, compared signed unless `ui`). avg: the sum of the window
//!   elements inside the input divided by their count, or with
//!   `count_include_pad` by the count of window positions inside `[-pb, D +
//!   pe)` (a window reaching past that, possible with `ceil_mode`, counts
//!   only what lies inside); 0 / 0 is NaN.
//! - `pad` (any element type; elements are copied, never converted): as
//!   ONNX's reference and onnxruntime, negative pads first crop the input,
//!   then positive pads pad the cropped input `c` of length `L` along each
//!   dim: `constant` writes the value operand (0 without one), `edge`
//!   repeats `c`'s end elements, `reflect` mirrors `c` without its edge
//!   element, `wrap` continues from `c`'s other end. Pads past `L` (which
//!   the verifier rejects for `reflect`) go on periodically, as numpy's
//!   `pad` does (ONNX's example pads `[1.0, 1.2]` by 2 to `[1.0, 1.2, 1.0,
//!   1.2]`); `reflect` of a single element repeats it. A non-constant mode
//!   cannot pad a cropped length of 0; a constant pad of an over-cropped dim
//!   is all value.
//! - `resize` (floats): the result's sizes are its type's (a dynamic one is
//!   `floor(D * scale)`). Each dim is interpolated on its own, one after the
//!   other, in f64: output coordinate `x` maps to `x_original` by
//!   `coordinate_transformation_mode` with the dim's scale `s`, input size
//!   `L` and output size `Lo`: `half_pixel` `(x + 0.5) / s - 0.5`;
//!   `half_pixel_symmetric` the same plus `L/2 (1 - Lo / (s L))`;
//!   `pytorch_half_pixel` as `half_pixel`, or 0 when `Lo ≤ 1`;
//!   `align_corners` `x (L - 1) / (Lo - 1)`, or 0 when `Lo = 1`;
//!   `asymmetric` `x / s`. `nearest` takes `x_original` itself when it is an
//!   integer, else rounds it by `nearest_mode` (`round_prefer_floor`: the
//!   floor when the fraction is at most 0.5; `round_prefer_ceil`: the floor
//!   when below 0.5; `floor`; `ceil`). `linear` weights `floor(x_original)`
//!   and the next index by `1 - t` and `t` (`t` the fraction). `cubic`
//!   weights the four indices `floor - 1 … floor + 2` by Keys' kernel with
//!   `a = cubic_coeff_a` at distances `t + 1, t, 1 - t, 2 - t`; with
//!   `exclude_outside` the taps outside `[0, L)` get weight 0 and the rest
//!   are renormalised to sum 1. Every index is then clamped into `[0, L)`.

use crate::ops::scalar::{IntKind, Kind};
use xir_runtime_hal::element::{ElementType, FloatType};
use xir_runtime_hal::tensor::{byte_len, HostTensor};
use xir_runtime_hal::{Error, Result};

/// Strides, dilations and pads (before each dim, then after each dim) of a
/// conv or pool along its `k` spatial dims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub strides: Vec<usize>,
    pub dilations: Vec<usize>,
    pub pads: Vec<usize>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PadMode {
    Constant,
    Reflect,
    Edge,
    Wrap,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResizeMode {
    Nearest,
    Linear,
    Cubic,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CoordinateMode {
    HalfPixel,
    HalfPixelSymmetric,
    PytorchHalfPixel,
    AlignCorners,
    Asymmetric,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NearestMode {
    RoundPreferFloor,
    RoundPreferCeil,
    Floor,
    Ceil,
}

impl PadMode {
    pub fn name(self) -> &'static str {
        match self {
            PadMode::Constant => "constant",
            PadMode::Reflect => "reflect",
            PadMode::Edge => "edge",
            PadMode::Wrap => "wrap",
        }
    }

    pub fn parse(s: &str) -> Option<PadMode> {
        Some(match s {
            "constant" => PadMode::Constant,
            "reflect" => PadMode::Reflect,
            "edge" => PadMode::Edge,
            "wrap" => PadMode::Wrap,
            _ => return None,
        })
    }
}

impl ResizeMode {
    pub fn parse(s: &str) -> Option<ResizeMode> {
        Some(match s {
            "nearest" => ResizeMode::Nearest,
            "linear" => ResizeMode::Linear,
            "cubic" => ResizeMode::Cubic,
            _ => return None,
        })
    }
}

impl CoordinateMode {
    pub fn parse(s: &str) -> Option<CoordinateMode> {
        Some(match s {
            "half_pixel" => CoordinateMode::HalfPixel,
            "half_pixel_symmetric" => CoordinateMode::HalfPixelSymmetric,
            "pytorch_half_pixel" => CoordinateMode::PytorchHalfPixel,
            "align_corners" => CoordinateMode::AlignCorners,
            "asymmetric" => CoordinateMode::Asymmetric,
            _ => return None,
        })
    }
}

impl NearestMode {
    pub fn parse(s: &str) -> Option<NearestMode> {
        Some(match s {
            "round_prefer_floor" => NearestMode::RoundPreferFloor,
            "round_prefer_ceil" => NearestMode::RoundPreferCeil,
            "floor" => NearestMode::Floor,
            "ceil" => NearestMode::Ceil,
            _ => return None,
        })
    }
}

/// The properties of a `graph.resize`.
#[derive(Clone, Debug, PartialEq)]
pub struct Resize {
    /// One per dim.
    pub scales: Vec<f64>,
    pub mode: ResizeMode,
    pub coordinate: CoordinateMode,
    pub nearest: NearestMode,
    pub cubic_coeff_a: f64,
    pub exclude_outside: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum WindowOp {
    Conv {
        geometry: Geometry,
        groups: usize,
    },
    ConvTranspose {
        geometry: Geometry,
        output_padding: Vec<usize>,
        groups: usize,
    },
    MaxPool {
        kernel: Vec<usize>,
        geometry: Geometry,
        ceil: bool,
    },
    AvgPool {
        kernel: Vec<usize>,
        geometry: Geometry,
        ceil: bool,
        count_include_pad: bool,
    },
    Pad {
        /// Before each dim, then after each dim; negative crops.
        pads: Vec<i64>,
        mode: PadMode,
    },
    Resize(Resize),
}

impl WindowOp {
    pub fn name(&self) -> &'static str {
        use xir_graph::window as w;
        match self {
            WindowOp::Conv { .. } => w::CONV.name,
            WindowOp::ConvTranspose { .. } => w::CONV_TRANSPOSE.name,
            WindowOp::MaxPool { .. } => w::MAX_POOL.name,
            WindowOp::AvgPool { .. } => w::AVG_POOL.name,
            WindowOp::Pad { .. } => w::PAD.name,
            WindowOp::Resize(_) => w::RESIZE.name,
        }
    }
}

fn invalid(m: impl Into<String>) -> Error {
    Error::invalid_argument(m)
}

fn float_type(e: ElementType) -> Result<FloatType> {
    match e {
        ElementType::Float(f) => Ok(f),
        _ => Err(invalid(format!("requires a float element type, got {e}"))),
    }
}

pub(crate) use crate::composite::{load, store};

/// Every index of `shape` in row-major order (none when a dim is 0, the
/// empty index for rank 0).
fn positions(shape: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = shape.iter().product();
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return out;
    }
    let mut idx = vec![0usize; shape.len()];
    for _ in 0..n {
        out.push(idx.clone());
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}

/// The flat offset of `idx` in a row-major `shape`.
fn flat(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |acc, (&i, &d)| acc * d + i)
}

/// Evaluates `op` on `inputs`; `result` is the result's type (its sizes
/// decide a resize's; `None` for a dynamic dim). Every mismatch is an `Err`
/// naming the op, never a panic.
pub fn eval(op: &WindowOp, inputs: &[&HostTensor], result: &[Option<usize>]) -> Result<HostTensor> {
    evaluate(op, inputs, result).map_err(|e| e.context(op.name()))
}

fn evaluate(op: &WindowOp, inputs: &[&HostTensor], result: &[Option<usize>]) -> Result<HostTensor> {
    let (min, max) = match op {
        WindowOp::Conv { .. } | WindowOp::ConvTranspose { .. } => (2, 3),
        WindowOp::Pad { .. } => (1, 2),
        _ => (1, 1),
    };
    if inputs.len() < min || inputs.len() > max {
        return Err(invalid(format!(
            "expects {min} to {max} operand(s), got {}",
            inputs.len()
        )));
    }
    let x = inputs[0];
    for (i, t) in inputs.iter().enumerate() {
        if t.element != x.element {
            return Err(invalid(format!(
                "element types differ: operand {i} is {}, operand 0 {}",
                t.element, x.element
            )));
        }
        if byte_len(t.element, &t.shape) != Some(t.data.len()) {
            return Err(invalid(format!(
                "operand {i} ({}) holds {} bytes",
                t.type_string(),
                t.data.len()
            )));
        }
    }
    match op {
        WindowOp::Conv { geometry, groups } => conv::conv(geometry, *groups, inputs),
        WindowOp::ConvTranspose {
            geometry,
            output_padding,
            groups,
        } => conv::conv_transpose(geometry, output_padding, *groups, inputs),
        WindowOp::MaxPool {
            kernel,
            geometry,
            ceil,
        } => pool::pool(x, kernel, geometry, *ceil, None),
        WindowOp::AvgPool {
            kernel,
            geometry,
            ceil,
            count_include_pad,
        } => pool::pool(x, kernel, geometry, *ceil, Some(*count_include_pad)),
        WindowOp::Pad { pads, mode } => pad::pad(x, inputs.get(1).copied(), pads, *mode),
        WindowOp::Resize(r) => resize::resize(r, x, result),
    }
}

// -------------------------------------------------------------- geometry

/// `[N, C, D…]`: the batch, channels and spatial dims.
fn split(x: &HostTensor) -> Result<(usize, usize, &[usize])> {
    if x.shape.len() < 3 {
        return Err(invalid(format!(
            "input must be [N, C, D...] with at least one spatial dim, got {}",
            x.type_string()
        )));
    }
    Ok((x.shape[0], x.shape[1], &x.shape[2..]))
}

fn check_geometry(g: &Geometry, k: usize) -> Result<()> {
    if g.strides.len() != k || g.dilations.len() != k || g.pads.len() != 2 * k {
        return Err(invalid(format!(
            "{} strides, {} dilations and {} pads for {k} spatial dims",
            g.strides.len(),
            g.dilations.len(),
            g.pads.len()
        )));
    }
    if g.strides.contains(&0) || g.dilations.contains(&0) {
        return Err(invalid("strides and dilations must be at least 1"));
    }
    Ok(())
}

/// The output size along spatial dim `i` of a window of `kernel` over an
/// input of size `d` (conv's rule, or the pools' with `ceil`).
fn output_size(g: &Geometry, i: usize, kernel: usize, d: usize, ceil: bool) -> Result<usize> {
    let k = g.strides.len();
    let (pb, pe, s) = (g.pads[i], g.pads[k + i], g.strides[i]);
    let extent = (kernel - 1) * g.dilations[i] + 1;
    let padded = d + pb + pe;
    if padded < extent {
        return Err(invalid(format!(
            "the window of extent {extent} does not fit spatial dim {i} of size {d} padded by {pb} and {pe}"
        )));
    }
    let span = padded - extent;
    if !ceil {
        return Ok(span / s + 1);
    }
    let mut o = span.div_ceil(s) + 1;
    if (o - 1) * s >= d + pb {
        o -= 1;
    }
    Ok(o)
}

/// For each output position `o` and kernel position `k` of spatial dim `i`,
/// the input position `o s + k d - pb` when it lies in `[0, d)`.
fn taps(g: &Geometry, i: usize, out: usize, kernel: usize, d: usize) -> Vec<Vec<Option<usize>>> {
    let (s, dil, pb) = (g.strides[i], g.dilations[i], g.pads[i]);
    (0..out)
        .map(|o| {
            (0..kernel)
                .map(|k| {
                    let p = (o * s + k * dil) as i64 - pb as i64;
                    (p >= 0 && (p as usize) < d).then_some(p as usize)
                })
                .collect()
        })
        .collect()
}

/// The input offset (within one `[D…]` block) of output position `o` and
/// kernel position `k`, or `None` when it lies in the padding.
fn input_offset(
    taps: &[Vec<Vec<Option<usize>>>],
    o: &[usize],
    k: &[usize],
    d: &[usize],
) -> Option<usize> {
    let mut off = 0;
    for i in 0..d.len() {
        off = off * d[i] + taps[i][o[i]][k[i]]?;
    }
    Some(off)
}

mod conv;
mod pad;
mod pool;
mod resize;

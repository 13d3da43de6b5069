//! The reference semantics of the graph ops (docs/architecture.md §3) on host tensors.
//!
//! [`eval`] checks everything it is given against the op's rule — the same
//! rules the graph dialect's verifier applies (`dialects/graph/src/shape.rs`),
//! on the resolved shapes — and returns an `Err` with a one-line message for
//! any mismatch; it never panics.
//!
//! Element types: every [`ElementType`] (`i1`/`i8`/`i16`/`i32`/`i64`, signless,
//! `si` and `ui`, `f16`, `bf16`, `f32`, `f64`), a superset of what the graph
//! dialect's verifier accepts. Integer arithmetic wraps (two's complement at
//! the element's width); signless and `si` integers are signed, `ui` unsigned
//! (see [`scalar`]). `f16`/`bf16` are computed in `f32` and rounded to the
//! element type per op.
//!
//! - `add` `sub` `mul` `div` `max`: same shapes, elementwise. Integer
//!   division truncates toward zero; **`x / 0 = 0`** and **`MIN / -1 = MIN`**
//!   (wraps), so the reference never traps. Float `max` is `arith.maximumf`:
//!   NaN if either operand is NaN, and +0 > -0.
//! - `neg` (wrapping for ints), `relu` = `max(x, 0)` (NaN stays NaN, -0
//!   becomes +0; for signless `i1`, `true` is -1, so `relu(true) = false`),
//!   `exp` and `tanh` (floats only).
//! - `min` (floats: NaN if either is NaN, -0 < +0), `abs` (wrapping for
//!   ints: `abs(MIN) = MIN`), `sqrt`, `log`, `erf`, `sin`, `cos` (radians; `±inf` gives NaN), `sigmoid` = `1/(1+e^-x)`
//!   (NaN stays itself) and `pow` (C's `pow`; floats only, f32 computed in
//!   f64 and rounded once, like `exp`), `and`/`or`/`xor`/`not` (bitwise on
//!   integers; the graph dialect allows `i1` only).
//! - `select`: `true_value[i]` where `condition[i]` (an `i1`), else
//!   `false_value[i]`.
//! - `cast`: ONNX `Cast`: float → int truncates toward zero and saturates
//!   at the type's range with NaN → 0 (Rust's `as`); int → float rounds to
//!   nearest (to f16/bf16 through f32), f64 → f16/bf16 through f32; int → int
//!   wraps (sign-extends signed sources); x → i1 is `x != 0` (NaN is true);
//!   i1 → x is 0 or 1.
//! - `compare`: `predicate` (eq ne lt le gt ge) as `i1`; floats ordered (NaN
//!   gives false, except `ne` true), integers signed (`ui` unsigned).
//! - `matmul`: `[b…, m, k] x [b…, k, n] -> [b…, m, n]`, equal ranks ≥ 2,
//!   equal batch dims (no batch broadcasting: the verifier rejects it). Each
//!   result is `Σ_p lhs[.., i, p] * rhs[.., p, j]` for `p` from 0 up, a
//!   multiply then an add (no FMA) in the compute type, stored once
//!   (`f16`/`bf16`: accumulated in `f32`, rounded once at the end).
//! - `transpose`: result dim `i` is input dim `permutation[i]`.
//! - `reshape`: the same elements in the same order, equal element counts.
//! - `broadcast`: input dim `i` becomes result dim `dimensions[i]`
//!   (strictly increasing, below the result rank); it equals that dim or is
//!   1 (stretched). Other result dims repeat the input.
//! - `reduce_sum`, `reduce_max`: over `axes` (in range, no repeats, any
//!   order), which are removed from the shape. Each result element combines
//!   its inputs in row-major order, rounding to the element type after every
//!   step (an `f16` sum is an `f16` accumulator, each add done in `f32`).
//!   The sum of nothing is 0; the max of nothing is -inf for floats and the
//!   minimum value for integers (0 for `ui`, -1 = `true` for signless `i1`).
//! - `concat`: along `axis` (below the rank, so not rank 0), other dims equal.
//! - `slice`: `result[i…] = input[start + i * strides…]`, sizes from the
//!   result shape, equal ranks, strides > 0; each read index must be in range
//!   (a dim of size 0 reads nothing, so its start is not checked, as in the
//!   verifier).
//! - `gather`: along `axis`, `result[a…, j…, b…] = input[a…, idx(indices[j…]), b…]`
//!   with i32 or i64 `indices` of any rank; an index `i` in `[-d, d)` selects
//!   `i` (negative: `i + d`), anything else is clamped to `0` or `d - 1`.
//!   Selecting from a size-0 dim is an error.
//! - `scatter`: the data (rank 1 or more) with, for each `j` in order, row
//!   `idx(indices[j])` (1-d i32/i64 indices, gather's mapping: negative from
//!   the end, out of range clamped) set to `updates[j]` (`none`: a later
//!   duplicate wins) or combined with it by `add`, `mul`, `max`, `min` (as
//!   the elementwise ops); with no data rows the updates are dropped.
//! - `iota`: no tensor operands; each element is its index along
//!   `dimension`, converted as `cast` converts an i64.

mod elementwise;
mod gather;
mod index;
mod layout;
mod matmul;
mod reduce;
pub(crate) mod scalar;
mod scatter;

use xir::ods::OpSpec;
use xir_graph::ops;
use xir_runtime_hal::element::ElementType;
use xir_runtime_hal::tensor::{byte_len, HostTensor, ShapeDisplay};
use xir_runtime_hal::{Error, Result};

#[derive(Clone, Debug, PartialEq)]
pub enum GraphOp {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Neg,
    Exp,
    Tanh,
    Relu,
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
    Compare {
        predicate: String,
    },
    Matmul,
    Transpose {
        permutation: Vec<usize>,
    },
    Reshape,
    /// The result dim of each input dim.
    Broadcast {
        dimensions: Vec<usize>,
    },
    ReduceSum {
        axes: Vec<usize>,
    },
    ReduceMax {
        axes: Vec<usize>,
    },
    Concat {
        axis: usize,
    },
    Slice {
        start: Vec<usize>,
        strides: Vec<usize>,
    },
    Gather {
        axis: usize,
    },
    /// `reduction`: none, add, mul, max or min.
    Scatter {
        reduction: String,
    },
    /// Each element its index along `dimension` (no tensor operands).
    Iota {
        dimension: usize,
    },
}

impl GraphOp {
    /// The op's record in the graph dialect (`graph.add`).
    pub fn spec(&self) -> &'static OpSpec {
        match self {
            GraphOp::Add => &ops::ADD,
            GraphOp::Sub => &ops::SUB,
            GraphOp::Mul => &ops::MUL,
            GraphOp::Div => &ops::DIV,
            GraphOp::Max => &ops::MAX,
            GraphOp::Neg => &ops::NEG,
            GraphOp::Exp => &ops::EXP,
            GraphOp::Tanh => &ops::TANH,
            GraphOp::Relu => &ops::RELU,
            GraphOp::Min => &ops::MIN,
            GraphOp::Pow => &ops::POW,
            GraphOp::And => &ops::AND,
            GraphOp::Or => &ops::OR,
            GraphOp::Xor => &ops::XOR,
            GraphOp::Abs => &ops::ABS,
            GraphOp::Sqrt => &ops::SQRT,
            GraphOp::Log => &ops::LOG,
            GraphOp::Erf => &ops::ERF,
            GraphOp::Sin => &ops::SIN,
            GraphOp::Cos => &ops::COS,
            GraphOp::Sigmoid => &ops::SIGMOID,
            GraphOp::Not => &ops::NOT,
            GraphOp::Select => &ops::SELECT,
            GraphOp::Cast => &ops::CAST,
            GraphOp::Compare { .. } => &ops::COMPARE,
            GraphOp::Matmul => &ops::MATMUL,
            GraphOp::Transpose { .. } => &ops::TRANSPOSE,
            GraphOp::Reshape => &ops::RESHAPE,
            GraphOp::Broadcast { .. } => &ops::BROADCAST,
            GraphOp::ReduceSum { .. } => &ops::REDUCE_SUM,
            GraphOp::ReduceMax { .. } => &ops::REDUCE_MAX,
            GraphOp::Concat { .. } => &ops::CONCAT,
            GraphOp::Slice { .. } => &ops::SLICE,
            GraphOp::Gather { .. } => &ops::GATHER,
            GraphOp::Scatter { .. } => &ops::SCATTER,
            GraphOp::Iota { .. } => &ops::IOTA,
        }
    }

    /// The op's name in the graph dialect (`graph.add`).
    pub fn name(&self) -> &'static str {
        self.spec().name
    }
}

/// Evaluates `op` on `inputs`; the result has `result_shape` and `result_element`
/// (from the op's result type with dynamic dims already resolved). Every mismatch
/// (wrong input count, shapes that do not fit the op's rule, out-of-range slice,
/// element type mismatch) is an Err with a one-line message, never a panic.
///
/// The message starts with the op's name: `graph.add: operand 1 is 2x4xf32,
/// expected 2x3xf32`. Integer division by zero gives 0 and `MIN / -1` wraps to
/// `MIN` (see the module documentation for every op's rule).
pub fn eval(
    op: &GraphOp,
    inputs: &[&HostTensor],
    result_shape: &[usize],
    result_element: ElementType,
) -> Result<HostTensor> {
    evaluate(op, inputs, result_shape, result_element).map_err(|e| e.context(op.name()))
}

fn evaluate(
    op: &GraphOp,
    inputs: &[&HostTensor],
    result_shape: &[usize],
    element: ElementType,
) -> Result<HostTensor> {
    if let ElementType::Int { bits, .. } = element {
        if !matches!(bits, 1 | 8 | 16 | 32 | 64) {
            return Err(Error::unimplemented(format!(
                "unsupported integer width {bits}"
            )));
        }
    }
    let arity = match op {
        GraphOp::Add
        | GraphOp::Sub
        | GraphOp::Mul
        | GraphOp::Div
        | GraphOp::Max
        | GraphOp::Min
        | GraphOp::Pow
        | GraphOp::And
        | GraphOp::Or
        | GraphOp::Xor
        | GraphOp::Compare { .. }
        | GraphOp::Gather { .. }
        | GraphOp::Matmul => Some(2),
        GraphOp::Select | GraphOp::Scatter { .. } => Some(3),
        GraphOp::Iota { .. } => Some(0),
        GraphOp::Concat { .. } => None,
        _ => Some(1),
    };
    match arity {
        Some(n) if inputs.len() != n => {
            return Err(Error::invalid_argument(format!(
                "expects {n} operand(s), got {}",
                inputs.len()
            )))
        }
        None if inputs.is_empty() => {
            return Err(Error::invalid_argument("requires at least one input"))
        }
        _ => {}
    }
    for (i, t) in inputs.iter().enumerate() {
        // The element each operand must have (cast: any; compare: the
        // other operand's; select's condition: i1).
        let want = match op {
            GraphOp::Cast => t.element,
            GraphOp::Compare { .. } => inputs[0].element,
            GraphOp::Select if i == 0 => ElementType::I1,
            GraphOp::Gather { .. } | GraphOp::Scatter { .. } if i == 1 => t.element,
            _ => element,
        };
        if matches!(op, GraphOp::Compare { .. }) && element != ElementType::I1 {
            return Err(Error::invalid_argument(format!(
                "the result must be i1, got {element}"
            )));
        }
        if t.element != want {
            return Err(Error::invalid_argument(format!(
                "element types differ: operand {i} is {}, the result {element}",
                t.element
            )));
        }
        match byte_len(t.element, &t.shape) {
            Some(n) if n == t.data.len() => {}
            Some(n) => {
                return Err(Error::invalid_argument(format!(
                    "operand {i} ({}) holds {} bytes, expected {n}",
                    t.type_string(),
                    t.data.len()
                )))
            }
            None => {
                return Err(Error::invalid_argument(format!(
                    "operand {i} ({}) is too large",
                    t.type_string()
                )))
            }
        }
    }
    let bytes = byte_len(element, result_shape).ok_or_else(|| {
        Error::invalid_argument(format!(
            "result type {} is too large",
            ShapeDisplay(result_shape, element)
        ))
    })?;
    let mut out = Vec::new();
    out.try_reserve_exact(bytes).map_err(|_| {
        Error::resource_exhausted(format!("cannot allocate {bytes} bytes for the result"))
    })?;
    out.resize(bytes, 0);

    use elementwise::{Binary, Unary};
    let binary = |b: Binary, out: &mut [u8]| {
        elementwise::binary(b, inputs[0], inputs[1], result_shape, element, out)
    };
    let unary =
        |u: Unary, out: &mut [u8]| elementwise::unary(u, inputs[0], result_shape, element, out);
    match op {
        GraphOp::Add => binary(Binary::Add, &mut out),
        GraphOp::Sub => binary(Binary::Sub, &mut out),
        GraphOp::Mul => binary(Binary::Mul, &mut out),
        GraphOp::Div => binary(Binary::Div, &mut out),
        GraphOp::Max => binary(Binary::Max, &mut out),
        GraphOp::Neg => unary(Unary::Neg, &mut out),
        GraphOp::Exp => unary(Unary::Exp, &mut out),
        GraphOp::Tanh => unary(Unary::Tanh, &mut out),
        GraphOp::Relu => unary(Unary::Relu, &mut out),
        GraphOp::Min => binary(Binary::Min, &mut out),
        GraphOp::Pow => binary(Binary::Pow, &mut out),
        GraphOp::And => binary(Binary::And, &mut out),
        GraphOp::Or => binary(Binary::Or, &mut out),
        GraphOp::Xor => binary(Binary::Xor, &mut out),
        GraphOp::Abs => unary(Unary::Abs, &mut out),
        GraphOp::Sqrt => unary(Unary::Sqrt, &mut out),
        GraphOp::Log => unary(Unary::Log, &mut out),
        GraphOp::Erf => unary(Unary::Erf, &mut out),
        GraphOp::Sin => unary(Unary::Sin, &mut out),
        GraphOp::Cos => unary(Unary::Cos, &mut out),
        GraphOp::Sigmoid => unary(Unary::Sigmoid, &mut out),
        GraphOp::Not => unary(Unary::Not, &mut out),
        GraphOp::Select => {
            elementwise::select(inputs[0], inputs[1], inputs[2], result_shape, &mut out)
        }
        GraphOp::Cast => elementwise::cast(inputs[0], result_shape, element, &mut out),
        GraphOp::Compare { predicate } => {
            elementwise::compare(predicate, inputs[0], inputs[1], result_shape, &mut out)
        }
        GraphOp::Matmul => matmul::matmul(inputs[0], inputs[1], result_shape, element, &mut out),
        GraphOp::Transpose { permutation } => {
            layout::transpose(inputs[0], permutation, result_shape, &mut out)
        }
        GraphOp::Reshape => layout::reshape(inputs[0], result_shape, &mut out),
        GraphOp::Broadcast { dimensions } => {
            layout::broadcast(inputs[0], dimensions, result_shape, &mut out)
        }
        GraphOp::ReduceSum { axes } => reduce::reduce(
            reduce::Reduction::Sum,
            inputs[0],
            axes,
            result_shape,
            &mut out,
        ),
        GraphOp::ReduceMax { axes } => reduce::reduce(
            reduce::Reduction::Max,
            inputs[0],
            axes,
            result_shape,
            &mut out,
        ),
        GraphOp::Concat { axis } => layout::concat(inputs, *axis, result_shape, &mut out),
        GraphOp::Slice { start, strides } => {
            layout::slice(inputs[0], start, strides, result_shape, &mut out)
        }
        GraphOp::Gather { axis } => {
            gather::gather(inputs[0], inputs[1], *axis, result_shape, &mut out)
        }
        GraphOp::Scatter { reduction } => scatter::scatter(
            inputs[0],
            inputs[1],
            inputs[2],
            reduction,
            result_shape,
            &mut out,
        ),
        GraphOp::Iota { dimension } => {
            elementwise::iota(*dimension, result_shape, element, &mut out)
        }
    }?;
    Ok(HostTensor {
        element,
        shape: result_shape.to_vec(),
        data: out,
    })
}

//! The declarations of the kernel ops (see the crate docs for their meaning).

use crate::verify;
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, FLOAT, I1, I64_ATTR, INDEX, STR_ATTR};
use xir::ods::{AttrForm, AttrSpec, OpSpec, RegionSpec, TypeConstraint, ValueSpec};
use xir::types::TypeKind;
use xir::AttrKind;

pub const MEMREF: TypeConstraint = TypeConstraint {
    desc: "memref of any type values",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::MemRef { .. }),
    buildable: None,
};

/// An array attribute (of affine maps, or of iterator-type strings).
pub const ARRAY_ATTR: xir::ods::AttrConstraint = xir::ods::AttrConstraint {
    desc: "array attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Array(_)),
    check: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Array(_)),
    form: AttrForm::Generic,
    value_type: None,
};

const BODY: &[RegionSpec] = &[RegionSpec::one("body")];

/// `%b = kernel.binding 0 (%d0) : memref<?x4xf32>`: the dispatch's binding
/// `index`; `dims` are its dynamic dims.
pub static BINDING: OpSpec = OpSpec {
    operands: &[ValueSpec::many("dims", INDEX)],
    results: &[ValueSpec::one("result", MEMREF)],
    attrs: &[AttrSpec::required("index", I64_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped_dims),
    format: Some("$index (`(` $dims^ `)`)? attr-dict `:` type($result)"),
    ..OpSpec::new("kernel.binding")
};

/// `%t = kernel.alloc(%d0) : memref<?x4xf32>`: scratch memory that lives for
/// one dispatch.
pub static ALLOC: OpSpec = OpSpec {
    operands: &[ValueSpec::many("dims", INDEX)],
    results: &[ValueSpec::one("result", MEMREF)],
    verify: Some(verify::verify_shaped_dims),
    format: Some("`(` $dims `)` attr-dict `:` type($result)"),
    ..OpSpec::new("kernel.alloc")
};

/// `%c = kernel.constant dense<...> : tensor<4xf32> : memref<4xf32>`.
pub static CONSTANT: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", MEMREF)],
    attrs: &[AttrSpec::required("value", xir_graph::ops::ELEMENTS_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_constant),
    format: Some("$value attr-dict `:` type($result)"),
    ..OpSpec::new("kernel.constant")
};

/// `%v = kernel.reshape %b (%n) : memref<?x4xf32> to memref<?xf32>`: the same
/// contiguous elements with another shape (`dims`: the result's dynamic dims).
pub static RESHAPE: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("source", MEMREF),
        ValueSpec::many("dims", INDEX),
    ],
    results: &[ValueSpec::one("result", MEMREF)],
    traits: Traits::PURE,
    verify: Some(verify::verify_reshape),
    format: Some("$source (`(` $dims^ `)`)? attr-dict `:` type($source) `to` type($result)"),
    ..OpSpec::new("kernel.reshape")
};

/// A parallel/reduction loop nest over `domain` (see the crate docs); the
/// maps' symbols are `symbols` (a concat piece's dynamic offset).
pub static GENERIC: OpSpec = OpSpec {
    operands: &[
        ValueSpec::many("inputs", MEMREF),
        ValueSpec::many("outputs", MEMREF),
        ValueSpec::many("domain", INDEX),
        ValueSpec::many("symbols", INDEX),
    ],
    attrs: &[
        AttrSpec::required("indexing_maps", ARRAY_ATTR),
        AttrSpec::required("iterator_types", ARRAY_ATTR),
        AttrSpec::optional("vector_width", I64_ATTR),
    ],
    regions: BODY,
    traits: Traits(Traits::SINGLE_BLOCK.0),
    verify: Some(verify::verify_generic),
    format: Some(
        "(`ins` `(` $inputs^ `:` type($inputs) `)`)? `outs` `(` $outputs `:` type($outputs) `)` `domain` `(` $domain `)` (`symbols` `(` $symbols^ `)`)? attr-dict-with-keyword $body",
    ),
    ..OpSpec::new("kernel.generic")
};

/// `C = A·B` over `[b…, m, k] x [b…, k, n] -> [b…, m, n]`; the epilogue body
/// maps each sum (its first argument) and one element of each epilogue input
/// (through `indexing_maps`, over the result's dims) to the stored value.
pub static MATMUL: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("lhs", MEMREF),
        ValueSpec::one("rhs", MEMREF),
        ValueSpec::one("output", MEMREF),
        ValueSpec::many("epilogue_inputs", MEMREF),
    ],
    attrs: &[AttrSpec::required("indexing_maps", ARRAY_ATTR)],
    regions: &[RegionSpec::one("epilogue")],
    traits: Traits(Traits::SINGLE_BLOCK.0),
    verify: Some(verify::verify_matmul),
    format: Some(
        "`ins` `(` $lhs `,` $rhs `:` type($lhs) `,` type($rhs) `)` `outs` `(` $output `:` type($output) `)` (`epilogue` `(` $epilogue_inputs^ `:` type($epilogue_inputs) `)`)? attr-dict-with-keyword $epilogue",
    ),
    ..OpSpec::new("kernel.matmul")
};

/// `kernel.conv ins(%x, %w : memref<1x64x56x56xf32>, memref<64x64x3x3xf32>)
/// outs(%o : memref<1x64x56x56xf32>) [epilogue(...)] attributes {strides,
/// dilations, pads, groups, indexing_maps}`: `graph.conv` as a named stage
/// over an input `[n, c, d…]` and a filter `[m, c / groups, k…]` into
/// `[n, m, o…]` (1-d or 2-d), ONNX Conv's meaning with pads begins then
/// ends; the epilogue body maps each sum (its first argument) and one
/// element of each epilogue input (through `indexing_maps`, over the
/// result's dims) to the stored value, as `kernel.matmul`'s does.
pub static CONV: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("input", MEMREF),
        ValueSpec::one("filter", MEMREF),
        ValueSpec::one("output", MEMREF),
        ValueSpec::many("epilogue_inputs", MEMREF),
    ],
    attrs: &[
        AttrSpec::required("strides", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("dilations", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("pads", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("groups", I64_ATTR),
        AttrSpec::required("indexing_maps", ARRAY_ATTR),
    ],
    regions: &[RegionSpec::one("epilogue")],
    traits: Traits(Traits::SINGLE_BLOCK.0),
    verify: Some(verify::verify_conv),
    format: Some(
        "`ins` `(` $input `,` $filter `:` type($input) `,` type($filter) `)` `outs` `(` $output `:` type($output) `)` (`epilogue` `(` $epilogue_inputs^ `:` type($epilogue_inputs) `)`)? attr-dict-with-keyword $epilogue",
    ),
    ..OpSpec::new("kernel.conv")
};

/// `kernel.pool ins(%x : memref<1x64x112x112xf32>) outs(%o :
/// memref<1x64x56x56xf32>) attributes {kind = "max", kernel_shape, strides,
/// dilations, pads, ceil_mode, count_include_pad}`: `graph.max_pool` or
/// `graph.avg_pool` (1-d or 2-d, `[n, c, d…] -> [n, c, o…]`) as a named
/// stage, with their meaning: a max skips padding and NaN, an average
/// divides by the in-bounds count (or, with `count_include_pad`, the count
/// inside the padded extent).
pub static POOL: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("input", MEMREF),
        ValueSpec::one("output", MEMREF),
    ],
    attrs: &[
        AttrSpec::required("kind", STR_ATTR),
        AttrSpec::required("kernel_shape", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("strides", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("dilations", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("pads", xir_graph::ops::I64_ARRAY_ATTR),
        AttrSpec::required("ceil_mode", I64_ATTR),
        AttrSpec::required("count_include_pad", I64_ATTR),
    ],
    verify: Some(verify::verify_pool),
    format: Some(
        "`ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` attr-dict-with-keyword",
    ),
    ..OpSpec::new("kernel.pool")
};

/// `kernel.attention ins(%q, %k, %v : …) [mask(%m : …)] outs(%o : …) scale = 0.125`:
/// `graph.attention` as a named stage, `o = softmax(scale · q · kᵀ + m) · v` over the
/// last two dims of `[B…, Sq, D]`, `[B…, Sk, D]`, `[B…, Sk, Dv]` into `[B…, Sq, Dv]`;
/// the mask has the scores' rank, each dim theirs or 1; `nan_to_zero` as graph's.
pub static ATTENTION: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("query", MEMREF),
        ValueSpec::one("key", MEMREF),
        ValueSpec::one("value", MEMREF),
        ValueSpec::optional("mask", MEMREF),
        ValueSpec::one("output", MEMREF),
    ],
    attrs: &[
        AttrSpec::required("scale", xir_graph::composite::F32_ATTR),
        AttrSpec::optional("nan_to_zero", xir::ods::constraints::UNIT_ATTR),
    ],
    verify: Some(verify::verify_attention),
    format: Some(
        "`ins` `(` $query `,` $key `,` $value `:` type($query) `,` type($key) `,` type($value) `)` (`mask` `(` $mask^ `:` type($mask) `)`)? `outs` `(` $output `:` type($output) `)` `scale` `=` $scale attr-dict-with-keyword",
    ),
    ..OpSpec::new("kernel.attention")
};

/// `kernel.gather ins(%t, %i : memref<10x4xf32>, memref<3xi64>) outs(%o :
/// memref<3x4xf32>) axis = 0`: `graph.gather` as a named stage,
/// `output[a…, j…, b…] = input[a…, idx(indices[j…]), b…]` where with
/// `d = input.shape[axis]` an index `i` in `[-d, d)` selects `i` (negative:
/// `i + d`) and anything else is clamped to `0` or `d - 1`; indices are
/// `i32` or `i64`. Selecting from a size-0 dim is a dispatch error.
pub static GATHER: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("input", MEMREF),
        ValueSpec::one("indices", MEMREF),
        ValueSpec::one("output", MEMREF),
    ],
    attrs: &[AttrSpec::required("axis", I64_ATTR)],
    verify: Some(verify::verify_gather),
    format: Some(
        "`ins` `(` $input `,` $indices `:` type($input) `,` type($indices) `)` `outs` `(` $output `:` type($output) `)` `axis` `=` $axis attr-dict",
    ),
    ..OpSpec::new("kernel.gather")
};

/// `kernel.scatter ins(%data, %indices, %updates : ...) outs(%out : ...)
/// reduction = "add"`: `graph.scatter`, the inverse of `kernel.gather`
/// along axis 0. `out` gets a copy of `data`, then for each `j` in order
/// row `idx(indices[j])` gets `updates[j]` (`none`) or is combined with it
/// (`add`, `mul`, `max`, `min`); `idx` is gather's (negative from the end,
/// out of range clamped), and with 0 data rows the updates are dropped.
pub static SCATTER: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("data", MEMREF),
        ValueSpec::one("indices", MEMREF),
        ValueSpec::one("updates", MEMREF),
        ValueSpec::one("output", MEMREF),
    ],
    attrs: &[AttrSpec::required("reduction", STR_ATTR)],
    verify: Some(verify::verify_scatter),
    format: Some(
        "`ins` `(` $data `,` $indices `,` $updates `:` type($data) `,` type($indices) `,` type($updates) `)` `outs` `(` $output `:` type($output) `)` `reduction` `=` $reduction attr-dict",
    ),
    ..OpSpec::new("kernel.scatter")
};

/// `kernel.assert %cond, "message"`: the dispatch fails with the message
/// unless `cond` holds (a dynamic dim that the op's shape rule requires to
/// equal another).
pub static ASSERT: OpSpec = OpSpec {
    operands: &[ValueSpec::one("condition", I1)],
    attrs: &[AttrSpec::required("message", STR_ATTR)],
    format: Some("$condition `,` $message attr-dict"),
    ..OpSpec::new("kernel.assert")
};

/// Ends a body: the value of each output element.
pub static YIELD: OpSpec = OpSpec {
    operands: &[ValueSpec::many("values", ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["kernel.generic", "kernel.matmul", "kernel.conv"],
    format: Some("attr-dict ($values^ `:` type($values))?"),
    ..OpSpec::new("kernel.yield")
};

const UNARY_OPERAND: &[ValueSpec] = &[ValueSpec::one("operand", FLOAT)];
const UNARY_RESULT: &[ValueSpec] = &[ValueSpec::one("result", FLOAT)];

const fn unary_float(name: &'static str) -> OpSpec {
    OpSpec {
        operands: UNARY_OPERAND,
        results: UNARY_RESULT,
        traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
        same_types: &[&["operand", "result"]],
        format: Some("$operand attr-dict `:` type($result)"),
        ..OpSpec::new(name)
    }
}

/// `e^x`; backends expand it (the CPU backend to a polynomial, `runtime/local/src/math.rs`).
pub static EXP: OpSpec = unary_float("kernel.exp");
/// `tanh x`, expanded like `kernel.exp`.
pub static TANH: OpSpec = unary_float("kernel.tanh");
/// `|x|` of a float (integers use `arith`).
pub static ABS: OpSpec = unary_float("kernel.abs");
/// `sqrt x`, correctly rounded (IEEE's square root).
pub static SQRT: OpSpec = unary_float("kernel.sqrt");
/// The natural logarithm, expanded like `kernel.exp`.
pub static LOG: OpSpec = unary_float("kernel.log");
/// The error function, expanded like `kernel.exp`.
pub static ERF: OpSpec = unary_float("kernel.erf");
/// `sin x` (radians), expanded like `kernel.exp`: argument reduction by
/// `pi/2`, then polynomials on `[-pi/4, pi/4]`; `sin(±inf) = NaN`.
pub static SIN: OpSpec = unary_float("kernel.sin");
/// `cos x` (radians), expanded like `kernel.sin`.
pub static COS: OpSpec = unary_float("kernel.cos");

const BINARY_OPERANDS: &[ValueSpec] = &[ValueSpec::one("lhs", FLOAT), ValueSpec::one("rhs", FLOAT)];

/// `lhs ^ rhs` with C's `pow` semantics (a negative base with an integral
/// exponent, `pow(x, 0) = 1`, ...).
pub static POW: OpSpec = OpSpec {
    operands: BINARY_OPERANDS,
    results: UNARY_RESULT,
    traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
    same_types: &[&["lhs", "rhs", "result"]],
    format: Some("$lhs `,` $rhs attr-dict `:` type($result)"),
    ..OpSpec::new("kernel.pow")
};

const SCALAR: TypeConstraint = TypeConstraint {
    desc: "integer or float",
    check: |ctx, t| {
        matches!(
            ctx.type_kind(t),
            TypeKind::Integer { .. } | TypeKind::Float(_)
        )
    },
    buildable: None,
};

/// `%y = kernel.cast %x : f32 to i32`: `graph.cast`'s conversion of one
/// scalar (ONNX `Cast`: float → int truncates toward zero and saturates,
/// NaN → 0; int → float rounds to nearest; int → int wraps or sign-extends;
/// x → i1 is `x != 0`; i1 → x is 0 or 1).
pub static CAST: OpSpec = OpSpec {
    operands: &[ValueSpec::one("operand", SCALAR)],
    results: &[ValueSpec::one("result", SCALAR)],
    traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
    format: Some("$operand attr-dict `:` type($operand) `to` type($result)"),
    ..OpSpec::new("kernel.cast")
};

/// A signless i32 or i64.
const INDEX_INT: TypeConstraint = TypeConstraint {
    desc: "32-bit or 64-bit signless integer",
    check: |ctx, t| {
        matches!(
            ctx.type_kind(t),
            TypeKind::Integer {
                width: 32 | 64,
                signedness: xir::types::Signedness::Signless
            }
        )
    },
    buildable: None,
};

/// `%i = kernel.index 1 : i64`: in a body, the current iteration's index
/// along domain dim `dim` (linalg's `linalg.index`), as an i32 or i64 (an
/// i32 wraps past 2^31).
pub static INDEX_OP: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", INDEX_INT)],
    attrs: &[AttrSpec::required("dim", I64_ATTR)],
    traits: Traits::PURE,
    parents: &["kernel.generic", "kernel.matmul", "kernel.conv"],
    verify: Some(verify::verify_index),
    format: Some("$dim attr-dict `:` type($result)"),
    ..OpSpec::new("kernel.index")
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 24] = [
    &ATTENTION, &SCATTER, &ABS, &ALLOC, &ASSERT, &BINDING, &CAST, &CONSTANT, &COS, &ERF, &EXP,
    &GATHER, &CONV, &POOL, &GENERIC, &INDEX_OP, &LOG, &MATMUL, &POW, &RESHAPE, &SIN, &SQRT, &TANH,
    &YIELD,
];

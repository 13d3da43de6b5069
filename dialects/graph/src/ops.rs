//! The declarations of the graph ops (docs/architecture.md §3): operand and property names
//! are fixed by the generic form that frontends emit.

use crate::{fold, syntax, verify};
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, I1, I64_ATTR, INDEX, STR_ATTR};
use xir::ods::{AttrConstraint, AttrForm, AttrSpec, OpSpec, RegionSpec, TypeRule, ValueSpec};
use xir::types::{FloatKind, Signedness, TypeKind};
use xir::{AttrKind, Context, Type};
use xir_device::AFFINITY_ATTR;

fn is_element(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => matches!(
            k,
            FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64
        ),
        TypeKind::Integer {
            width: 1 | 8 | 16 | 32 | 64,
            signedness: Signedness::Signless,
        } => true,
        _ => false,
    }
}

/// A ranked tensor of f16/bf16/f32/f64 or signless i1/i8/i16/i32/i64.
pub const TENSOR: xir::ods::TypeConstraint = xir::ods::TypeConstraint {
    desc: "ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer values",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::RankedTensor { element, .. } if is_element(ctx, *element)),
    buildable: None,
};

/// `array<i64: ...>`.
pub const I64_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    desc: "i64 dense array attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::DenseArray { .. }),
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::DenseArray { element, .. }
            if matches!(ctx.type_kind(*element), TypeKind::Integer { width: 64, .. }))
    },
    form: AttrForm::Generic,
    value_type: None,
};

/// Dense int or float elements.
pub const ELEMENTS_ATTR: AttrConstraint = AttrConstraint {
    desc: "constant vector/tensor attribute",
    storage: |ctx, a| {
        matches!(
            ctx.attr_kind(a),
            AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }
        )
    },
    check: |ctx, a| {
        matches!(
            ctx.attr_kind(a),
            AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }
        )
    },
    form: AttrForm::Generic,
    value_type: None,
};

/// A tensor operand or result.
const fn v(name: &'static str) -> ValueSpec {
    ValueSpec::one(name, TENSOR)
}

const PURE_SAME: Traits = Traits(Traits::PURE.0 | Traits::SAME_OPERANDS_AND_RESULT_TYPE.0);
/// The elementwise ops: the result has the shape of each operand, and element
/// `i` of the result reads only element `i` of the operands.
const ELEMENTWISE: Traits = Traits(PURE_SAME.0 | Traits::ELEMENTWISE.0);

pub static CONSTANT: OpSpec = OpSpec {
    results: &[v("result")],
    attrs: &[AttrSpec::required("value", ELEMENTS_ATTR)],
    traits: Traits(Traits::PURE.0 | Traits::CONSTANT_LIKE.0),
    same_types: &[&["value", "result"]],
    format: Some("attr-dict $value"),
    ..OpSpec::new("graph.constant")
};

macro_rules! binary {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("lhs"), v("rhs")],
            results: &[v("result")],
            traits: ELEMENTWISE,
            fold: Some(fold::fold_binary),
            format: Some("$lhs `,` $rhs attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

binary!(ADD, "graph.add");
binary!(SUB, "graph.sub");
binary!(MUL, "graph.mul");
binary!(DIV, "graph.div");
binary!(MAX, "graph.max");
binary!(MIN, "graph.min");

/// A binary elementwise op on floats only (the verifier rejects integers).
macro_rules! float_binary {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("lhs"), v("rhs")],
            results: &[v("result")],
            traits: ELEMENTWISE,
            verify: Some(verify::verify_float),
            fold: Some(fold::fold_binary),
            format: Some("$lhs `,` $rhs attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

float_binary!(POW, "graph.pow");

/// A binary elementwise op on `i1` tensors only.
macro_rules! bool_binary {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("lhs"), v("rhs")],
            results: &[v("result")],
            traits: ELEMENTWISE,
            verify: Some(verify::verify_bool),
            fold: Some(fold::fold_binary),
            format: Some("$lhs `,` $rhs attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

bool_binary!(AND, "graph.and");
bool_binary!(OR, "graph.or");
bool_binary!(XOR, "graph.xor");

macro_rules! unary {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("input")],
            results: &[v("result")],
            traits: ELEMENTWISE,
            fold: Some(fold::fold_unary),
            format: Some("$input attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

unary!(NEG, "graph.neg");
unary!(EXP, "graph.exp");
unary!(TANH, "graph.tanh");
unary!(RELU, "graph.relu");
unary!(ABS, "graph.abs");

/// A unary elementwise op on floats only (the verifier rejects integers).
macro_rules! float_unary {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("input")],
            results: &[v("result")],
            traits: ELEMENTWISE,
            verify: Some(verify::verify_float),
            fold: Some(fold::fold_unary),
            format: Some("$input attr-dict `:` type($result)"),
            ..OpSpec::new($name)
        };
    };
}

float_unary!(SQRT, "graph.sqrt");
float_unary!(SIGMOID, "graph.sigmoid");
float_unary!(LOG, "graph.log");
float_unary!(ERF, "graph.erf");
float_unary!(SIN, "graph.sin");
float_unary!(COS, "graph.cos");

/// `graph.not %x : tensor<4xi1>`: logical negation of an `i1` tensor.
pub static NOT: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    traits: ELEMENTWISE,
    verify: Some(verify::verify_bool),
    fold: Some(fold::fold_unary),
    format: Some("$input attr-dict `:` type($result)"),
    ..OpSpec::new("graph.not")
};

/// `graph.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>`: element `i` is
/// `true_value[i]` where `condition[i]` holds, else `false_value[i]`.
pub static SELECT: OpSpec = OpSpec {
    operands: &[v("condition"), v("true_value"), v("false_value")],
    results: &[v("result")],
    traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
    same_types: &[&["true_value", "false_value", "result"]],
    verify: Some(verify::verify_select),
    fold: Some(fold::fold_select),
    format: Some(
        "$condition `,` $true_value `,` $false_value attr-dict `:` type($condition) `,` type($result)",
    ),
    ..OpSpec::new("graph.select")
};

/// `graph.cast %x : tensor<4xf32> -> tensor<4xi32>`: each element converted
/// to the result's element type (ONNX `Cast`; see `fold::cast_bits`).
pub static CAST: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
    verify: Some(verify::verify_cast),
    fold: Some(fold::fold_cast),
    format: Some("$input attr-dict `:` type($input) `->` type($result)"),
    ..OpSpec::new("graph.cast")
};

/// `graph.compare lt, %a, %b : tensor<4xf32> -> tensor<4xi1>`: `predicate`
/// is one of eq, ne, lt, le, gt, ge (floats compare ordered: NaN gives
/// false, except `ne` gives true; integers compare signed).
pub static COMPARE: OpSpec = OpSpec {
    operands: &[v("lhs"), v("rhs")],
    results: &[v("result")],
    attrs: &[AttrSpec::required("predicate", STR_ATTR)],
    traits: Traits(Traits::PURE.0 | Traits::ELEMENTWISE.0),
    same_types: &[&["lhs", "rhs"]],
    verify: Some(verify::verify_compare),
    fold: Some(fold::fold_compare),
    format: Some("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)"),
    ..OpSpec::new("graph.compare")
};

pub static MATMUL: OpSpec = OpSpec {
    operands: &[v("lhs"), v("rhs")],
    results: &[v("result")],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"),
    ..OpSpec::new("graph.matmul")
};

const I64_LIST: xir::ods::CustomDirective = syntax::I64_LIST;

pub static TRANSPOSE: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[AttrSpec::required("permutation", I64_ARRAY_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$input `permutation` `=` custom<I64List>($permutation) attr-dict `:` type($input) `->` type($result)"),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.transpose")
};

/// The dynamic result dims an op is given (`tensor.empty`'s convention): one
/// `index` per `?` of its result type, in order (`xir_graph::dims`).
const DIMS: ValueSpec = ValueSpec::many("dims", INDEX);

pub static RESHAPE: OpSpec = OpSpec {
    operands: &[v("input"), DIMS],
    results: &[v("result")],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$input (`[` $dims^ `]`)? attr-dict `:` type($input) `->` type($result)"),
    ..OpSpec::new("graph.reshape")
};

pub static BROADCAST: OpSpec = OpSpec {
    operands: &[v("input"), DIMS],
    results: &[v("result")],
    attrs: &[AttrSpec::required("dimensions", I64_ARRAY_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$input (`[` $dims^ `]`)? `dimensions` `=` custom<I64List>($dimensions) attr-dict `:` type($input) `->` type($result)"),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.broadcast")
};

macro_rules! reduce {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[v("input")],
            results: &[v("result")],
            attrs: &[AttrSpec::required("axes", I64_ARRAY_ATTR)],
            traits: Traits::PURE,
            verify: Some(verify::verify_shaped),
            format: Some("$input `axes` `=` custom<I64List>($axes) attr-dict `:` type($input) `->` type($result)"),
            custom: &[I64_LIST],
            ..OpSpec::new($name)
        };
    };
}

reduce!(REDUCE_SUM, "graph.reduce_sum");
reduce!(REDUCE_MAX, "graph.reduce_max");

pub static CONCAT: OpSpec = OpSpec {
    operands: &[ValueSpec::many("inputs", TENSOR)],
    results: &[v("result")],
    attrs: &[AttrSpec::required("axis", I64_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$inputs `axis` `=` $axis attr-dict `:` functional-type(operands, results)"),
    ..OpSpec::new("graph.concat")
};

pub static SLICE: OpSpec = OpSpec {
    operands: &[v("input"), DIMS],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("start", I64_ARRAY_ATTR),
        AttrSpec::required("strides", I64_ARRAY_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify::verify_shaped),
    format: Some("$input (`[` $dims^ `]`)? `start` `=` custom<I64List>($start) `strides` `=` custom<I64List>($strides) attr-dict `:` type($input) `->` type($result)"),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.slice")
};

/// A ranked tensor of signless i32 or i64: gather indices.
pub const INDICES: xir::ods::TypeConstraint = xir::ods::TypeConstraint {
    desc: "ranked tensor of 32-bit signless integer or 64-bit signless integer values",
    check: |ctx, t| {
        matches!(ctx.type_kind(t), TypeKind::RankedTensor { element, .. }
        if matches!(ctx.type_kind(*element), TypeKind::Integer {
            width: 32 | 64,
            signedness: Signedness::Signless,
        }))
    },
    buildable: None,
};

/// `graph.gather %table[%ids] axis = 0 : (tensor<10x4xf32>, tensor<3xi64>)
/// -> tensor<3x4xf32>`: ONNX `Gather` (numpy `take` along `axis`) with
/// indices known at run time. The result has the shape
/// `input[:axis] + indices + input[axis+1:]`, and
/// `result[a…, j…, b…] = input[a…, idx(indices[j…]), b…]`, where with
/// `d = input.shape[axis]` an index `i` in `[-d, d)` selects `i` (a negative
/// one counts from the end, `i + d`) and an index outside that range is
/// clamped to the nearest valid one (`0` or `d - 1`), on every backend: no
/// backend reads out of bounds, and all agree bit for bit. A static size-0
/// input dim along `axis` with a non-empty `indices` is a verifier error
/// (nothing to select); with a dynamic one, a run that selects from nothing
/// is an error.
pub static GATHER: OpSpec = OpSpec {
    operands: &[v("input"), ValueSpec::one("indices", INDICES)],
    results: &[v("result")],
    attrs: &[AttrSpec::required("axis", I64_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_gather),
    fold: Some(fold::fold_gather),
    format: Some(
        "$input `[` $indices `]` `axis` `=` $axis attr-dict `:` functional-type(operands, results)",
    ),
    ..OpSpec::new("graph.gather")
};

/// `graph.scatter %data, %indices, %updates reduction = "none" :
/// (tensor<5x3xf32>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>`:
/// the inverse of `graph.gather` along axis 0. The result is `data` with,
/// for each `j` in order, `result[idx(indices[j]), ...] = updates[j, ...]`
/// (`reduction = "none"`: a later `j` wins on duplicates) or combined with
/// the row by `add`, `mul`, `max` or `min`. `idx` is gather's: an index in
/// `[-N, N)` selects `i` (negative: `i + N`), anything else is clamped to
/// `0` or `N - 1`. With `N = 0` there is nothing to write into: a static
/// one with updates is a verifier error, a dynamic one drops them.
pub static SCATTER: OpSpec = OpSpec {
    operands: &[
        v("data"),
        ValueSpec::one("indices", INDICES),
        v("updates"),
    ],
    results: &[v("result")],
    attrs: &[AttrSpec::required("reduction", STR_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_scatter),
    format: Some(
        "$data `,` $indices `,` $updates `reduction` `=` $reduction attr-dict `:` functional-type(operands, results)",
    ),
    ..OpSpec::new("graph.scatter")
};

/// The result of a host-side read of a tensor (`graph.dim`, `graph.extract`).
const INDEX_RESULT: &[TypeRule] = &[TypeRule {
    lhs: "input",
    rhs: "result",
    desc: "result is index",
    infer: |ctx, _| Some(vec![ctx.index_type()]),
    matches: |ctx, _, r| matches!(r, [t] if matches!(ctx.type_kind(*t), TypeKind::Index)),
}];

pub static DIM: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[ValueSpec::one("result", INDEX)],
    attrs: &[AttrSpec::required("index", I64_ATTR)],
    traits: Traits::PURE,
    type_rules: INDEX_RESULT,
    verify: Some(verify::verify_shaped),
    format: Some("$input `,` $index attr-dict `:` type($input)"),
    ..OpSpec::new("graph.dim")
};

/// `%n = graph.extract %t : tensor<i64>`: the value of a one-element integer
/// tensor, read by the host as an `index` (MLIR's `tensor.extract` then
/// `arith.index_cast`). A host sync point: the host waits for the work that
/// makes `%t`. Data-dependent sizes (ONNX NonZero's count) become dims so.
pub static EXTRACT: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[ValueSpec::one("result", INDEX)],
    traits: Traits::PURE,
    type_rules: INDEX_RESULT,
    verify: Some(verify::verify_extract),
    format: Some("$input attr-dict `:` type($input)"),
    ..OpSpec::new("graph.extract")
};

/// `%r = graph.iota [%n] dimension = 0 : tensor<?xi64>`: each element is its
/// own index along `dimension` (ONNX `Range(0, n, 1)`), converted to the
/// element type (ints exactly, floats rounded). Operands are only the dims
/// (one `index` per `?` of the result).
pub static IOTA: OpSpec = OpSpec {
    operands: &[DIMS],
    results: &[v("result")],
    attrs: &[AttrSpec::required("dimension", I64_ATTR)],
    traits: Traits::PURE,
    verify: Some(verify::verify_iota),
    fold: Some(fold::fold_iota),
    format: Some("(`[` $dims^ `]`)? `dimension` `=` $dimension attr-dict `:` type($result)"),
    ..OpSpec::new("graph.iota")
};

pub static IF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("condition", I1)],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    regions: &[
        RegionSpec::one("then"),
        RegionSpec::one("else"),
    ],
    traits: Traits(Traits::SINGLE_BLOCK.0 | Traits::NO_REGION_ARGUMENTS.0),
    verify: Some(verify::verify_if),
    format: Some("custom<Condition>($condition) (`->` `(` type($results)^ `)`)? $then `` custom<ElseRegion>($else) attr-dict"),
    custom: &[syntax::CONDITION, syntax::ELSE_REGION],
    ..OpSpec::new("graph.if")
};

pub static YIELD: OpSpec = OpSpec {
    operands: &[ValueSpec::many("operands", ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["graph.if"],
    format: Some("attr-dict ($operands^ `:` type($operands))?"),
    ..OpSpec::new("graph.yield")
};

pub static ON_DEVICE: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[AttrSpec::required("affinity", AFFINITY_ATTR)],
    same_types: &[&["input", "result"]],
    format: Some("$input `on` $affinity attr-dict `:` type($result)"),
    ..OpSpec::new("graph.on_device")
};

pub static TRANSFER: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[
        AttrSpec::optional("source", AFFINITY_ATTR),
        AttrSpec::required("target", AFFINITY_ATTR),
    ],
    same_types: &[&["input", "result"]],
    format: Some("$input (`from` $source^)? `to` $target attr-dict `:` type($result)"),
    ..OpSpec::new("graph.transfer")
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 55] = [
    &ABS,
    &ADD,
    &AND,
    &BROADCAST,
    &CAST,
    &COMPARE,
    &CONCAT,
    &CONSTANT,
    &COS,
    &DIM,
    &DIV,
    &ERF,
    &EXP,
    &EXTRACT,
    &GATHER,
    &SCATTER,
    &IOTA,
    &IF,
    &LOG,
    &MATMUL,
    &MAX,
    &MIN,
    &MUL,
    &NEG,
    &NOT,
    &ON_DEVICE,
    &OR,
    &POW,
    &REDUCE_MAX,
    &REDUCE_SUM,
    &RELU,
    &RESHAPE,
    &SELECT,
    &SIGMOID,
    &SIN,
    &SLICE,
    &SQRT,
    &SUB,
    &TANH,
    &TRANSFER,
    &TRANSPOSE,
    &XOR,
    &YIELD,
    // The composites (composite.rs), decomposed by graph-decompose.
    &crate::composite::GELU,
    &crate::composite::LAYER_NORM,
    &crate::composite::LOG_SOFTMAX,
    &crate::composite::REDUCE_MEAN,
    &crate::composite::SOFTMAX,
    // The window ops (window.rs), decomposed by graph-decompose too.
    &crate::window::AVG_POOL,
    &crate::window::CONV,
    &crate::window::CONV_TRANSPOSE,
    &crate::window::MAX_POOL,
    &crate::window::PAD,
    &crate::window::RESIZE,
    // Attention (attention.rs): formed and decomposed by graph-decompose.
    &crate::attention::ATTENTION,
];

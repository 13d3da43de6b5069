//! The function ABI at the stream level (see conversion/from_flow/mod.rs),
//! which flow → stream writes and stream → hal reads: one rule for function
//! signatures (definitions and declarations, public or private) and for the
//! operands and results of `func.call`, so that both sides agree.
//!
//! A ranked tensor becomes an external resource followed by one `index` per
//! dynamic dimension. The resource keeps the tensor's type in its argument
//! or result attributes, `{stream.tensor = tensor<?x4xf32>}` ([`TENSOR`]):
//! in the function's `arg_attrs`/`res_attrs`, and in those of each
//! `func.call` (MLIR's call-site `arg_attrs`/`res_attrs`), so stream → hal
//! knows each value's type and which `index` values are its dims without
//! looking at the callee ([`groups`]). The stream guard checks the rule
//! ([`check_module`]).

use crate::types::{is_resource, resource_type};
use xir::op_attrs::set_property;
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, DiagEngine, Diagnostic, Ir, Op, Type};

/// The argument/result attribute that holds a resource's tensor type.
pub const TENSOR: &str = "stream.tensor";

/// The stream types of one value of type `t`: a ranked tensor becomes an
/// external resource followed by one `index` per dynamic dimension; other
/// types stay. An unranked tensor has no stream form (its dims are unknown).
pub fn convert_type(ctx: &mut Context, t: Type, out: &mut Vec<Type>) -> Result<(), String> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => {
            let dynamic = shape.iter().filter(|&&d| d < 0).count();
            out.push(resource_type(ctx, "external"));
            let index = ctx.index_type();
            out.extend(std::iter::repeat_n(index, dynamic));
        }
        TypeKind::UnrankedTensor { .. } => {
            return Err(format!(
                "type '{}' has no stream form (only ranked tensors do)",
                type_to_string(ctx, t)
            ))
        }
        _ => out.push(t),
    }
    Ok(())
}

/// How many stream values stand for a value of type `t` (1 unless a ranked
/// tensor with dynamic dimensions).
pub fn arity(ctx: &Context, t: Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => 1 + shape.iter().filter(|&&d| d < 0).count(),
        _ => 1,
    }
}

/// Converts `types`; on failure, the index of the first that has no stream
/// form and why.
pub fn convert_types(ctx: &mut Context, types: &[Type]) -> Result<Vec<Type>, (usize, String)> {
    let mut out = Vec::with_capacity(types.len());
    for (i, &t) in types.iter().enumerate() {
        convert_type(ctx, t, &mut out).map_err(|m| (i, m))?;
    }
    Ok(out)
}

/// `attrs` (a dictionary) with `stream.tensor = t` added.
pub fn with_tensor(ctx: &mut Context, attrs: Attr, t: Type) -> Attr {
    let value = ctx.intern_attr(AttrKind::Type(t));
    ctx.dict_set(attrs, TENSOR, Some(value))
}

/// `attrs` (a dictionary) without `stream.tensor` (hal's signatures: the
/// view carries the type).
pub fn without_tensor(ctx: &mut Context, attrs: Attr) -> Attr {
    ctx.dict_set(attrs, TENSOR, None)
}

/// The tensor type recorded in `attrs` (a dictionary), if any.
pub fn tensor_of(ctx: &Context, attrs: Attr) -> Option<Type> {
    match ctx.attr_kind(ctx.dict_get(attrs, TENSOR)?) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

/// Argument or result attributes after conversion: each value keeps its
/// dictionary (a tensor's with its `stream.tensor` type added), the `index`
/// values added for dynamic dims get empty ones.
pub fn expand_attrs(ctx: &mut Context, types: &[Type], attrs: &[Attr]) -> Attr {
    let empty = ctx.empty_dict();
    let mut out = Vec::new();
    for (i, &t) in types.iter().enumerate() {
        let a = attrs.get(i).copied().unwrap_or(empty);
        if matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. }) {
            out.push(with_tensor(ctx, a, t));
        } else {
            out.push(a);
        }
        out.extend(std::iter::repeat_n(empty, arity(ctx, t) - 1));
    }
    ctx.intern_attr(AttrKind::Array(out))
}

/// One value of the original signature among the stream values: a tensor
/// (its resource at `start`, its dynamic dims right after it) or any other
/// value (at `start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub start: usize,
    /// The tensor's type; `None` for other values.
    pub tensor: Option<Type>,
    /// How many stream values stand for it (1 + its dynamic dims).
    pub len: usize,
}

impl Group {
    /// The positions of its dims.
    pub fn dims(&self) -> std::ops::Range<usize> {
        self.start + 1..self.start + self.len
    }
}

/// The dims of `t` (negative: dynamic), when a ranked tensor.
fn shape(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// Groups stream values (`types`, with attribute dictionaries `attrs`; a
/// missing one counts as empty) by the ABI: a value whose attributes hold
/// `stream.tensor` starts a tensor, and the `index` values after it, one
/// per dynamic dim, are its dims. A resource without it is an error (its
/// type is unknown), as is a tensor type that is not ranked or dims that
/// are missing or not `index`. Values already converted past the stream
/// level (buffers, views) are grouped by their attributes alike.
pub fn groups(ctx: &Context, types: &[Type], attrs: &[Attr]) -> Result<Vec<Group>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < types.len() {
        let t = attrs.get(i).and_then(|&a| tensor_of(ctx, a));
        let Some(t) = t else {
            if is_resource(ctx, types[i]) {
                return Err(format!(
                    "#{i} is a resource without its tensor type ('{TENSOR}', which the function ABI needs)"
                ));
            }
            out.push(Group {
                start: i,
                tensor: None,
                len: 1,
            });
            i += 1;
            continue;
        };
        let Some(s) = shape(ctx, t) else {
            return Err(format!(
                "#{i} has '{TENSOR}' = {}, not a ranked tensor type",
                type_to_string(ctx, t)
            ));
        };
        let n = s.iter().filter(|&&d| d < 0).count();
        let dims_ok = types.get(i + 1..i + 1 + n).is_some_and(|ds| {
            ds.iter()
                .all(|&d| matches!(ctx.type_kind(d), TypeKind::Index))
        });
        if !dims_ok {
            return Err(format!(
                "#{i} ('{}') is not followed by its {n} dynamic dims (index values)",
                type_to_string(ctx, t)
            ));
        }
        out.push(Group {
            start: i,
            tensor: Some(t),
            len: 1 + n,
        });
        i += 1 + n;
    }
    Ok(out)
}

/// The dictionaries of an `arg_attrs`/`res_attrs` property of `op`
/// (empty when absent).
pub fn dicts_of(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Vec<Attr> {
    match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(v)) => v.clone(),
        _ => Vec::new(),
    }
}

/// Sets `arg_attrs`/`res_attrs` (`key`) of a function or call to `list` (an
/// array of dictionaries), unless the op had none and all are empty.
pub fn set_attrs(ctx: &mut Context, ir: &mut Ir, op: Op, key: &str, list: Attr) {
    let any = match ctx.attr_kind(list) {
        AttrKind::Array(v) => v.iter().any(|&d| !ctx.dict_entries(d).is_empty()),
        _ => true,
    };
    if any || op_attr(ctx, ir, op, key).is_some() {
        set_property(ctx, ir, op, key, Some(list));
    }
}

/// Errors reported before giving up.
const MAX_ERRORS: usize = 8;

/// Checks the ABI of every function signature and `func.call` in `module`
/// (stream level): [`groups`] accepts each list of arguments and results.
/// Returns how many errors.
pub fn check_module(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let mut errors = 0;
    let funcs = xir::util::top::top_funcs(ctx, ir, module);
    let mut report = |loc: Attr, msg: String| {
        errors += 1;
        if errors <= MAX_ERRORS {
            diags.emit(Diagnostic::error(loc, format!("flow-to-stream: {msg}")));
        }
    };
    for f in funcs {
        let name = xir::symbol::symbol_name(ctx, ir, f)
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_default();
        if let Some(AttrKind::Type(t)) =
            op_attr(ctx, ir, f, "function_type").map(|a| ctx.attr_kind(a))
        {
            if let TypeKind::Function { inputs, results } = ctx.type_kind(*t) {
                for (what, key, types) in [
                    ("argument", "arg_attrs", inputs),
                    ("result", "res_attrs", results),
                ] {
                    if let Err(m) = groups(ctx, types, &dicts_of(ctx, ir, f, key)) {
                        report(ir.op(f).loc, format!("@{name}: {what} {m}"));
                    }
                }
            }
        }
        for op in xir::walk::preorder(ir, f) {
            if !xir_func::CALL.is(ctx, ir, op) {
                continue;
            }
            let ins: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
            let outs: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
            for (what, key, types) in [("operand", "arg_attrs", ins), ("result", "res_attrs", outs)]
            {
                if let Err(m) = groups(ctx, &types, &dicts_of(ctx, ir, op, key)) {
                    report(ir.op(op).loc, format!("'func.call' {what} {m}"));
                }
            }
        }
    }
    errors
}

//! The function ABI at the stream level (see mod.rs): one rule for function
//! signatures (definitions and declarations, public or private) and for the
//! operands and results of `func.call`, so that both sides agree.

use xir::printer::type_to_string;
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, Type};
use xir_stream::types::resource_type;

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

/// Argument or result attributes after conversion: each value keeps its
/// dictionary, the `index` values added for dynamic dims get empty ones.
pub fn expand_attrs(ctx: &mut Context, types: &[Type], attrs: &[Attr]) -> Attr {
    let empty = ctx.empty_dict();
    let mut out = Vec::new();
    for (i, &t) in types.iter().enumerate() {
        out.push(attrs.get(i).copied().unwrap_or(empty));
        out.extend(std::iter::repeat_n(empty, arity(ctx, t) - 1));
    }
    ctx.intern_attr(AttrKind::Array(out))
}

//! The `arith` dialect: MLIR 22's integer and floating-point ops, comparisons,
//! casts, `select` and `constant`, with their syntax, verifiers, folders and
//! canonicalization patterns (`canonicalize.rs`).

mod canonicalize;
pub mod constraints;
pub mod fold;
mod names;
pub mod ops;
mod patterns;
mod select;
mod verify;

use constraints::{FASTMATH, OVERFLOW};
use xir::ods::constant::build_constant;
use xir::parser::{PResult, Parser};
use xir::{Attr, Context};

/// `#arith.fastmath<...>` and `#arith.overflow<...>` in attribute position.
fn parse_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attr> {
    let e = match mnemonic {
        "fastmath" => &FASTMATH,
        "overflow" => &OVERFLOW,
        _ => {
            let at = p.tok.start.saturating_sub(mnemonic.len() as u32);
            return p.error_at(
                at,
                format!("unknown attribute `{mnemonic}` in dialect `arith`"),
            );
        }
    };
    let v = e.parse_bits(p, "")?;
    Ok(e.attr(p.ctx, v))
}

/// Registers the `arith` dialect with the context.
pub fn register(ctx: &mut Context) {
    let d = xir::ods::register_dialect(ctx, "arith", ops::OPS);
    canonicalize::attach(ctx);
    ctx.registry.parse_hooks_mut().attrs.insert(d, parse_attr);
    ctx.registry
        .materializers
        .insert("arith", materialize_constant);
}

/// MLIR's `ArithDialect::materializeConstant`: an `arith.constant` of a typed
/// integer, float or dense value of exactly `ty`.
pub fn materialize_constant(
    ctx: &mut Context,
    ir: &mut xir::Ir,
    value: Attr,
    ty: xir::Type,
    loc: Attr,
) -> Option<xir::Op> {
    let vty = match ctx.attr_kind(value) {
        xir::AttrKind::Integer { ty, .. } | xir::AttrKind::Float { ty, .. } => *ty,
        xir::AttrKind::DenseElements { ty, .. } => *ty,
        _ => return None,
    };
    if vty != ty {
        return None;
    }
    Some(build_constant(ctx, ir, "arith.constant", value, ty, loc))
}

#[cfg(test)]
mod tests;

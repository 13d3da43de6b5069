//! The `arith` dialect: MLIR 22's integer and floating-point ops, comparisons,
//! casts, `select` and `constant`, with their syntax, verifiers and folders.

pub mod constraints;
pub mod fold;
pub mod ops;
mod select;
mod verify;

use constraints::{FASTMATH, OVERFLOW};
use xir::dialect::DialectDef;
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
    ctx.register_dialect(DialectDef {
        name: "arith",
        open: false,
    });
    xir::ods::register_ops(ctx, ops::OPS);
    let d = ctx.ident("arith");
    ctx.registry.parse_hooks.attrs.insert(d, parse_attr);
}

#[cfg(test)]
mod tests;

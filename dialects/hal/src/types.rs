//! The hal types, `TypeKind::Dialect` without parameters: `!hal.device`,
//! `!hal.buffer`, `!hal.buffer_view`, `!hal.command_buffer`, `!hal.fence`,
//! `!hal.executable`.

use xir::parser::{PResult, Parser};
use xir::types::TypeKind;
use xir::{Context, Type};

pub const DIALECT: &str = "hal";
pub const TYPES: [&str; 6] = [
    "device",
    "buffer",
    "buffer_view",
    "command_buffer",
    "fence",
    "executable",
];

pub fn hal_type(ctx: &mut Context, name: &str) -> Type {
    let dialect = ctx.ident(DIALECT);
    let name = ctx.ident(name);
    ctx.intern_type(TypeKind::Dialect {
        dialect,
        name,
        params: Vec::new(),
    })
}

/// The parse hook of the `hal` type namespace.
pub fn parse_hal_type(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Type> {
    if TYPES.contains(&mnemonic) {
        return Ok(hal_type(p.ctx, mnemonic));
    }
    p.error_here(format!("unknown hal type '{mnemonic}'"))
}

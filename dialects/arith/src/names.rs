//! Result names of the custom form (MLIR's `getAsmResultNames`): `%c42_i32`, `%c3`
//! (index), `%true`/`%false`, `%cst` for other constants; `%sum, %overflow` and
//! `%low, %high` for the extended ops.

use num_bigint::BigInt;
use xir::attributes::AttrKind;
use xir::types::{Signedness, TypeKind};
use xir::{Context, Ir, Op};

pub fn constant(ctx: &Context, ir: &Ir, op: Op, set: &mut dyn FnMut(usize, &str)) {
    let Some(&result) = ir.results(op).first() else {
        return;
    };
    let value = xir::symbol::op_attr(ctx, ir, op, "value").map(|a| ctx.attr_kind(a));
    let Some(AttrKind::Integer { ty, value }) = value else {
        return set(0, "cst");
    };
    let result_ty = ir.value_type(result);
    let int_type = match ctx.type_kind(result_ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    if int_type == Some(1) {
        return set(
            0,
            if value.sign() == num_bigint::Sign::NoSign {
                "false"
            } else {
                "true"
            },
        );
    }
    // The value as MLIR prints an APInt: signed in the attribute's width.
    let signed = match ctx.type_kind(*ty) {
        TypeKind::Integer {
            width,
            signedness: Signedness::Unsigned,
        } if *width > 0 && value.bit(u64::from(*width) - 1) => value - (BigInt::from(1) << *width),
        _ => value.clone(),
    };
    let mut name = format!("c{signed}");
    if int_type.is_some() {
        name.push('_');
        name.push_str(&xir::printer::type_to_string(ctx, result_ty));
    }
    set(0, &name);
}

pub fn sum_overflow(_: &Context, _: &Ir, _: Op, set: &mut dyn FnMut(usize, &str)) {
    set(0, "sum");
    set(1, "overflow");
}

pub fn low_high(_: &Context, _: &Ir, _: Op, set: &mut dyn FnMut(usize, &str)) {
    set(0, "low");
    set(1, "high");
}

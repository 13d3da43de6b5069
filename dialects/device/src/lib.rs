//! The `device` dialect: the device attributes of docs/architecture.md §4 (`attrs.rs` for
//! their data, `syntax.rs` for their text, `verify.rs` for where they are used)
//! and `device.global @name = <device>`.

pub mod attrs;
pub mod syntax;
pub mod verify;

pub use attrs::{decode, DeviceAttr};

use xir::dialect::Traits;
use xir::ods::constraints::{STR_ATTR, SYMBOL_NAME_ATTR};
use xir::ods::{AttrConstraint, AttrForm, AttrSpec, OpSpec};
use xir::{AttrKind, Context};

/// A device description (target, alias, select, fallback, promise).
pub const DEVICE_ATTR: AttrConstraint = AttrConstraint {
    desc: "device attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Dialect { .. }),
    check: verify::verify_global_value,
    form: AttrForm::Generic,
    value_type: None,
};

/// `#device.affinity<...>`, or a `#device.promise<...>` not resolved yet.
pub const AFFINITY_ATTR: AttrConstraint = AttrConstraint {
    desc: "device affinity attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Dialect { .. }),
    check: |ctx, a| {
        attrs::affinity_device(ctx, a).is_some()
            || matches!(attrs::decode(ctx, a), Some(attrs::DeviceAttr::Promise(_)))
    },
    form: AttrForm::Generic,
    value_type: None,
};

pub static GLOBAL: OpSpec = OpSpec {
    attrs: &[
        AttrSpec::required("sym_name", SYMBOL_NAME_ATTR),
        AttrSpec::required("value", DEVICE_ATTR),
        AttrSpec::optional("sym_visibility", STR_ATTR),
    ],
    traits: Traits::SYMBOL,
    verify: Some(verify::verify_global),
    format: Some("($sym_visibility^)? $sym_name `=` $value attr-dict"),
    ..OpSpec::new("device.global")
};

pub static OPS: [&OpSpec; 1] = [&GLOBAL];

/// Registers the `device` dialect: its attributes' parse/print hooks, the
/// verifier of `device.*` attributes, and `device.global`.
pub fn register(ctx: &mut Context) {
    let d = xir::ods::register_dialect(ctx, attrs::DIALECT, &OPS);
    ctx.registry
        .parse_hooks_mut()
        .attrs
        .insert(d, syntax::parse_device_attr);
    ctx.registry
        .dialect_print_hooks_mut()
        .attrs
        .insert(d, syntax::print_device_attr);
    ctx.registry
        .attr_verifiers
        .insert(attrs::DIALECT, verify::verify_device_attr);
}

#[cfg(test)]
mod tests;

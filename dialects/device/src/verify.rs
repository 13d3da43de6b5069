//! Verification of device attributes where they are used: the module attributes
//! `device.targets` / `device.default` / `device.host`, `device.affinity` on ops,
//! and (once `device.global`s exist) that every affinity names one of them.

use crate::attrs::{affinity_device, decode, DeviceAttr};
use rustc_hash::FxHashSet;
use xir::ods::verify::op_error;
use xir::printer::attr_to_string;
use xir::symbol::symbol_name;
use xir::{Attr, AttrKind, Context, Diagnostic, Ident, Ir, Op};

/// The `device` dialect's verifier of discardable `device.*` attributes.
pub fn verify_device_attr(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    key: Ident,
    value: Attr,
) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    match ctx.bytes(key) {
        b"device.targets" => {
            let AttrKind::Dictionary(entries) = ctx.attr_kind(value) else {
                return err(format!(
                    "'device.targets' must be a dictionary of devices, got {}",
                    attr_to_string(ctx, value)
                ));
            };
            for &(name, d) in entries {
                match decode(ctx, d) {
                    Some(DeviceAttr::Fallback(other)) if !entries.iter().any(|e| e.0 == other) => {
                        return err(format!(
                            "device '{}' falls back to undeclared device '@{}'",
                            ctx.str(name),
                            ctx.str(other)
                        ));
                    }
                    Some(dev) if dev.is_device() => {
                        if let Err(m) = crate::attrs::check_ops(ctx, d) {
                            return err(format!("device '{}': {m}", ctx.str(name)));
                        }
                    }
                    _ => {
                        return err(format!(
                            "device '{}' must be a device attribute, got {}",
                            ctx.str(name),
                            attr_to_string(ctx, d)
                        ))
                    }
                }
            }
            Ok(())
        }
        k @ (b"device.default" | b"device.host") => {
            let k = String::from_utf8_lossy(k);
            // A promise names a device defined later; device-resolve-promises checks it.
            if is_promise(ctx, value) {
                return Ok(());
            }
            let Some(dev) = affinity_device(ctx, value) else {
                return err(format!(
                    "'{k}' must be a #device.affinity or #device.promise, got {}",
                    attr_to_string(ctx, value)
                ));
            };
            if !declared_device(ctx, ir, op, dev) {
                return err(format!("'{k}' names undeclared device '@{}'", ctx.str(dev)));
            }
            Ok(())
        }
        b"device.topology" => {
            let AttrKind::Array(links) = ctx.attr_kind(value) else {
                return err(format!(
                    "'device.topology' must be an array of #device.link, got {}",
                    attr_to_string(ctx, value)
                ));
            };
            for &l in links {
                let Some(DeviceAttr::Link { a, b, .. }) = decode(ctx, l) else {
                    return err(format!(
                        "'device.topology' must be an array of #device.link, got {}",
                        attr_to_string(ctx, l)
                    ));
                };
                if a == b {
                    return err(format!("#device.link links '@{}' to itself", ctx.str(a)));
                }
                for d in [a, b] {
                    if !declared_device(ctx, ir, op, d) {
                        return err(format!(
                            "#device.link names undeclared device '@{}'",
                            ctx.str(d)
                        ));
                    }
                }
            }
            Ok(())
        }
        b"device.affinity" => match affinity_device(ctx, value) {
            Some(dev) => match undeclared(ctx, ir, op, dev) {
                Some(msg) => err(msg),
                None => Ok(()),
            },
            None if is_promise(ctx, value) => Ok(()),
            None => err(format!(
                "'device.affinity' must be a #device.affinity or #device.promise, got {}",
                attr_to_string(ctx, value)
            )),
        },
        _ => Ok(()),
    }
}

/// When the enclosing module declares its devices in `device.targets` and `dev`
/// is not one of them: the error, with the nearest declared name and the list.
/// (A module of `device.global`s is checked by the first global.)
fn undeclared(ctx: &Context, ir: &Ir, op: Op, dev: Ident) -> Option<String> {
    // Runs for every op with an affinity: interned-name lookups only.
    let key = ctx.find_ident("device.targets")?;
    let mut cur = Some(op);
    let targets = loop {
        let o = cur?;
        if let Some(t) = xir::symbol::op_attr_ident(ctx, ir, o, key) {
            break t;
        }
        cur = ir.parent_op(o);
    };
    if ctx.dict_entries(targets).iter().any(|e| e.0 == dev) {
        return None;
    }
    let names: Vec<&str> = ctx
        .dict_entries(targets)
        .iter()
        .map(|e| ctx.str(e.0))
        .collect();
    let name = ctx.str(dev);
    if names.contains(&name) {
        return None;
    }
    let mut msg = format!("'device.affinity' names undeclared device '@{name}'");
    if let Some(best) = names
        .iter()
        .map(|n| (edit_distance(n, name), *n))
        .filter(|&(d, n)| d <= 2.max(n.len() / 3))
        .min()
    {
        msg.push_str(&format!("; did you mean '@{}'?", best.1));
    }
    let list: Vec<String> = names.iter().map(|n| format!("@{n}")).collect();
    msg.push_str(&format!(" (declared: {})", list.join(", ")));
    Some(msg)
}

/// Levenshtein distance (small names only).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

fn is_promise(ctx: &Context, a: Attr) -> bool {
    matches!(decode(ctx, a), Some(DeviceAttr::Promise(_)))
}

/// Whether `dev` is a key of the op's `device.targets` or a `device.global` in its body.
fn declared_device(ctx: &Context, ir: &Ir, op: Op, dev: Ident) -> bool {
    if let Some(t) = xir::symbol::op_attr(ctx, ir, op, "device.targets") {
        if ctx.dict_entries(t).iter().any(|e| e.0 == dev) {
            return true;
        }
    }
    globals_in(ctx, ir, op).contains(ctx.bytes(dev))
}

/// The names of the `device.global`s directly in `table`'s body.
fn globals_in<'c>(ctx: &'c Context, ir: &Ir, table: Op) -> FxHashSet<&'c [u8]> {
    let mut out = FxHashSet::default();
    for &r in ir.regions(table) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if ctx.bytes(ir.op(o).name) == crate::GLOBAL.name.as_bytes() {
                    if let Some(n) = symbol_name(ctx, ir, o) {
                        out.insert(n);
                    }
                }
            }
        }
    }
    out
}

/// `device.global`: the value is a device, not an affinity. The first global of
/// its block also checks, once for the whole symbol table, that every affinity
/// attribute nested anywhere in it names a declared `device.global`.
pub fn verify_global(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if let Some(v) = xir::symbol::op_attr(ctx, ir, op, "value") {
        if let Err(m) = crate::attrs::check_ops(ctx, v) {
            return Err(op_error(ctx, ir, op, m));
        }
    }
    let mut prev = ir.prev_op(op);
    while let Some(p) = prev {
        if ir.op(p).name == ir.op(op).name {
            return Ok(());
        }
        prev = ir.prev_op(p);
    }
    let Some(table) = ir.parent_op(op) else {
        return Ok(());
    };
    let names = globals_in(ctx, ir, table);
    let mut seen: FxHashSet<Attr> = FxHashSet::default();
    let mut stack: Vec<Attr> = Vec::new();
    for o in xir::walk::preorder(ir, table) {
        let d = ir.op(o);
        stack.clear();
        stack.extend(ctx.dict_entries(d.attrs).iter().map(|e| e.1));
        if let Some(p) = d.properties {
            stack.extend(ctx.dict_entries(p).iter().map(|e| e.1));
        }
        while let Some(a) = stack.pop() {
            if !seen.insert(a) {
                continue;
            }
            match ctx.attr_kind(a) {
                AttrKind::Array(v) => stack.extend(v.iter().copied()),
                AttrKind::Dictionary(v) => stack.extend(v.iter().map(|e| e.1)),
                AttrKind::Dialect { params, .. } => {
                    let named = match decode(ctx, a) {
                        Some(DeviceAttr::Affinity { device, .. }) => Some(device),
                        Some(DeviceAttr::Fallback(device)) => Some(device),
                        _ => None,
                    };
                    if let Some(dev) = named {
                        if !names.contains(ctx.bytes(dev)) {
                            // Reported at the first op that uses it.
                            return Err(op_error(
                                ctx,
                                ir,
                                o,
                                format!(
                                    "{} names '@{}', which is no device.global",
                                    if matches!(decode(ctx, a), Some(DeviceAttr::Fallback(_))) {
                                        "fallback"
                                    } else {
                                        "affinity"
                                    },
                                    ctx.str(dev)
                                ),
                            ));
                        }
                    }
                    stack.extend(params.iter().copied());
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `device.global`'s value must describe a device.
pub fn verify_global_value(ctx: &Context, a: Attr) -> bool {
    decode(ctx, a).is_some_and(|d| d.is_device())
}

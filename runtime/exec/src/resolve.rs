//! Which runtime device each `device.global` runs on.
//!
//! Globals are taken in declaration order. A `#device.target` (or an alias)
//! goes to the first device that serves its kind and that no earlier global
//! took, else to the first that serves it; a `#device.select` to its first
//! entry that a device of that kind serves (by the same rule), else to its
//! first entry some device serves (the reference interpreter serves every
//! kind, so it is a select's last resort); a `#device.fallback<@g>`
//! to whatever `@g` got. An alias's ordinal counts the devices serving its kind.
//! A `#device.ordinal<N>` is the N-th runtime device, whatever it is; a
//! `#device.optimal<[...]>` the best of the devices serving its candidates (one no
//! earlier global took, then by [`preference`]: a discrete GPU over an integrated
//! or virtual one, those over a CPU, the reference interpreter last; ties to the
//! earlier candidate, then the earlier device).

use xir::attributes::AttrKind;
use xir::{Attr, Context, Ir, Op};
use xir_device::attrs::{decode, DeviceAttr};
use xir_runtime_hal::{Device, Error, OpError};

/// `device.global`s directly in `module`: (name, value, op).
pub fn globals(ctx: &Context, ir: &Ir, module: Op) -> Vec<(String, Attr, Op)> {
    let mut out = Vec::new();
    let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return out;
    };
    for op in ir.block_ops(b) {
        if ctx.str(ir.op(op).name) != xir_device::GLOBAL.name {
            continue;
        }
        let name =
            xir::symbol::op_attr(ctx, ir, op, "sym_name").and_then(|a| match ctx.attr_kind(a) {
                AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
                _ => None,
            });
        let value = xir::symbol::op_attr(ctx, ir, op, "value");
        if let (Some(n), Some(v)) = (name, value) {
            out.push((n, v, op));
        }
    }
    out
}

fn kind_of(ctx: &Context, a: Attr) -> Option<(String, Option<usize>)> {
    match decode(ctx, a)? {
        DeviceAttr::Target { kind, config, .. } => {
            // `vulkan[1]` resolved by the compiler keeps its ordinal in the config.
            let ordinal = ctx
                .dict_get(config, "ordinal")
                .and_then(|o| match ctx.attr_kind(o) {
                    AttrKind::Integer { value, .. } => usize::try_from(value).ok(),
                    _ => None,
                });
            Some((String::from_utf8_lossy(kind).into_owned(), ordinal))
        }
        DeviceAttr::Alias { kind, ordinal } => Some((
            String::from_utf8_lossy(kind).into_owned(),
            ordinal.and_then(|o| usize::try_from(o).ok()),
        )),
        _ => None,
    }
}

/// How much the runtime prefers a device for `#device.optimal`.
pub fn preference(d: &Device) -> u32 {
    let device_type = d.target.config.iter().find_map(|(k, v)| match v {
        xir_runtime_hal::ConfigValue::Str(s) if k == "device_type" => Some(s.as_str()),
        _ => None,
    });
    match (d.target.kind.as_str(), device_type) {
        (_, Some("discrete_gpu")) => 5,
        (_, Some("integrated_gpu")) => 4,
        (_, Some("virtual_gpu")) => 3,
        ("reference", _) => 0,
        ("local", _) => 2,
        _ => 1,
    }
}

/// Describes a device attribute for messages.
fn describe(ctx: &Context, a: Attr) -> String {
    xir::printer::attr_to_string(ctx, a)
}

/// The device index for each global, in `globals` order; `Err` names the
/// global, its targets and the devices there are.
pub fn assign(
    ctx: &Context,
    globals: &[(String, Attr, Op)],
    devices: &[std::sync::Arc<Device>],
) -> Result<Vec<usize>, OpError> {
    let mut taken = vec![false; devices.len()];
    let mut out: Vec<usize> = Vec::with_capacity(globals.len());
    // `native`: only devices of that very kind (not the interpreter).
    let pick_from = |kind: &str, ordinal: Option<usize>, taken: &[bool], native: bool| {
        let serving: Vec<usize> = (0..devices.len())
            .filter(|&i| devices[i].serves(kind) && (!native || devices[i].target.kind == kind))
            .collect();
        if let Some(o) = ordinal {
            return serving.get(o).copied();
        }
        serving
            .iter()
            .copied()
            .find(|&i| !taken[i])
            .or(serving.first().copied())
    };
    let pick = |kind: &str, ordinal: Option<usize>, taken: &[bool]| -> Option<usize> {
        pick_from(kind, ordinal, taken, false)
    };
    // Fallbacks last: a fallback may name a global declared after it
    // (`device.targets` is a dictionary, so its order is by name) or
    // another fallback.
    let mut got: Vec<Option<usize>> = vec![None; globals.len()];
    for (gi, (_, value, _)) in globals.iter().enumerate() {
        got[gi] = match decode(ctx, *value) {
            // The first entry a device of that very kind serves; only then
            // the first one served at all (the reference interpreter serves
            // every kind: `select<[vulkan, local]>` on a machine without a
            // GPU runs on `local`, not on the interpreter).
            Some(DeviceAttr::Select(list)) => list
                .iter()
                .find_map(|&a| {
                    let (k, o) = kind_of(ctx, a)?;
                    pick_from(&k, o, &taken, true)
                })
                .or_else(|| {
                    list.iter().find_map(|&a| {
                        let (k, o) = kind_of(ctx, a)?;
                        pick(&k, o, &taken)
                    })
                }),
            // Every device serving some candidate competes: an untaken one
            // first, then the most preferred, then the earlier candidate/device.
            Some(DeviceAttr::Optimal(list)) => list
                .iter()
                .enumerate()
                .flat_map(|(i, &a)| {
                    let (k, o) = kind_of(ctx, a).unzip();
                    let serving: Vec<usize> = match (k, o.flatten()) {
                        (Some(k), Some(o)) => (0..devices.len())
                            .filter(|&d| devices[d].serves(&k))
                            .nth(o)
                            .into_iter()
                            .collect(),
                        (Some(k), None) => (0..devices.len())
                            .filter(|&d| devices[d].serves(&k))
                            .collect(),
                        _ => Vec::new(),
                    };
                    serving.into_iter().map(move |d| (i, d))
                })
                .max_by_key(|&(i, d)| {
                    (
                        !taken[d],
                        preference(&devices[d]),
                        std::cmp::Reverse(i),
                        std::cmp::Reverse(d),
                    )
                })
                .map(|(_, d)| d),
            Some(DeviceAttr::Ordinal { index, .. }) => {
                usize::try_from(index).ok().filter(|&i| i < devices.len())
            }
            Some(DeviceAttr::Fallback(_)) => continue,
            _ => kind_of(ctx, *value).and_then(|(k, o)| pick(&k, o, &taken)),
        };
        if let Some(d) = got[gi] {
            taken[d] = true;
        }
    }
    for _ in 0..globals.len() {
        for gi in 0..globals.len() {
            if let Some(DeviceAttr::Fallback(other)) = decode(ctx, globals[gi].1) {
                if got[gi].is_none() {
                    got[gi] = globals
                        .iter()
                        .position(|g| g.0 == ctx.str(other))
                        .and_then(|j| got[j]);
                }
            }
        }
    }
    for (gi, (name, value, op)) in globals.iter().enumerate() {
        let Some(d) = got[gi] else {
            let have: Vec<String> = devices
                .iter()
                .map(|d| format!("{} ({})", d.name, d.target))
                .collect();
            let have = if have.is_empty() {
                "none".to_string()
            } else {
                have.join(", ")
            };
            // No device the program asks for is open.
            return Err(Error::unavailable(format!(
                "no device for @{} = {}; devices available: {have}",
                name,
                describe(ctx, *value)
            ))
            .at(*op));
        };
        out.push(d);
    }
    Ok(out)
}

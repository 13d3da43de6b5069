//! The device attributes of docs/architecture.md §4 as `AttrKind::Dialect` values of the
//! `device` dialect: a typed view ([`DeviceAttr`]) and constructors.
//!
//! Parameters, in order (absent optional parts are `unit`):
//! - `target`: kind (string), config (dictionary), executable targets (array)
//! - `alias`: kind (string), ordinal (i64 integer or unit)
//! - `select`: the candidate devices, one parameter each
//! - `fallback`, `promise`: the device (flat symbol ref)
//! - `affinity`: device (flat symbol ref), queues (array of i64 or unit),
//!   memory scope (string or unit)
//! - `ordinal`: the runtime device index (i64), the targets it may be (array;
//!   empty until `device-resolve-aliases` fills in the registry's kinds)
//! - `optimal`: the candidate devices, one parameter each
//! - `link`: two devices (flat symbol refs) and the link's kind (string)

use xir::{Attr, AttrKind, Context, Ident};

pub const DIALECT: &str = "device";

/// A decoded device attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceAttr<'a> {
    Target {
        kind: &'a [u8],
        config: Attr,
        executables: &'a [Attr],
    },
    Alias {
        kind: &'a [u8],
        ordinal: Option<i64>,
    },
    Select(&'a [Attr]),
    Fallback(Ident),
    Promise(Ident),
    Affinity {
        device: Ident,
        queues: Option<Vec<i64>>,
        memory: Option<&'a [u8]>,
    },
    /// `#device.ordinal<n>`: the n-th runtime device, whatever it is; `targets`
    /// are the code formats built for it.
    Ordinal {
        index: i64,
        targets: &'a [Attr],
    },
    /// `#device.optimal<[A, B]>`: the runtime chooses the best available candidate.
    Optimal(&'a [Attr]),
    /// `#device.link<@a, @b, shared_memory>`: an entry of `device.topology`.
    Link {
        a: Ident,
        b: Ident,
        kind: &'a [u8],
    },
}

impl DeviceAttr<'_> {
    /// Whether it describes a device (everything but an affinity).
    pub fn is_device(&self) -> bool {
        !matches!(self, DeviceAttr::Affinity { .. } | DeviceAttr::Link { .. })
    }
}

fn string(ctx: &Context, a: Attr) -> Option<&[u8]> {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

fn int(ctx: &Context, a: Attr) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => i64::try_from(value).ok(),
        _ => None,
    }
}

/// The root of a flat `@name`.
pub fn flat_symbol(ctx: &Context, a: Attr) -> Option<Ident> {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
        _ => None,
    }
}

fn is_unit(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Unit)
}

/// Decodes a `#device.*` attribute; `None` for anything else (or malformed params).
pub fn decode(ctx: &Context, a: Attr) -> Option<DeviceAttr<'_>> {
    let AttrKind::Dialect {
        dialect,
        name,
        params,
    } = ctx.attr_kind(a)
    else {
        return None;
    };
    // Bytes, not `str`: the verifier decodes every op's affinity.
    if ctx.bytes(*dialect) != DIALECT.as_bytes() {
        return None;
    }
    Some(match (ctx.bytes(*name), params.as_slice()) {
        (b"target", &[k, config, execs]) => DeviceAttr::Target {
            kind: string(ctx, k)?,
            config,
            executables: match ctx.attr_kind(execs) {
                AttrKind::Array(v) => v,
                _ => return None,
            },
        },
        (b"alias", &[k, ord]) => DeviceAttr::Alias {
            kind: string(ctx, k)?,
            ordinal: if is_unit(ctx, ord) {
                None
            } else {
                Some(int(ctx, ord)?)
            },
        },
        (b"select", ps) => DeviceAttr::Select(ps),
        (b"optimal", ps) => DeviceAttr::Optimal(ps),
        (b"ordinal", &[n, t]) => DeviceAttr::Ordinal {
            index: int(ctx, n)?,
            targets: match ctx.attr_kind(t) {
                AttrKind::Array(v) => v,
                _ => return None,
            },
        },
        (b"link", &[a, b, k]) => DeviceAttr::Link {
            a: flat_symbol(ctx, a)?,
            b: flat_symbol(ctx, b)?,
            kind: string(ctx, k)?,
        },
        (b"fallback", &[s]) => DeviceAttr::Fallback(flat_symbol(ctx, s)?),
        (b"promise", &[s]) => DeviceAttr::Promise(flat_symbol(ctx, s)?),
        (b"affinity", &[s, q, m]) => DeviceAttr::Affinity {
            device: flat_symbol(ctx, s)?,
            queues: match ctx.attr_kind(q) {
                AttrKind::Unit => None,
                AttrKind::Array(v) => Some(v.iter().map(|&e| int(ctx, e)).collect::<Option<_>>()?),
                _ => return None,
            },
            memory: if is_unit(ctx, m) {
                None
            } else {
                Some(string(ctx, m)?)
            },
        },
        _ => return None,
    })
}

/// The `ops` a `#device.target`'s configuration lists (full op names), `None`
/// when it lists none (the target runs every op); an error when `ops` is not an
/// array of op names.
pub fn target_ops(ctx: &Context, config: Attr) -> Result<Option<Vec<&[u8]>>, String> {
    let Some(list) = ctx.dict_get(config, "ops") else {
        return Ok(None);
    };
    let AttrKind::Array(items) = ctx.attr_kind(list) else {
        return Err("'ops' of a device target must be an array of op names".into());
    };
    items
        .iter()
        .map(|&a| match string(ctx, a) {
            Some(s) if s.contains(&b'.') && !s.starts_with(b".") && !s.ends_with(b".") => Ok(s),
            _ => Err(format!(
                "'ops' of a device target must list full op names like \"graph.add\", got {}",
                xir::printer::attr_to_string(ctx, a)
            )),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Checks the `ops` of every target inside a device attribute (selects included).
pub fn check_ops(ctx: &Context, device: Attr) -> Result<(), String> {
    match decode(ctx, device) {
        Some(DeviceAttr::Target { config, .. }) => target_ops(ctx, config).map(|_| ()),
        Some(DeviceAttr::Select(cands) | DeviceAttr::Optimal(cands))
        | Some(DeviceAttr::Ordinal { targets: cands, .. }) => {
            cands.iter().try_for_each(|&c| check_ops(ctx, c))
        }
        _ => Ok(()),
    }
}

/// The device pairs `device.topology` links with shared memory (names, either order).
pub fn shared_memory_links(ctx: &Context, topology: Option<Attr>) -> Vec<(Ident, Ident)> {
    let Some(AttrKind::Array(links)) = topology.map(|t| ctx.attr_kind(t)) else {
        return Vec::new();
    };
    links
        .iter()
        .filter_map(|&l| match decode(ctx, l) {
            Some(DeviceAttr::Link { a, b, kind }) if kind == b"shared_memory" => Some((a, b)),
            _ => None,
        })
        .collect()
}

/// Whether devices `a` and `b` share memory under `links`.
pub fn linked(links: &[(Ident, Ident)], a: Ident, b: Ident) -> bool {
    links
        .iter()
        .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
}

/// The device an affinity names.
pub fn affinity_device(ctx: &Context, a: Attr) -> Option<Ident> {
    match decode(ctx, a)? {
        DeviceAttr::Affinity { device, .. } => Some(device),
        _ => None,
    }
}

pub fn make(ctx: &mut Context, name: &str, params: Vec<Attr>) -> Attr {
    let dialect = ctx.ident(DIALECT);
    let name = ctx.ident(name);
    ctx.intern_attr(AttrKind::Dialect {
        dialect,
        name,
        params,
    })
}

fn symbol(ctx: &mut Context, name: &str) -> Attr {
    let root = ctx.ident(name);
    ctx.intern_attr(AttrKind::SymbolRef {
        root,
        nested: Vec::new(),
    })
}

/// `#device.affinity<@device[, queues = [...]][, memory = "..."]>`.
pub fn affinity(
    ctx: &mut Context,
    device: &str,
    queues: Option<&[i64]>,
    memory: Option<&str>,
) -> Attr {
    let s = symbol(ctx, device);
    let q = match queues {
        Some(qs) => {
            let v = qs.iter().map(|&q| ctx.i64_attr(q)).collect();
            ctx.intern_attr(AttrKind::Array(v))
        }
        None => ctx.unit_attr(),
    };
    let m = match memory {
        Some(m) => ctx.string_attr(m),
        None => ctx.unit_attr(),
    };
    make(ctx, "affinity", vec![s, q, m])
}

/// `#device.alias<"kind"[ordinal]>`.
pub fn alias(ctx: &mut Context, kind: &str, ordinal: Option<i64>) -> Attr {
    let k = ctx.string_attr(kind);
    let o = match ordinal {
        Some(o) => ctx.i64_attr(o),
        None => ctx.unit_attr(),
    };
    make(ctx, "alias", vec![k, o])
}

/// `#device.select<[devices]>`.
pub fn select(ctx: &mut Context, devices: Vec<Attr>) -> Attr {
    make(ctx, "select", devices)
}

/// `#device.target<"kind", {config}, [executables]>`.
pub fn target(ctx: &mut Context, kind: &str, config: Attr, executables: Vec<Attr>) -> Attr {
    let k = ctx.string_attr(kind);
    let e = ctx.intern_attr(AttrKind::Array(executables));
    make(ctx, "target", vec![k, config, e])
}

/// `#device.fallback<@device>`.
pub fn fallback(ctx: &mut Context, device: &str) -> Attr {
    let s = symbol(ctx, device);
    make(ctx, "fallback", vec![s])
}

/// `#device.promise<@device>`.
pub fn promise(ctx: &mut Context, device: &str) -> Attr {
    let s = symbol(ctx, device);
    make(ctx, "promise", vec![s])
}

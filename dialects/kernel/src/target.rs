//! What a kernel lowering needs to know of its target, read through an
//! interface the op holding the kernels declares (`hal.executable.variant`;
//! the kernel dialect never names it).

use xir::{Attr, AttrKind, Context, Ir, Op};

/// The interface: the `#device.target` an op's nested kernels are built for.
#[derive(Copy, Clone)]
pub struct KernelTarget(pub fn(&Context, &Ir, Op) -> Option<Attr>);

/// The target's parameters the lowering uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetParams {
    /// Bits of one SIMD register the backend emits (`vector_bits` in the
    /// target's config; 128 by default: Cranelift's and SPIR-V's vec4).
    pub vector_bits: u32,
}

impl Default for TargetParams {
    fn default() -> Self {
        TargetParams { vector_bits: 128 }
    }
}

/// The parameters of a `#device.target<kind, {config}, [formats]>`.
pub fn params_of(ctx: &Context, target: Option<Attr>) -> TargetParams {
    let mut p = TargetParams::default();
    let config = target.and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Dialect { params, .. } => params.get(1).copied(),
        _ => None,
    });
    if let Some(bits) = config
        .and_then(|c| {
            matches!(ctx.attr_kind(c), AttrKind::Dictionary(_))
                .then(|| ctx.dict_get(c, "vector_bits"))
        })
        .flatten()
        .and_then(|a| xir::util::build::int_of(ctx, a))
    {
        if (32..=1024).contains(&bits) {
            p.vector_bits = bits as u32;
        }
    }
    p
}

/// The executable format of targets whose kernels stay graph ops (the
/// `reference` interpreter's): `convert-graph-to-kernel` leaves them as
/// they are.
pub const GRAPH_FORMAT: &str = "graph";

/// Whether `target` (`#device.target<kind, {config}, [formats]>`) runs its
/// kernels as graph ops: its formats are exactly [`GRAPH_FORMAT`].
pub fn holds_graph(ctx: &Context, target: Option<Attr>) -> bool {
    let formats = target.and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Dialect { params, .. } => params.get(2).copied(),
        _ => None,
    });
    match formats.map(|f| ctx.attr_kind(f)) {
        Some(AttrKind::Array(a)) => {
            a.len() == 1
                && matches!(ctx.attr_kind(a[0]), AttrKind::String { value, .. } if &**value == GRAPH_FORMAT.as_bytes())
        }
        _ => false,
    }
}

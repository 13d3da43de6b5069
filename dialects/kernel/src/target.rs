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
    /// Whether the backend runs `kernel.conv` and `kernel.pool` stages (`window_stages` in the
    /// config; by default the `cranelift` format's backend does). Convs and pools
    /// left whole for other targets are decomposed by the lowering.
    pub window_stages: bool,
    /// Whether the backend runs `kernel.attention` stages (`attention_stages` in the
    /// config; by default the `cranelift` format's backend does). Attentions left whole
    /// for other targets are decomposed by the lowering.
    pub attention_stages: bool,
}

impl Default for TargetParams {
    fn default() -> Self {
        TargetParams {
            vector_bits: 128,
            window_stages: false,
            attention_stages: false,
        }
    }
}

/// The executable format whose backend (`local`) runs `kernel.conv`, `kernel.pool` and
/// `kernel.attention` stages.
pub const WINDOW_STAGE_FORMAT: &str = "cranelift";

/// The parameters of a `#device.target<kind, {config}, [formats]>`.
pub fn params_of(ctx: &Context, target: Option<Attr>) -> TargetParams {
    let mut p = TargetParams::default();
    let config = target.and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Dialect { params, .. } => params.get(1).copied(),
        _ => None,
    });
    let key = |name: &str| {
        config
            .and_then(|c| {
                matches!(ctx.attr_kind(c), AttrKind::Dictionary(_)).then(|| ctx.dict_get(c, name))
            })
            .flatten()
    };
    if let Some(bits) = key("vector_bits").and_then(|a| xir::util::build::int_of(ctx, a)) {
        if (32..=1024).contains(&bits) {
            p.vector_bits = bits as u32;
        }
    }
    // `true` / `false` are i1 integers.
    let flag = |name: &str| match key(name).and_then(|a| xir::util::build::int_of(ctx, a)) {
        Some(b) => b != 0,
        None => formats_of(ctx, target)
            .iter()
            .any(|f| f == WINDOW_STAGE_FORMAT),
    };
    p.window_stages = flag("window_stages");
    p.attention_stages = flag("attention_stages");
    p
}

/// The executable formats of `#device.target<kind, {config}, [formats]>`.
fn formats_of(ctx: &Context, target: Option<Attr>) -> Vec<String> {
    let formats = target.and_then(|t| match ctx.attr_kind(t) {
        AttrKind::Dialect { params, .. } => params.get(2).copied(),
        _ => None,
    });
    match formats.map(|f| ctx.attr_kind(f)) {
        Some(AttrKind::Array(a)) => a
            .iter()
            .filter_map(|&f| match ctx.attr_kind(f) {
                AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The executable format of targets whose kernels stay graph ops (the
/// `reference` interpreter's): `convert-graph-to-kernel` leaves them as
/// they are.
pub const GRAPH_FORMAT: &str = "graph";

/// Whether `target` (`#device.target<kind, {config}, [formats]>`) runs its
/// kernels as graph ops: its formats are exactly [`GRAPH_FORMAT`].
pub fn holds_graph(ctx: &Context, target: Option<Attr>) -> bool {
    formats_of(ctx, target) == [GRAPH_FORMAT]
}

//! What the end-to-end oracle's Vulkan run needs: `spirv-val` on every
//! stage shader of a compiled program (its absence a failure under CI), by
//! the conformance crate's `spirv_val`. The
//! Vulkan backend's own tests live in `runtime/conformance/tests`.

pub use xir_runtime_conformance::spirv_val::has_spirv_val;

/// Parses hal-level `hal` and runs `spirv-val` on every stage shader of
/// every variant (see `xir_runtime_conformance::spirv_val`).
pub fn validate_shaders(name: &str, hal: &str) -> usize {
    let mut ctx = xir_compiler::context();
    xir_runtime_vulkan::register(&mut ctx);
    let mut ir = xir::Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "hal", hal)
        .unwrap_or_else(|_| panic!("{name}: hal text does not parse"));
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("spirv-val");
    xir_runtime_conformance::spirv_val::validate_shaders(name, &ctx, &ir, top, &dir)
}

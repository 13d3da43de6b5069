//! `spirv-val` on the shaders the vulkan backend builds for a program: the
//! conformance suite's Vulkan tests and xrun's end-to-end oracle both check
//! every stage shader with it. Its absence is a failure when `CI=true`.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use xir::{Context, Ir, Op};

/// Whether this run is CI's (`CI=true`): then a missing tool or device fails.
pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Whether `spirv-val` is there; under CI its absence panics (a failure).
pub fn has_spirv_val() -> bool {
    let val = std::process::Command::new("spirv-val")
        .arg("--version")
        .output();
    if val.is_err() {
        assert!(
            !ci(),
            "CI=true but spirv-val is missing (apt-get install spirv-tools)"
        );
        eprintln!("SKIPPED: no spirv-val");
        return false;
    }
    true
}

/// Runs `spirv-val --target-env vulkan1.1` on the shader of every stage of
/// every `hal.executable.variant` under `top`, writing them into `dir`;
/// panics naming `name` and the stage on a rejection. The context went
/// through `xir_runtime_vulkan::register`. Returns how many it checked.
pub fn validate_shaders(name: &str, ctx: &Context, ir: &Ir, top: Op, dir: &Path) -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::fs::create_dir_all(dir).unwrap();
    let mut checked = 0;
    for op in xir::walk::preorder(ir, top) {
        if !xir_hal::ops::VARIANT.is(ctx, ir, op) {
            continue;
        }
        let shaders =
            xir_runtime_vulkan::shaders(ctx, ir, op).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (stage, words) in shaders {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!("{}-{n}.spv", std::process::id()));
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(&path, bytes).unwrap();
            let out = std::process::Command::new("spirv-val")
                .args(["--target-env", "vulkan1.1"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{name}, stage {stage}: spirv-val rejects {}:\n{}{}",
                path.display(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    checked
}

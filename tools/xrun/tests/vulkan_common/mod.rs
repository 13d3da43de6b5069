//! What the end-to-end oracle's Vulkan run needs: `spirv-val` on every
//! stage shader of a compiled program (its absence a failure under CI). The
//! Vulkan backend's own tests live in `runtime/conformance/tests`.

pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Whether `spirv-val` is there (its absence fails under CI).
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
/// every variant of hal-level program `hal`; returns how many it checked.
pub fn validate_shaders(name: &str, hal: &str) -> usize {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("spirv-val");
    std::fs::create_dir_all(&dir).unwrap();
    let mut ctx = xir_compiler::context();
    xir_runtime_vulkan::register(&mut ctx);
    let mut ir = xir::Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "hal", hal)
        .unwrap_or_else(|_| panic!("{name}: hal text does not parse"));
    let mut checked = 0;
    for op in xir::walk::preorder(&ir, top) {
        if ctx.str(ir.op(op).name) != "hal.executable.variant" {
            continue;
        }
        let shaders =
            xir_runtime_vulkan::shaders(&ctx, &ir, op).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (stage, words) in shaders {
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
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

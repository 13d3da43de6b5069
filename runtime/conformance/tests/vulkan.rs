//! The `vulkan` backend against the reference interpreter, and its SPIR-V
//! against `spirv-val`.
//!
//! Each program is compiled for `vulkan` (`common::compile_text`) and run on
//! the first Vulkan device and on `reference` with the same random inputs
//! (sizes 0, 1, odd, and past one workgroup); results must agree (integers
//! and data movement exactly, floats within [`close`]). Every stage shader
//! of every program must pass `spirv-val --target-env vulkan1.1`.
//!
//! Without a Vulkan device or `spirv-val` the tests say so and stop; with
//! `CI=true` their absence is a failure (`.ci/run` installs lavapipe and
//! spirv-tools).

mod common;
mod vulkan_common;

use std::sync::Arc;
use vulkan_common::*;
use xir_runtime_hal::HostTensor;

#[test]
fn vulkan_matches_reference() {
    matches_reference();
}

#[test]
fn every_shader_passes_spirv_val() {
    if !has_spirv_val() {
        return;
    }
    let mut checked = 0;
    for (name, text, _) in programs() {
        let hal = common::compile_text(&text, &["vulkan".to_string()], "").unwrap();
        checked += validate_shaders(&name, &hal);
    }
    assert!(checked > 50, "only {checked} shaders were generated");
}

/// A diamond whose two branches are pinned to `cpu` (local) and `gpu`
/// (Vulkan): the queues' traces show the branches' dispatches running at
/// the same time, and the result matches the reference. The gpu branch
/// (three matmuls on lavapipe, ~100 ms) is far longer than the cpu one
/// (two, with its JIT compile, ~15 ms), so the overlap does not depend on
/// the host's scheduling.
#[test]
fn diamond_branches_overlap_on_local_and_vulkan() {
    if vulkan().is_none() {
        return;
    }
    let t = "tensor<192x192xf32>";
    let mm = format!("({t}, {t}) -> {t}");
    let text = format!(
        "module attributes {{device.targets = {{cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}}}} {{\n\
         func.func @main(%x: {t} {{device.affinity = #device.promise<@cpu>}}, %w: {t}, %v: {t}) -> ({t} {{device.affinity = #device.promise<@cpu>}}) {{\n\
         %m = graph.matmul %x, %w : {mm}\n\
         %g = graph.on_device %m on #device.promise<@gpu> : {t}\n\
         %m2 = graph.matmul %g, %w : {mm}\n\
         %m3 = graph.matmul %m2, %w : {mm}\n\
         %r = graph.relu %m3 : {t}\n\
         %c = graph.matmul %x, %v : {mm}\n\
         %cc = graph.on_device %c on #device.promise<@cpu> : {t}\n\
         %c2 = graph.matmul %cc, %v : {mm}\n\
         %e = graph.tanh %c2 : {t}\n\
         %s = graph.add %r, %e : {t}\n\
         return %s : {t}\n}}\n}}\n"
    );
    let hal = common::compile_text(&text, &[], "auto-transfer=true").unwrap();
    let mut rng = Rng(7);
    let ins: Vec<HostTensor> = (0..3).map(|_| tensor(F32, &[192, 192], &mut rng)).collect();
    let trace = Arc::new(xir_runtime_hal::Trace::new());
    let devices = common::open_traced(
        &["local".to_string(), "vulkan".to_string()],
        Some(trace.clone()),
    )
    .unwrap();
    let got = common::run_text(&hal, "main", &ins, devices).unwrap();
    let want = common::run_text(
        &hal,
        "main",
        &ins,
        common::open(&["local".into(), "reference".into()]).unwrap(),
    )
    .unwrap();
    close(F32, &got[0].data, &want[0].data).unwrap();
    let events = trace.events();
    let spans = |q: &str| -> Vec<(f64, f64)> {
        events
            .iter()
            .filter(|e| e.queue.starts_with(q) && e.what.starts_with("dispatch"))
            .map(|e| (e.start_us, e.end_us))
            .collect()
    };
    let (cpu, gpu) = (spans("local"), spans("vulkan"));
    assert!(!cpu.is_empty() && !gpu.is_empty(), "{events:#?}");
    let overlap = cpu
        .iter()
        .any(|&(a0, a1)| gpu.iter().any(|&(b0, b1)| a0 < b1 && b0 < a1));
    assert!(overlap, "no cpu dispatch overlaps a gpu one: {events:#?}");
}

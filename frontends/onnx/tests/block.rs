//! The end-to-end model: `examples/onnx/block.onnx` (a transformer block made
//! by `examples/onnx/make_block.py`) imported with its MLP placed on `@gpu`,
//! compiled for two devices, run, and compared with the reference backend and
//! with onnxruntime (through `$XIR_PYTHON`, else `python3`; a missing
//! onnxruntime fails under CI=true and is reported otherwise).

mod common;

use common::{ci, f32s};
use std::path::PathBuf;
use xir_runtime_hal::HostTensor;

fn example(f: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/onnx")
        .join(f)
}

fn imported() -> String {
    let bytes = std::fs::read(example("block.onnx")).unwrap();
    let opts = xir_onnx::Options {
        place: vec![xir_onnx::Placement::parse("mlp/*=@gpu").unwrap()],
        ..Default::default()
    };
    xir_onnx::import(&bytes, &opts).unwrap()
}

fn run(devices: &[&str]) -> HostTensor {
    let targets = ["cpu=local".to_string(), "gpu=vulkan,local".to_string()];
    let hal = xrun::compile_text(&imported(), &targets, "auto-transfer=true").unwrap();
    // Both devices are used: the MLP's kernels run on @gpu, the rest on @cpu.
    assert!(hal.contains("device.global @gpu") && hal.contains("device.global @cpu"));
    let input = xir_runtime_io::read_npy(&example("block_input.npy")).unwrap();
    let devs =
        xrun::devices::open(&devices.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap();
    let out = xrun::run_text(&hal, "main", &[input], devs).unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].shape, vec![8, 16]);
    out.into_iter().next().unwrap()
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn placement_is_imported() {
    let text = imported();
    // Every MLP node's results are pinned; no attention node's are.
    let pins = text.matches("on #device.promise<@gpu>").count();
    assert_eq!(pins, 7, "{text}");
}

#[test]
fn block_matches_reference_backend() {
    let got = f32s(&run(&["local", "local"]));
    let want = f32s(&run(&["reference", "reference"]));
    let d = max_diff(&got, &want);
    assert!(d < 1e-4, "local vs reference: max abs difference {d}");
}

#[test]
fn block_on_vulkan_matches_reference_backend() {
    if xrun::devices::open(&["vulkan".to_string()]).is_err() {
        assert!(!ci(), "CI=true but no Vulkan device");
        eprintln!("SKIPPED: no Vulkan device");
        return;
    }
    let got = f32s(&run(&["local", "vulkan"]));
    let want = f32s(&run(&["reference", "reference"]));
    let d = max_diff(&got, &want);
    assert!(
        d < 1e-4,
        "local+vulkan vs reference: max abs difference {d}"
    );
}

#[test]
fn block_matches_onnxruntime() {
    let out = run(&["local", "local"]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("y.npy");
    xir_runtime_io::write_npy(&path, &out).unwrap();
    let python = std::env::var("XIR_PYTHON").unwrap_or_else(|_| "python3".into());
    let res = std::process::Command::new(&python)
        .arg(example("make_block.py"))
        .arg("--check")
        .arg(&path)
        .output();
    let ok = matches!(&res, Ok(o) if o.status.success());
    if !ok {
        let why = match res {
            Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
            Err(e) => e.to_string(),
        };
        assert!(
            !ci(),
            "CI=true but onnxruntime is not available through {python}: {why}"
        );
        eprintln!("SKIPPED: onnxruntime not available through {python}: {why}");
        return;
    }
    let o = res.unwrap();
    let d: f64 = String::from_utf8_lossy(&o.stdout).trim().parse().unwrap();
    assert!(d < 1e-4, "max abs difference from onnxruntime: {d}");
}

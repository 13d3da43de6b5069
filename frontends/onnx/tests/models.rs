//! Real models as the judge (issue 29): the torch-exported networks whose
//! skeletons are checked in under `bench/models/skeletons/` (graphs without
//! their weights; `bench/models/README.md`) are made runnable again by
//! `bench/models/materialize.py` (weights from seed 0, a random input,
//! onnxruntime's outputs; through `$XIR_PYTHON`, else `python3`, with onnx,
//! numpy and onnxruntime), imported by xir, run on `local` and on `vulkan`,
//! and compared with onnxruntime: every element within 1e-3 of its expected
//! value's magnitude plus 1e-4 of the output's largest magnitude.
//!
//! A missing onnxruntime or Vulkan device fails under CI=true and is reported
//! otherwise (as `block.rs` does). One test per skeleton:
//! `cargo test -p xir-onnx --test models resnet18`; `--nocapture` prints
//! where each one's time went.
//!
//! The three CNNs run at 112x112, not the 224x224 they were exported at and
//! the benchmark runs (`materialize.py --input-shape`; their graphs fix no
//! spatial size): in a debug build on 2 cores, resnet18 at 224 took 85 s
//! (49 s of it compiling and running on vulkan) and the whole file 4.5
//! minutes one test at a time, 2.5 at 112. At 112 the feature maps still end
//! at odd sizes (7, then 4 after a stride-2 conv), as at 224 (7). What is
//! left of resnet18's time is mostly its 46 MB of weights printed and parsed
//! as text (the import, then each compile).

mod common;

use common::{ci, f32s};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use xir_runtime_hal::HostTensor;

const RTOL: f64 = 1e-3;
/// Of the output's largest magnitude.
const ATOL_OF_MAX: f64 = 1e-4;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn skeletons() -> PathBuf {
    repo().join("bench/models/skeletons")
}

/// The skeleton materialized in `dir`; false (after a note) where Python
/// with onnxruntime is not available outside CI.
fn materialize(skeleton: &Path, dir: &Path, input_shape: Option<&str>) -> bool {
    let python = std::env::var("XIR_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut cmd = Command::new(&python);
    cmd.arg(repo().join("bench/models/materialize.py"))
        .arg(skeleton)
        .arg(dir)
        .args(["--seed", "0"]);
    if let Some(s) = input_shape {
        cmd.arg(format!("--input-shape={s}"));
    }
    let res = cmd.output();
    match res {
        Ok(o) if o.status.success() => true,
        res => {
            let why = match res {
                Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
                Err(e) => e.to_string(),
            };
            assert!(
                !ci(),
                "CI=true but materialize.py failed through {python} (it needs onnx, numpy and onnxruntime): {why}"
            );
            eprintln!("SKIPPED: materialize.py failed through {python}: {why}");
            false
        }
    }
}

/// `dir/PREFIX_K.npy` for K = 0, 1, ... while they exist.
fn npys(dir: &Path, prefix: &str) -> Vec<HostTensor> {
    (0..)
        .map(|k| dir.join(format!("{prefix}_{k}.npy")))
        .take_while(|p| p.exists())
        .map(|p| xir_runtime_io::read_npy(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Why `got` is not within tolerance of `want` (None if it is).
fn mismatch(k: usize, got: &HostTensor, want: &HostTensor) -> Option<String> {
    if got.shape != want.shape {
        return Some(format!(
            "output {k}: shape {:?}, onnxruntime's {:?}",
            got.shape, want.shape
        ));
    }
    let (g, w) = (f32s(got), f32s(want));
    let max = w.iter().fold(0.0f64, |m, &x| m.max((x as f64).abs()));
    let (mut bad, mut worst, mut worst_i) = (0usize, 0.0f64, 0usize);
    let mut max_diff = 0.0f64;
    for (i, (&x, &y)) in g.iter().zip(&w).enumerate() {
        let (x, y) = (x as f64, y as f64);
        let d = (x - y).abs();
        max_diff = max_diff.max(d);
        let allowed = RTOL * y.abs() + ATOL_OF_MAX * max;
        // A NaN fails too (its comparison is false) and is the worst.
        let within = d <= allowed;
        if !within {
            bad += 1;
            let excess = if d.is_nan() {
                f64::INFINITY
            } else {
                d / allowed
            };
            if bad == 1 || excess > worst {
                (worst, worst_i) = (excess, i);
            }
        }
    }
    (bad > 0).then(|| {
        format!(
            "output {k} {:?}: {bad} of {} elements off (worst: element {worst_i} is {:e}, onnxruntime's {:e}); max abs difference {max_diff:e}, largest |value| {max:e}",
            want.shape,
            w.len(),
            g[worst_i],
            w[worst_i]
        )
    })
}

/// Runs the imported `text` for `target`; None (after a note) where there
/// is no Vulkan device outside CI.
fn run(text: &str, target: &str, inputs: &[HostTensor]) -> Option<Vec<HostTensor>> {
    let devices = match xrun::devices::open(&[target.to_string()]) {
        Ok(d) => d,
        Err(e) if target == "vulkan" && !ci() => {
            eprintln!("SKIPPED on vulkan: no Vulkan device: {e}");
            return None;
        }
        Err(e) => panic!("cannot open the {target} device: {e}"),
    };
    // A graph-level text naming no device is compiled for local by run_text.
    let program = if target == "local" {
        text.to_string()
    } else {
        xrun::compile_text(text, &[target.to_string()], "")
            .unwrap_or_else(|e| panic!("compiling for {target}: {e}"))
    };
    Some(
        xrun::run_text(&program, "main", inputs, devices)
            .unwrap_or_else(|e| panic!("running on {target}: {e}")),
    )
}

fn judge(model: &str, input_shape: Option<&str>) {
    let skeleton = skeletons().join(format!("{model}.onnx"));
    let dir = tempfile::tempdir().unwrap();
    let t = Instant::now();
    if !materialize(&skeleton, dir.path(), input_shape) {
        return;
    }
    let mut times = format!("materialize {:.1} s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let bytes = std::fs::read(dir.path().join("model.onnx")).unwrap();
    let text = xir_onnx::import(&bytes, &xir_onnx::Options::default())
        .unwrap_or_else(|e| panic!("importing {model}: {e}"));
    times += &format!(", import {:.1} s", t.elapsed().as_secs_f64());
    let inputs = npys(dir.path(), "input");
    let want = npys(dir.path(), "output");
    assert!(!want.is_empty(), "materialize.py wrote no outputs");
    let mut failures = Vec::new();
    for target in ["local", "vulkan"] {
        let t = Instant::now();
        let Some(got) = run(&text, target, &inputs) else {
            continue;
        };
        times += &format!(", {target} {:.1} s", t.elapsed().as_secs_f64());
        if got.len() != want.len() {
            failures.push(format!(
                "{target}: {} results, onnxruntime {}",
                got.len(),
                want.len()
            ));
            continue;
        }
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            if let Some(m) = mismatch(k, g, w) {
                failures.push(format!("{target}: {m}"));
            }
        }
    }
    eprintln!("{model}: {times}");
    assert!(
        failures.is_empty(),
        "{model} differs from onnxruntime:\n{}",
        failures.join("\n")
    );
}

macro_rules! judged {
    ($($test:ident = $model:literal $(at $shape:literal)?,)*) => {
        $(
            #[test]
            fn $test() {
                judge($model, None$(.or(Some($shape)))?);
            }
        )*

        /// Every checked-in skeleton has its test above, and every test its skeleton.
        #[test]
        fn every_skeleton_is_judged() {
            let mut have: Vec<String> = std::fs::read_dir(skeletons())
                .expect("bench/models/skeletons")
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().to_str()?.strip_suffix(".onnx").map(String::from))
                .collect();
            have.sort();
            let mut listed: Vec<String> = vec![$($model.to_string()),*];
            listed.sort();
            assert_eq!(have, listed, "bench/models/skeletons/ and the tests of models.rs");
        }
    };
}

judged! {
    resnet18_ts17 = "resnet18.ts17" at "1x3x112x112",
    resnet18_dynamo18 = "resnet18.dynamo18" at "1x3x112x112",
    mobilenet_v2_ts17 = "mobilenet_v2.ts17" at "1x3x112x112",
    mobilenet_v2_dynamo18 = "mobilenet_v2.dynamo18" at "1x3x112x112",
    squeezenet1_1_ts17 = "squeezenet1_1.ts17" at "1x3x112x112",
    squeezenet1_1_dynamo18 = "squeezenet1_1.dynamo18" at "1x3x112x112",
    vit_ts17 = "vit.ts17",
    vit_dynamo18 = "vit.dynamo18",
    whisper_encoder_ts17 = "whisper_encoder.ts17",
    whisper_encoder_dynamo18 = "whisper_encoder.dynamo18",
}

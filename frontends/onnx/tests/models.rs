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
//! The transformers exported with dynamic batch and sequence axes are
//! imported once and run at two sizes (`judge_dynamic`).
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

/// The skeleton materialized in `dir` (materialize.py's further `flags`);
/// false (after a note) where Python with onnxruntime is not available
/// outside CI.
fn materialize(skeleton: &Path, dir: &Path, flags: &[String]) -> bool {
    let python = std::env::var("XIR_PYTHON").unwrap_or_else(|_| "python3".into());
    let res = Command::new(&python)
        .arg(repo().join("bench/models/materialize.py"))
        .arg(skeleton)
        .arg(dir)
        .args(["--seed", "0"])
        .args(flags)
        .output();
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
    let flags: Vec<String> = input_shape
        .map(|s| format!("--input-shape={s}"))
        .into_iter()
        .collect();
    if !materialize(&skeleton, dir.path(), &flags) {
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

/// A model exported with a dynamic batch axis, and a sequence axis for the
/// sequence models (`dim_param`s `batch`, `seq`): imported once, compiled once per target, run at each
/// of `sizes` (materialized with the same seed, so the same weights) and
/// compared with onnxruntime; at the last size its results must equal, bit
/// for bit, those of the import specialized to that size (`--dim`).
fn judge_dynamic(model: &str, sizes: &[(i64, i64)]) {
    let skeleton = skeletons().join(format!("{model}.onnx"));
    let dirs: Vec<_> = sizes.iter().map(|_| tempfile::tempdir().unwrap()).collect();
    for (dir, &(b, s)) in dirs.iter().zip(sizes) {
        let flags = [format!("--dim=batch={b}"), format!("--dim=seq={s}")];
        if !materialize(&skeleton, dir.path(), &flags) {
            return;
        }
    }
    let bytes = std::fs::read(dirs[0].path().join("model.onnx")).unwrap();
    let text = xir_onnx::import(&bytes, &xir_onnx::Options::default())
        .unwrap_or_else(|e| panic!("importing {model}: {e}"));
    assert!(
        text.contains("xir.dim_names = [\"batch\""),
        "{model}: the import is not dynamic"
    );
    let mut failures = Vec::new();
    let mut last_local = None;
    for target in ["local", "vulkan"] {
        let devices = match xrun::devices::open(&[target.to_string()]) {
            Ok(d) => d,
            Err(e) if target == "vulkan" && !ci() => {
                eprintln!("SKIPPED on vulkan: no Vulkan device: {e}");
                continue;
            }
            Err(e) => panic!("cannot open the {target} device: {e}"),
        };
        let program = xrun::compile_text(&text, &[target.to_string()], "")
            .unwrap_or_else(|e| panic!("compiling {model} for {target}: {e}"));
        for (dir, size) in dirs.iter().zip(sizes) {
            let inputs = npys(dir.path(), "input");
            let want = npys(dir.path(), "output");
            let got = xrun::run_text(&program, "main", &inputs, devices.clone())
                .unwrap_or_else(|e| panic!("running {model} on {target} at {size:?}: {e}"));
            assert_eq!(got.len(), want.len(), "{model}: result count");
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                if let Some(m) = mismatch(k, g, w) {
                    failures.push(format!("{target} at {size:?}: {m}"));
                }
            }
            if target == "local" {
                last_local = Some(got);
            }
        }
    }
    let &(b, s) = sizes.last().unwrap();
    // The model's dim names: batch, and seq for the sequence models.
    let names = [("batch", b), ("seq", s)];
    let opts = xir_onnx::Options {
        dims: names
            .iter()
            .filter(|(n, _)| text.contains(&format!("\"{n}\"")))
            .map(|(n, v)| xir_onnx::DimBinding::parse(&format!("{n}={v}")).unwrap())
            .collect(),
        ..Default::default()
    };
    let fixed = xir_onnx::import(&bytes, &opts).unwrap();
    let inputs = npys(dirs.last().unwrap().path(), "input");
    let got = run(&fixed, "local", &inputs).unwrap();
    let dynamic = last_local.unwrap();
    for (k, (g, d)) in got.iter().zip(&dynamic).enumerate() {
        assert!(
            g.shape == d.shape && g.data == d.data,
            "{model}: result {k} of the dynamic module differs from the one specialized to {b}x{s}"
        );
    }
    assert!(
        failures.is_empty(),
        "{model} differs from onnxruntime:\n{}",
        failures.join("\n")
    );
}

/// The sizes a dynamic model runs at: `(batch, seq)`, 1x16 and 3x5 unless
/// the entry says.
macro_rules! sizes {
    () => {
        &[(1, 16), (3, 5)]
    };
    ($s:expr) => {
        $s
    };
}

macro_rules! judged {
    ($($test:ident = $model:literal $(at $shape:literal)?,)*
     ; dynamic $($dtest:ident = $dmodel:literal $(at $sizes:expr)?,)*) => {
        $(
            #[test]
            fn $test() {
                judge($model, None$(.or(Some($shape)))?);
            }
        )*
        $(
            #[test]
            fn $dtest() {
                judge_dynamic($dmodel, sizes!($($sizes)?));
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
            let mut listed: Vec<String> = vec![$($model.to_string(),)* $($dmodel.to_string(),)*];
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
    ; dynamic
    bert_ts17_dynamic = "bert.ts17.dynamic",
    bert_bench_ts17_dynamic = "bert_bench.ts17.dynamic",
    distilbert_ts17_dynamic = "distilbert.ts17.dynamic",
    gpt2_ts17_dynamic = "gpt2.ts17.dynamic",
    llama_ts17_dynamic = "llama.ts17.dynamic",
    t5_encoder_ts17_dynamic = "t5_encoder.ts17.dynamic",
    bert_dynamo18_dynamic = "bert.dynamo18.dynamic",
    distilbert_dynamo18_dynamic = "distilbert.dynamo18.dynamic",
    gpt2_dynamo18_dynamic = "gpt2.dynamo18.dynamic",
    llama_dynamo18_dynamic = "llama.dynamo18.dynamic",
    t5_encoder_dynamo18_dynamic = "t5_encoder.dynamo18.dynamic",
    vit_ts17_dynamic = "vit.ts17.dynamic",
    vit_dynamo18_dynamic = "vit.dynamo18.dynamic",
    // Dynamic batch only, at 224x224 as exported.
    squeezenet1_1_ts17_dynamic = "squeezenet1_1.ts17.dynamic" at &[(1, 0), (2, 0)],
    mobilenet_v2_dynamo18_dynamic = "mobilenet_v2.dynamo18.dynamic" at &[(1, 0), (2, 0)],
}

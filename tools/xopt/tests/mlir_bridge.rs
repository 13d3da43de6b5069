//! `--mlir-bridge` and `--mlir-verify`: MLIR 22 in process (bridges/mlir). Built
//! with `cargo test -p xopt --features mlir --test mlir_bridge` (CI does); without
//! the feature, the flags must say so and fail.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs xopt on `input` (named `in.mlir` through a temporary file).
fn xopt(args: &[&str], input: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("in.mlir");
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(input.as_bytes()))
        .expect("write input");
    let out = Command::new(env!("CARGO_BIN_EXE_xopt"))
        .args(args)
        .arg(&path)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("run xopt");
    let err = String::from_utf8_lossy(&out.stderr).replace(&*path.to_string_lossy(), "in.mlir");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        err,
    )
}

const MIXED: &str = r#"func.func @f(%a: tensor<4xf32>, %i: i32) -> (tensor<4xf32>, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %i, %c0 : i32
  %1 = arith.addi %i, %c0 : i32
  %2 = arith.muli %0, %1 : i32
  %r = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %p = "graph.on_device"(%r) <{affinity = #device.affinity<@gpu>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %p, %2 : tensor<4xf32>, i32
}
"#;

#[cfg(not(feature = "mlir"))]
#[test]
fn without_the_feature_the_flags_say_how_to_get_it() {
    for flag in ["--mlir-bridge=cse", "--mlir-verify"] {
        let (code, out, err) = xopt(&[flag], MIXED);
        assert_eq!(code, 1, "{flag}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains("does not link MLIR") && err.contains("--features mlir"),
            "{flag}: {err}"
        );
    }
}

#[cfg(feature = "mlir")]
mod linked {
    use super::{xopt, MIXED};

    #[test]
    fn mlir_canonicalizes_and_xir_ops_ride_along() {
        let (code, out, err) = xopt(&["--mlir-bridge=canonicalize,cse"], MIXED);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            out,
            "module {\n  func.func @f(%arg0: tensor<4xf32>, %arg1: i32) -> (tensor<4xf32>, i32) {\n    \
             %0 = arith.muli %arg1, %arg1 : i32\n    \
             %1 = graph.relu %arg0 : tensor<4xf32>\n    \
             %2 = graph.on_device %1 on #device.affinity<@gpu> : tensor<4xf32>\n    \
             return %2, %0 : tensor<4xf32>, i32\n  }\n}\n\n"
        );
    }

    #[test]
    fn locations_survive_the_trip() {
        let (code, out, err) = xopt(
            &[
                "--mlir-bridge=cse",
                "--mlir-print-debuginfo",
                "--mlir-print-local-scope",
            ],
            MIXED,
        );
        assert_eq!(code, 0, "{err}");
        let relu = out
            .lines()
            .find(|l| l.contains("graph.relu"))
            .expect("relu kept");
        assert!(relu.ends_with(":6:8)"), "{relu}");
        let muli = out
            .lines()
            .find(|l| l.contains("arith.muli"))
            .expect("muli kept");
        assert!(muli.ends_with(":5:8)"), "{muli}");
    }

    #[test]
    fn an_anchored_pipeline_runs_as_written() {
        let (code, out, err) = xopt(&["--mlir-bridge=builtin.module(func.func(cse))"], MIXED);
        assert_eq!(code, 0, "{err}");
        // cse merges the two addi; without canonicalize the constant stays.
        assert_eq!(out.matches("arith.addi").count(), 1, "{out}");
        assert!(out.contains("arith.constant 0 : i32"), "{out}");
    }

    #[test]
    fn runs_after_xirs_own_passes() {
        // xir's canonicalize folds x + 0 first; MLIR's cse then merges the muli operands.
        let (code, out, err) = xopt(&["--canonicalize", "--mlir-bridge=cse"], MIXED);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("arith.muli %arg1, %arg1"), "{out}");
    }

    #[test]
    fn a_bad_pipeline_is_an_error() {
        let (code, out, err) = xopt(&["--mlir-bridge=no-such-pass"], MIXED);
        assert_eq!(code, 1);
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains("invalid MLIR pass pipeline 'no-such-pass'")
                && err.contains("'no-such-pass' does not refer to a registered pass"),
            "{err}"
        );
    }

    #[test]
    fn verify_accepts_what_xir_prints() {
        for flags in [
            &[][..],
            &["--mlir-print-op-generic"][..],
            &["--canonicalize"][..],
        ] {
            let mut args = vec!["--mlir-verify"];
            args.extend_from_slice(flags);
            let (code, _, err) = xopt(&args, MIXED);
            assert_eq!(code, 0, "{args:?}: {err}");
            assert!(err.is_empty(), "{args:?}: {err}");
        }
    }

    const UNKNOWN_TENSOR_OP: &str =
        "func.func @g() {\n  \"tensor.frob\"() : () -> ()\n  return\n}\n";

    #[test]
    fn verify_reports_mlirs_error_at_the_source_position() {
        let (code, out, err) = xopt(
            &["--allow-unregistered-dialect", "--mlir-verify"],
            UNKNOWN_TENSOR_OP,
        );
        assert_eq!(code, 1);
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            err,
            "in.mlir:2:3: error: unregistered operation 'tensor.frob' found in dialect ('tensor') that does not allow unknown operations\n  \"tensor.frob\"() : () -> ()\n  ^\n\
             in.mlir:2:3: note: see current operation: \"tensor.frob\"() : () -> ()\n"
        );
    }

    #[test]
    fn verify_diagnostics_can_be_pretty() {
        let (code, _, err) = xopt(
            &[
                "--allow-unregistered-dialect",
                "--mlir-verify",
                "--diagnostics=pretty",
            ],
            UNKNOWN_TENSOR_OP,
        );
        assert_eq!(code, 1);
        assert!(
            err.starts_with("Error: unregistered operation 'tensor.frob'"),
            "{err}"
        );
        assert!(err.contains("in.mlir:2:3"), "{err}");
        assert!(
            !err.contains('\u{1b}'),
            "no colour when stderr is not a terminal: {err}"
        );
    }
}

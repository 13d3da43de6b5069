//! Runs the xlit binary on throwaway suites and checks lit's output format.

use std::path::Path;
use std::process::Command;

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// Runs xlit; returns (exit code, stdout, stderr).
fn xlit(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xlit"))
        .args(args)
        .arg(dir)
        .env_remove("LIT_FILTER")
        .env_remove("LIT_FILTER_OUT")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn suite() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "lit.toml", "name = \"demo\"\n");
    write(d, "pass.mlir", "// RUN: echo ok | grep ok\n");
    write(
        d,
        "sub/fail.mlir",
        "// RUN: true\n// RUN: echo boom && echo oops >&2 && false\n// RUN: echo never\n",
    );
    write(d, "xfail.mlir", "// XFAIL: *\n// RUN: false\n");
    write(
        d,
        "skip.mlir",
        "// REQUIRES: no-such-feature\n// RUN: false\n",
    );
    write(d, "Inputs/ignored.mlir", "// RUN: false\n");
    tmp
}

#[test]
fn failing_test_output_summary_and_exit_code() {
    let tmp = suite();
    let (code, out, _) = xlit(&["-j", "2"], tmp.path());
    assert_eq!(code, 1, "{out}");
    let stars = "*".repeat(20);
    assert!(
        out.starts_with("-- Testing: 4 tests, 2 workers --\n"),
        "{out}"
    );
    for line in [
        "PASS: demo :: pass.mlir (",
        "XFAIL: demo :: xfail.mlir (",
        "UNSUPPORTED: demo :: skip.mlir (",
        "FAIL: demo :: sub/fail.mlir (",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
    let block = format!(
        "{stars} TEST 'demo :: sub/fail.mlir' FAILED {stars}\nExit Code: 1\n\n\
         Command Output (stdout):\n--\nboom\n\n--\nCommand Output (stderr):\n--\n\
         true # RUN: at line 1\n+ true\necho boom && echo oops >&2 && false # RUN: at line 2\n\
         + echo boom\n+ echo oops\noops\n+ false\n\n--\n\n{stars}\n"
    );
    assert!(
        out.contains(&block),
        "missing failure block:\n{block}\nin:\n{out}"
    );
    assert!(!out.contains("never"), "{out}");
    assert!(
        out.contains(&format!(
            "{stars}\nFailed Tests (1):\n  demo :: sub/fail.mlir\n\n"
        )),
        "{out}"
    );
    assert!(
        out.ends_with(
            "Total Discovered Tests: 4\n  Unsupported      : 1 (25.00%)\n  Passed           : 1 (25.00%)\n  \
             Expectedly Failed: 1 (25.00%)\n  Failed           : 1 (25.00%)\n"
        ),
        "{out}"
    );
}

#[test]
fn filters_quiet_and_success() {
    let tmp = suite();
    let (code, out, _) = xlit(&["--filter", "pass|xfail"], tmp.path());
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("-- Testing: 2 of 4 tests"), "{out}");
    assert!(out.contains("  Excluded         : 2 (50.00%)"), "{out}");

    let (code, out, _) = xlit(&["-q"], tmp.path());
    assert_eq!(code, 1);
    assert!(
        !out.contains("PASS:") && !out.contains("Exit Code"),
        "{out}"
    );
    assert!(out.starts_with("-- Testing: 4 tests"), "{out}");
    assert!(out.contains("\nFAIL: demo :: sub/fail.mlir ("), "{out}");
    assert!(
        out.ends_with("Total Discovered Tests: 4\n  Failed: 1 (25.00%)\n"),
        "{out}"
    );

    let (code, _, err) = xlit(&["--filter", "nothing-matches"], tmp.path());
    assert_eq!(code, 1);
    assert!(err.contains("filter did not match any tests"), "{err}");
}

#[test]
fn xpass_timeout_and_unresolved_fail() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "lit.toml", "name = \"t\"\n");
    write(d, "xpass.mlir", "// XFAIL: *\n// RUN: true\n");
    write(d, "slow.mlir", "// RUN: sleep 20\n");
    write(d, "norun.mlir", "// CHECK: nothing to run\n");
    let (code, out, _) = xlit(&["--timeout", "1"], d);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("XPASS: t :: xpass.mlir"), "{out}");
    assert!(out.contains("TIMEOUT: t :: slow.mlir"), "{out}");
    assert!(
        out.contains("Timeout: Reached timeout of 1 seconds"),
        "{out}"
    );
    assert!(out.contains("UNRESOLVED: t :: norun.mlir"), "{out}");
    assert!(out.contains("Test has no 'RUN:' line"), "{out}");
    assert!(out.contains("Unexpectedly Passed Tests (1):"), "{out}");
}

#[test]
fn missing_tool_says_how_to_build_it() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(d, "lit.toml", "name = \"t\"\n");
    write(d, "tool.mlir", "// RUN: xopt %s\n");
    let empty = tempfile::tempdir().unwrap();
    let build_dir = empty.path().to_str().unwrap();
    let (code, out, _) = xlit(&["--build-dir", build_dir], d);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("UNRESOLVED: t :: tool.mlir"), "{out}");
    assert!(
        out.contains("Run `cargo build --workspace` first."),
        "{out}"
    );
}

#[test]
fn config_substitutions_and_suffixes() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    write(
        d,
        "lit.toml",
        "name = \"cfg\"\nsuffixes = [\".test\"]\nfeatures = [\"from-config\"]\n[substitutions]\n\"%{neg}\" = \"not false\"\n",
    );
    write(d, "a.test", "# REQUIRES: from-config\n# RUN: %{neg}\n");
    write(d, "b.mlir", "// RUN: false\n");
    let (code, out, _) = xlit(&[], d);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("PASS: cfg :: a.test (1 of 1)"), "{out}");
    // The tool named by a config substitution resolves to the built binary.
    let (code, out, _) = xlit(&["-a"], d);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("/not false"), "{out}");
}

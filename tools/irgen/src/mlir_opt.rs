//! The reference tool of the differential tests: where mlir-opt 22 lives, running
//! it, and what a test does without it (ignored, or failed when `CI` is set, so a
//! CI machine missing the tool can't pass by skipping every comparison).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use libtest_mimic::Trial;

pub const PATH: &str = "/usr/lib/llvm-22/bin/mlir-opt";

pub fn installed() -> bool {
    Path::new(PATH).exists()
}

/// Whether a missing mlir-opt is a failure (`CI` is set) rather than a skip.
pub fn required() -> bool {
    std::env::var_os("CI").is_some()
}

/// `trial` as is where mlir-opt is installed; otherwise a failing trial of the same
/// name when [`required`], else `trial` ignored.
pub fn gate(trial: Trial) -> Trial {
    if installed() {
        trial
    } else if required() {
        let name = trial.name().to_string();
        Trial::test(
            name,
            || Err(format!("{PATH} is missing (CI is set)").into()),
        )
    } else {
        trial.with_ignored_flag(true)
    }
}

/// Runs mlir-opt with `args` on `input`; its stdout, or why it failed (with its
/// stderr when it rejected the input).
pub fn run(args: &[&str], input: &str) -> Result<String, String> {
    let mut child = Command::new(PATH)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {PATH}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let text = input.to_string();
    // A writer thread, so a full output pipe can't deadlock the write.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    writer
        .join()
        .map_err(|_| "writer thread panicked".to_string())?
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "mlir-opt rejected the program:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `None` when `want` (mlir-opt's output) and `got` (xir's) are equal, else the
/// first differing line of each.
pub fn difference(want: &str, got: &str) -> Option<String> {
    if want == got {
        return None;
    }
    Some(
        want.lines()
            .zip(got.lines())
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("mlir-opt: {a}\nxir:      {b}"))
            .unwrap_or_else(|| "lengths differ".into()),
    )
}

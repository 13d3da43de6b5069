//! `cargo test` entry for lit tests: every test file under
//! `<workspace>/lit-tests/` is one libtest trial, named by its path relative
//! to `lit-tests/` (filter as usual: `cargo test -p xlit --test lit -- lit/`).
//!
//! The tools come from this test binary's cargo profile dir (`target/debug`
//! for `target/debug/deps/lit-*`); a test using one that is not built fails
//! and says to run `cargo build --workspace`.
//!
//! Tests whose REQUIRES/UNSUPPORTED rule them out are reported as ignored
//! with lit's reason. With `CI` set, a test skipped only for lack of
//! `vulkan`, `mlir-opt` or `filecheck` fails instead: CI must not skip
//! silently. `XLIT_TIMEOUT=<seconds>` sets a per-test time limit.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use xlit::discovery::Discovery;
use xlit::exec::{load_script, run_test, skipped_for_ci_feature, unsupported_reason};
use xlit::{build_dir_of, Context, ResultCode, CI_REQUIRED_FEATURES};

fn main() {
    let args = Arguments::from_args();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = workspace.join("lit-tests");

    let exe = std::env::current_exe().expect("current exe");
    let mut ctx = Context::new(build_dir_of(&exe));
    // This package's own binaries are always built for its integration tests.
    for (name, path) in ctx.tools.iter_mut() {
        match name.as_str() {
            "not" => *path = PathBuf::from(env!("CARGO_BIN_EXE_not")),
            "xlit" => *path = PathBuf::from(env!("CARGO_BIN_EXE_xlit")),
            _ => {}
        }
    }
    // Separate from the xlit binary's outputs, so both can run at once.
    ctx.output_root = ctx.build_dir.join("lit-output-cargo-test");
    if let Some(secs) = std::env::var("XLIT_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        ctx.timeout = Some(Duration::from_secs(secs));
    }

    let tests = if root.is_dir() {
        Discovery::new(vec![])
            .discover(std::slice::from_ref(&root))
            .unwrap_or_else(|e| panic!("xlit: discovering lit tests: {e}"))
    } else {
        Vec::new()
    };
    for t in &tests {
        ctx.features.extend(t.suite.config.features.iter().cloned());
    }
    let ctx = Arc::new(ctx);
    let ci = std::env::var_os("CI").is_some();
    let root = std::fs::canonicalize(&root).unwrap_or(root);

    let trials = tests
        .into_iter()
        .map(|test| {
            let name = test
                .path
                .strip_prefix(&root)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_else(|_| test.rel.clone());
            let ctx = ctx.clone();
            Trial::ignorable_test(name, move || {
                // Decide on skipping first, so CI can refuse to skip.
                if let Ok(script) = load_script(&test.path) {
                    if let Some(why) = unsupported_reason(&script, &ctx.features) {
                        if ci && skipped_for_ci_feature(&script, &ctx.features) {
                            return Err(Failed::from(format!(
                                "{why}\nCI is set, and CI must provide the features {}: \
                                 refusing to skip {}",
                                CI_REQUIRED_FEATURES.join(", "),
                                test.full_name()
                            )));
                        }
                        return Ok(Completion::ignored_with(why));
                    }
                }
                let r = run_test(&test, &ctx);
                match r.code {
                    ResultCode::Pass | ResultCode::FlakyPass | ResultCode::Xfail => {
                        Ok(Completion::Completed)
                    }
                    ResultCode::Unsupported => Ok(Completion::ignored_with(r.output)),
                    code => {
                        let stars = "*".repeat(20);
                        let name = test.full_name();
                        Err(Failed::from(format!(
                            "{}: {name}\n{stars} TEST '{name}' FAILED {stars}\n{}\n{stars}",
                            code.name(),
                            r.output
                        )))
                    }
                }
            })
            .with_kind("lit")
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

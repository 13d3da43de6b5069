//! xlit: an LLVM-lit-compatible runner for xir's lit tests.
//!
//! The `xlit` binary and the `cargo test` harness (`tests/lit.rs`) share this
//! library: discovery ([`discovery`]), directive parsing ([`parse`]),
//! substitutions ([`subst`]), feature expressions ([`features`]), running a
//! test through bash ([`exec`]) and lit-style reporting ([`report`]).
//!
//! ```text
//! xlit lit-tests                       # everything, in parallel
//! xlit -v --filter=canonicalize lit-tests/xopt
//! cargo test -p xlit --test lit -- lit/  # the same tests as libtest trials
//! ```
//!
//! Test commands see `%s %S %p %t %T %basename_t %{pathsep} %%` (and the
//! `%{s:basename}`-style variants); the words `xopt xcheck xlit xrun xir-import-onnx not`
//! (and `FileCheck`, meaning xcheck) in command position become absolute
//! paths into the cargo profile dir, which is also first on PATH.

pub mod config;
pub mod discovery;
pub mod exec;
pub mod features;
pub mod parse;
pub mod report;
pub mod subst;

use features::Features;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where LLVM 22 tools are installed by `apt-get install mlir-22-tools llvm-22-tools`.
pub const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";

/// Features whose absence CI must not skip over (see `tests/lit.rs`).
pub const CI_REQUIRED_FEATURES: &[&str] = &["vulkan", "mlir-opt", "filecheck", "dot"];

/// lit's result codes, in lit's order (which is the summary's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ResultCode {
    Excluded,
    Skipped,
    Unsupported,
    Pass,
    FlakyPass,
    Xfail,
    Unresolved,
    Timeout,
    Fail,
    Xpass,
}

impl ResultCode {
    pub const ALL: [ResultCode; 10] = [
        ResultCode::Excluded,
        ResultCode::Skipped,
        ResultCode::Unsupported,
        ResultCode::Pass,
        ResultCode::FlakyPass,
        ResultCode::Xfail,
        ResultCode::Unresolved,
        ResultCode::Timeout,
        ResultCode::Fail,
        ResultCode::Xpass,
    ];

    /// The name on a test's result line (`PASS: suite :: test (1 of 2)`).
    pub fn name(self) -> &'static str {
        match self {
            ResultCode::Excluded => "EXCLUDED",
            ResultCode::Skipped => "SKIPPED",
            ResultCode::Unsupported => "UNSUPPORTED",
            ResultCode::Pass => "PASS",
            ResultCode::FlakyPass => "FLAKYPASS",
            ResultCode::Xfail => "XFAIL",
            ResultCode::Unresolved => "UNRESOLVED",
            ResultCode::Timeout => "TIMEOUT",
            ResultCode::Fail => "FAIL",
            ResultCode::Xpass => "XPASS",
        }
    }

    /// The label in the summary (`  Passed: 3 (100.00%)`).
    pub fn label(self) -> &'static str {
        match self {
            ResultCode::Excluded => "Excluded",
            ResultCode::Skipped => "Skipped",
            ResultCode::Unsupported => "Unsupported",
            ResultCode::Pass => "Passed",
            ResultCode::FlakyPass => "Passed With Retry",
            ResultCode::Xfail => "Expectedly Failed",
            ResultCode::Unresolved => "Unresolved",
            ResultCode::Timeout => "Timed Out",
            ResultCode::Fail => "Failed",
            ResultCode::Xpass => "Unexpectedly Passed",
        }
    }

    pub fn is_failure(self) -> bool {
        matches!(
            self,
            ResultCode::Unresolved | ResultCode::Timeout | ResultCode::Fail | ResultCode::Xpass
        )
    }
}

/// Everything about the environment a test runs in.
#[derive(Debug, Clone)]
pub struct Context {
    /// The cargo profile dir holding xopt, xcheck, xlit, `not`.
    pub build_dir: PathBuf,
    /// Root of the per-test exec dirs (`%T` is `<exec dir>/Output`).
    pub output_root: PathBuf,
    pub features: Features,
    pub timeout: Option<Duration>,
    /// Tool names replaced in command position, with their absolute paths.
    pub tools: Vec<(String, PathBuf)>,
}

impl Context {
    pub fn new(build_dir: PathBuf) -> Context {
        let bin = |name: &str| build_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        let tools = ["xopt", "xcheck", "xlit", "xrun", "xir-import-onnx", "not"]
            .iter()
            .map(|t| (t.to_string(), bin(t)))
            // FileCheck-style tests run against our clone; the real one stays
            // reachable by its absolute path under LLVM_BIN.
            .chain([("FileCheck".to_string(), bin("xcheck"))])
            .collect();
        Context {
            output_root: build_dir.join("lit-output"),
            build_dir,
            features: detect_features(),
            timeout: None,
            tools,
        }
    }

    /// PATH for test commands: the build dir first, LLVM's tools last.
    pub fn path_env(&self) -> std::ffi::OsString {
        let mut dirs = vec![self.build_dir.clone()];
        if let Some(p) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&p));
        }
        if Path::new(LLVM_BIN).is_dir() {
            dirs.push(LLVM_BIN.into());
        }
        std::env::join_paths(dirs).unwrap_or_default()
    }
}

/// Features that hold on this machine.
pub fn detect_features() -> Features {
    let mut f = Features::new();
    let has_icd = ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
        .iter()
        .any(|d| {
            std::fs::read_dir(d).is_ok_and(|entries| {
                entries
                    .filter_map(Result::ok)
                    .any(|e| e.path().extension().is_some_and(|x| x == "json"))
            })
        });
    if has_icd {
        f.insert("vulkan".into());
    }
    if Path::new(LLVM_BIN).join("mlir-opt").is_file() {
        f.insert("mlir-opt".into());
    }
    if Path::new(LLVM_BIN).join("FileCheck").is_file() {
        f.insert("filecheck".into());
    }
    // Graphviz, for the tests that render `--view-placement`'s DOT.
    let on_path = |tool: &str| {
        std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
    };
    if on_path("dot") {
        f.insert("dot".into());
    }
    f.insert("shell".into());
    f.insert(std::env::consts::ARCH.into());
    f.insert(format!("system-{}", std::env::consts::OS));
    if cfg!(debug_assertions) {
        f.insert("asserts".into());
    }
    f
}

/// The cargo profile dir for an executable: `target/debug` for both
/// `target/debug/xlit` and a test binary in `target/debug/deps/`.
pub fn build_dir_of(exe: &Path) -> PathBuf {
    let dir = exe.parent().unwrap_or(Path::new("."));
    if dir.file_name().is_some_and(|n| n == "deps") {
        dir.parent().unwrap_or(dir).to_path_buf()
    } else {
        dir.to_path_buf()
    }
}

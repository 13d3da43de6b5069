//! Running one test: check its features, expand its `RUN:` lines, and run
//! them as one bash script the way lit's external-shell mode does: `set -o
//! pipefail`, `set -x`, each command announced on stderr, `&&` between
//! commands so the first failure ends the test.

use crate::discovery::TestFile;
use crate::features::{evaluate, Features};
use crate::parse::{parse_script, Script};
use crate::subst::{substitute_percent, substitute_tools, TestPaths};
use crate::{Context, ResultCode, CI_REQUIRED_FEATURES};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct TestResult {
    pub code: ResultCode,
    /// The text lit prints between the `***` lines for a failure.
    pub output: String,
    pub elapsed: Duration,
    pub attempts: u32,
    pub max_attempts: u32,
}

impl TestResult {
    fn new(code: ResultCode, output: impl Into<String>) -> Self {
        TestResult {
            code,
            output: output.into(),
            elapsed: Duration::ZERO,
            attempts: 1,
            max_attempts: 1,
        }
    }
}

/// Why a test would not run with `features`, in lit's words.
pub fn unsupported_reason(script: &Script, features: &Features) -> Option<String> {
    // Expressions were validated by the parser.
    let missing: Vec<&str> = script
        .requires
        .iter()
        .filter(|e| !evaluate(e, features).unwrap_or(false))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Some(format!(
            "Test requires the following unavailable features: {}",
            missing.join(", ")
        ));
    }
    let unsupported: Vec<&str> = script
        .unsupported
        .iter()
        .filter(|e| evaluate(e, features).unwrap_or(false))
        .map(String::as_str)
        .collect();
    if !unsupported.is_empty() {
        return Some(format!(
            "Test does not support the following features and/or targets: {}",
            unsupported.join(", ")
        ));
    }
    None
}

/// True when a test is unsupported only because a feature in
/// [`CI_REQUIRED_FEATURES`] is missing: with those added, it would run.
pub fn skipped_for_ci_feature(script: &Script, features: &Features) -> bool {
    let mut all = features.clone();
    all.extend(CI_REQUIRED_FEATURES.iter().map(|f| f.to_string()));
    unsupported_reason(script, features).is_some() && unsupported_reason(script, &all).is_none()
}

pub fn is_expected_failure(script: &Script, features: &Features) -> bool {
    script
        .xfail
        .iter()
        .any(|e| e == "*" || evaluate(e, features).unwrap_or(false))
}

/// Reads and parses a test file; errors are lit's UNRESOLVED.
pub fn load_script(path: &Path) -> Result<Script, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_script(&String::from_utf8_lossy(&bytes))
}

/// The exec dir (cwd of the commands) and `%T`/`%t` paths of a test.
pub fn test_paths(test: &TestFile, ctx: &Context) -> (PathBuf, TestPaths) {
    let mut exec_dir = ctx.output_root.join(&test.suite.name);
    let mut parts: Vec<&str> = test.rel.split('/').collect();
    let file = parts.pop().unwrap_or_default();
    for p in parts {
        exec_dir.push(p);
    }
    let tmp_dir = exec_dir.join("Output");
    let paths = TestPaths {
        source: test.path.clone(),
        tmp_base: tmp_dir.join(file),
        tmp_dir,
    };
    (exec_dir, paths)
}

/// The commands of a test after all substitutions, or an UNRESOLVED reason
/// (a tool it uses is not built).
pub fn expand_commands(
    script: &Script,
    test: &TestFile,
    ctx: &Context,
    paths: &TestPaths,
) -> Result<Vec<(String, String)>, String> {
    let tools: Vec<(String, String)> = ctx
        .tools
        .iter()
        .map(|(n, p)| (n.clone(), p.to_string_lossy().into_owned()))
        .collect();
    let mut out = Vec::new();
    for run in &script.run {
        // `%` first, so tool names inside config substitutions get resolved.
        let cmd = substitute_percent(&run.command, paths, &test.suite.config.substitutions);
        let (cmd, used) = substitute_tools(&cmd, &tools);
        for name in used {
            let (_, path) = ctx
                .tools
                .iter()
                .find(|(n, _)| *n == name)
                .expect("known tool");
            if !path.is_file() {
                return Err(format!(
                    "'{name}' ({}) is used by the RUN line {} but is not built.\n\
                     Run `cargo build --workspace` first.",
                    path.display(),
                    run.location()
                ));
            }
        }
        out.push((format!("RUN: {}", run.location()), cmd.trim().to_string()));
    }
    Ok(out)
}

/// lit's `shlex.quote`.
fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "@%+=:,./-_".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\"'\"'"))
    }
}

/// The bash script for a test's commands.
pub fn build_script(commands: &[(String, String)]) -> String {
    let parts: Vec<String> = commands
        .iter()
        .map(|(what, cmd)| {
            // Announce each command on stderr as lit 22 does
            // (`cmd # RUN: at line 3`), without tracing the announcement.
            let msg = if cmd.is_empty() {
                format!("'{what}' has no command after substitutions")
            } else {
                format!("{} \\# '{what}'", shell_quote(cmd))
            };
            let mut s =
                format!("{{ set +x; }} 2>/dev/null && echo {msg} >&2 && {{ set -x; }} 2>/dev/null");
            if !cmd.is_empty() {
                // The newline keeps a trailing `# comment` in cmd from eating the `}`.
                s.push_str(&format!(" && {{ {cmd}\n}}"));
            }
            s
        })
        .collect();
    format!(
        "set -o pipefail;set -x;{{ {}; }}\n",
        parts.join("; } &&\n{ ")
    )
}

/// Runs one test file start to finish.
pub fn run_test(test: &TestFile, ctx: &Context) -> TestResult {
    let start = Instant::now();
    let mut r = run_test_inner(test, ctx);
    r.elapsed = start.elapsed();
    r
}

fn run_test_inner(test: &TestFile, ctx: &Context) -> TestResult {
    let script = match load_script(&test.path) {
        Ok(s) => s,
        Err(e) => return TestResult::new(ResultCode::Unresolved, e),
    };
    if let Some(why) = unsupported_reason(&script, &ctx.features) {
        return TestResult::new(ResultCode::Unsupported, why);
    }
    let (exec_dir, paths) = test_paths(test, ctx);
    let commands = match expand_commands(&script, test, ctx, &paths) {
        Ok(c) => c,
        Err(e) => return TestResult::new(ResultCode::Unresolved, e),
    };
    if let Err(e) = std::fs::create_dir_all(&paths.tmp_dir) {
        return TestResult::new(
            ResultCode::Unresolved,
            format!("cannot create {}: {e}", paths.tmp_dir.display()),
        );
    }
    let script_path = PathBuf::from(format!("{}.script", paths.tmp_base.display()));
    if let Err(e) = std::fs::write(&script_path, build_script(&commands)) {
        return TestResult::new(
            ResultCode::Unresolved,
            format!("cannot write {}: {e}", script_path.display()),
        );
    }

    // Re-run failures up to ALLOW_RETRIES times, like lit.
    let max_attempts = script.allow_retries.unwrap_or(0) + 1;
    let mut attempts = 0;
    let (mut code, run) = loop {
        attempts += 1;
        let run = match run_bash(&script_path, &exec_dir, ctx) {
            Ok(r) => r,
            Err(e) => return TestResult::new(ResultCode::Unresolved, e),
        };
        let code = if run.timed_out {
            ResultCode::Timeout
        } else if run.exit_code == 0 {
            ResultCode::Pass
        } else {
            ResultCode::Fail
        };
        if code != ResultCode::Fail || attempts >= max_attempts {
            break (code, run);
        }
    };
    if code == ResultCode::Pass && attempts > 1 {
        code = ResultCode::FlakyPass;
    }
    if is_expected_failure(&script, &ctx.features) {
        code = match code {
            ResultCode::Fail => ResultCode::Xfail,
            ResultCode::Pass | ResultCode::FlakyPass => ResultCode::Xpass,
            c => c,
        };
    }

    let mut output = format!("Exit Code: {}\n", run.exit_code);
    if run.timed_out {
        let secs = ctx.timeout.map(|t| t.as_secs()).unwrap_or(0);
        output.push_str(&format!("Timeout: Reached timeout of {secs} seconds\n"));
    }
    output.push('\n');
    if !run.stdout.is_empty() {
        output.push_str(&format!(
            "Command Output (stdout):\n--\n{}\n--\n",
            run.stdout
        ));
    }
    if !run.stderr.is_empty() {
        output.push_str(&format!(
            "Command Output (stderr):\n--\n{}\n--\n",
            run.stderr
        ));
    }
    TestResult {
        code,
        output,
        elapsed: Duration::ZERO,
        attempts,
        max_attempts,
    }
}

struct BashRun {
    exit_code: i32,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

fn run_bash(script: &Path, exec_dir: &Path, ctx: &Context) -> Result<BashRun, String> {
    let mut cmd = Command::new("bash");
    cmd.arg(script)
        .current_dir(exec_dir)
        .env("PATH", ctx.path_env())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Own process group, so a timeout can kill the whole pipeline.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd.spawn().map_err(|e| format!("cannot run bash: {e}"))?;

    let read_all = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = read_all(Box::new(child.stdout.take().expect("piped")));
    let err = read_all(Box::new(child.stderr.take().expect("piped")));

    let start = Instant::now();
    let mut timed_out = false;
    let status = match ctx.timeout {
        None => child.wait(),
        Some(limit) => loop {
            if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
                break Ok(st);
            }
            if start.elapsed() >= limit {
                timed_out = true;
                kill_group(child.id());
                let _ = child.kill();
                break child.wait();
            }
            std::thread::sleep(Duration::from_millis(5));
        },
    }
    .map_err(|e| format!("waiting for bash: {e}"))?;
    if timed_out {
        // Stragglers of the pipeline may still hold the pipes open.
        kill_group(child.id());
    }

    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal: Option<i32> = None;
    // Python reports death by signal N as exit code -N.
    let exit_code = status.code().unwrap_or(-signal.unwrap_or(1));
    Ok(BashRun {
        exit_code,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        timed_out,
    })
}

fn kill_group(pid: u32) {
    // No libc dependency: let kill(1) signal the process group.
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .stderr(Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("abc/d.e"), "abc/d.e");
        assert_eq!(shell_quote("echo hi"), "'echo hi'");
        assert_eq!(shell_quote("it's"), "'it'\"'\"'s'");
    }

    #[test]
    fn script_shape() {
        let s = build_script(&[
            ("RUN: at line 1".into(), "echo a | grep a".into()),
            ("RUN: at line 2".into(), "true # trailing comment".into()),
        ]);
        assert!(s.starts_with("set -o pipefail;set -x;{ "));
        assert!(s.contains("echo 'echo a | grep a' \\# 'RUN: at line 1' >&2"));
        assert!(s.contains("{ echo a | grep a\n}; } &&\n{ "));
        assert!(s.ends_with("{ true # trailing comment\n}; }\n"));
    }

    #[test]
    fn feature_checks() {
        let script = parse_script(
            "// RUN: true\n// REQUIRES: vulkan, x\n// UNSUPPORTED: y\n// XFAIL: z || w\n",
        )
        .unwrap();
        let f = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Features>();
        assert_eq!(
            unsupported_reason(&script, &f(&["x"])).unwrap(),
            "Test requires the following unavailable features: vulkan"
        );
        assert!(skipped_for_ci_feature(&script, &f(&["x"])));
        assert!(!skipped_for_ci_feature(&script, &f(&["vulkan"])));
        assert!(unsupported_reason(&script, &f(&["vulkan", "x"])).is_none());
        assert_eq!(
            unsupported_reason(&script, &f(&["vulkan", "x", "y"])).unwrap(),
            "Test does not support the following features and/or targets: y"
        );
        assert!(is_expected_failure(&script, &f(&["w"])));
        assert!(!is_expected_failure(&script, &f(&[])));
    }
}

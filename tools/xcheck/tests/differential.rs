//! Differential tests: every case in `tests/cases` runs through xcheck and,
//! when installed, LLVM's FileCheck 22; exit statuses must agree with the
//! stored verdict and with each other, and so must the key diagnostics.
//!
//! Case format: `# key: value` header lines (`args`, `exit`, optional
//! `stderr` substrings, `input-no-eol`), then `--- check` and `--- input`
//! sections.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use libtest_mimic::{Arguments, Failed, Trial};

const FILECHECK: &str = "/usr/lib/llvm-22/bin/FileCheck";
const XCHECK: &str = env!("CARGO_BIN_EXE_xcheck");

/// Cases whose full stderr is known to differ (tool-specific wording).
const STDERR_DIFFERS: &[&str] = &["opt-unknown"];

struct Case {
    name: String,
    args: Vec<String>,
    exit: i32,
    stderr: Vec<String>,
    check: Vec<u8>,
    input: Vec<u8>,
}

fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for ch in s.chars() {
        match ch {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn parse_case(path: &Path) -> Case {
    let text = std::fs::read(path).unwrap();
    let c = find(&text, b"--- check\n").expect("missing --- check");
    let i = find(&text, b"--- input\n").expect("missing --- input");
    let header = String::from_utf8(text[..c].to_vec()).unwrap();
    let check = text[c + 10..i].to_vec();
    let mut input = text[i + 10..].to_vec();
    let mut case = Case {
        name: path.file_stem().unwrap().to_string_lossy().into_owned(),
        args: Vec::new(),
        exit: 0,
        stderr: Vec::new(),
        check,
        input: Vec::new(),
    };
    for line in header.lines() {
        let line = line.trim_start_matches('#').trim();
        let (k, v) = line.split_once(':').unwrap_or((line, ""));
        match k.trim() {
            "args" => case.args = split_args(v),
            "exit" => case.exit = v.trim().parse().unwrap(),
            "stderr" => case.stderr.push(v.trim().to_string()),
            "input-no-eol" => {
                input.pop();
            }
            _ => {}
        }
    }
    case.input = input;
    case
}

fn run(tool: &str, case: &Case) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("check.txt"), &case.check).unwrap();
    let mut child = Command::new(tool)
        .arg("check.txt")
        .args(&case.args)
        .current_dir(dir.path())
        .env_remove("FILECHECK_OPTS")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = case.input.clone();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn normalize(s: &str) -> String {
    s.replace(FILECHECK, "xcheck")
        .replace("FileCheck", "xcheck")
}

fn key_lines(s: &str) -> (Option<&str>, Option<&str>) {
    let err = s.lines().find(|l| l.contains("error:"));
    let scan = s.lines().find(|l| l.contains("note: scanning from here"));
    (err, scan)
}

fn filecheck_available() -> Result<bool, Failed> {
    if Path::new(FILECHECK).exists() {
        return Ok(true);
    }
    if std::env::var_os("CI").is_some() {
        return Err(format!("{FILECHECK} is required when CI is set").into());
    }
    Ok(false)
}

fn verdict(case: &Case) -> Result<(), Failed> {
    let (code, err) = run(XCHECK, case);
    if code != case.exit {
        return Err(format!("xcheck exited {code}, expected {}\n{err}", case.exit).into());
    }
    for s in &case.stderr {
        if !err.contains(s.as_str()) {
            return Err(format!("stderr lacks {s:?}:\n{err}").into());
        }
    }
    if filecheck_available()? {
        let (fc_code, fc_err) = run(FILECHECK, case);
        if fc_code != code {
            return Err(format!("FileCheck exited {fc_code}, xcheck {code}\n{fc_err}").into());
        }
        let fc_err = normalize(&fc_err);
        let (e1, s1) = key_lines(&fc_err);
        let (e2, s2) = key_lines(&err);
        if e1 != e2 || s1 != s2 {
            return Err(format!(
                "key lines differ:\nFileCheck: {e1:?} {s1:?}\nxcheck:    {e2:?} {s2:?}"
            )
            .into());
        }
    }
    Ok(())
}

fn full_stderr(case: &Case) -> Result<(), Failed> {
    let (_, err) = run(XCHECK, case);
    let (_, fc_err) = run(FILECHECK, case);
    let fc_err = normalize(&fc_err);
    if fc_err != err {
        return Err(format!("stderr differs\n--- FileCheck\n{fc_err}--- xcheck\n{err}").into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let have_fc = Path::new(FILECHECK).exists();
    let mut trials = Vec::new();
    for p in paths {
        let case = std::sync::Arc::new(parse_case(&p));
        let c = case.clone();
        trials.push(Trial::test(format!("case/{}", case.name), move || {
            verdict(&c)
        }));
        let bare = case.name.split_once('-').map_or("", |x| x.1).to_string();
        let c = case.clone();
        trials.push(
            Trial::test(format!("stderr/{}", case.name), move || {
                if filecheck_available()? {
                    full_stderr(&c)
                } else {
                    Ok(())
                }
            })
            .with_ignored_flag(
                STDERR_DIFFERS.contains(&bare.as_str())
                    || (!have_fc && std::env::var_os("CI").is_none()),
            ),
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

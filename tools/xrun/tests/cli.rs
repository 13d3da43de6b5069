//! xrun's command line against malformed inputs and flags: bad and huge
//! shapes, empty and unparseable values, bad devices and outputs, files that
//! are not UTF-8, truncated or nested too deeply. Each case must end with
//! the expected exit status (1 for an error, 0 where the input is fine),
//! within a time limit, with no panic, and an error must say what went
//! wrong on its first stderr line.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const XRUN: &str = env!("CARGO_BIN_EXE_xrun");
const LIMIT: Duration = Duration::from_secs(60);

/// A small program with a static, a dynamic and a scalar argument.
const PROGRAM: &str = r#"func.func @f(%a: tensor<2x3xf32>, %b: tensor<?x3xi32>, %c: i1) -> (tensor<2x3xf32>, tensor<?x3xi32>) {
  %0 = graph.neg %a : tensor<2x3xf32>
  %1 = graph.add %b, %b : tensor<?x3xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<?x3xi32>
}
func.func @g(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.relu %x : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
"#;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// A file in this test's own scratch folder.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xrun-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Runs xrun with `args` (and `stdin`), killing it after LIMIT.
fn xrun(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut child = Command::new(XRUN)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xrun starts");
    if let Some(bytes) = stdin {
        let mut w = child.stdin.take().unwrap();
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = w.write_all(&bytes);
        });
    }
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("xrun {args:?} ran longer than {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&t_out.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&t_err.join().unwrap()).into_owned(),
    }
}

/// Checks one run: exit status `want`, no panic, and for an error a
/// non-empty first stderr line.
fn check(what: &str, r: &Run, want: i32) -> Result<(), String> {
    let first = r.stderr.lines().next().unwrap_or("");
    let mut bad = Vec::new();
    if r.code != Some(want) {
        bad.push(format!("exit status {:?}, expected {want}", r.code));
    }
    if r.stderr.contains("panicked") || r.stderr.contains("RUST_BACKTRACE") {
        bad.push("panicked".to_string());
    }
    if want != 0 && first.trim().is_empty() {
        bad.push("empty first stderr line".to_string());
    }
    if bad.is_empty() {
        return Ok(());
    }
    let cut = |s: &str| s.chars().take(600).collect::<String>();
    Err(format!(
        "{what}: {}\n  stderr: {}\n  stdout: {}",
        bad.join("; "),
        cut(&r.stderr),
        cut(&r.stdout)
    ))
}

/// The arguments of `@f` with `a`, `b`, `c` in place of its inputs.
fn f_args<'a>(file: &'a str, a: &'a str, b: &'a str, c: &'a str) -> Vec<String> {
    vec![
        file.to_string(),
        "--function=f".into(),
        format!("--input={a}"),
        format!("--input={b}"),
        format!("--input={c}"),
    ]
}

#[test]
fn malformed_inputs_and_flags_fail_cleanly() {
    let prog = scratch("prog.mlir", PROGRAM.as_bytes());
    let prog = prog.to_str().unwrap();
    let npy_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runtime/io/tests/data");
    let f32_npy = npy_dir.join("float32_2x3.npy");
    let f32_npy = f32_npy.to_str().unwrap();
    let good_a = "2x3xf32=1 2 3 4 5 6";
    let good_b = "1x3xi32=1 2 3";
    let good_c = "i1=1";

    // (what, arguments, expected exit status)
    let mut cases: Vec<(&str, Vec<String>, i32)> = vec![
        ("valid", f_args(prog, good_a, good_b, good_c), 0),
        (
            "negative dim",
            f_args(prog, "2x-1xf32=1", good_b, good_c),
            1,
        ),
        (
            "huge shape",
            f_args(prog, "99999999999x99999999999xf32=1", good_b, good_c),
            1,
        ),
        (
            "huge dynamic shape",
            vec![
                prog.into(),
                "--function=g".into(),
                "--input=4294967296x4294967296xf32=".into(),
            ],
            1,
        ),
        (
            "dim past u64",
            f_args(prog, "2x99999999999999999999999xf32=1", good_b, good_c),
            1,
        ),
        (
            "big but not allocatable",
            vec![
                prog.into(),
                "--function=g".into(),
                "--input=100000000x100000000xf32=".into(),
            ],
            1,
        ),
        ("empty --input", f_args(prog, "", good_b, good_c), 1),
        ("only '='", f_args(prog, "=", good_b, good_c), 1),
        ("no element type", f_args(prog, "2x3x=1", good_b, good_c), 1),
        ("empty dim", f_args(prog, "2xx3xf32=1", good_b, good_c), 1),
        (
            "brackets only",
            f_args(prog, "2x3xf32=[[[[", good_b, good_c),
            1,
        ),
        (
            "too many values",
            f_args(prog, "2x3xf32=1 2 3 4 5 6 7", good_b, good_c),
            1,
        ),
        (
            "bad float",
            f_args(prog, "2x3xf32=nan(0x1)", good_b, good_c),
            1,
        ),
        (
            "int out of range",
            f_args(
                prog,
                good_a,
                "1x3xi32=1 2 99999999999999999999999999999999999999999",
                good_c,
            ),
            1,
        ),
        ("i1 out of range", f_args(prog, good_a, good_b, "i1=-1"), 1),
        ("scalar as tensor", f_args(prog, "f32=1", good_b, good_c), 1),
        ("wrong rank", f_args(prog, "6xf32=1", good_b, good_c), 1),
        (
            "wrong element type",
            f_args(prog, "2x3xf64=1", good_b, good_c),
            1,
        ),
        (
            "missing npy",
            f_args(prog, "@/nonexistent/x.npy", good_b, good_c),
            1,
        ),
        ("empty npy path", f_args(prog, "@", good_b, good_c), 1),
        ("npy is a directory", f_args(prog, "@/", good_b, good_c), 1),
        (
            "npy is empty",
            f_args(prog, "@/dev/null", good_b, good_c),
            1,
        ),
        (
            "npy of the wrong shape",
            f_args(prog, good_a, &format!("@{f32_npy}"), good_c),
            1,
        ),
        (
            "npy as given",
            f_args(prog, &format!("@{f32_npy}"), good_b, good_c),
            0,
        ),
        (
            "too few inputs",
            vec![
                prog.into(),
                "--function=f".into(),
                format!("--input={good_a}"),
            ],
            1,
        ),
        (
            "unknown function",
            vec![prog.into(), "--function=nope".into()],
            1,
        ),
        (
            "empty function name",
            vec![prog.into(), "--function=".into()],
            1,
        ),
        ("no --function with two public", vec![prog.into()], 1),
        ("unknown flag", vec![prog.into(), "--frobnicate".into()], 1),
        ("no file", vec![], 1),
        ("missing file", vec!["/nonexistent/prog.mlir".into()], 1),
        ("file is a directory", vec!["/".into()], 1),
    ];
    let with = |extra: &[&str]| {
        let mut v = f_args(prog, good_a, good_b, good_c);
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    cases.extend([
        ("--device=local://7", with(&["--device=local://7"]), 1),
        ("--device=local://-1", with(&["--device=local://-1"]), 1),
        ("--device=", with(&["--device="]), 1),
        ("--device=vulkan", with(&["--device=vulkan"]), 1),
        ("--device=reference", with(&["--device=reference"]), 0),
        ("--repeat=0", with(&["--repeat=0"]), 1),
        ("--repeat=-1", with(&["--repeat=-1"]), 1),
        (
            "--repeat huge",
            with(&["--repeat=99999999999999999999999"]),
            1,
        ),
        ("--repeat=2", with(&["--repeat=2"]), 0),
        ("--output count", with(&["--output=-"]), 1),
        (
            "--output without @",
            with(&["--output=x.npy", "--output=-"]),
            1,
        ),
        (
            "--output=@ (empty path)",
            with(&["--output=@", "--output=-"]),
            1,
        ),
        (
            "--output to a directory",
            with(&["--output=@/", "--output=-"]),
            1,
        ),
        (
            "--output to a full disk",
            with(&["--output=@/dev/full", "--output=-"]),
            1,
        ),
        ("--output skipped", with(&["--output=-", "--output=-"]), 0),
        ("--target-device=", with(&["--target-device="]), 1),
        ("--target-device=bogus", with(&["--target-device=bogus"]), 1),
        (
            "--target-device broken attr",
            with(&["--target-device=x=#device.target<"]),
            1,
        ),
        (
            "--device-plan=nonsense",
            with(&["--device-plan=nonsense"]),
            1,
        ),
        ("--device-plan={", with(&["--device-plan={"]), 1),
        ("--print-devices", vec!["--print-devices".into()], 0),
    ]);

    // Files that are not programs xrun can run, each with its inputs and
    // expected exit status.
    let one_f32: &[&str] = &["--input=2xf32=1"];
    let text_cases: Vec<(&str, Vec<u8>, &[&str], i32)> = vec![
        ("empty file", Vec::new(), &[], 1),
        ("empty module", b"module {}\n".to_vec(), &[], 1),
        (
            "not UTF-8",
            b"func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32> \xff\xfe\x80\n}\n".to_vec(),
            one_f32,
            1,
        ),
        // MLIR's lexer skips a NUL byte inside the text; so does xir's.
        (
            "NUL byte",
            b"func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  \0 return %a : tensor<2xf32>\n}\n".to_vec(),
            one_f32,
            0,
        ),
        ("binary garbage", (0u8..=255).cycle().take(4096).collect(), &[], 1),
        ("deeply nested modules", "module {".repeat(100_000).into_bytes(), &[], 1),
        (
            "deeply nested modules, closed",
            format!("{}{}", "module {".repeat(50_000), "}".repeat(50_000)).into_bytes(),
            &[],
            1,
        ),
        (
            "deeply nested types",
            format!(
                "func.func @f(%a: {}f32{}) {{\n  return\n}}\n",
                "tuple<".repeat(50_000),
                ">".repeat(50_000)
            )
            .into_bytes(),
            &[],
            1,
        ),
        (
            "deeply nested graph.if",
            format!(
                "func.func @f(%c: i1) {{\n{}{}  return\n}}\n",
                "graph.if %c {\n".repeat(10_000),
                "graph.yield\n}\n".repeat(10_000)
            )
            .into_bytes(),
            &["--input=i1=1"],
            1,
        ),
        (
            "huge integer literal",
            b"func.func @f() -> tensor<2xi32> {\n  %0 = graph.constant dense<999999999999999999999999999999> : tensor<2xi32>\n  return %0 : tensor<2xi32>\n}\n".to_vec(),
            &[],
            1,
        ),
        (
            "huge constant",
            b"func.func @f() -> tensor<100000000000xf32> {\n  %0 = graph.constant dense<1.0> : tensor<100000000000xf32>\n  return %0 : tensor<100000000000xf32>\n}\n".to_vec(),
            &[],
            1,
        ),
        (
            "huge broadcast result",
            b"func.func @f() -> tensor<4294967296x4294967296xf32> {\n  %c = graph.constant dense<1.0> : tensor<f32>\n  %0 = graph.broadcast %c dimensions = [] : tensor<f32> -> tensor<4294967296x4294967296xf32>\n  return %0 : tensor<4294967296x4294967296xf32>\n}\n".to_vec(),
            &[],
            1,
        ),
        (
            "huge dynamic broadcast result",
            b"func.func @f(%c: tensor<f32>) -> tensor<99999999999xf32> {\n  %0 = graph.broadcast %c dimensions = [] : tensor<f32> -> tensor<99999999999xf32>\n  return %0 : tensor<99999999999xf32>\n}\n".to_vec(),
            &["--input=f32=1"],
            1,
        ),
        (
            "unregistered op",
            b"func.func @f() {\n  \"foo.bar\"() : () -> ()\n  return\n}\n".to_vec(),
            &[],
            1,
        ),
        (
            "recursion",
            b"func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = func.call @f(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n".to_vec(),
            one_f32,
            1,
        ),
        (
            "running a declaration",
            b"func.func private @ext(tensor<2xf32>) -> tensor<2xf32>\n".to_vec(),
            &["--function=ext", "--input=2xf32=1"],
            1,
        ),
        (
            "partly lowered",
            b"flow.executable private @e {\n}\nfunc.func @f() {\n  return\n}\n".to_vec(),
            &[],
            1,
        ),
    ];
    let mut failures = Vec::new();
    for (what, args, want) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Err(e) = check(what, &xrun(&args, None), *want) {
            failures.push(e);
        }
    }
    for (i, (what, bytes, inputs, want)) in text_cases.iter().enumerate() {
        let file = scratch(&format!("case{i}.mlir"), bytes);
        let mut args = vec![file.to_str().unwrap()];
        args.extend(inputs.iter());
        if let Err(e) = check(what, &xrun(&args, None), *want) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len() + text_cases.len(),
        failures.join("\n")
    );
}

/// Every prefix of a valid program (cut at each of 40 points) is either an
/// error or, for the whole text, a run; the same text from stdin too.
#[test]
fn truncated_programs_fail_cleanly() {
    let n = PROGRAM.len();
    let mut failures = Vec::new();
    for k in 0..40 {
        let cut = (n * k / 40).min(n - 1);
        let mut cut_at = cut;
        while !PROGRAM.is_char_boundary(cut_at) {
            cut_at -= 1;
        }
        let text = &PROGRAM[..cut_at];
        let file = scratch(&format!("trunc{k}.mlir"), text.as_bytes());
        let args = [file.to_str().unwrap(), "--function=g", "--input=2x2xf32=1"];
        if let Err(e) = check(&format!("cut at {cut_at}"), &xrun(&args, None), 1) {
            failures.push(e);
        }
        let stdin_args = ["-", "--function=g", "--input=2x2xf32=1"];
        if let Err(e) = check(
            &format!("stdin cut at {cut_at}"),
            &xrun(&stdin_args, Some(text.as_bytes())),
            1,
        ) {
            failures.push(e);
        }
    }
    let file = scratch("whole.mlir", PROGRAM.as_bytes());
    let whole = xrun(
        &[
            file.to_str().unwrap(),
            "--function=g",
            "--input=2x2xf32=-1 2 -3 4",
        ],
        None,
    );
    if let Err(e) = check("whole program", &whole, 0) {
        failures.push(e);
    }
    assert_eq!(
        whole.stdout, "EXEC @g\nresult[0]: hal.buffer_view\n2x2xf32=[0 2][0 4]\n",
        "the whole program's output"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Closing stdout early (`xrun ... | head -c 10`) stops xrun quietly: no
/// panic from a failed print.
#[test]
fn closed_stdout_is_not_a_panic() {
    let text = "func.func @f(%a: tensor<100000xf32>) -> (tensor<100000xf32>, tensor<100000xf32>) {\n  return %a, %a : tensor<100000xf32>, tensor<100000xf32>\n}\n";
    let file = scratch("big-output.mlir", text.as_bytes());
    let mut child = Command::new(XRUN)
        .args([file.to_str().unwrap(), "--input=100000xf32=1.5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(&first, b"EXEC @f\nre");
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert!(status.code().is_some(), "killed by a signal: {status:?}");
    assert!(status.code() != Some(101), "panicked: {err}");
}

//! Helpers shared by xopt's integration tests: running a tool with a time limit.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use irgen::mlir_opt::PATH as MLIR_OPT;

pub fn xopt() -> &'static str {
    env!("CARGO_BIN_EXE_xopt")
}

/// What a finished (or killed) run produced.
pub struct Outcome {
    /// Exit code; `None` when killed by a signal or by the time limit.
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub timed_out: bool,
}

impl Outcome {
    pub fn describe(&self) -> String {
        if self.timed_out {
            "timed out".into()
        } else {
            match self.code {
                Some(c) => format!("exit status {c}"),
                None => "killed by a signal".into(),
            }
        }
    }
}

/// Runs `prog args` with `input` on stdin, killing it after `limit`.
pub fn run(prog: &str, args: &[&str], input: &[u8], limit: Duration) -> Outcome {
    let mut child = Command::new(prog)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {prog}: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Writers and readers run on their own threads so a full pipe can't deadlock us.
    let w = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let ro = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let re = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            timed_out = true;
            break child.wait().ok();
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = w.join();
    let stdout = ro.join().unwrap_or_default();
    let stderr = re.join().unwrap_or_default();
    Outcome {
        code: if timed_out {
            None
        } else {
            status.and_then(|s| s.code())
        },
        stdout,
        stderr,
        timed_out,
    }
}

/// A short report of where two outputs first differ, with a little context.
pub fn first_diff(expected: &[u8], actual: &[u8]) -> String {
    let e = String::from_utf8_lossy(expected);
    let a = String::from_utf8_lossy(actual);
    let el: Vec<&str> = e.split('\n').collect();
    let al: Vec<&str> = a.split('\n').collect();
    let i = el
        .iter()
        .zip(al.iter())
        .position(|(x, y)| x != y)
        .unwrap_or(el.len().min(al.len()));
    let lo = i.saturating_sub(2);
    let mut s = format!("first difference at line {}:\n", i + 1);
    for (n, l) in el.iter().enumerate().skip(lo).take(i - lo) {
        s.push_str(&format!("  {:>5}  {}\n", n + 1, clip(l)));
    }
    for (k, l) in el.iter().skip(i).take(3).enumerate() {
        s.push_str(&format!("- {:>5}  {}\n", i + 1 + k, clip(l)));
    }
    for (k, l) in al.iter().skip(i).take(3).enumerate() {
        s.push_str(&format!("+ {:>5}  {}\n", i + 1 + k, clip(l)));
    }
    if let (Some(x), Some(y)) = (el.get(i), al.get(i)) {
        let col = x.bytes().zip(y.bytes()).take_while(|(a, b)| a == b).count();
        let lo = x.floor_char_boundary(col.saturating_sub(60));
        let hi_x = x.ceil_char_boundary((col + 60).min(x.len()));
        let hi_y = y.ceil_char_boundary((col + 60).min(y.len()));
        s.push_str(&format!(
            "at column {}:\n- …{}\n+ …{}\n",
            col + 1,
            &x[lo..hi_x],
            &y[lo.min(y.len())..hi_y]
        ));
    }
    s.push_str("(- mlir-opt / expected, + xopt)\n");
    s
}

fn clip(l: &str) -> String {
    if l.chars().count() > 400 {
        let c: String = l.chars().take(400).collect();
        format!("{c}…")
    } else {
        l.to_string()
    }
}

//! Hostile inputs: xopt must answer with a diagnostic and exit status 1 (or, where
//! mlir-opt accepts the input, with mlir-opt's answer) — never a panic, a signal, a hang
//! or a stack overflow. mlir-opt itself crashes on the 100 000-deep inputs.

mod common;

use common::{run, xopt, Outcome, MLIR_OPT};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(60);
const ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];
const DEEP: usize = 100_000;

fn xopt_on(input: &[u8]) -> Outcome {
    run(xopt(), ARGS, input, LIMIT)
}

fn stderr(o: &Outcome) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit status 1, something on stderr, and no panic.
fn assert_diagnosed(what: &str, o: &Outcome) {
    let err = stderr(o);
    assert!(!o.timed_out, "{what}: xopt timed out");
    assert!(!err.contains("panicked"), "{what}: xopt panicked:\n{err}");
    assert_eq!(
        o.code,
        Some(1),
        "{what}: expected exit status 1, got {}\n{err}",
        o.describe()
    );
    assert!(
        err.contains("error"),
        "{what}: expected a diagnostic on stderr, got:\n{err}"
    );
}

fn assert_ok(what: &str, o: &Outcome) {
    let err = stderr(o);
    assert!(!o.timed_out, "{what}: xopt timed out");
    assert!(!err.contains("panicked"), "{what}: xopt panicked:\n{err}");
    assert_eq!(
        o.code,
        Some(0),
        "{what}: expected success, got {}\n{err}",
        o.describe()
    );
}

/// Where mlir-opt is installed, xopt must print the same thing.
fn same_as_mlir_opt(what: &str, input: &[u8], o: &Outcome) {
    if !irgen::mlir_opt::installed() {
        return;
    }
    let m = run(MLIR_OPT, ARGS, input, LIMIT);
    assert_eq!(
        m.code,
        o.code,
        "{what}: exit status differs from mlir-opt ({})",
        m.describe()
    );
    if m.code == Some(0) {
        assert!(
            m.stdout == o.stdout,
            "{what}: output differs\n{}",
            common::first_diff(&m.stdout, &o.stdout)
        );
    }
}

#[test]
fn invalid_utf8_outside_strings() {
    let input = b"\"xa.op\"() {s = 1} : () -> ()\xff\n";
    assert_diagnosed("invalid UTF-8 after an op", &xopt_on(input));
    assert_diagnosed(
        "invalid UTF-8 as an op name start",
        &xopt_on(b"\xc3\x28 = 1\n"),
    );
    assert_diagnosed(
        "lone continuation byte in an identifier",
        &xopt_on(b"%a\x80 = \"xa.op\"() : () -> i32\n"),
    );
}

#[test]
fn invalid_utf8_inside_strings_is_kept_as_bytes() {
    // mlir-opt keeps string bytes as they are and escapes them on output.
    let input = b"\"xa.op\"() {s = \"\xff\xfe\"} : () -> ()\n";
    let o = xopt_on(input);
    assert_ok("invalid UTF-8 in a string", &o);
    let want =
        "\"builtin.module\"() ({\n  \"xa.op\"() {s = \"\\FF\\FE\"} : () -> ()\n}) : () -> ()\n\n";
    assert_eq!(String::from_utf8_lossy(&o.stdout), want);
}

#[test]
fn nul_bytes_are_whitespace_like_mlir_opt() {
    // MLIR's lexer skips a NUL that is not the end of the buffer.
    let input = b"\"xa.op\"() : () -> ()\n\x00\"xa.b\"() : () -> ()\x00";
    let o = xopt_on(input);
    assert_ok("NUL bytes between ops", &o);
    let want = "\"builtin.module\"() ({\n  \"xa.op\"() : () -> ()\n  \"xa.b\"() : () -> ()\n}) : () -> ()\n\n";
    assert_eq!(String::from_utf8_lossy(&o.stdout), want);
    let o = xopt_on(b"\"xa.op\"() {s = \"a\x00b\"} : () -> ()\n");
    assert_ok("NUL in a string", &o);
    assert!(String::from_utf8_lossy(&o.stdout).contains("{s = \"a\\00b\"}"));
}

#[test]
fn empty_file_prints_an_empty_module() {
    let o = run(xopt(), &["--allow-unregistered-dialect"], b"", LIMIT);
    assert_ok("empty input", &o);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "module {\n}\n\n");
    let o = xopt_on(b"");
    assert_ok("empty input, generic", &o);
    // The empty body block has no ops, so its label is printed.
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n\n"
    );
    let o = run(
        xopt(),
        &["--allow-unregistered-dialect"],
        b"  \n// only a comment\n",
        LIMIT,
    );
    assert_ok("comment-only input", &o);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "module {\n}\n\n");
}

#[test]
fn truncated_at_many_positions() {
    let text = irgen::generate(&irgen::Config {
        seed: 11,
        ops: 25,
        ..Default::default()
    });
    let step = (text.len() / 150).max(1);
    let mut at = 1;
    while at < text.len() {
        while !text.is_char_boundary(at) {
            at += 1;
        }
        let input = &text.as_bytes()[..at];
        let o = xopt_on(input);
        let what = format!("input truncated to {at} of {} bytes", text.len());
        assert!(!o.timed_out && o.code.is_some(), "{what}: {}", o.describe());
        assert!(
            !stderr(&o).contains("panicked"),
            "{what}: panic\n{}",
            stderr(&o)
        );
        assert!(
            o.code == Some(0) || o.code == Some(1),
            "{what}: {}",
            o.describe()
        );
        if o.code == Some(1) {
            assert!(stderr(&o).contains("error"), "{what}: no diagnostic");
        }
        same_as_mlir_opt(&what, input, &o);
        at += step;
    }
}

#[test]
fn deeply_nested_regions() {
    let mut s = "\"xa.op\"() ({\n".repeat(DEEP);
    s.push_str(&"}) : () -> ()\n".repeat(DEEP));
    assert_diagnosed("100 000-deep regions", &xopt_on(s.as_bytes()));
}

#[test]
fn deeply_nested_arrays() {
    let s = format!(
        "\"xa.op\"() {{a = {}{}}} : () -> ()\n",
        "[".repeat(DEEP),
        "]".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep arrays", &xopt_on(s.as_bytes()));
    let s = format!("\"xa.op\"() {{a = {}", "[".repeat(DEEP));
    assert_diagnosed("100 000 unclosed brackets", &xopt_on(s.as_bytes()));
}

#[test]
fn deeply_nested_dictionaries() {
    let s = format!(
        "\"xa.op\"() {{a = {}{}}} : () -> ()\n",
        "{a = ".repeat(DEEP),
        "}".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep dictionaries", &xopt_on(s.as_bytes()));
}

#[test]
fn deeply_nested_types() {
    let s = format!(
        "\"xa.op\"() : () -> {}i32{}\n",
        "tuple<".repeat(DEEP),
        ">".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep tuple types", &xopt_on(s.as_bytes()));
    let s = format!(
        "\"xa.op\"() : () -> {}i32{}\n",
        "tensor<4x".repeat(DEEP),
        ">".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep tensor types", &xopt_on(s.as_bytes()));
    let s = format!(
        "\"xa.op\"() : () -> {}i32{}\n",
        "(".repeat(DEEP),
        ")".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep parentheses in a type", &xopt_on(s.as_bytes()));
}

#[test]
fn deeply_nested_locations_and_affine_exprs() {
    let s = format!(
        "\"xa.op\"() : () -> () loc({}\"a\"{})\n",
        "callsite(".repeat(DEEP),
        " at \"b\")".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep callsite locations", &xopt_on(s.as_bytes()));
    let s = format!(
        "\"xa.op\"() : () -> () loc({}\"a\"{})\n",
        "fused[".repeat(DEEP),
        "]".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep fused locations", &xopt_on(s.as_bytes()));
    let s = format!(
        "\"xa.op\"() {{m = affine_map<(d0) -> ({}d0{})>}} : () -> ()\n",
        "(".repeat(DEEP),
        ")".repeat(DEEP)
    );
    assert_diagnosed("100 000-deep affine parentheses", &xopt_on(s.as_bytes()));
    let s = format!(
        "\"xa.op\"() {{m = affine_map<(d0) -> (d0{})>}} : () -> ()\n",
        " + d0".repeat(DEEP)
    );
    let o = xopt_on(s.as_bytes());
    assert!(
        !o.timed_out && o.code.is_some(),
        "100 000-term affine sum: {}",
        o.describe()
    );
    assert!(
        !stderr(&o).contains("panicked"),
        "100 000-term affine sum: panic"
    );
}

#[test]
fn ten_thousand_digit_integer() {
    let digits = "7".repeat(10_000);
    let s = format!("\"xa.op\"() {{a = {digits} : i64}} : () -> ()\n");
    assert_diagnosed("10 000-digit integer : i64", &xopt_on(s.as_bytes()));
    let s = format!("\"xa.op\"() {{a = {digits}}} : () -> ()\n");
    assert_diagnosed("10 000-digit integer", &xopt_on(s.as_bytes()));
    let s = format!("\"xa.op\"() {{a = -{digits} : si32}} : () -> ()\n");
    assert_diagnosed("10 000-digit negative integer", &xopt_on(s.as_bytes()));
    // As a float it is just a very large number: mlir-opt rounds it to +inf.
    let s = format!("\"xa.op\"() {{a = {digits}.0 : f64}} : () -> ()\n");
    let o = xopt_on(s.as_bytes());
    assert_ok("10 000-digit float", &o);
    assert!(String::from_utf8_lossy(&o.stdout).contains("a = 0x7FF0000000000000 : f64"));
}

#[test]
fn huge_dense_literal_parses_quickly() {
    let n = 600_000;
    let mut s = String::from("\"xa.op\"() {a = dense<[");
    for i in 0..n {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&(i as u64 * 7919 % 100_003).to_string());
    }
    s.push_str(&format!("]> : tensor<{n}xi32>}} : () -> ()\n"));
    assert!(s.len() > 4_000_000);
    let start = std::time::Instant::now();
    let o = xopt_on(s.as_bytes());
    let took = start.elapsed();
    assert_ok("huge dense literal", &o);
    assert!(
        took < Duration::from_secs(20),
        "huge dense literal took {took:?}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("dense<\"0x"),
        "more than 100 elements print as hex"
    );
    same_as_mlir_opt("huge dense literal", s.as_bytes(), &o);
}

#[test]
fn many_errors_do_not_hang() {
    // One bad token per line, 20 000 lines: the first error stops parsing.
    let s = "\"xa.op\"() : () -> ( ) )\n".repeat(20_000);
    assert_diagnosed("20 000 broken lines", &xopt_on(s.as_bytes()));
}

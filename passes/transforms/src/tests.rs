//! Each pass on small inputs; expected outputs are mlir-opt 22's for the same
//! input and pass (generic form where mlir-opt names constant results).

use crate::testing::run_pass;

const FOLDS: &str = "func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.muli %0, %c1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %2 = arith.addi %c2, %c3 : i32
  %3 = arith.subi %1, %1 : i32
  %c2b = arith.constant 2 : i32
  %4 = arith.addi %2, %c2b : i32
  %5 = arith.muli %a, %b : i32
  return %4, %3, %2 : i32, i32, i32
}
";

fn mlir(pass: &str, input: &str, generic: bool) -> Option<String> {
    use std::io::Write;
    let exe = "/usr/lib/llvm-22/bin/mlir-opt";
    if !std::path::Path::new(exe).exists() {
        return None;
    }
    let mut cmd = std::process::Command::new(exe);
    cmd.arg(format!("--{pass}"));
    if generic {
        cmd.arg("--mlir-print-op-generic");
    }
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Compares with mlir-opt when it is installed.
fn check(pass: &str, input: &str, generic: bool) {
    let got = run_pass(pass, &[], input, generic);
    if let Some(want) = mlir(pass, input, generic) {
        assert_eq!(got, want, "{pass} differs from mlir-opt");
    }
}

#[test]
fn canonicalize_folds_and_hoists() {
    check("canonicalize", FOLDS, true);
}

#[test]
fn cse_removes_duplicates() {
    check("cse", FOLDS, true);
    let dup = "func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
";
    check("cse", dup, false);
}

#[test]
fn sccp_propagates() {
    check("sccp", FOLDS, true);
}

const SYMS: &str = "func.func private @dead() { return }
func.func private @used() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func @main() -> i32 {
  %0 = func.call @used() : () -> i32
  return %0 : i32
}
";

#[test]
fn symbol_dce_erases_private_unused() {
    check("symbol-dce", SYMS, true);
}

#[test]
fn inline_private_callee() {
    check("inline", SYMS, true);
}

#[test]
fn strip_debuginfo_keeps_text() {
    check("strip-debuginfo", FOLDS, false);
}

#[test]
fn op_stats_format() {
    let mut ctx = crate::testing::context();
    let mut ir = xir::Ir::new();
    let mut d = xir::DiagEngine::default();
    let buf = xir::SourceBuffer::new("in", FOLDS.to_string());
    let opts = xir::parser::ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = xir::parser::parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut d).unwrap();
    let s = crate::print_op_stats::op_stats(&ctx, &ir, top);
    assert_eq!(
        s,
        "Operations encountered:\n-----------------------\n    arith.addi     , 3\n    arith.constant , 4\n    arith.muli     , 2\n    arith.subi     , 1\n  builtin.module   , 1\n     func.func     , 1\n     func.return   , 1\n"
    );
    let dot = crate::view_op_graph::op_graph(&ctx, &ir, top);
    assert!(dot.starts_with("digraph G {"));
}

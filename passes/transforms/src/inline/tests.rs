//! The inliner on multi-block code, without mlir-opt (the lit tests compare
//! with it): the IR it leaves verifies and has MLIR's block layout.

use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, Pass, PassContext};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

fn run(options: &[(&str, &str)], input: &str) -> String {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_cf::register(&mut ctx);
    xir_scf::register(&mut ctx);
    let mut p = super::Inline::default();
    for (k, v) in options {
        p.set_option(k, v).expect("valid option");
    }
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags).expect("parses");
    let mut am = AnalysisManager::default();
    let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
    p.run(&mut pc, top).expect("inlines");
    let errs = xir::verifier::verify(&ctx, &ir, top);
    assert!(errs.is_empty(), "verifier: {errs:?}");
    let popts = PrintOptions {
        generic: false,
        debuginfo: false,
        local_scope: false,
    };
    print_top_level(&ctx, &ir, top, &popts)
}

const NO_PIPELINE: &[(&str, &str)] = &[("default-pipeline", "")];

const SELECT: &str = "
func.func private @sel(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %b : i32
  return %x : i32
^bb2:
  return %b : i32
}
";

#[test]
fn multi_block_callee_splits_the_block_at_the_call() {
    let input = format!(
        "{SELECT}
func.func @f(%c: i1, %a: i32) -> i32 {{
  %0 = call @sel(%c, %a, %a) : (i1, i32, i32) -> i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}}"
    );
    let out = run(NO_PIPELINE, &input);
    let want = "module {
  func.func @f(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = arith.addi %arg1, %arg1 : i32
    cf.br ^bb3(%0 : i32)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%arg1 : i32)
  ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
    %2 = arith.muli %1, %arg1 : i32
    return %2 : i32
  }
}

";
    assert_eq!(out, want);
}

#[test]
fn call_in_a_later_block_keeps_the_following_blocks_after_it() {
    let input = format!(
        "{SELECT}
func.func @f(%c: i1, %a: i32) -> i32 {{
  cf.br ^bb1
^bb1:
  %0 = call @sel(%c, %a, %a) : (i1, i32, i32) -> i32
  cf.br ^bb2(%0 : i32)
^bb2(%r: i32):
  return %r : i32
}}"
    );
    let out = run(NO_PIPELINE, &input);
    // bb1 holds the callee's entry, bb2/bb3 its other blocks, bb4 the rest of
    // the caller's bb1, bb5 the caller's bb2.
    assert!(
        out.contains("^bb4(%1: i32):  // 2 preds: ^bb2, ^bb3\n    cf.br ^bb5(%1 : i32)"),
        "{out}"
    );
    assert!(!out.contains("call @sel"), "{out}");
}

#[test]
fn multi_block_callee_stays_a_call_in_a_single_block_region() {
    let input = format!(
        "{SELECT}
func.func private @one(%a: i32) -> i32 {{
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}}
func.func @f(%c: i1, %a: i32) -> i32 {{
  %0 = scf.if %c -> i32 {{
    %1 = func.call @sel(%c, %a, %a) : (i1, i32, i32) -> i32
    %2 = func.call @one(%1) : (i32) -> i32
    scf.yield %2 : i32
  }} else {{
    scf.yield %a : i32
  }}
  return %0 : i32
}}"
    );
    let out = run(NO_PIPELINE, &input);
    assert!(out.contains("func.call @sel"), "{out}");
    assert!(!out.contains("@one"), "{out}");
}

#[test]
fn dead_private_caller_goes_its_callee_stays() {
    let input = format!(
        "{SELECT}
func.func private @dead(%c: i1, %a: i32) -> i32 {{
  %0 = call @sel(%c, %a, %a) : (i1, i32, i32) -> i32
  return %0 : i32
}}"
    );
    let out = run(&[], &input);
    assert!(!out.contains("@dead"), "{out}");
    assert!(out.contains("func.func private @sel"), "{out}");
}

#[test]
fn recursion_is_not_inlined_into_itself() {
    let input = "
func.func @r(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = call @r(%c, %a) : (i1, i32) -> i32
  return %0 : i32
^bb2:
  return %a : i32
}";
    let out = run(NO_PIPELINE, input);
    assert_eq!(out.matches("call @r").count(), 1, "{out}");
}

#[test]
fn options_are_checked() {
    let mut p = super::Inline::default();
    assert!(p.set_option("default-pipeline", "canonicalize,cse").is_ok());
    assert!(p.set_option("default-pipeline", "no-such-pass").is_err());
    assert!(p
        .set_option("op-pipelines", "func.func(canonicalize)")
        .is_ok());
    assert!(p.set_option("op-pipelines", "func.func").is_err());
    assert!(p.set_option("max-iterations", "x").is_err());
    assert!(p.set_option("inlining-threshold", "50").is_ok());
}

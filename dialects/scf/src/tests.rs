use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, Ir};

fn ctx() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
}

fn roundtrip(src: &str, generic: bool) -> String {
    let mut ctx = ctx();
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", src).expect("parses");
    assert!(xir::verifier::verify(&ctx, &ir, top).is_empty());
    let opts = PrintOptions {
        generic,
        ..Default::default()
    };
    print_top_level(&ctx, &ir, top, &opts)
}

#[test]
fn implicit_yield_is_added_and_hidden() {
    let src = "func.func @f(%c: i1) {\n  scf.if %c {\n  }\n  return\n}\n";
    let custom = roundtrip(src, false);
    assert!(custom.contains("    scf.if %arg0 {\n    }\n"), "{custom}");
    let generic = roundtrip(src, true);
    assert!(
        generic.contains("\"scf.yield\"() : () -> ()\n    }, {\n    }) : (i1) -> ()"),
        "{generic}"
    );
}

#[test]
fn results_show_yields() {
    let src = "func.func @f(%c: i1, %a: i32) -> i32 {\n  %0 = scf.if %c -> i32 {\n    scf.yield %a : i32\n  } else {\n    scf.yield %a : i32\n  }\n  return %0 : i32\n}\n";
    let custom = roundtrip(src, false);
    assert!(
        custom.contains("%0 = scf.if %arg0 -> (i32) {\n      scf.yield %arg1 : i32\n    } else {"),
        "{custom}"
    );
}

/// Runs `scf.if`'s patterns (and folding) to a fixpoint on `src`.
fn canonicalize(src: &str, with_arith: bool) -> String {
    use xir::rewrite::{apply_patterns_greedily, GreedyConfig, PatternSet};
    let mut ctx = ctx();
    if with_arith {
        xir_arith::register(&mut ctx);
    }
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", src).expect("parses");
    let mut set = PatternSet::new();
    let name = ctx.ident(crate::ops::IF_NAME);
    let populate = ctx.registry.op_def(name).and_then(|d| {
        d.interfaces
            .get::<xir::rewrite::CanonicalizationPatterns>()
            .copied()
    });
    let xir::rewrite::CanonicalizationPatterns(populate) = populate.expect("attached");
    populate(&mut ctx, &mut set);
    apply_patterns_greedily(&mut ctx, &mut ir, top, &set, &GreedyConfig::default());
    assert!(xir::verifier::verify(&ctx, &ir, top).is_empty());
    print_top_level(&ctx, &ir, top, &PrintOptions::default())
}

#[test]
fn static_condition_inlines_the_taken_branch() {
    let src = "func.func private @g()\nfunc.func @f(%a: i32, %b: i32) -> i32 {\n  %t = arith.constant false\n  %0 = scf.if %t -> i32 {\n    func.call @g() : () -> ()\n    scf.yield %a : i32\n  } else {\n    scf.yield %b : i32\n  }\n  return %0 : i32\n}\n";
    let out = canonicalize(src, true);
    assert!(!out.contains("scf.if") && !out.contains("call"), "{out}");
    assert!(out.contains("return %arg1 : i32"), "{out}");
}

#[test]
fn outside_values_become_selects() {
    let src = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n  %0 = scf.if %c -> i32 {\n    scf.yield %a : i32\n  } else {\n    scf.yield %b : i32\n  }\n  return %0 : i32\n}\n";
    let out = canonicalize(src, true);
    assert!(
        out.contains("%0 = arith.select %arg0, %arg1, %arg2 : i32"),
        "{out}"
    );
    assert!(!out.contains("scf.if"), "{out}");
}

#[test]
fn patterns_needing_arith_wait_for_it() {
    // Without arith registered no select is made; the if stays as it was.
    let src = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {\n  %0 = scf.if %c -> i32 {\n    scf.yield %a : i32\n  } else {\n    scf.yield %b : i32\n  }\n  return %0 : i32\n}\n";
    let out = canonicalize(src, false);
    assert!(out.contains("%0 = scf.if %arg0 -> (i32)"), "{out}");
}

#[test]
fn unused_results_are_dropped() {
    let src = "func.func private @g() -> i32\nfunc.func @f(%c: i1) -> i32 {\n  %0:2 = scf.if %c -> (i32, i32) {\n    %x = func.call @g() : () -> i32\n    %y = func.call @g() : () -> i32\n    scf.yield %x, %y : i32, i32\n  } else {\n    %z = func.call @g() : () -> i32\n    scf.yield %z, %z : i32, i32\n  }\n  return %0#1 : i32\n}\n";
    let out = canonicalize(src, false);
    assert!(out.contains("%0 = scf.if %arg0 -> (i32) {"), "{out}");
    assert!(
        out.contains("scf.yield %1 : i32") || out.contains("scf.yield %2 : i32"),
        "{out}"
    );
}

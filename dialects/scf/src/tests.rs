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

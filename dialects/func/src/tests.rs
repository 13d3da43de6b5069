//! Round trips of the func dialect through the parser and printer.

use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, Ir};

fn round_trip(src: &str, generic: bool) -> String {
    let mut ctx = Context::new();
    crate::register(&mut ctx);
    let mut ir = Ir::new();
    let op = xir::parser::parse_str(&mut ctx, &mut ir, "t", src).expect("parses");
    assert!(xir::verifier::verify(&ctx, &ir, op).is_empty());
    let opts = PrintOptions {
        generic,
        ..Default::default()
    };
    print_top_level(&ctx, &ir, op, &opts)
}

#[test]
fn custom_form_round_trips() {
    let src = "module {\n  func.func private @d(i32) -> i32\n  func.func @f(%arg0: i32) -> i32 {\n    %0 = call @d(%arg0) : (i32) -> i32\n    return %0 : i32\n  }\n}\n\n";
    assert_eq!(round_trip(src, false), src);
}

#[test]
fn generic_form_has_properties() {
    let out = round_trip("func.func @g() {\n  return\n}\n", true);
    assert!(out.contains(
        "\"func.func\"() <{function_type = () -> (), sym_name = \"g\"}> ({\n    \"func.return\"() : () -> ()\n  }) : () -> ()"
    ));
}

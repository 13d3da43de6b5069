use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, Ir};

fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
}

/// Parses and verifies `src`, returning the printed module or the first error.
fn roundtrip(src: &str) -> Result<String, String> {
    let mut ctx = context();
    let mut ir = Ir::new();
    let m = xir::parser::parse_str(&mut ctx, &mut ir, "t", src)
        .map_err(|d| d.first().map(|d| d.message.clone()).unwrap_or_default())?;
    if let Some(d) = xir::verifier::verify(&ctx, &ir, m).first() {
        return Err(d.message.clone());
    }
    Ok(print_top_level(&ctx, &ir, m, &PrintOptions::default()))
}

#[test]
fn forwarded_operands_follow_segments() {
    let out = roundtrip(
        "func.func @f(%f: i32, %a: i32, %b: i64) {\n  cf.switch %f : i32, [\n    default: ^bb1(%a : i32),\n    3: ^bb2(%a, %b : i32, i64),\n    -1: ^bb3\n  ]\n^bb1(%x: i32):\n  return\n^bb2(%y: i32, %z: i64):\n  return\n^bb3:\n  return\n}\n",
    )
    .unwrap();
    assert!(out.contains("3: ^bb2(%arg1, %arg2 : i32, i64)"), "{out}");
    assert!(out.contains("4294967295: ^bb3"), "{out}");
}

//! Differential test: random func + arith programs (from seeds) are parsed,
//! verified and printed by xir (as xopt does) and by mlir-opt 22, in custom and
//! generic form; the outputs must be byte-identical.
//!
//! Without mlir-opt the trials are ignored, or fail when `CI` is set.
//! `XIR_ARITH_SEEDS=N` sets the number of programs (default 100).
//! Programs hold constants and extended ops, whose results the custom form names
//! (`%c1_i32`, `%cst`, `%sum`), with duplicates, across several functions.

use irgen::arith::{CMPF, CMPI, FLT_BIN, INT_BIN};
use irgen::mlir_opt;
use libtest_mimic::{Arguments, Failed, Trial};
use xir::parser::{parse_buffer, ParseOptions};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

use irgen::XorShift as Rng;

const INT_TYPES: &[&str] = &[
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "index",
    "vector<4xi32>",
    "tensor<2x3xi8>",
];
const FLOAT_TYPES: &[&str] = &[
    "f16",
    "bf16",
    "f32",
    "f64",
    "vector<2xf32>",
    "tensor<?xf64>",
];
const FASTMATH: &[&str] = &[
    "",
    " fastmath<fast>",
    " fastmath<nnan,ninf>",
    " fastmath<contract>",
    " fastmath<none>",
    " fastmath<afn,reassoc>",
];
const OVERFLOW: &[&str] = &[
    "",
    " overflow<nsw>",
    " overflow<nuw>",
    " overflow<nsw, nuw>",
    " overflow<none>",
];

/// The `i1` type of the same shape.
fn i1_of(t: &str) -> String {
    match t.find('<') {
        Some(_) => {
            let x = t.rfind('x').unwrap();
            format!("{}i1>", &t[..=x])
        }
        None => "i1".into(),
    }
}

/// A constant of type `t`: an integer (or `true`/`false` for `i1`), or a dense
/// splat for shaped types. Small values, so that names repeat.
fn constant(r: &mut Rng, t: &str) -> String {
    let n = r.below(7) as i64 - 3;
    let elt = match t.find('<') {
        Some(_) => &t[t.rfind('x').map_or(0, |x| x + 1)..t.len() - 1],
        None => t,
    };
    let value = if elt == "i1" {
        (if n & 1 == 0 { "false" } else { "true" }).to_string()
    } else {
        n.to_string()
    };
    match (t.contains('<'), elt == "i1") {
        (true, _) => format!("arith.constant dense<{value}> : {t}"),
        (false, true) => format!("arith.constant {value}"),
        (false, false) => format!("arith.constant {value} : {t}"),
    }
}

/// A few functions over arguments of a few types, with arith ops.
fn generate(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let funcs = 1 + r.below(3);
    (0..funcs)
        .map(|k| generate_func(&mut r, &format!("f{seed}_{k}")))
        .collect()
}

fn generate_func(r: &mut Rng, name: &str) -> String {
    let ti = r.pick(INT_TYPES);
    let tf = r.pick(FLOAT_TYPES);
    let mut body = String::new();
    let mut ints = vec!["%a".to_string(), "%b".to_string()];
    let mut flts = vec!["%x".to_string(), "%y".to_string()];
    let scalar = !ti.contains('<');
    for n in 0..(4 + r.below(20)) {
        let v = format!("%v{n}");
        let i1 = ints[r.below(ints.len())].clone();
        let i2 = ints[r.below(ints.len())].clone();
        let f1 = flts[r.below(flts.len())].clone();
        let f2 = flts[r.below(flts.len())].clone();
        let line = match r.below(9) {
            0 | 1 => {
                let op = r.pick(INT_BIN);
                let flags = match op {
                    "addi" | "subi" | "muli" | "shli" => r.pick(OVERFLOW),
                    "divsi" | "divui" | "shrsi" | "shrui" if r.below(3) == 0 => " exact",
                    _ => "",
                };
                ints.push(v.clone());
                format!("{v} = arith.{op} {i1}, {i2}{flags} : {ti}")
            }
            2 | 3 => {
                let op = r.pick(FLT_BIN);
                flts.push(v.clone());
                format!("{v} = arith.{op} {f1}, {f2}{} : {tf}", r.pick(FASTMATH))
            }
            4 => {
                flts.push(v.clone());
                format!("{v} = arith.negf {f1}{} : {tf}", r.pick(FASTMATH))
            }
            5 => format!("{v} = arith.cmpi {}, {i1}, {i2} : {ti}", r.pick(CMPI)),
            6 => format!(
                "{v} = arith.cmpf {}, {f1}, {f2}{} : {tf}",
                r.pick(CMPF),
                r.pick(FASTMATH)
            ),
            7 => {
                let c = if r.below(2) == 0 || scalar {
                    "%c".to_string()
                } else {
                    "%cv".to_string()
                };
                ints.push(v.clone());
                if c == "%c" {
                    format!("{v} = arith.select %c, {i1}, {i2} {{foo.s}} : {ti}")
                } else {
                    format!("{v} = arith.select %cv, {i1}, {i2} : {}, {ti}", i1_of(ti))
                }
            }
            _ => match r.below(7) {
                0 | 1 => {
                    ints.push(v.clone());
                    format!("{v} = {}", constant(r, ti))
                }
                2 => {
                    let t = r.pick(INT_TYPES);
                    format!("{v} = {}", constant(r, t))
                }
                3 => format!(
                    "{v} = arith.constant {}.5 : {}",
                    r.below(3),
                    r.pick(&["f32", "f64"])
                ),
                4 => {
                    ints.push(format!("{v}#0"));
                    ints.push(format!("{v}#1"));
                    let op = r.pick(&["mului_extended", "mulsi_extended"]);
                    format!("{v}:2 = arith.{op} {i1}, {i2} : {ti}")
                }
                5 => {
                    ints.push(format!("{v}#0"));
                    format!(
                        "{v}:2 = arith.addui_extended {i1}, {i2} : {ti}, {}",
                        i1_of(ti)
                    )
                }
                _ => format!(
                    "{v} = arith.addi {i1}, {i2} {{foo.attr = {}}} : {ti}",
                    r.below(9)
                ),
            },
        };
        body.push_str("    ");
        body.push_str(&line);
        body.push('\n');
    }
    format!(
        "func.func @{name}(%a: {ti}, %b: {ti}, %x: {tf}, %y: {tf}, %c: i1, %cv: {}) {{\n{body}    return\n}}\n",
        i1_of(ti)
    )
}

fn xir_print(input: &str, generic: bool) -> Result<String, String> {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let top = parse_buffer(
        &mut ctx,
        &mut ir,
        &buf,
        &ParseOptions::default(),
        &mut diags,
    );
    let top = top.ok_or_else(|| "xir failed to parse".to_string())?;
    let errs = xir::verifier::verify(&ctx, &ir, top);
    if !errs.is_empty() || !diags.take().is_empty() {
        return Err(format!("xir diagnostics: {errs:?}"));
    }
    let opts = PrintOptions {
        generic,
        debuginfo: false,
        local_scope: false,
    };
    Ok(print_top_level(&ctx, &ir, top, &opts))
}

fn mlir_print(input: &str, generic: bool) -> Result<String, String> {
    let args: &[&str] = if generic {
        &["--mlir-print-op-generic"]
    } else {
        &[]
    };
    mlir_opt::run(args, input)
}

fn trial(seed: u64, generic: bool) -> Result<(), Failed> {
    let input = generate(seed);
    let want = mlir_print(&input, generic)?;
    let got = xir_print(&input, generic).map_err(|e| format!("{e}\ninput:\n{input}"))?;
    if let Some(line) = mlir_opt::difference(&want, &got) {
        return Err(format!("output differs\n{line}\ninput:\n{input}").into());
    }
    // The output must read back to itself.
    let again = xir_print(&got, generic)?;
    if again != got {
        return Err("xir output does not round-trip".into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let seeds: u64 = irgen::env_u64("XIR_ARITH_SEEDS", 100);
    let mut trials = Vec::new();
    for seed in 0..seeds {
        for (mode, generic) in [("custom", false), ("generic", true)] {
            trials.push(mlir_opt::gate(Trial::test(
                format!("arith::{mode}::seed_{seed}"),
                move || trial(seed, generic),
            )));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

//! Differential test: random func + arith programs through `cse` and
//! `canonicalize` in xir and in mlir-opt 22; outputs (generic form) must be
//! byte-identical. `canonicalize` programs are constant expression DAGs over
//! scalar integers; `canonicalize_arith` ones (gen_arith.rs) use every arith op
//! and type, so every fold and pattern of passes/transforms/README.md is met;
//! `canonicalize_scf` ones (gen_scf.rs) nest and chain `scf.if`s so that each
//! of its patterns meets its cases; `cfg_*` ones are irgen::cfg's multi-block
//! programs (cf branches, block arguments, loops, unreachable blocks) through
//! `canonicalize` (the cf patterns and region simplification) and `cse`.
//!
//! Without mlir-opt the trials are ignored, or fail when `CI` is set.
//! `XIR_PASSES_SEEDS=N` sets the number of programs per generator (default 300),
//! `XIR_PASSES_FIRST=K` the first seed (default 0).

mod gen_arith;
mod gen_scf;

use irgen::arith::INT_BIN;
use irgen::mlir_opt;
use libtest_mimic::{Arguments, Failed, Trial};
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

use irgen::XorShift as Rng;

const TYPES: &[&str] = &["i8", "i16", "i32", "i64", "index"];

/// `cse`: arguments, constants and integer ops, with some ops repeated verbatim.
fn gen_cse(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let t = r.pick(TYPES);
    let mut vals = vec!["%a".to_string(), "%b".to_string()];
    let mut lines: Vec<String> = Vec::new();
    let mut body = String::new();
    for n in 0..(4 + r.below(24)) {
        let v = format!("%v{n}");
        let line = if !lines.is_empty() && r.below(4) == 0 {
            lines[r.below(lines.len())].clone()
        } else if r.below(5) == 0 {
            format!("arith.constant {} : {t}", r.below(4))
        } else {
            let (x, y) = (
                vals[r.below(vals.len())].clone(),
                vals[r.below(vals.len())].clone(),
            );
            format!("arith.{} {x}, {y} : {t}", r.pick(INT_BIN))
        };
        body.push_str(&format!("  {v} = {line}\n"));
        lines.push(line);
        vals.push(v);
    }
    let ret: Vec<&String> = vals.iter().rev().take(3).collect();
    let tys = vec![t; ret.len()].join(", ");
    let rets: Vec<&str> = ret.iter().map(|s| s.as_str()).collect();
    format!(
        "func.func @f(%a: {t}, %b: {t}) -> ({tys}) {{\n{body}  return {} : {tys}\n}}\n",
        rets.join(", ")
    )
}

/// `canonicalize`: a constant expression DAG (every op folds unless MLIR refuses:
/// division by zero, poison shifts).
fn gen_canon(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    let t = r.pick(TYPES);
    let mut vals: Vec<String> = Vec::new();
    let mut body = String::new();
    for n in 0..(3 + r.below(20)) {
        let v = format!("%v{n}");
        let line = if vals.len() < 2 || r.below(3) == 0 {
            format!("arith.constant {} : {t}", r.below(9) as i64 - 3)
        } else {
            let (x, y) = (
                vals[r.below(vals.len())].clone(),
                vals[r.below(vals.len())].clone(),
            );
            format!("arith.{} {x}, {y} : {t}", r.pick(INT_BIN))
        };
        body.push_str(&format!("  {v} = {line}\n"));
        vals.push(v);
    }
    let ret: Vec<&str> = vals.iter().rev().take(3).map(|s| s.as_str()).collect();
    let tys = vec![t; ret.len()].join(", ");
    format!(
        "func.func @f() -> ({tys}) {{\n{body}  return {} : {tys}\n}}\n",
        ret.join(", ")
    )
}

fn xir_run(pass: &str, input: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_scf::register(&mut ctx);
    xir_cf::register(&mut ctx);
    let mut reg = PassRegistry::default();
    xir_transforms::register(&mut reg);
    // `name=option=value` as mlir-opt's `--name=option=value`.
    let (name, option) = match pass.split_once('=') {
        Some((n, o)) => (n, o.split_once('=')),
        None => (pass, None),
    };
    let mut p = (reg.pass(name).ok_or("no such pass")?.create)();
    if let Some((k, v)) = option {
        p.set_option(k, v)?;
    }
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags)
        .ok_or_else(|| "xir failed to parse".to_string())?;
    let mut am = AnalysisManager::default();
    let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
    p.run(&mut pc, top).map_err(|_| "pass failed".to_string())?;
    let errs = xir::verifier::verify(&ctx, &ir, top);
    if !errs.is_empty() {
        return Err(format!("xir verifier: {errs:?}"));
    }
    let popts = PrintOptions {
        generic: true,
        debuginfo: false,
        local_scope: false,
    };
    Ok(print_top_level(&ctx, &ir, top, &popts))
}

fn mlir_run(pass: &str, input: &str) -> Result<String, String> {
    mlir_opt::run(&[&format!("--{pass}"), "--mlir-print-op-generic"], input)
}

fn trial(pass: &str, input: String) -> Result<(), Failed> {
    let want = match mlir_run(pass, &input) {
        // mlir-opt 22 crashes on a few inputs (`cmpf false|true` of an `[su]itofp`
        // against a constant, see tools/xopt/tests/mismatches.md); xir must still
        // leave valid IR there.
        Err(e) if e.contains("PLEASE submit a bug report") => {
            xir_run(pass, &input).map_err(|e| format!("{e}\ninput:\n{input}"))?;
            return Ok(());
        }
        r => r?,
    };
    let got = xir_run(pass, &input).map_err(|e| format!("{e}\ninput:\n{input}"))?;
    if let Some(line) = mlir_opt::difference(&want, &got) {
        return Err(
            format!("output differs\n{line}\ninput:\n{input}\nwant:\n{want}\ngot:\n{got}").into(),
        );
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let seeds: u64 = irgen::env_u64("XIR_PASSES_SEEDS", 300);
    // `XIR_PASSES_FIRST=K` starts at seed K (sweeps beyond the default range).
    let first: u64 = irgen::env_u64("XIR_PASSES_FIRST", 0);
    let mut trials = Vec::new();
    for seed in first..first + seeds {
        for (kind, pass) in [
            ("cse", "cse"),
            ("canonicalize", "canonicalize"),
            ("canonicalize_arith", "canonicalize"),
            ("canonicalize_scf", "canonicalize"),
            ("cfg_canonicalize", "canonicalize"),
            ("cfg_cse", "cse"),
        ] {
            trials.push(mlir_opt::gate(Trial::test(
                format!("{kind}::seed_{seed}"),
                move || {
                    let input = match kind {
                        "cse" => gen_cse(seed),
                        "canonicalize" => gen_canon(seed),
                        "canonicalize_scf" => gen_scf::gen_scf(seed),
                        k if k.starts_with("cfg_") => irgen::cfg::program(seed),
                        _ => gen_arith::gen_broad(seed),
                    };
                    trial(pass, input)
                },
            )));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

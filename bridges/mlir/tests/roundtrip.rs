//! The differential test of xopt's printer, with MLIR 22 in process: each module
//! `irgen` generates (as in tools/xopt/tests/differential.rs, which spawns mlir-opt)
//! is parsed and printed by melior and by xir in each of mlir-opt's print modes;
//! the texts must be identical.
//!
//! Runs with `cargo test -p xir-mlir-bridge --features mlir`; a build without the
//! feature lists the trials as ignored. (MLIR names a parsed string "-", so xir does
//! too.) `XIR_DIFF_SEEDS=N` sets the number of
//! modules (default 200).

use libtest_mimic::{Arguments, Failed, Trial};
use xir::printer::{print_top_level, PrintOptions};
use xir_mlir_bridge::{Mlir, PrintFlags};

const MODES: &[(&str, PrintFlags)] = &[
    ("generic", flags(true, false, false)),
    ("default", flags(false, false, false)),
    ("debuginfo", flags(false, true, false)),
    ("debuginfo-generic", flags(true, true, false)),
    ("local", flags(false, false, true)),
    ("local-debuginfo-generic", flags(true, true, true)),
];

const fn flags(generic: bool, debuginfo: bool, local_scope: bool) -> PrintFlags {
    PrintFlags {
        generic,
        debuginfo,
        local_scope,
    }
}

thread_local! {
    // One MLIR context per test thread (a context is not shared across threads).
    static MLIR: Option<Mlir> = Mlir::new().ok();
}

/// xir's side: parse, verify and print as xopt does.
fn xir_print(text: &str, f: PrintFlags) -> Result<String, String> {
    let mut ctx = xir_compiler::context();
    ctx.allow_unregistered = true;
    let mut ir = xir::Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "-", text)
        .map_err(|ds| format!("xir rejects it: {}", ds[0].message))?;
    let errs = xir::verifier::verify(&ctx, &ir, top);
    if let Some(e) = errs.first() {
        return Err(format!("xir's verifier rejects it: {}", e.message));
    }
    let opts = PrintOptions {
        generic: f.generic,
        debuginfo: f.debuginfo,
        local_scope: f.local_scope,
    };
    Ok(print_top_level(&ctx, &ir, top, &opts))
}

fn first_diff(want: &str, got: &str) -> String {
    for (i, (w, g)) in want.lines().zip(got.lines()).enumerate() {
        if w != g {
            return format!("line {}:\n  mlir: {w}\n  xir:  {g}", i + 1);
        }
    }
    format!(
        "lengths differ: mlir {} lines, xir {} lines",
        want.lines().count(),
        got.lines().count()
    )
}

fn check(seed: u64) -> Result<(), Failed> {
    let text = irgen::generate(&irgen::Config {
        seed,
        ops: 6 + (seed as usize % 30),
        ..Default::default()
    });
    MLIR.with(|mlir| -> Result<(), Failed> {
        let mlir = mlir.as_ref().ok_or("MLIR did not start")?;
        for (mode, f) in MODES {
            let want = mlir.roundtrip(&text, *f).map_err(|ds| {
                format!("seed {seed} [{mode}]: MLIR rejects the module: {:?}", ds[0])
            })?;
            let got = xir_print(&text, *f).map_err(|e| format!("seed {seed} [{mode}]: {e}"))?;
            if want != got {
                return Err(format!("seed {seed} [{mode}]: {}", first_diff(&want, &got)).into());
            }
        }
        Ok(())
    })
}

fn main() {
    let args = Arguments::from_args();
    let seeds: u64 = irgen::env_u64("XIR_DIFF_SEEDS", 200);
    let linked = xir_mlir_bridge::LINKED;
    let trials = (0..seeds)
        .map(|seed| {
            Trial::test(format!("melior::seed_{seed}"), move || check(seed))
                .with_ignored_flag(!linked)
        })
        .collect();
    if !linked {
        eprintln!("roundtrip: this build does not link MLIR; run `cargo test -p xir-mlir-bridge --features mlir`");
    }
    libtest_mimic::run(&args, trials).exit();
}

//! The verifier alone: parses a module, plans it as bench/verifier/run.sh
//! does (device-assignment-pipeline, device-plan{auto-transfer=true}), then
//! verifies the result RUNS times and prints the best and median seconds.
//! In process, so a busy machine disturbs it less than whole-process timing.
//!
//!     cargo run --release -p xopt --example verify_bench -- FILE [RUNS]

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: verify_bench FILE [RUNS]");
        std::process::exit(1);
    };
    let runs: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(7);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("verify_bench: cannot read {path}: {e}");
        std::process::exit(1)
    });
    let mut ctx = xir_compiler::context();
    let mut ir = xir::Ir::new();
    let top = match xir::parser::parse_str(&mut ctx, &mut ir, path, &text) {
        Ok(t) => t,
        Err(_) => {
            eprintln!("verify_bench: {path} does not parse");
            std::process::exit(1)
        }
    };
    let registry = xir_compiler::pass_registry();
    let pipeline = "builtin.module(device-assignment-pipeline,device-plan{auto-transfer=true})";
    let pm = xir::pass::parse_pipeline(pipeline, &registry).unwrap_or_else(|e| {
        eprintln!("verify_bench: {}", e.message);
        std::process::exit(1)
    });
    if xir_compiler::run(&mut ctx, &mut ir, top, pm).is_err() {
        eprintln!("verify_bench: planning failed");
        std::process::exit(1);
    }
    let ops = xir::walk::preorder(&ir, top).len();
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let found = xir::verifier::verify(&ctx, &ir, top);
        times.push(t.elapsed().as_secs_f64());
        assert!(found.is_empty(), "the planned module does not verify");
    }
    times.sort_by(f64::total_cmp);
    println!(
        "ops {ops}  verify best {:.4} s  median {:.4} s  ({runs} runs)",
        times[0],
        times[runs / 2]
    );
}

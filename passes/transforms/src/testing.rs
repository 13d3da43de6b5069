//! Test helper: parse IR text, run one pass with options, print the result.

use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{Pass, PassContext};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

pub fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    ctx
}

/// Runs `pass` (named as in the registry) on the top-level op of `input`.
pub fn run_pass(pass: &str, options: &[(&str, &str)], input: &str, generic: bool) -> String {
    let mut reg = xir::pass::PassRegistry::default();
    crate::register(&mut reg);
    let mut p: Box<dyn Pass> = (reg.pass(pass).expect("pass registered").create)();
    for (k, v) in options {
        p.set_option(k, v).expect("valid option");
    }
    let mut ctx = context();
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags).expect("parses");
    {
        let mut am = xir::pass::AnalysisManager::default();
        let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
        p.run(&mut pc, top).expect("pass succeeds");
    }
    let errs = xir::verifier::verify(&ctx, &ir, top);
    assert!(errs.is_empty(), "verifier: {errs:?}");
    let popts = PrintOptions {
        generic,
        debuginfo: false,
        local_scope: false,
    };
    print_top_level(&ctx, &ir, top, &popts)
}

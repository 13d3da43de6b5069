//! Shared pieces of the lowering property tests: a context with every dialect, parsing,
//! running one registered pass, and a random two-device graph program.
#![allow(dead_code)]

use xir::pass::{AnalysisManager, PassContext};
use xir::{Context, DiagEngine, Ir, Op};

#[allow(unused_imports)]
pub use irgen::graph::{AFFS, M, V};

/// A context with every dialect the passes work on.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_flow::register(&mut ctx);
    xir_stream::register(&mut ctx);
    xir_hal::register(&mut ctx);
    xir_scf::register(&mut ctx);
    ctx
}

/// Parses generated text; a failure shows the diagnostics and the text.
pub fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
    xir::parser::parse_str(ctx, ir, "gen", text)
        .unwrap_or_else(|d| panic!("generated program parses: {d:?}\n{text}"))
}

/// Runs the registered pass `name` with `opts` on `top`, then the verifier; both
/// must succeed.
pub fn run_pass(ctx: &mut Context, ir: &mut Ir, top: Op, name: &str, opts: &[(&str, &str)]) {
    let reg = xir_compiler::pass_registry();
    let mut pass = (reg.pass(name).expect("registered").create)();
    for (k, v) in opts {
        pass.set_option(k, v).expect("option");
    }
    let mut diags = DiagEngine::default();
    let mut am = AnalysisManager::default();
    let res = {
        let mut pc = PassContext::new(ctx, ir, &mut diags, &mut am);
        pass.run(&mut pc, top)
    };
    assert!(res.is_ok(), "{name} failed: {:?}", diags.diagnostics);
    let errs = xir::verifier::verify(ctx, ir, top);
    assert!(errs.is_empty(), "verifier after {name}: {errs:?}");
}

#[allow(unused_imports)]
pub use irgen::graph::{two_device_program, Gen};

/// The dynamic dims of each kernel, by executable name (flow or hal: every
/// variant of a hal executable has the same kernel): (dims of its tensor
/// arguments and results, its trailing `index` arguments).
pub fn kernel_dims(
    ctx: &Context,
    ir: &Ir,
    top: Op,
) -> rustc_hash::FxHashMap<String, (usize, usize)> {
    use xir::types::TypeKind;
    let dynamic = |t: xir::Type| match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape.iter().filter(|&&d| d < 0).count(),
        _ => 0,
    };
    let mut out = rustc_hash::FxHashMap::default();
    for exe in xir::walk::preorder(ir, top) {
        if !matches!(
            ctx.str(ir.op(exe).name),
            "flow.executable" | "hal.executable"
        ) {
            continue;
        }
        let Some(name) = xir::symbol::symbol_name(ctx, ir, exe) else {
            continue;
        };
        let name = String::from_utf8_lossy(name).into_owned();
        let kernel = xir::walk::preorder(ir, exe)
            .into_iter()
            .find(|&op| ctx.str(ir.op(op).name) == "func.func");
        let Some((ins, outs)) =
            kernel.and_then(|f| xir_flow::verify::function_signature(ctx, ir, f))
        else {
            continue;
        };
        let dims: usize = ins.iter().chain(&outs).map(|&t| dynamic(t)).sum();
        let trailing = ins
            .iter()
            .rev()
            .take_while(|&&t| matches!(ctx.type_kind(t), TypeKind::Index))
            .count();
        out.insert(name, (dims, trailing));
    }
    out
}

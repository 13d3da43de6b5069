//! What the local backend's tests share: a small program compiled to hal,
//! and preparing its variant.
#![allow(dead_code)]

use std::sync::Arc;
use xir::{Context, Ir, Op};
use xir_runtime_hal::{Backend, Executable};
use xir_runtime_local::Jit;

pub const PROGRAM: &str = r#"
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
"#;

pub fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
    let buf = xir::SourceBuffer::new("input", text.to_string());
    let opts = xir::parser::ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let mut diags = xir::DiagEngine::default();
    let top = xir::parser::parse_buffer(ctx, ir, &buf, &opts, &mut diags);
    top.unwrap_or_else(|| panic!("{:?}", diags.take()))
}

/// `PROGRAM` compiled for `local` (to hal: kernels), printed.
pub fn compiled() -> String {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, PROGRAM);
    let options = xir_compiler::CompileOptions {
        target_devices: vec!["local".into()],
        device_plan: String::new(),
    };
    let level = xir_compiler::level(&ctx, &ir, top);
    let pm =
        xir_compiler::pipeline_to_hal(level, &options, &xir_compiler::pass_registry()).unwrap();
    xir_compiler::run(&mut ctx, &mut ir, top, pm).unwrap_or_else(|d| panic!("{d:?}"));
    xir::printer::print_top_level(&ctx, &ir, top, &xir::printer::PrintOptions::default())
}

/// Prepares the only variant of the hal module `text` on a new local backend.
pub fn prepare(text: &str) -> xir_runtime_hal::Result<Arc<dyn Executable>> {
    prepare_on(&Jit::default(), text)
}

/// Prepares the only variant of the hal module `text` on `jit`.
pub fn prepare_on(jit: &Jit, text: &str) -> xir_runtime_hal::Result<Arc<dyn Executable>> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, text);
    jit.register(&mut ctx);
    let mut variant = None;
    xir::walk::walk_preorder(&mut ir, top, |ir, op| {
        if ctx.str(ir.op(op).name) == "hal.executable.variant" {
            variant = Some(op);
        }
        xir::walk::WalkResult::Advance
    });
    jit.prepare(&ctx, &ir, variant.expect("a variant"))
}

//! The kinds of the errors the local backend reports through the backend
//! contract (`Backend::prepare`, `Executable::dispatch`): a kernel it has no
//! code for is `Unimplemented`, a dispatch whose binding is too short
//! `InvalidArgument`; the messages are the ones users see.

use std::sync::Arc;
use xir::{Context, Ir, Op};
use xir_runtime_hal::{Backend, Buffer, DispatchArgs, ErrorKind, Executable};
use xir_runtime_local::Jit;

const PROGRAM: &str = r#"
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
"#;

fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
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
fn compiled() -> String {
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

/// Prepares the only variant of the hal module `text` on the local backend.
fn prepare(text: &str) -> xir_runtime_hal::Result<Arc<dyn Executable>> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, text);
    Jit.register(&mut ctx);
    let mut variant = None;
    xir::walk::walk_preorder(&mut ir, top, |ir, op| {
        if ctx.str(ir.op(op).name) == "hal.executable.variant" {
            variant = Some(op);
        }
        xir::walk::WalkResult::Advance
    });
    Jit.prepare(&ctx, &ir, variant.expect("a variant"))
}

#[test]
fn a_body_op_without_code_is_unimplemented() {
    let hal = compiled();
    assert!(prepare(&hal).is_ok());
    let e = match prepare(&hal.replace("arith.addf", "arith.remf")) {
        Err(e) => e,
        Ok(_) => panic!("arith.remf was translated"),
    };
    assert_eq!(e.kind(), ErrorKind::Unimplemented);
    assert!(
        e.message()
            .contains("'arith.remf' is not supported in a kernel body on the local backend"),
        "{e}"
    );
}

#[test]
fn a_short_binding_is_an_invalid_argument() {
    let exe = prepare(&compiled()).unwrap();
    let short = || Buffer::allocate(0, 4).unwrap();
    let args = DispatchArgs {
        workgroups: [1, 1, 1],
        constants: vec![],
        bindings: vec![short(), short(), short()],
    };
    let e = exe.dispatch(0, &args).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("binding 0 has 4 bytes"), "{e}");
    let e = exe.dispatch(7, &args).unwrap_err();
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::OutOfRange, "no such export")
    );
}

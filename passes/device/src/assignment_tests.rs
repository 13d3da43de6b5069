//! Unit tests of the assignment passes (the lit tests in
//! lit-tests/device/assignment/ cover the rest).

use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

/// Runs one registered pass with options on `input` and prints the result.
fn run_pass(pass: &str, options: &[(&str, &str)], input: &str, generic: bool) -> String {
    let mut reg = PassRegistry::default();
    crate::register(&mut reg);
    let mut p = (reg.pass(pass).expect("registered").create)();
    for (k, v) in options {
        p.set_option(k, v).expect("valid option");
    }
    let mut ctx = Context::new();
    xir_device::register(&mut ctx);
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let top = parse_buffer(
        &mut ctx,
        &mut ir,
        &buf,
        &ParseOptions::default(),
        &mut diags,
    )
    .expect("parses");
    let mut am = AnalysisManager::default();
    let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
    p.run(&mut pc, top).expect("pass succeeds");
    assert!(xir::verifier::verify(&ctx, &ir, top).is_empty());
    let popts = PrintOptions {
        generic,
        debuginfo: false,
        local_scope: false,
    };
    print_top_level(&ctx, &ir, top, &popts)
}

#[test]
fn materialize_orders_and_defaults() {
    let out = run_pass(
        "device-materialize",
        &[],
        r#"module attributes {device.order = [@gpu, @cpu], device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {}"#,
        false,
    );
    assert_eq!(
        out,
        "module attributes {device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>} {\n  device.global @gpu = #device.alias<\"vulkan\">\n  device.global @cpu = #device.alias<\"local\">\n}\n\n"
    );
}

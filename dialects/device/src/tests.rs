//! Round trips of the device attributes and `device.global`.

use xir::parser::{parse_buffer, ParseOptions};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

fn run(src: &str, generic: bool) -> Result<String, String> {
    let mut ctx = Context::new();
    crate::register(&mut ctx);
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("t", src);
    let Some(op) = parse_buffer(
        &mut ctx,
        &mut ir,
        &buf,
        &ParseOptions::default(),
        &mut diags,
    ) else {
        return Err(format!("{:?}", diags));
    };
    if let Some(d) = xir::verifier::verify(&ctx, &ir, op).first() {
        return Err(d.message.clone());
    }
    let opts = PrintOptions {
        generic,
        ..Default::default()
    };
    Ok(print_top_level(&ctx, &ir, op, &opts))
}

#[test]
fn attributes_round_trip() {
    let src = "module attributes {device.default = #device.affinity<@gpu, queues = [0, 1], memory = \"shared\">, device.host = #device.affinity<@cpu>, device.targets = {cpu = #device.alias<\"local\">, gpu = #device.select<[#device.alias<\"vulkan\"[1]>, #device.target<\"vulkan\", {max = 4 : i64}, [\"spirv\"]>]>, late = #device.promise<@x>, other = #device.fallback<@gpu>}} {\n  device.global private @cpu = #device.alias<\"local\">\n  device.global @gpu = #device.fallback<@cpu>\n}\n\n";
    assert_eq!(run(src, false).unwrap(), src);
    let g = run(src, true).unwrap();
    assert!(g.contains("\"device.global\"() <{sym_name = \"cpu\", sym_visibility = \"private\", value = #device.alias<\"local\">}> : () -> ()"), "{g}");
}

#[test]
fn decode_and_build_agree() {
    let mut ctx = Context::new();
    crate::register(&mut ctx);
    let a = crate::attrs::affinity(&mut ctx, "gpu", Some(&[1]), None);
    let gpu = ctx.ident("gpu");
    assert_eq!(
        crate::decode(&ctx, a),
        Some(crate::DeviceAttr::Affinity {
            device: gpu,
            queues: Some(vec![1]),
            memory: None
        })
    );
    assert_eq!(
        xir::printer::attr_to_string(&ctx, a),
        "#device.affinity<@gpu, queues = [1]>"
    );
}

#[test]
fn undeclared_default_is_an_error() {
    let e = run(
        "module attributes {device.default = #device.affinity<@nope>} {}",
        false,
    )
    .unwrap_err();
    assert_eq!(
        e,
        "'builtin.module' op 'device.default' names undeclared device '@nope'"
    );
}

//! Parses arbitrary bytes; anything that parses must print, and the generic print must
//! parse again and print the same (a fixed point). Errors are fine, panics are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xir::parser::{parse_buffer, ParseOptions};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

fn parse_print(text: &str) -> Option<String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let mut ir = Ir::new();
    let buf = SourceBuffer::new("fuzz", text);
    let mut diags = DiagEngine::default();
    let op = parse_buffer(&mut ctx, &mut ir, &buf, &ParseOptions::default(), &mut diags)?;
    let opts = PrintOptions { generic: true, debuginfo: true, local_scope: false };
    Some(print_top_level(&ctx, &ir, op, &opts))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Some(first) = parse_print(text) {
        let second = parse_print(&first).expect("printed IR must parse again");
        assert_eq!(first, second, "generic printing is not a fixed point");
    }
});

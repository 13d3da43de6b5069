//! The planner's error messages: conflicting pins with the chain of uses between them.

use super::solver::{Pin, PinSource};
use xir::printer::attr_to_string;
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Location, Op};

/// Where a pin is written.
pub fn pin_loc(ctx: &Context, ir: &Ir, src: PinSource) -> Attr {
    match src {
        PinSource::Arg(f, i) => ir
            .regions(f)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .and_then(|b| ir.block_args(b).get(i as usize).copied())
            .and_then(|v| ir.value(v).loc)
            .filter(|&l| !matches!(ctx.attr_kind(l), AttrKind::Location(Location::Unknown)))
            .unwrap_or(ir.op(f).loc),
        PinSource::Result(f, _) => ir.op(f).loc,
        PinSource::Planned => ctx.unknown_loc(),
        PinSource::OnDevice(o)
        | PinSource::TransferTo(o)
        | PinSource::TransferFrom(o)
        | PinSource::Host(o)
        | PinSource::OpAttr(o)
        | PinSource::Support(o) => ir.op(o).loc,
    }
}

fn func_name(ctx: &Context, ir: &Ir, f: Op) -> String {
    xir::symbol::symbol_name(ctx, ir, f)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default()
}

/// What set a pin, in words.
pub fn describe(ctx: &Context, ir: &Ir, src: PinSource) -> String {
    let opname = |o: Op| ctx.str(ir.op(o).name).to_string();
    match src {
        PinSource::Arg(f, i) => format!("argument #{i} of @{}", func_name(ctx, ir, f)),
        PinSource::Result(f, i) => format!("result #{i} of @{}", func_name(ctx, ir, f)),
        PinSource::OnDevice(_) => "'graph.on_device'".into(),
        PinSource::TransferTo(_) => "the 'to' side of 'graph.transfer'".into(),
        PinSource::TransferFrom(_) => "the 'from' side of 'graph.transfer'".into(),
        PinSource::Host(o) => format!("host-only '{}' (device.host)", opname(o)),
        PinSource::OpAttr(o) => format!("the device.affinity of '{}'", opname(o)),
        PinSource::Planned => "the min-transfer placement".into(),
        PinSource::Support(o) => format!("'{}', which only this device can run", opname(o)),
    }
}

/// `line L` of a location, or its text.
fn line_of(ctx: &Context, loc: Attr) -> String {
    match xir::diag::find_file_line_col(ctx, loc).map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::Location(Location::FileLineCol { line, .. })) => format!("line {line}"),
        _ => attr_to_string(ctx, loc),
    }
}

fn pin_note(ctx: &Context, ir: &Ir, d: Diagnostic, p: &Pin) -> Diagnostic {
    let msg = format!(
        "pinned to {} by {}",
        attr_to_string(ctx, p.attr),
        describe(ctx, ir, p.source)
    );
    d.with_note(pin_loc(ctx, ir, p.source), msg)
}

/// Two pins on one value.
pub fn double_pin(ctx: &Context, ir: &Ir, prev: &Pin, attr: Attr, src: PinSource) -> Diagnostic {
    let d = Diagnostic::error(
        pin_loc(ctx, ir, src),
        format!(
            "value pinned to two placements: {} by {} and {} by {}",
            attr_to_string(ctx, prev.attr),
            describe(ctx, ir, prev.source),
            attr_to_string(ctx, attr),
            describe(ctx, ir, src)
        ),
    );
    pin_note(ctx, ir, d, prev)
}

/// Two pins meeting in one class at `at`, connected by `chain`.
pub fn conflict(ctx: &Context, ir: &Ir, p1: &Pin, p2: &Pin, at: Op, chain: &[Op]) -> Diagnostic {
    let d = Diagnostic::error(
        ir.op(at).loc,
        format!(
            "conflicting placements {} and {} meet at this '{}'",
            attr_to_string(ctx, p1.attr),
            attr_to_string(ctx, p2.attr),
            ctx.str(ir.op(at).name)
        ),
    );
    let d = pin_note(ctx, ir, d, p1);
    let d = pin_note(ctx, ir, d, p2);
    let mut steps: Vec<String> = Vec::with_capacity(chain.len() + 2);
    steps.push(format!(
        "{} ({})",
        describe(ctx, ir, p1.source),
        line_of(ctx, pin_loc(ctx, ir, p1.source))
    ));
    // The pins' own ops are already named at the ends.
    let mut chain = chain;
    if chain.first().is_some_and(|&o| p1.source.op() == Some(o)) {
        chain = &chain[1..];
    }
    if chain.last().is_some_and(|&o| p2.source.op() == Some(o)) {
        chain = &chain[..chain.len() - 1];
    }
    // Each use along the chain is also a labelled span for --diagnostics=pretty.
    let mut d = d;
    for (k, &o) in chain.iter().enumerate() {
        let name = ctx.str(ir.op(o).name);
        steps.push(format!("'{name}' ({})", line_of(ctx, ir.op(o).loc)));
        if o != at {
            // Step 1 is the first pin, as in the "chain of uses" note.
            d = d.with_label(
                ir.op(o).loc,
                format!("step {} of the chain: '{name}'", k + 2),
            );
        }
    }
    steps.push(format!(
        "{} ({})",
        describe(ctx, ir, p2.source),
        line_of(ctx, pin_loc(ctx, ir, p2.source))
    ));
    d.with_note(
        ir.op(at).loc,
        format!(
            "chain of uses: {}; insert a 'graph.transfer' where the value should cross, or use device-plan{{auto-transfer=true}}",
            steps.join(" -> ")
        ),
    )
}

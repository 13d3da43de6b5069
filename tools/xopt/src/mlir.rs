//! `--mlir-bridge` and `--mlir-verify`: the module goes to MLIR 22 in process
//! (bridges/mlir) as text and, for the bridge, comes back as text.

use xir::parser::{parse_buffer, ParseOptions};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op, SourceBuffer};
use xir_mlir_bridge::{Loc, Mlir, PrintFlags, Severity};

/// MLIR's diagnostic as xir's, at the same file position.
fn convert(ctx: &mut Context, d: &xir_mlir_bridge::Diagnostic) -> Diagnostic {
    let loc = match &d.loc {
        Loc::FileLineCol { file, line, col } => ctx.file_loc(file, *line, *col),
        Loc::Unknown => ctx.unknown_loc(),
    };
    let severity = match d.severity {
        Severity::Error => xir::Severity::Error,
        Severity::Warning => xir::Severity::Warning,
        Severity::Remark => xir::Severity::Remark,
        Severity::Note => xir::Severity::Note,
    };
    let mut out = Diagnostic {
        severity,
        ..Diagnostic::error(loc, d.message.clone())
    };
    out.notes = d.notes.iter().map(|n| convert(ctx, n)).collect();
    out
}

fn converted(ctx: &mut Context, ds: Vec<xir_mlir_bridge::Diagnostic>) -> Vec<Diagnostic> {
    ds.iter().map(|d| convert(ctx, d)).collect()
}

/// The module as MLIR can parse it: with locations (so MLIR's diagnostics point
/// into the user's file), and in generic form when it holds ops xir prints in a
/// custom form that MLIR does not know (xir's own dialects).
fn text_for_mlir(ctx: &Context, ir: &Ir, top: Op, mlir: &Mlir, opts: &PrintOptions) -> String {
    let generic = opts.generic
        || xir::walk::preorder(ir, top).into_iter().any(|op| {
            let name = ir.op(op).name;
            ctx.registry.op_def(name).is_some() && !mlir.knows_op(ctx.str(name))
        });
    let opts = PrintOptions {
        generic,
        debuginfo: true,
        ..opts.clone()
    };
    print_top_level(ctx, ir, top, &opts)
}

/// Runs `pipeline` on the module in MLIR and parses the result back into xir.
pub fn bridge(
    mlir: &Mlir,
    ctx: &mut Context,
    ir: &Ir,
    top: Op,
    pipeline: &str,
) -> Result<(Ir, Op), Vec<Diagnostic>> {
    let generic = PrintOptions {
        generic: true,
        ..Default::default()
    };
    let text = text_for_mlir(ctx, ir, top, mlir, &generic);
    let flags = PrintFlags {
        generic: true,
        debuginfo: true,
        local_scope: false,
    };
    let out = mlir
        .run_pipeline(&text, pipeline, flags)
        .map_err(|ds| converted(ctx, ds))?;
    let buf = SourceBuffer::new("<mlir-bridge>", out);
    let mut new_ir = Ir::new();
    let mut diags = DiagEngine::default();
    let Some(new_top) = parse_buffer(ctx, &mut new_ir, &buf, &ParseOptions::default(), &mut diags)
    else {
        let mut ds = diags.take();
        ds.push(Diagnostic::error(
            ctx.unknown_loc(),
            "xir cannot read back what the MLIR pipeline produced (its dialects may be unknown to xir)",
        ));
        return Err(ds);
    };
    let errors = xir::verifier::verify(ctx, &new_ir, new_top);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((new_ir, new_top))
}

/// Has MLIR parse and verify the module as xopt prints it with `opts`.
pub fn verify(
    mlir: &Mlir,
    ctx: &mut Context,
    ir: &Ir,
    top: Op,
    opts: &PrintOptions,
) -> Result<(), Vec<Diagnostic>> {
    let text = text_for_mlir(ctx, ir, top, mlir, opts);
    mlir.verify(&text).map_err(|ds| converted(ctx, ds))
}

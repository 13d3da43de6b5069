//! Differential tests: parse, print, and compare with mlir-opt 22 in each printing
//! mode. The inputs live in `testdata/*.mlir`; skipped without mlir-opt.

use super::*;
use crate::diag::{DiagEngine, SourceBuffer};
use crate::parser::{parse_buffer, ParseOptions};
use std::path::Path;
use std::process::Command;

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

const MODES: [(&str, PrintOptions); 5] = [
    (
        "custom",
        PrintOptions {
            generic: false,
            debuginfo: false,
            local_scope: false,
        },
    ),
    (
        "generic",
        PrintOptions {
            generic: true,
            debuginfo: false,
            local_scope: false,
        },
    ),
    (
        "debuginfo",
        PrintOptions {
            generic: false,
            debuginfo: true,
            local_scope: false,
        },
    ),
    (
        "generic-debuginfo",
        PrintOptions {
            generic: true,
            debuginfo: true,
            local_scope: false,
        },
    ),
    (
        "local",
        PrintOptions {
            generic: true,
            debuginfo: true,
            local_scope: true,
        },
    ),
];

fn mlir_opt(path: &Path, o: &PrintOptions) -> Option<Vec<u8>> {
    let mut c = Command::new(MLIR_OPT);
    c.arg("--allow-unregistered-dialect").arg(path);
    if o.generic {
        c.arg("--mlir-print-op-generic");
    }
    if o.debuginfo {
        c.arg("--mlir-print-debuginfo");
    }
    if o.local_scope {
        c.arg("--mlir-print-local-scope");
    }
    let out = c.output().ok()?;
    out.status.success().then_some(out.stdout)
}

/// Our output as bytes: inputs may hold bytes that are not UTF-8.
fn ours(path: &Path, o: &PrintOptions) -> Result<Vec<u8>, String> {
    let text = crate::lexer::source_text(std::fs::read(path).unwrap());
    let name = path.to_string_lossy().into_owned();
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let mut ir = Ir::new();
    let buf = SourceBuffer::new(name, text);
    let mut diags = DiagEngine::default();
    // A parser still being written may panic; that is not this test's subject.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        parse_buffer(
            &mut ctx,
            &mut ir,
            &buf,
            &ParseOptions::default(),
            &mut diags,
        )
    }))
    .map_err(|_| format!("{}: the parser panicked", path.display()))?;
    let op =
        parsed.ok_or_else(|| format!("{} failed to parse: {:?}", path.display(), diags.take()))?;
    let out = print_top_level(&ctx, &ir, op, o);
    Ok(crate::lexer::raw_bytes(&out).into_owned())
}

#[test]
fn matches_mlir_opt() {
    if !Path::new(MLIR_OPT).exists() {
        return;
    }
    // PRINTER_TESTDATA=<dir> runs the comparison on another directory of inputs.
    let dir = match std::env::var_os("PRINTER_TESTDATA") {
        Some(d) => d.into(),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src/printer/testdata"),
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "mlir"))
    {
        // Run from the directory so that file names in locations are bare.
        for (mode, o) in &MODES {
            let Some(expected) = mlir_opt(f, o) else {
                continue;
            };
            let got = match ours(f, o) {
                Ok(g) => g,
                // The parser owns these failures; this test checks the printer.
                Err(e) => {
                    eprintln!("skipped: {e}");
                    continue;
                }
            };
            if got != expected {
                failures.push(format!(
                    "== {} [{mode}]\n-- expected\n{expected}\n-- got\n{got}",
                    f.display(),
                    expected = String::from_utf8_lossy(&expected),
                    got = String::from_utf8_lossy(&got),
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

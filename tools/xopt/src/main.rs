//! xopt: mlir-opt for xir. Reads textual IR, verifies it, and prints it back.

mod cli;

use clap::Parser;
use std::io::{Read, Write};
use std::process::ExitCode;
use xir::diag::verify::verify_diagnostics;
use xir::parser::{parse_buffer, ParseOptions};
use xir::printer::{print_top_level_to, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer, SourceMgr};

fn main() -> ExitCode {
    let args = match cli::Args::try_parse_from(cli::normalize_args(std::env::args())) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("xopt: {msg}");
            ExitCode::from(1)
        }
    }
}

/// Reads the input as text.
fn read_input(path: &str) -> Result<(String, String), String> {
    let (name, bytes) = if path == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        ("<stdin>".to_string(), b)
    } else {
        let b = std::fs::read(path).map_err(|e| format!("cannot open input file '{path}': {e}"))?;
        (path.to_string(), b)
    };
    // Bytes that are not UTF-8 stay representable (mlir-opt keeps them in strings).
    Ok((name, xir::lexer::source_text(bytes)))
}

/// Processes the input; `Ok(false)` when an error was diagnosed.
fn run(args: &cli::Args) -> Result<bool, String> {
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(false);
        }
    };
    // One context and one diagnostic handler for the whole file, as mlir-opt: under
    // --verify-diagnostics an annotation in one chunk may match an error of another.
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_graph::register(&mut ctx);
    ctx.allow_unregistered = args.allow_unregistered_dialect;
    let mut sm = SourceMgr::default();
    sm.add(SourceBuffer::new(name.as_str(), text));
    let sm = sm;
    let whole = &sm.buffers[0];
    let marker = args.split_input_file.as_deref().unwrap_or("");
    let split = xir::split::split_input(&whole.text, marker);
    for w in xir::split::near_miss_warnings(&mut ctx, &name, &whole.text, &split) {
        eprint_raw(&xir::diag::render(&w, &ctx, &sm));
    }
    let mut ok = true;
    let mut parsed_chunks = Vec::with_capacity(split.chunks.len());
    let mut produced = Vec::new();
    for chunk in &split.chunks {
        // The whole file as one chunk is parsed in place: no copy of a large input.
        let copy;
        let buf = if chunk.offset == 0 && chunk.text.len() == whole.text.len() {
            whole
        } else {
            copy = chunk.buffer(&name);
            &copy
        };
        let (diags, parsed) = parse_and_verify(args, &mut ctx, buf, chunk.module_line_col());
        if !args.verify_diagnostics {
            for d in &diags {
                eprint_raw(&xir::diag::render(d, &ctx, &sm));
            }
        }
        ok &= !diags.iter().any(|d| d.severity == xir::Severity::Error);
        produced.extend(diags);
        parsed_chunks.push(parsed);
    }
    if args.verify_diagnostics {
        let failures = verify_diagnostics(&mut ctx, whole, &produced);
        for d in &failures {
            eprint_raw(&xir::diag::render(d, &ctx, &sm));
        }
        ok = failures.is_empty();
    }
    if args.output != "-" && !ok {
        return Ok(false);
    }
    // Diagnostics are out: free the input before the output is built.
    drop(split);
    drop(sm);
    let popts = PrintOptions {
        generic: args.print_op_generic,
        debuginfo: args.print_debuginfo,
        local_scope: args.print_local_scope,
    };
    let joiner = xir::split::output_joiner(&args.output_split_marker);
    let write_all = |w: &mut dyn Write| -> std::io::Result<()> {
        for (i, parsed) in parsed_chunks.iter().enumerate() {
            if i > 0 {
                w.write_all(joiner.as_bytes())?;
            }
            if let Some((ir, op)) = parsed {
                print_top_level_to(&ctx, ir, *op, &popts, w)?;
            }
        }
        w.flush()
    };
    let result = if args.output == "-" {
        write_all(&mut RawBytes(std::io::BufWriter::new(
            std::io::stdout().lock(),
        )))
    } else {
        std::fs::File::create(&args.output)
            .and_then(|f| write_all(&mut RawBytes(std::io::BufWriter::new(f))))
    };
    result.map_err(|e| format!("cannot write output file '{}': {e}", args.output))?;
    Ok(ok)
}

/// Parses and verifies one chunk. Returns its diagnostics, and the IR when no error
/// was diagnosed.
fn parse_and_verify(
    args: &cli::Args,
    ctx: &mut Context,
    buf: &SourceBuffer,
    module_line_col: (u32, u32),
) -> (Vec<xir::Diagnostic>, Option<(Ir, xir::Op)>) {
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let opts = ParseOptions {
        implicit_module: !args.no_implicit_module,
        module_line_col,
    };
    let top = parse_buffer(ctx, &mut ir, buf, &opts, &mut diags);
    if let Some(op) = top {
        if args.verify_each {
            let vopts = xir::verifier::VerifyOptions {
                print_op_on_diagnostic: !args.verify_diagnostics,
            };
            for d in xir::verifier::verify_with(ctx, &ir, op, vopts) {
                diags.emit(d);
            }
        }
    }
    let produced = diags.take();
    let failed = produced.iter().any(|d| d.severity == xir::Severity::Error);
    let parsed = match top {
        Some(op) if !failed => Some((ir, op)),
        _ => None,
    };
    (produced, parsed)
}

/// Writes text with the chars that stand for non-UTF-8 input bytes turned back into
/// those bytes (see `xir::lexer::source_text`). The printer hands over whole strings.
struct RawBytes<W: Write>(W);

impl<W: Write> Write for RawBytes<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match std::str::from_utf8(buf) {
            Ok(s) => self.0.write_all(&xir::lexer::raw_bytes(s))?,
            Err(_) => self.0.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

fn eprint_raw(s: &str) {
    let _ = std::io::stderr().write_all(&xir::lexer::raw_bytes(s));
}

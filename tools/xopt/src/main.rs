//! xopt: mlir-opt for xir. Reads textual IR, verifies it, and prints it back.

mod cli;
mod mlir;

use clap::FromArgMatches;
use std::io::{Read, Write};
use std::process::ExitCode;
use xir::diag::verify::verify_diagnostics;
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::instrument::{IrPrinting, StatisticsDisplay};
use xir::pass::timing::{Timing, TimingDisplay};
use xir::pass::{AnalysisManager, OpPassManager, PassManager, PassRegistry, RunConfig, RunState};
use xir::printer::{print_top_level_to, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer, SourceMgr};

/// Every pass and named pipeline xopt offers.
fn pass_registry() -> PassRegistry {
    xir_compiler::pass_registry()
}

fn main() -> ExitCode {
    let registry = pass_registry();
    let parsed = cli::command_with_passes(&registry)
        .try_get_matches_from(cli::normalize_args(std::env::args()))
        .and_then(|m| cli::Args::from_arg_matches(&m).map(|a| (a, m)));
    let (args, matches) = match parsed {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    if args.list_passes {
        print!("{}", list_passes(&registry));
        return ExitCode::SUCCESS;
    }
    if args.show_dialects {
        let ctx = context_with_dialects();
        let mut names: Vec<&str> = ctx.registry.dialects().iter().map(|d| d.name).collect();
        names.sort_unstable();
        println!("Available Dialects: {}", names.join(","));
        return ExitCode::SUCCESS;
    }
    if let Some(dialect) = &args.list_ops {
        let ctx = context_with_dialects();
        if ctx.registry.dialect(dialect).is_none() {
            eprintln!("xopt: no dialect named '{dialect}'");
            return ExitCode::from(1);
        }
        let prefix = format!("{dialect}.");
        for def in ctx.registry.op_defs() {
            if def.name.starts_with(&prefix) {
                println!("{}", def.name);
            }
        }
        return ExitCode::SUCCESS;
    }
    let pm = match build_pipeline(&args, &matches, &registry)
        .and_then(|pm| apply_device_flags(&args, pm, &registry))
    {
        Ok(pm) => pm,
        Err(msg) => {
            eprint_raw(&msg);
            return ExitCode::from(1);
        }
    };
    if args.dump_pass_pipeline {
        eprint!("{}", pm.dump());
    }
    let mut pm = PassManager::new(pm);
    match run(&args, &mut pm) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(msg) => {
            eprintln!("xopt: {msg}");
            ExitCode::from(1)
        }
    }
}

/// A context with every dialect xopt knows.
fn context_with_dialects() -> Context {
    xir_compiler::context()
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

/// `--list-passes`: mlir-opt's layout: every description starts in one column,
/// two past the longest pass, option or pipeline flag.
fn list_passes(registry: &PassRegistry) -> String {
    let option_text = |o: &xir::pass::PassOption| match o.default.as_str() {
        "true" | "false" => o.name.to_string(),
        d if d.parse::<i64>().is_ok() => format!("{}=<long>", o.name),
        _ => format!("{}=<string>", o.name),
    };
    let mut width = 0;
    for p in registry.passes() {
        width = width.max(4 + p.argument.len());
        for o in (p.create)().options() {
            width = width.max(6 + option_text(&o).len());
        }
    }
    for p in registry.pipelines() {
        width = width.max(4 + p.argument.len());
    }
    let col = width + 2;
    let mut out = String::from("Passes:\n");
    for p in registry.passes() {
        let flag = format!("  --{}", p.argument);
        out.push_str(&format!("{flag:<col$}-   {}\n", p.summary));
        let mut opts = (p.create)().options();
        opts.sort_by_key(|o| o.name);
        for o in opts {
            let flag = format!("    --{}", option_text(&o));
            out.push_str(&format!("{flag:<col$}- {}\n", o.help));
        }
    }
    if !registry.pipelines().is_empty() {
        out.push_str("Pass Pipelines:\n");
        let mut pipes: Vec<_> = registry.pipelines().to_vec();
        pipes.sort_by_key(|p| p.argument);
        for p in pipes {
            let flag = format!("  --{}", p.argument);
            out.push_str(&format!("{flag:<col$}-   {}\n", p.summary));
        }
    }
    out
}

/// The pipeline from `--pass-pipeline` or from the pass flags; the error is the whole
/// text to write to stderr.
fn build_pipeline(
    args: &cli::Args,
    matches: &clap::ArgMatches,
    registry: &PassRegistry,
) -> Result<OpPassManager, String> {
    let err = |e: xir::pass::PipelineError| {
        let mut s = String::new();
        if let Some(p) = e.prelude {
            s.push_str(&format!("xopt: {p}\n"));
        }
        s.push_str(&format!("<unknown>:0: error: {}\n", e.message));
        s
    };
    let flags = cli::pass_flags(matches, registry);
    if args.print_ir_module_scope && !args.disable_threading {
        return Err("<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n\n".into());
    }
    if let Some(text) = &args.pass_pipeline {
        if args.compile_to.is_some() {
            return Err(
                "<unknown>:0: error: '-pass-pipeline' option can't be used with '--compile-to'\n"
                    .into(),
            );
        }
        if !flags.is_empty() {
            return Err("<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options\n".into());
        }
        return xir::pass::parse_pipeline(text, registry).map_err(err);
    }
    let mut pm = OpPassManager::new("builtin.module");
    for (name, options) in flags {
        match registry.pass(name) {
            Some(info) => {
                let pass = xir::pass::pipeline::create_pass(info, &options).map_err(err)?;
                pm.add_pass_implicit(pass, &options);
            }
            None => {
                for pass in registry
                    .pipeline(name)
                    .map(|p| (p.build)())
                    .unwrap_or_default()
                {
                    pm.add_pass_implicit(pass, "");
                }
            }
        }
    }
    // --compile-to: the lowering after the given passes (planned input expected).
    if let Some(level) = &args.compile_to {
        for pass in level.pipeline() {
            pm.add_pass_implicit(pass, "");
        }
    }
    Ok(pm)
}

/// `--target-device` and `--device-target-registry` configure the device passes of
/// the pipeline. A `--target-device` without a `device-assign-targets` in the
/// pipeline runs one first; a registry without `device-resolve-aliases` is an error:
/// no flag is silently ignored.
fn apply_device_flags(
    args: &cli::Args,
    mut pm: OpPassManager,
    registry: &PassRegistry,
) -> Result<OpPassManager, String> {
    use xir_device_planning::spec;
    if !args.target_device.is_empty() {
        let bad = |why: String| format!("xopt: for the --target-device option: {why}\n");
        let entries = args
            .target_device
            .iter()
            .map(|v| spec::parse_entry(v))
            .collect::<Result<Vec<_>, _>>()
            .map_err(bad)?;
        spec::name_entries(&entries).map_err(bad)?;
        // Each flag is one list element, grouped so that a select list stays whole.
        let list: Vec<String> = args
            .target_device
            .iter()
            .map(|v| format!("{{{v}}}"))
            .collect();
        let list = list.join(",");
        let (mut found, mut conflict, mut failed) = (false, false, None);
        pm.for_each_pass_mut(&mut |p, opts| {
            if found || p.argument() != "device-assign-targets" {
                return;
            }
            found = true;
            if !opts.is_empty() {
                conflict = true;
            } else if let Err(e) = p.set_option("targets", &list) {
                failed = Some(e);
            } else {
                *opts = format!("targets={list}");
            }
        });
        if conflict {
            return Err("xopt: --target-device conflicts with the options of device-assign-targets in the pipeline\n".into());
        }
        if let Some(e) = failed {
            return Err(bad(e));
        }
        if !found {
            let info = registry
                .pass("device-assign-targets")
                .ok_or("xopt: --target-device needs the device-assign-targets pass\n")?;
            let mut p = (info.create)();
            p.set_option("targets", &list).map_err(bad)?;
            pm.prepend_pass(p, &format!("targets={list}"));
        }
    }
    for file in &args.device_target_registry {
        let (mut found, mut failed) = (false, None);
        pm.for_each_pass_mut(&mut |p, opts| {
            if p.argument() != "device-resolve-aliases" || failed.is_some() {
                return;
            }
            found = true;
            match p.set_option("registry", file) {
                Ok(()) => {
                    let sep = if opts.is_empty() { "" } else { " " };
                    opts.push_str(&format!("{sep}registry={file}"));
                }
                Err(e) => failed = Some(e),
            }
        });
        if let Some(e) = failed {
            return Err(format!(
                "xopt: for the --device-target-registry option: {e}\n"
            ));
        }
        if !found {
            return Err("xopt: --device-target-registry has no effect: the pipeline has no device-resolve-aliases pass\n".into());
        }
    }
    Ok(pm)
}

/// Processes the input; `Ok(false)` when an error was diagnosed.
fn run(args: &cli::Args, pm: &mut PassManager) -> Result<bool, String> {
    let style = xir::diag::Style::from_flag(&args.diagnostics).unwrap_or(xir::diag::Style::Mlir);
    let mlir = start_mlir(args)?;
    let mut timing = args.timing.then(Timing::new);
    let config = run_config(args);
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(msg) => {
            eprintln!("{msg}");
            return Ok(false);
        }
    };
    // One context and one diagnostic handler for the whole file, as mlir-opt: under
    // --verify-diagnostics an annotation in one chunk may match an error of another.
    let mut ctx = context_with_dialects();
    ctx.allow_unregistered = args.allow_unregistered_dialect;
    ctx.diag_debuginfo = args.print_debuginfo;
    let mut sm = SourceMgr::default();
    sm.add(SourceBuffer::new(name.as_str(), text));
    let sm = sm;
    let whole = &sm.buffers[0];
    let marker = args.split_input_file.as_deref().unwrap_or("");
    let split = xir::split::split_input(&whole.text, marker);
    let mut diags = Diags {
        sm: &sm,
        style,
        quiet: args.verify_diagnostics,
        produced: Vec::new(),
    };
    for w in xir::split::near_miss_warnings(&mut ctx, &name, &whole.text, &split) {
        diags.show(&w, &ctx);
    }
    let mut ok = true;
    let mut parsed_chunks = Vec::with_capacity(split.chunks.len());
    for chunk in &split.chunks {
        // The whole file as one chunk is parsed in place: no copy of a large input.
        let copy;
        let buf = if chunk.offset == 0 && chunk.text.len() == whole.text.len() {
            whole
        } else {
            copy = chunk.buffer(&name);
            &copy
        };
        if let Some(t) = timing.as_mut() {
            t.push("Parser");
        }
        let (parse_diags, mut parsed) =
            parse_and_verify(args, &mut ctx, buf, chunk.module_line_col());
        if let Some(t) = timing.as_mut() {
            t.pop();
        }
        ok &= !parse_diags
            .iter()
            .any(|d| d.severity == xir::Severity::Error);
        for d in parse_diags {
            diags.emit(d, &ctx);
        }
        if let Some((ir, top)) = parsed.as_mut() {
            if !run_passes(pm, &mut ctx, ir, *top, &config, timing.as_mut(), &mut diags) {
                ok = false;
                parsed = None;
            }
        }
        if let (Some(mlir), Some((ir, top))) = (mlir.as_ref(), parsed.as_ref()) {
            match run_mlir(args, mlir, &mut ctx, ir, *top, &config.printing.print) {
                Ok(Some(new)) => parsed = Some(new),
                Ok(None) => {}
                Err(ds) => {
                    for d in ds {
                        diags.emit(d, &ctx);
                    }
                    ok = false;
                    parsed = None;
                }
            }
        }
        parsed_chunks.push(parsed);
    }
    if let Some(verified) = check_annotations(args, &mut ctx, whole, &diags) {
        ok = verified;
    }
    if args.output != "-" && !ok {
        print_reports(args, pm, timing.as_ref());
        return Ok(false);
    }
    // Diagnostics are out: free the input before the output is built.
    drop(split);
    drop(diags);
    drop(sm);
    if let Some(t) = timing.as_mut() {
        t.push("Output");
    }
    write_output(args, &ctx, &parsed_chunks, &config.printing.print)?;
    if let Some(t) = timing.as_mut() {
        t.pop();
    }
    print_reports(args, pm, timing.as_ref());
    Ok(ok)
}

/// MLIR starts once, before any input is read, so a build without it fails
/// early.
fn start_mlir(args: &cli::Args) -> Result<Option<xir_mlir_bridge::Mlir>, String> {
    if args.mlir_bridge.is_some() || args.mlir_verify {
        let flag = if args.mlir_bridge.is_some() {
            "--mlir-bridge"
        } else {
            "--mlir-verify"
        };
        Ok(Some(
            xir_mlir_bridge::Mlir::new().map_err(|e| format!("{flag}: {e}"))?,
        ))
    } else {
        Ok(None)
    }
}

fn run_config(args: &cli::Args) -> RunConfig {
    RunConfig {
        verify_each: args.verify_each,
        verify_quiet: args.verify_diagnostics,
        printing: IrPrinting {
            before_all: args.print_ir_before_all,
            after_all: args.print_ir_after_all,
            before: args.print_ir_before.clone(),
            after: args.print_ir_after.clone(),
            after_change: args.print_ir_after_change,
            after_failure: args.print_ir_after_failure,
            module_scope: args.print_ir_module_scope,
            print: PrintOptions {
                generic: args.print_op_generic,
                debuginfo: args.print_debuginfo,
                local_scope: args.print_local_scope,
            },
        },
        timing: None,
        statistics: None,
    }
}

/// The diagnostics of a run: shown as they come (unless `quiet`, under
/// --verify-diagnostics) and kept to check the file's annotations.
struct Diags<'s> {
    sm: &'s SourceMgr,
    style: xir::diag::Style,
    quiet: bool,
    produced: Vec<xir::Diagnostic>,
}

impl Diags<'_> {
    fn show(&self, d: &xir::Diagnostic, ctx: &Context) {
        eprint_raw(&xir::diag::render_styled(d, ctx, self.sm, self.style));
    }

    fn emit(&mut self, d: xir::Diagnostic, ctx: &Context) {
        if !self.quiet {
            self.show(&d, ctx);
        }
        self.produced.push(d);
    }
}

/// Runs the pipeline on one chunk; false when it failed.
fn run_passes(
    pm: &mut PassManager,
    ctx: &mut Context,
    ir: &mut Ir,
    top: xir::Op,
    config: &RunConfig,
    timing: Option<&mut Timing>,
    diags: &mut Diags,
) -> bool {
    let mut pass_diags = DiagEngine::default();
    let mut sink = |ctx: &Context, d: &mut DiagEngine, text: &str| {
        for d in d.take() {
            diags.emit(d, ctx);
        }
        eprint_raw(text);
    };
    let mut st = RunState {
        ctx,
        ir,
        diags: &mut pass_diags,
        config,
        timing,
        analyses: AnalysisManager::default(),
        dump: &mut sink,
    };
    let result = pm.run(&mut st, top);
    drop(st);
    sink(ctx, &mut pass_diags, "");
    result.is_ok()
}

/// --mlir-bridge and --mlir-verify on one chunk: the IR MLIR returned, if
/// any, or MLIR's diagnostics.
fn run_mlir(
    args: &cli::Args,
    mlir: &xir_mlir_bridge::Mlir,
    ctx: &mut Context,
    ir: &Ir,
    top: xir::Op,
    print: &PrintOptions,
) -> Result<Option<(Ir, xir::Op)>, Vec<xir::Diagnostic>> {
    let mut step = Ok(None);
    if let Some(pipeline) = &args.mlir_bridge {
        step = mlir::bridge(mlir, ctx, ir, top, pipeline).map(Some);
    }
    if let (true, Ok(new)) = (args.mlir_verify, &step) {
        let (ir, top) = new.as_ref().map_or((ir, top), |(i, t)| (i, *t));
        if let Err(ds) = mlir::verify(mlir, ctx, ir, top, print) {
            step = Err(ds);
        }
    }
    step
}

/// Checks the `expected-*` annotations of the input; returns whether they
/// all matched under --verify-diagnostics, `None` otherwise.
fn check_annotations(
    args: &cli::Args,
    ctx: &mut Context,
    whole: &SourceBuffer,
    diags: &Diags,
) -> Option<bool> {
    if args.verify_diagnostics {
        let failures = verify_diagnostics(ctx, whole, &diags.produced);
        for d in &failures {
            diags.show(d, ctx);
        }
        Some(failures.is_empty())
    } else {
        if memchr::memmem::find(whole.text.as_bytes(), b"expected-").is_some() {
            // mlir-opt 22 reads `expected-*` annotations even without
            // --verify-diagnostics, matches nothing against them, and reports each as
            // not produced, without changing its exit status. So does xopt.
            let unmatched = xir::diag::verify::verify_diagnostics_with(ctx, whole, &[], true);
            for d in &unmatched {
                diags.show(d, ctx);
            }
        }
        None
    }
}

/// --pass-statistics and --timing reports.
fn print_reports(args: &cli::Args, pm: &PassManager, timing: Option<&Timing>) {
    if args.pass_statistics {
        let display = match args.pass_statistics_display.as_str() {
            "list" => StatisticsDisplay::List,
            _ => StatisticsDisplay::Pipeline,
        };
        eprint!("{}", pm.pm.statistics_report(display));
    }
    if let Some(t) = timing {
        let display = match args.timing_display.as_str() {
            "list" => TimingDisplay::List,
            _ => TimingDisplay::Tree,
        };
        eprint!("{}", t.report(display));
    }
}

/// Prints the chunks that remain, joined by the output split marker.
fn write_output(
    args: &cli::Args,
    ctx: &Context,
    parsed_chunks: &[Option<(Ir, xir::Op)>],
    popts: &PrintOptions,
) -> Result<(), String> {
    let joiner = xir::split::output_joiner(&args.output_split_marker);
    let write_all = |w: &mut dyn Write| -> std::io::Result<()> {
        for (i, parsed) in parsed_chunks.iter().enumerate() {
            if i > 0 {
                w.write_all(joiner.as_bytes())?;
            }
            if let Some((ir, op)) = parsed {
                print_top_level_to(ctx, ir, *op, popts, w)?;
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
    result.map_err(|e| format!("cannot write output file '{}': {e}", args.output))
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
    // The parsed input is always verified, as mlir-opt does: `--verify-each`
    // only governs verification after each pass.
    if let Some(op) = top {
        let vopts = xir::verifier::VerifyOptions {
            print_op_on_diagnostic: !args.verify_diagnostics,
        };
        for d in xir::verifier::verify_with(ctx, &ir, op, vopts) {
            diags.emit(d);
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

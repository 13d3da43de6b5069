//! xrun: runs a function of an xir program, iree-run-module's interface
//! (docs/architecture.md §6-7). A graph-level file is compiled first with xopt's device
//! flags; a hal-level file runs as it is.

use xrun::{
    arg_devices, compile_for, devices, input_value, output_tensor, pick_function, read, render_one,
    Error, Result,
};

use clap::Parser;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use xir::diag::Style;
use xir::{Context, Diagnostic, Ir, Op, SourceBuffer, SourceMgr};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::{Device, Trace};

#[derive(Parser, Debug)]
#[command(
    name = "xrun",
    about = "Runs a function of an xir program (graph level: compiled first; hal level: as it is)"
)]
struct Args {
    /// The program: a .mlir file at graph or hal level ('-' or none: stdin),
    /// or an ONNX model (a name ending in .onnx), imported in process.
    #[arg(required_unless_present = "print_devices")]
    file: Option<String>,
    /// The function to run (default: the only public function).
    #[arg(long)]
    function: Option<String>,
    /// One per argument, in order: `2x2xf32=1 2 3 4`, `4xf32=0` (splat), `f32=0.5`, `@x.npy`.
    #[arg(long = "input")]
    inputs: Vec<String>,
    /// One per result, in order: `@out.npy` writes it, `-` skips it; results without one are printed.
    #[arg(long = "output")]
    outputs: Vec<String>,
    /// Prints at most N elements of each result, then `...` (as iree-run-module's
    /// `--output_max_element_count`); `--output=@FILE.npy` writes them all.
    #[arg(
        long = "output-max-element-count",
        alias = "output_max_element_count",
        default_value_t = 1024
    )]
    output_max_element_count: usize,
    /// A device the runtime sees (`local`, `reference`, `local://0`); repeatable, in order.
    /// Default: `local`, the Vulkan devices when the program asks for a `vulkan` device, then
    /// `reference`.
    #[arg(long = "device")]
    devices: Vec<String>,
    /// Prints on stderr, after the results, each command the device queues ran:
    /// `xrun: trace: QUEUE START END us: WHAT` (microseconds since the devices opened).
    #[arg(long)]
    trace: bool,
    /// Prints each device as a `#device.target<...>` (a line of a `--device-target-registry`
    /// file) and exits; without --device, every device of every driver, Vulkan's included.
    #[arg(long)]
    print_devices: bool,
    /// Calls the function N times after one warm-up call; prints the compile, first-call and median times on stderr.
    #[arg(long)]
    repeat: Option<usize>,
    /// As xopt's: `[NAME=]SPEC` of a device target (graph-level input); repeatable.
    #[arg(long = "target-device")]
    target_devices: Vec<String>,
    /// Options of `device-plan` (graph-level input), e.g. `auto-transfer=true`.
    #[arg(long = "device-plan", default_value = "")]
    device_plan: String,
    /// How errors in the program are written: `mlir` (mlir-opt's text) or `pretty`
    /// (source snippets drawn by ariadne; colour when stderr is a terminal and
    /// NO_COLOR is unset).
    #[arg(long, default_value = "mlir", value_parser = ["mlir", "pretty"])]
    diagnostics: String,
    /// ONNX input: takes the symbolic dimension NAME (an input's or output's
    /// `dim_param`) as the static size N, as xir-import-onnx's. Repeatable.
    #[arg(long = "dim", value_name = "NAME=N")]
    dims: Vec<String>,
    /// ONNX input: takes the graph input NAME as the constant V,... (as
    /// xir-import-onnx's). Repeatable.
    #[arg(long = "bind", value_name = "NAME=V,...")]
    bind: Vec<String>,
    /// ONNX input: pins the results of the nodes whose name matches PATTERN
    /// to a device (as xir-import-onnx's). Repeatable.
    #[arg(long = "place", value_name = "PATTERN=@DEVICE")]
    place: Vec<String>,
    /// ONNX input: initializers become trailing function arguments (as
    /// xir-import-onnx's).
    #[arg(long = "params-as-args")]
    params_as_args: bool,
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        // A broken pipe (stdout closed early, `xrun ... | head -1`) prints
        // nothing and exits 0, as a C tool killed by SIGPIPE would, instead
        // of panicking in println!.
        Err(e) => {
            if let Some(msg) = e.text() {
                // A closed stderr must not turn the error into a panic.
                use std::io::Write;
                let nl = if msg.ends_with('\n') { "" } else { "\n" };
                let _ = write!(std::io::stderr(), "{msg}{nl}");
            }
            ExitCode::from(e.exit_code())
        }
    }
}

/// Writes one line to stdout; a closed pipe or another write error is an
/// error (`println!` would panic).
fn out_line(line: std::fmt::Arguments) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_fmt(line)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => Error::BrokenPipe,
            _ => {
                xir_runtime_hal::Error::io(&e, format!("xrun: cannot write to stdout: {e}")).into()
            }
        })
}

fn run(args: &Args) -> Result<()> {
    if args.print_devices && args.devices.is_empty() {
        return print_devices(&devices::open_all()?);
    }
    let trace = args.trace.then(|| Arc::new(Trace::new()));
    // Without --device the devices depend on the program (Vulkan joins when
    // it asks for a vulkan device): opened once it is compiled.
    let named = if args.devices.is_empty() {
        None
    } else {
        Some(devices::open_traced(&args.devices, trace.clone())?)
    };
    if let (true, Some(devices)) = (args.print_devices, &named) {
        return print_devices(devices);
    }
    check_flags(args)?;
    // `--repeat`'s compile time: from reading the source text to a program
    // ready to call (compiled to hal, executor built). Devices prepare each
    // executable lazily, on its first dispatch (hal `Device::executable`'s
    // cache), so that preparation shows in the warm-up call, timed apart.
    let compile_start = Instant::now();
    let file = args.file.as_deref().unwrap_or("-");
    let onnx = onnx_options(args, file)?;
    // An ONNX model is imported straight into the IR: no text to show in
    // diagnostics (its locations are node names).
    let (name, text) = match onnx {
        Some(_) => (file.to_string(), String::new()),
        None => read(file)?,
    };
    let mut ctx = xir_compiler::context();
    let mut sm = SourceMgr::default();
    sm.add(SourceBuffer::new(name.as_str(), text));
    let diags = Diags {
        sm: &sm,
        style: Style::from_flag(&args.diagnostics).unwrap_or(Style::Mlir),
    };
    let mut ir = Ir::new();
    let top = compile(
        args,
        onnx.as_ref(),
        named.as_deref(),
        &diags,
        &mut ctx,
        &mut ir,
    )?;
    let devices = match named {
        Some(d) => d,
        None => xrun::program_devices(&ctx, &ir, top, trace.clone())?,
    };
    let mut exec = match Executor::new(&mut ctx, &ir, top, devices.clone()) {
        Ok(e) => e,
        Err(d) if diags.pretty() => return Err(Error::Message(diags.render(&ctx, &[d]))),
        Err(d) => return Err(Error::Message(render_one(&d))),
    };
    let compile_ms = compile_start.elapsed().as_secs_f64() * 1e3;
    let (fname, f) = entry_function(args, &mut exec, &ir, top, &name)?;
    let call_args = call_args(args, &mut exec, &ir, f, &fname, &devices)?;
    let outputs = match args.repeat {
        None => exec
            .call(f, call_args)
            .map_err(|e| diags.run_error(e, exec.context()))?,
        Some(n) => call_timed(&mut exec, f, &call_args, n, compile_ms, &diags)?,
    };
    write_outputs(args, &mut exec, &fname, &outputs)?;
    drop(exec);
    if let Some(t) = trace {
        print_trace(&t);
    }
    Ok(())
}

/// Prints each device as a `#device.target<...>` line (--print-devices).
fn print_devices(devices: &[Arc<Device>]) -> Result<()> {
    for d in devices {
        out_line(format_args!("{}", d.target))?;
    }
    Ok(())
}

/// The import options of an ONNX model (`file` ends in `.onnx`); `None`
/// for xir text, where the ONNX flags are an error.
fn onnx_options(args: &Args, file: &str) -> Result<Option<xir_onnx::Options>> {
    if !xrun::is_onnx(file) {
        let flag = [
            (!args.dims.is_empty(), "--dim"),
            (!args.bind.is_empty(), "--bind"),
            (!args.place.is_empty(), "--place"),
            (args.params_as_args, "--params-as-args"),
        ]
        .into_iter()
        .find(|f| f.0);
        return match flag {
            Some((_, f)) => Err(Error::message(format!(
                "xrun: {f} applies to an ONNX model (a file ending in .onnx); '{file}' is xir text"
            ))),
            None => Ok(None),
        };
    }
    let parse = || -> std::result::Result<xir_onnx::Options, String> {
        Ok(xir_onnx::Options {
            params_as_args: args.params_as_args,
            place: args
                .place
                .iter()
                .map(|p| xir_onnx::Placement::parse(p))
                .collect::<std::result::Result<_, _>>()?,
            bind: args
                .bind
                .iter()
                .map(|b| xir_onnx::Binding::parse(b))
                .collect::<std::result::Result<_, _>>()?,
            dims: args
                .dims
                .iter()
                .map(|d| xir_onnx::DimBinding::parse(d))
                .collect::<std::result::Result<_, _>>()?,
        })
    };
    parse()
        .map(Some)
        .map_err(|e| Error::message(format!("xrun: {e}")))
}

/// The checks of --repeat and --output that need no program.
fn check_flags(args: &Args) -> Result<()> {
    if args.repeat == Some(0) {
        return Err(Error::message(
            "xrun: --repeat=0: expected a number of runs of at least 1",
        ));
    }
    if let Some(o) = args
        .outputs
        .iter()
        .find(|o| *o != "-" && !o.starts_with('@'))
    {
        return Err(Error::message(format!(
            "xrun: --output={o}: expected @FILE.npy or -"
        )));
    }
    Ok(())
}

/// How the program's errors are written (--diagnostics), against its source.
struct Diags<'a> {
    sm: &'a SourceMgr,
    style: Style,
}

impl Diags<'_> {
    fn pretty(&self) -> bool {
        self.style != Style::Mlir
    }

    fn render(&self, ctx: &Context, ds: &[Diagnostic]) -> String {
        ds.iter()
            .map(|d| xir::diag::render_styled(d, ctx, self.sm, self.style))
            .collect()
    }

    /// A run-time error is one line: what went wrong, then where.
    fn run_error(&self, e: Diagnostic, ctx: &Context) -> Error {
        Error::Message(match xir::diag::file_line_col(ctx, e.loc) {
            Some(_) if self.pretty() => self.render(ctx, &[e]),
            Some(at) => format!("xrun: error: {} (at {at})", e.message),
            None => format!("xrun: error: {}", e.message),
        })
    }
}

/// Parses the program (or imports the ONNX model, with `onnx` its options)
/// and compiles it to hal (a hal-level program stays as it is); returns its
/// top-level op.
fn compile(
    args: &Args,
    onnx: Option<&xir_onnx::Options>,
    named: Option<&[Arc<Device>]>,
    diags: &Diags,
    ctx: &mut Context,
    ir: &mut Ir,
) -> Result<Op> {
    let top = match onnx {
        Some(opts) => xrun::import_onnx(args.file.as_deref().unwrap_or("-"), opts, ctx, ir)?,
        None => xrun::parse_source_styled(ctx, ir, diags.sm, diags.style)?,
    };
    let default_kind = xrun::default_kind(named);
    compile_for(
        &args.target_devices,
        &args.device_plan,
        default_kind,
        ctx,
        ir,
        top,
    )
    .map_err(|ds| Error::Message(diags.render(ctx, &ds)))?;
    Ok(top)
}

/// The function to run (--function, or the only public one): it must have a
/// body and, as in iree-run-module, be public. Returns its name and op.
fn entry_function(
    args: &Args,
    exec: &mut Executor,
    ir: &Ir,
    top: Op,
    file: &str,
) -> Result<(String, Op)> {
    let fname = pick_function(args.function.as_deref(), exec.context(), ir, top)?;
    let f = exec
        .function(&fname)
        .ok_or_else(|| Error::message(format!("xrun: no function @{fname} in '{file}'")))?;
    if ir.regions(f).iter().all(|&r| ir.region_is_empty(r)) {
        return Err(Error::message(format!(
            "xrun: @{fname} is a declaration: it has no body to run"
        )));
    }
    // As iree-run-module: only what the module exports can be called.
    if xir::symbol::visibility(exec.context(), ir, f) != xir::symbol::Visibility::Public {
        return Err(Error::message(format!(
            "xrun: @{fname} is private: only public functions can be run"
        )));
    }
    Ok((fname, f))
}

/// The arguments of `f` from --input, each on the device its parameter
/// lives on, after checking the --input and --output counts against its
/// signature.
fn call_args(
    args: &Args,
    exec: &mut Executor,
    ir: &Ir,
    f: Op,
    fname: &str,
    devices: &[Arc<Device>],
) -> Result<Vec<RtValue>> {
    let (params, results) = exec.signature(f);
    if args.inputs.len() != params.len() {
        return Err(Error::message(format!(
            "xrun: @{fname} takes {} input(s), got {}",
            params.len(),
            args.inputs.len()
        )));
    }
    if !args.outputs.is_empty() && args.outputs.len() != results.len() {
        return Err(Error::message(format!(
            "xrun: @{fname} has {} result(s), got {} --output",
            results.len(),
            args.outputs.len()
        )));
    }
    let placements = exec.placements();
    let arg_devices = arg_devices(exec.context(), ir, f, &placements, devices);
    let mut call_args = Vec::with_capacity(params.len());
    for (i, (&t, text)) in params.iter().zip(&args.inputs).enumerate() {
        let v = input_value(exec.context(), t, text, &arg_devices[i])
            .map_err(|e| e.context(format_args!("xrun: input {i}")))?;
        call_args.push(v);
    }
    Ok(call_args)
}

/// --repeat=N: one warm-up call, then N timed calls; prints the compile,
/// first-call and median times on stderr and returns the last call's results.
fn call_timed(
    exec: &mut Executor,
    f: Op,
    call_args: &[RtValue],
    n: usize,
    compile_ms: f64,
    diags: &Diags,
) -> Result<Vec<RtValue>> {
    let t = Instant::now();
    exec.call(f, call_args.to_vec())
        .map_err(|e| diags.run_error(e, exec.context()))?;
    let first_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut times = Vec::with_capacity(n);
    let mut last = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        last = exec
            .call(f, call_args.to_vec())
            .map_err(|e| diags.run_error(e, exec.context()))?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    print_times(compile_ms, first_ms, &times);
    Ok(last)
}

/// The --repeat lines on stderr; `times` sorted.
fn print_times(compile_ms: f64, first_ms: f64, times: &[f64]) {
    use std::io::Write;
    // Before the median line: tests expect it last.
    let _ = writeln!(std::io::stderr(), "xrun: compile {compile_ms:.4} ms");
    let _ = writeln!(std::io::stderr(), "xrun: first call {first_ms:.4} ms");
    let _ = writeln!(
        std::io::stderr(),
        "xrun: median {:.4} ms over {} runs",
        times[times.len() / 2],
        times.len()
    );
}

/// Writes each result as its --output says: to a .npy file, nowhere (`-`),
/// or printed after the `EXEC @f` line.
fn write_outputs(args: &Args, exec: &mut Executor, fname: &str, outputs: &[RtValue]) -> Result<()> {
    out_line(format_args!("EXEC @{fname}"))?;
    for (i, v) in outputs.iter().enumerate() {
        let t = output_tensor(exec.context(), v)
            .map_err(|e| e.context(format_args!("xrun: result {i}")))?;
        match args.outputs.get(i).map(String::as_str) {
            Some("-") => {}
            Some(o) => {
                let path = o.strip_prefix('@').ok_or_else(|| {
                    Error::message(format!("xrun: --output={o}: expected @FILE.npy or -"))
                })?;
                xir_runtime_io::write_npy(std::path::Path::new(path), &t)
                    .map_err(|e| e.context("xrun"))?;
            }
            None => {
                let kind = if matches!(v, RtValue::View(_)) {
                    "hal.buffer_view\n"
                } else {
                    ""
                };
                out_line(format_args!(
                    "result[{i}]: {kind}{}",
                    xir_runtime_io::format_tensor_limited(&t, args.output_max_element_count)
                ))?;
            }
        }
    }
    Ok(())
}

/// After the results: one line per command a queue ran, by start (--trace).
fn print_trace(t: &Trace) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    for e in t.events() {
        let _ = writeln!(
            err,
            "xrun: trace: {} {:.1} {:.1} us: {}",
            e.queue, e.start_us, e.end_us, e.what
        );
    }
}

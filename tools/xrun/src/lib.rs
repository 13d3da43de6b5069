//! xrun as a library: opening devices, compiling a graph-level program to
//! hal, turning inputs into call arguments and results into host tensors.
//! The binary and the end-to-end tests share it.

pub mod devices;
pub mod error;

pub use error::{Error, Result};

use std::sync::Arc;
use xir::attributes::AttrKind;
use xir::types::TypeKind;
use xir::{Context, Diagnostic, Ir, Op, Type};
use xir_compiler::{CompileOptions, Level};
use xir_runtime_exec::RtValue;
use xir_runtime_hal::{BufferView, Device, ElementType, HostTensor};

/// A runtime error (its kind chosen where it is made).
type RtError = xir_runtime_hal::Error;

pub fn render_one(d: &Diagnostic) -> String {
    format!("xrun: error: {}", d.message)
}

pub fn read(path: &str) -> Result<(String, String)> {
    use std::io::Read;
    let (name, bytes) = if path == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| RtError::io(&e, format!("xrun: cannot read stdin: {e}")))?;
        ("<stdin>".to_string(), b)
    } else {
        let b = std::fs::read(path)
            .map_err(|e| RtError::io(&e, format!("xrun: cannot open input file '{path}': {e}")))?;
        (path.to_string(), b)
    };
    Ok((name, xir::lexer::source_text(bytes)))
}

/// Compiles a graph-level module to hal (xopt's device flags); a program
/// that names no device is compiled for `local`. A hal-level module gets
/// only the kernels of variants still holding graph ops compiled.
pub fn compile(
    target_devices: &[String],
    device_plan: &str,
    ctx: &mut Context,
    ir: &mut Ir,
    top: Op,
) -> Result<(), Vec<Diagnostic>> {
    compile_for(target_devices, device_plan, "local", ctx, ir, top)
}

/// [`compile`], a program that names no device being compiled for target
/// kind `default_kind` (xrun's: the kind of the first `--device`).
pub fn compile_for(
    target_devices: &[String],
    device_plan: &str,
    default_kind: &str,
    ctx: &mut Context,
    ir: &mut Ir,
    top: Op,
) -> Result<(), Vec<Diagnostic>> {
    let level = xir_compiler::level(ctx, ir, top);
    let one = |m: String| vec![Diagnostic::error(ctx.unknown_loc(), m)];
    if level == Level::Lowering {
        return Err(one("xrun runs graph-level or hal-level programs; this one is partly lowered (flow/stream ops): finish it with xopt --compile-to=hal".into()));
    }
    if level == Level::Hal && (!target_devices.is_empty() || !device_plan.is_empty()) {
        return Err(one("--target-device and --device-plan apply to graph-level programs; this one is at hal level".into()));
    }
    let mut options = CompileOptions {
        target_devices: target_devices.to_vec(),
        device_plan: device_plan.to_string(),
    };
    let has_targets = xir::symbol::op_attr(ctx, ir, top, "device.targets").is_some();
    if level == Level::Graph && options.target_devices.is_empty() && !has_targets {
        // A program that names no device runs on the first device given.
        options.target_devices.push(default_kind.into());
    }
    let registry = xir_compiler::pass_registry();
    // One line: the pass-option parser's message spans several.
    let pm = xir_compiler::pipeline_to_hal(level, &options, &registry).map_err(|m| {
        let lines: Vec<&str> = m.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        one(lines.join(": "))
    })?;
    xir_compiler::run(ctx, ir, top, pm)
}

/// The devices of a compiled program run without `--device`: `local`, the
/// Vulkan devices when a global asks for `vulkan`, then `reference`.
pub fn program_devices(
    ctx: &Context,
    ir: &Ir,
    top: Op,
    trace: Option<Arc<xir_runtime_hal::Trace>>,
) -> Result<Vec<Arc<Device>>> {
    let wants_vulkan = xir_runtime_exec::resolve::globals(ctx, ir, top)
        .iter()
        .any(|(_, v, _)| xir::printer::attr_to_string(ctx, *v).contains("\"vulkan\""));
    Ok(devices::open_default(trace, wants_vulkan)?)
}

/// The public functions with bodies of `top`, by name, in order.
pub fn public_functions(ctx: &Context, ir: &Ir, top: Op) -> Vec<(String, Op)> {
    let Some(b) = ir.regions(top).first().and_then(|&r| ir.entry_block(r)) else {
        return Vec::new();
    };
    ir.block_ops(b)
        .filter(|&op| {
            xir_func::FUNC.is(ctx, ir, op)
                && !ir.regions(op).iter().all(|&r| ir.region_is_empty(r))
                && xir::symbol::visibility(ctx, ir, op) == xir::symbol::Visibility::Public
        })
        .map(|op| {
            let name = xir::symbol::symbol_name(ctx, ir, op).unwrap_or_default();
            (String::from_utf8_lossy(name).into_owned(), op)
        })
        .collect()
}

/// The target kind a program that names no device is compiled for: that of
/// the first device named (the reference interpreter runs graph-format
/// kernels), else `local`.
pub fn default_kind(named: Option<&[Arc<Device>]>) -> &'static str {
    match named {
        Some(d) if d.first().is_some_and(|d| d.target.kind == "reference") => "reference",
        _ => "local",
    }
}

pub fn pick_function(function: Option<&str>, ctx: &Context, ir: &Ir, top: Op) -> Result<String> {
    if let Some(f) = function {
        return Ok(f.trim_start_matches('@').to_string());
    }
    let public: Vec<String> = public_functions(ctx, ir, top)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    match public.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(Error::message(
            "xrun: the program has no public function to run",
        )),
        many => Err(Error::message(format!(
            "xrun: --function=NAME is required: the program has {} public functions (@{})",
            many.len(),
            many.join(", @")
        ))),
    }
}

/// The device each argument lives on: its `device.affinity`'s global, else the first device.
pub fn arg_devices(
    ctx: &Context,
    ir: &Ir,
    f: Op,
    placements: &[(String, Arc<Device>)],
    devices: &[Arc<Device>],
) -> Vec<Arc<Device>> {
    let n = ir
        .regions(f)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map_or(0, |b| ir.block_args(b).len());
    let attrs = xir::symbol::op_attr(ctx, ir, f, "arg_attrs").map(|a| match ctx.attr_kind(a) {
        AttrKind::Array(v) => v.clone(),
        _ => vec![],
    });
    (0..n)
        .map(|i| {
            let aff = attrs
                .as_ref()
                .and_then(|v| v.get(i))
                .and_then(|&d| ctx.dict_get(d, "device.affinity"));
            let name = aff
                .and_then(|a| xir_device::attrs::affinity_device(ctx, a))
                .map(|n| ctx.str(n).to_string());
            name.and_then(|n| {
                placements
                    .iter()
                    .find(|(g, _)| *g == n)
                    .map(|(_, d)| d.clone())
            })
            .unwrap_or_else(|| devices[0].clone())
        })
        .collect()
}

pub fn input_value(
    ctx: &mut Context,
    t: Type,
    text: &str,
    device: &Arc<Device>,
) -> xir_runtime_hal::Result<RtValue> {
    let text = match text.strip_prefix("index=") {
        Some(rest) => format!("i64={rest}"),
        None => text.to_string(),
    };
    let tensor = xir_runtime_io::parse_input(&text)?;
    match ctx.type_kind(t).clone() {
        TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Float(_) => {
            let tname = xir::printer::type_to_string(ctx, t);
            let want = ElementType::from_type(ctx, t).ok_or_else(|| {
                RtError::unimplemented(format!(
                    "scalar type {tname} is not supported by the runtime"
                ))
            })?;
            if !tensor.shape.is_empty() || tensor.element != want {
                return Err(RtError::invalid_argument(format!(
                    "expected a scalar {tname}, got {}",
                    tensor.type_string()
                )));
            }
            Ok(RtValue::Scalar(scalar_attr(ctx, t, &tensor)))
        }
        _ => {
            let v = BufferView::from_host(device.id, &tensor)?;
            Ok(RtValue::View(v))
        }
    }
}

pub fn scalar_attr(ctx: &mut Context, t: Type, v: &HostTensor) -> xir::Attr {
    let mut b = [0u8; 16];
    b[..v.data.len()].copy_from_slice(&v.data);
    match ctx.type_kind(t).clone() {
        TypeKind::Float(_) => ctx.intern_attr(AttrKind::Float {
            ty: t,
            bits: u128::from_le_bytes(b),
        }),
        _ => {
            let bits = v.element.byte_size() * 8;
            let raw = u128::from_le_bytes(b);
            let signed = !matches!(
                v.element,
                ElementType::Int {
                    sign: xir_runtime_hal::IntSign::Unsigned,
                    ..
                }
            ) && v.element != ElementType::I1;
            let value: i128 = if signed && bits < 128 {
                let shift = 128 - bits;
                ((raw << shift) as i128) >> shift
            } else {
                raw as i128
            };
            ctx.intern_attr(AttrKind::Integer {
                ty: t,
                value: value.into(),
            })
        }
    }
}

pub fn output_tensor(ctx: &Context, v: &RtValue) -> xir_runtime_hal::Result<HostTensor> {
    let unsupported = || RtError::unimplemented("unsupported scalar type");
    match v {
        RtValue::View(v) => Ok(v.to_host()),
        RtValue::Scalar(a) => match ctx.attr_kind(*a) {
            AttrKind::Integer { ty, value } => {
                let e = ElementType::from_type(ctx, *ty).ok_or_else(unsupported)?;
                let n: i128 = value
                    .try_into()
                    .map_err(|_| RtError::unimplemented("integer out of range"))?;
                HostTensor::new(e, vec![], n.to_le_bytes()[..e.byte_size()].to_vec())
            }
            AttrKind::Float { ty, bits } => {
                let e = ElementType::from_type(ctx, *ty).ok_or_else(unsupported)?;
                HostTensor::new(e, vec![], bits.to_le_bytes()[..e.byte_size()].to_vec())
            }
            _ => Err(RtError::unimplemented("unsupported scalar")),
        },
        other => Err(RtError::unimplemented(format!(
            "cannot output {}",
            other.kind()
        ))),
    }
}

/// Whether xrun takes `path` as an ONNX model (its name ends in `.onnx`)
/// rather than xir text.
pub fn is_onnx(path: &str) -> bool {
    path.len() > 5 && path.to_ascii_lowercase().ends_with(".onnx")
}

/// Imports the ONNX model at `path` into `ctx` and `ir` in process (the
/// file mapped, its weights interned from its bytes, no text written for
/// them: `xir_onnx::import_bytes_into`); returns the graph-level module.
/// A model the importer refuses is an error naming the file.
pub fn import_onnx(
    path: &str,
    opts: &xir_onnx::Options,
    ctx: &mut Context,
    ir: &mut Ir,
) -> Result<Op> {
    let bytes = xir_onnx::read_model(path).map_err(|e| Error::Message(format!("xrun: {e}")))?;
    xir_onnx::import_bytes_into(bytes, opts, ctx, ir)
        .map_err(|e| Error::Message(format!("xrun: error: {path}: {e}")))
}

/// Parses and verifies the first buffer of `sm`; diagnostics rendered as
/// mlir-opt prints them.
pub fn parse_source(ctx: &mut Context, ir: &mut Ir, sm: &xir::SourceMgr) -> Result<Op> {
    parse_source_styled(ctx, ir, sm, xir::diag::Style::Mlir)
}

/// [`parse_source`] with diagnostics in `style`.
pub fn parse_source_styled(
    ctx: &mut Context,
    ir: &mut Ir,
    sm: &xir::SourceMgr,
    style: xir::diag::Style,
) -> Result<Op> {
    let (top, produced) = xir::verifier::parse_verified(ctx, ir, &sm.buffers[0]);
    if produced.iter().any(|d| d.severity == xir::Severity::Error) {
        return Err(Error::Message(
            produced
                .iter()
                .map(|d| xir::diag::render_styled(d, ctx, sm, style))
                .collect(),
        ));
    }
    top.ok_or_else(|| Error::message("no module"))
}

/// [`parse_source`] of `text` named `name`.
pub fn parse(ctx: &mut Context, ir: &mut Ir, name: &str, text: &str) -> Result<Op> {
    let mut sm = xir::SourceMgr::default();
    sm.add(xir::SourceBuffer::new(name, text.to_string()));
    parse_source(ctx, ir, &sm)
}

/// Compiles graph-level `text` to hal and prints it.
pub fn compile_text(text: &str, target_devices: &[String], device_plan: &str) -> Result<String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, "input", text)?;
    compile(target_devices, device_plan, &mut ctx, &mut ir, top)
        .map_err(|ds| located(&ctx, &ds))?;
    Ok(xir::printer::print_top_level(
        &ctx,
        &ir,
        top,
        &xir::printer::PrintOptions::default(),
    ))
}

/// Runs `function` of hal-level (or graph-level, compiled for `local`)
/// `text` on `devices` with `inputs`; results copied to the host.
pub fn run_text(
    text: &str,
    function: &str,
    inputs: &[HostTensor],
    devices: Vec<Arc<Device>>,
) -> Result<Vec<HostTensor>> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, "input", text)?;
    compile(&[], "", &mut ctx, &mut ir, top).map_err(|ds| located(&ctx, &ds))?;
    let diag = |ctx: &Context, d: Diagnostic| {
        Error::Message(format!(
            "{}: {}",
            xir::diag::loc_to_string(ctx, d.loc),
            d.message
        ))
    };
    let mut exec = xir_runtime_exec::Executor::new(&mut ctx, &ir, top, devices.clone())
        .map_err(|d| Error::Message(render_one(&d)))?;
    let f = exec
        .function(function)
        .ok_or_else(|| Error::message(format!("no function @{function}")))?;
    let (params, _) = exec.signature(f);
    if params.len() != inputs.len() {
        return Err(Error::message(format!(
            "@{function} takes {} inputs, got {}",
            params.len(),
            inputs.len()
        )));
    }
    let placements = exec.placements();
    let on = arg_devices(exec.context(), &ir, f, &placements, &devices);
    let mut args = Vec::with_capacity(inputs.len());
    for ((&t, x), d) in params.iter().zip(inputs).zip(&on) {
        let scalar = matches!(
            exec.context().type_kind(t),
            TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Float(_)
        );
        args.push(if scalar {
            RtValue::Scalar(scalar_attr(exec.context(), t, x))
        } else {
            RtValue::View(BufferView::from_host(d.id, x)?)
        });
    }
    let out = exec.call(f, args).map_err(|d| diag(exec.context(), d))?;
    out.iter()
        .map(|v| output_tensor(exec.context(), v).map_err(Error::from))
        .collect()
}

/// Diagnostics as `file:line:col: message` lines.
fn located(ctx: &Context, ds: &[Diagnostic]) -> Error {
    Error::Message(
        ds.iter()
            .map(|d| format!("{}: {}\n", xir::diag::loc_to_string(ctx, d.loc), d.message))
            .collect(),
    )
}

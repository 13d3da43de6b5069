//! What the backend tests moved here from `tools/xrun/tests` share, in
//! place of xrun's helpers (the runtime's tests do not depend on the tool):
//! [`compile_text`] compiles graph-level text to hal as `xrun::compile_text`
//! does (`xir_compiler`, a dev-dependency only), [`run_text`] runs a
//! function of a hal-level program on devices as `xrun::run_text` does
//! (`xir_runtime_exec`), [`open`] opens devices by name as
//! `xrun::devices::open` does, from the suite's driver list.
#![allow(dead_code)]

use std::sync::Arc;
use xir::attributes::AttrKind;
use xir::{Context, Diagnostic, Ir, Op};
use xir_compiler::{CompileOptions, Level};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::driver::create_device;
use xir_runtime_hal::{BufferView, Device, DeviceOptions, HostTensor, Trace};

fn render(ctx: &Context, ds: &[Diagnostic]) -> String {
    ds.iter()
        .map(|d| format!("{}: {}\n", xir::diag::loc_to_string(ctx, d.loc), d.message))
        .collect()
}

/// Parses and verifies `text` (an implicit module allowed).
fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Result<Op, String> {
    let mut sm = xir::SourceMgr::default();
    sm.add(xir::SourceBuffer::new("input", text.to_string()));
    let mut diags = xir::DiagEngine::default();
    let opts = xir::parser::ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = xir::parser::parse_buffer(ctx, ir, &sm.buffers[0], &opts, &mut diags);
    let mut produced = diags.take();
    if let Some(top) = top {
        produced.extend(xir::verifier::verify(ctx, ir, top));
    }
    if produced.iter().any(|d| d.severity == xir::Severity::Error) {
        return Err(produced
            .iter()
            .map(|d| xir::diag::render_styled(d, ctx, &sm, xir::diag::Style::Mlir))
            .collect());
    }
    top.ok_or_else(|| "no module".to_string())
}

/// Compiles a graph-level module to hal (xopt's device flags; one that
/// names no device for `local`); a hal-level one gets only the kernels of
/// variants still holding graph ops compiled.
fn compile(
    target_devices: &[String],
    device_plan: &str,
    ctx: &mut Context,
    ir: &mut Ir,
    top: Op,
) -> Result<(), String> {
    let level = xir_compiler::level(ctx, ir, top);
    if level == Level::Lowering {
        return Err("a partly lowered program (flow/stream ops)".into());
    }
    let mut options = CompileOptions {
        target_devices: target_devices.to_vec(),
        device_plan: device_plan.to_string(),
    };
    let has_targets = xir::symbol::op_attr(ctx, ir, top, "device.targets").is_some();
    if level == Level::Graph && options.target_devices.is_empty() && !has_targets {
        options.target_devices.push("local".into());
    }
    let registry = xir_compiler::pass_registry();
    let pm = xir_compiler::pipeline_to_hal(level, &options, &registry)?;
    xir_compiler::run(ctx, ir, top, pm).map_err(|ds| render(ctx, &ds))
}

/// Compiles graph-level `text` to hal and prints it (`xrun::compile_text`).
pub fn compile_text(
    text: &str,
    target_devices: &[String],
    device_plan: &str,
) -> Result<String, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, text)?;
    compile(target_devices, device_plan, &mut ctx, &mut ir, top)?;
    Ok(xir::printer::print_top_level(
        &ctx,
        &ir,
        top,
        &xir::printer::PrintOptions::default(),
    ))
}

/// The device argument `i` of `f` lives on: its `device.affinity`'s
/// global's, else the first device.
fn arg_device(
    ctx: &Context,
    ir: &Ir,
    f: Op,
    i: usize,
    placements: &[(String, Arc<Device>)],
    devices: &[Arc<Device>],
) -> Arc<Device> {
    let attrs = xir::symbol::op_attr(ctx, ir, f, "arg_attrs").map(|a| match ctx.attr_kind(a) {
        AttrKind::Array(v) => v.clone(),
        _ => vec![],
    });
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
}

/// Runs `function` of hal-level `text` on `devices` with `inputs` (buffer
/// views, each on its argument's device); results copied to the host
/// (`xrun::run_text`).
pub fn run_text(
    text: &str,
    function: &str,
    inputs: &[HostTensor],
    devices: Vec<Arc<Device>>,
) -> Result<Vec<HostTensor>, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, text)?;
    compile(&[], "", &mut ctx, &mut ir, top)?;
    let mut exec = Executor::new(&mut ctx, &ir, top, devices.clone())
        .map_err(|d| format!("xrun: error: {}", d.message))?;
    let f = exec
        .function(function)
        .ok_or_else(|| format!("no function @{function}"))?;
    let (params, _) = exec.signature(f);
    if params.len() != inputs.len() {
        return Err(format!(
            "@{function} takes {} inputs, got {}",
            params.len(),
            inputs.len()
        ));
    }
    let placements = exec.placements();
    let mut args = Vec::with_capacity(inputs.len());
    for (i, x) in inputs.iter().enumerate() {
        let d = arg_device(exec.context(), &ir, f, i, &placements, &devices);
        args.push(RtValue::View(
            BufferView::from_host(d.id, x).map_err(|e| e.to_string())?,
        ));
    }
    let out = exec.call(f, args).map_err(|d| {
        format!(
            "{}: {}",
            xir::diag::loc_to_string(exec.context(), d.loc),
            d.message
        )
    })?;
    out.iter()
        .map(|v| match v {
            RtValue::View(v) => Ok(v.to_host()),
            other => Err(format!("cannot output {}", other.kind())),
        })
        .collect()
}

/// Opens the devices `specs` name (`local`, `reference`, `vulkan://1`),
/// numbered in order, their queues tracing into `trace`.
pub fn open_traced(
    specs: &[String],
    trace: Option<Arc<Trace>>,
) -> Result<Vec<Arc<Device>>, String> {
    let drivers = xir_runtime_conformance::drivers();
    let options = DeviceOptions {
        queues: 1,
        submit_delay: None,
        trace,
    };
    let mut out = Vec::new();
    for s in specs {
        let (name, ordinal) = match s.split_once("://") {
            Some((n, o)) => (n, o.parse::<usize>().map_err(|e| format!("{s}: {e}"))?),
            None => (s.as_str(), 0),
        };
        let d = drivers
            .iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| format!("no driver '{name}'"))?;
        let dev = create_device(d.as_ref(), ordinal, out.len(), &options)
            .map_err(|m| format!("--device={s}: {m}"))?;
        out.push(Arc::new(dev));
    }
    Ok(out)
}

/// [`open_traced`] without a trace.
pub fn open(specs: &[String]) -> Result<Vec<Arc<Device>>, String> {
    open_traced(specs, None)
}

//! The compiler as a library (docs/architecture.md §5): a context with every dialect,
//! the registry of every pass (from the crates that hold them: the
//! transforms, device and memory planning, and each dialect's conversion
//! into it) and of every named pipeline (`pipelines.rs`, which stitches the
//! phases those crates build), and the graph → hal compile that xrun uses
//! (xopt's `--target-device ... --device-assignment-pipeline --device-plan
//! --compile-to=hal`).

pub mod pipelines;

pub use pipelines::Passes;

use xir::pass::pipeline::create_pass;
use xir::pass::{AnalysisManager, OpPassManager, PassManager, PassRegistry, RunConfig, RunState};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

/// A context with every dialect of xir.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_flow::register(&mut ctx);
    xir_stream::register(&mut ctx);
    xir_hal::register(&mut ctx);
    xir_scf::register(&mut ctx);
    xir_cf::register(&mut ctx);
    xir_kernel::register(&mut ctx);
    // A variant's kernels are built for its target (the kernel dialect reads
    // it through this interface, never naming hal).
    ctx.attach_interface(
        xir_hal::ops::VARIANT.name,
        xir_kernel::target::KernelTarget(|ctx, ir, op| xir::symbol::op_attr(ctx, ir, op, "target")),
    );
    ctx
}

/// Every pass and named pipeline.
pub fn pass_registry() -> PassRegistry {
    let mut registry = PassRegistry::default();
    // canonicalize, cse, symbol-dce, inline, sccp, print-op-stats,
    // strip-debuginfo, view-op-graph.
    xir_transforms::register(&mut registry);
    // Device assignment and planning, memory (docs/architecture.md §4).
    xir_device_planning::register(&mut registry);
    xir_memory_planning::register(&mut registry);
    // The conversions graph → flow → stream → hal (docs/architecture.md §3).
    xir_flow::conversion::register(&mut registry);
    xir_stream::conversion::register(&mut registry);
    xir_hal::conversion::register(&mut registry);
    xir::register_passes!(registry, xir_kernel::conversion::pass::ConvertGraphToKernel);
    // Composite graph ops into primitive ones (first in graph → flow).
    xir::register_passes!(registry, xir_graph::decompose::Decompose);
    xir::register_passes!(registry, xir_graph::fold_conv::FoldConvAffine);
    xir::register_passes!(registry, xir_graph::sink_reshape::SinkReshapes);
    pipelines::register(&mut registry);
    registry
}

/// How a graph program is compiled to hal.
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// `--target-device` values (`cpu=local`, `gpu=vulkan,local`, ...).
    pub target_devices: Vec<String>,
    /// Options of `device-plan` (`auto-transfer=true`).
    pub device_plan: String,
}

/// The level a module is at, from its ops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// Graph ops and tensor functions, devices not yet assigned.
    Graph,
    /// `device.global`s materialised: assigned (and maybe planned).
    Assigned,
    /// flow or stream ops: partly lowered.
    Lowering,
    /// Nothing above hal.
    Hal,
}

/// The level of `module`.
pub fn level(ctx: &Context, ir: &Ir, module: Op) -> Level {
    let (mut globals, mut mid, mut high) = (false, false, false);
    for op in xir::walk::preorder(ir, module) {
        let name = ctx.str(ir.op(op).name);
        if name == xir_device::GLOBAL.name {
            globals = true;
        } else if name.starts_with("flow.") || name.starts_with("stream.") {
            mid = true;
        } else if name.starts_with("graph.") {
            // Kernel bodies inside hal executables are graph ops too.
            let in_exe = ancestors(ir, op).any(|a| xir_hal::ops::EXECUTABLE.is(ctx, ir, a));
            high |= !in_exe;
        }
    }
    let tensor_fn = xir::util::top::top_funcs(ctx, ir, module)
        .iter()
        .any(|&f| has_tensor_signature(ctx, ir, f));
    if mid {
        Level::Lowering
    } else if high || tensor_fn {
        if globals {
            Level::Assigned
        } else {
            Level::Graph
        }
    } else {
        Level::Hal
    }
}

fn ancestors(ir: &Ir, op: Op) -> impl Iterator<Item = Op> + '_ {
    std::iter::successors(ir.parent_op(op), move |&o| ir.parent_op(o))
}

fn has_tensor_signature(ctx: &Context, ir: &Ir, f: Op) -> bool {
    use xir::types::TypeKind;
    let Some(a) = xir::symbol::op_attr(ctx, ir, f, "function_type") else {
        return false;
    };
    let xir::AttrKind::Type(t) = ctx.attr_kind(a) else {
        return false;
    };
    match ctx.type_kind(*t) {
        TypeKind::Function { inputs, results } => inputs.iter().chain(results).any(|&t| {
            matches!(
                ctx.type_kind(t),
                TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
            )
        }),
        _ => false,
    }
}

/// The passes that take a module at `level` to hal: device assignment
/// (with the targets), planning, and the graph → hal lowering.
pub fn pipeline_to_hal(
    level: Level,
    options: &CompileOptions,
    registry: &PassRegistry,
) -> Result<OpPassManager, String> {
    let err = |e: xir::pass::PipelineError| e.message;
    let mut pm = OpPassManager::new("builtin.module");
    if level == Level::Graph {
        use xir_device_planning::{assign_targets::AssignTargets, spec};
        let targets = if options.target_devices.is_empty() {
            AssignTargets::default()
        } else {
            let entries = options
                .target_devices
                .iter()
                .map(|v| spec::parse_entry(v))
                .collect::<Result<Vec<_>, _>>()?;
            AssignTargets::with_targets(entries)?
        };
        let passes = xir_device_planning::assignment_pipeline_with(targets);
        for pass in passes {
            pm.add_pass(pass);
        }
    }
    match level {
        Level::Graph | Level::Assigned => {
            // The options text comes from the command line (`--device-plan=...`).
            let info = registry.pass("device-plan").ok_or("no device-plan pass")?;
            pm.add_pass(create_pass(info, &options.device_plan).map_err(err)?);
            for pass in pipelines::graph_to_hal() {
                pm.add_pass(pass);
            }
        }
        // A hal module whose variants still hold graph ops (written by hand,
        // or before hal meant compiled kernels) gets its kernels compiled.
        Level::Hal => pm.add_pass(Box::new(xir_kernel::conversion::pass::ConvertGraphToKernel)),
        Level::Lowering => {}
    }
    Ok(pm)
}

/// Runs `pm` on `top`, verifying after each pass; the diagnostics of a failure.
pub fn run(
    ctx: &mut Context,
    ir: &mut Ir,
    top: Op,
    pm: OpPassManager,
) -> Result<(), Vec<Diagnostic>> {
    let config = RunConfig {
        verify_each: true,
        ..RunConfig::default()
    };
    let mut diags = DiagEngine::default();
    let mut sink = |_: &Context, _: &mut DiagEngine, _: &str| {};
    let mut pm = PassManager::new(pm);
    let result = {
        let mut st = RunState {
            ctx,
            ir,
            diags: &mut diags,
            config: &config,
            timing: None,
            analyses: AnalysisManager::default(),
            dump: &mut sink,
        };
        pm.run(&mut st, top)
    };
    let produced = diags.take();
    match result {
        Ok(()) if !produced.iter().any(|d| d.severity == xir::Severity::Error) => Ok(()),
        _ => Err(produced),
    }
}

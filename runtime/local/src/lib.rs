//! The `local` backend (DESIGN.md §7): each `hal.executable.variant` is
//! lowered to the kernel dialect (`xir_kernel`, with the target's
//! parameters), read into plain stage plans (`plan.rs`), and JIT-compiled by
//! Cranelift (`codegen.rs`; `exp`/`tanh` as polynomials, `math.rs`);
//! matmuls call the micro-kernels of `xir-ukernel`. Dispatches run their
//! stages over a pool of worker threads (`pool.rs`, `exec.rs`).

pub mod codegen;
pub mod exec;
pub mod math;
pub mod plan;
pub mod pool;

use exec::{CompiledGeneric, CompiledKernel, CompiledStage, LocalExecutable};
use std::sync::Arc;
use std::time::Instant;
use xir::{Context, Ir, Op};
use xir_runtime_hal::{Backend, Driver, Executable, TargetDesc};

/// A context with the dialects a kernel module holds.
fn kernel_context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_kernel::register(&mut ctx);
    ctx
}

fn at(ctx: &Context, ir: &Ir, op: Op, m: &str) -> String {
    format!("{}: {m}", plan::where_is(ctx, ir, op))
}

/// Compiles a `hal.executable.variant` for this CPU.
pub fn prepare(ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>, String> {
    let started = Instant::now();
    let (exports, module) = xir_hal::variant_contents(ctx, ir, variant)?;
    let target = xir::symbol::op_attr(ctx, ir, variant, "target");
    // The kernels are lowered in a context of their own: the program's is
    // shared and immutable while it runs.
    let opts = xir::printer::PrintOptions {
        debuginfo: true,
        ..Default::default()
    };
    let text = xir::printer::op_to_string(ctx, ir, module, &opts);
    let mut kctx = kernel_context();
    let mut kir = Ir::new();
    let top = xir::parser::parse_str(&mut kctx, &mut kir, "kernel", &text).map_err(|d| {
        d.first()
            .map(|d| d.message.clone())
            .unwrap_or_else(|| "the kernel module does not parse".into())
    })?;
    let params = xir_kernel::target::params_of(ctx, target);
    let kmodule = if kctx.str(kir.op(top).name) == "builtin.module" {
        // parse_str wraps in an implicit module only when needed.
        kir.regions(top)
            .first()
            .and_then(|&r| kir.entry_block(r))
            .and_then(|b| {
                kir.block_ops(b)
                    .find(|&o| kctx.str(kir.op(o).name) == "builtin.module")
            })
            .unwrap_or(top)
    } else {
        top
    };
    xir_kernel::conversion::from_graph::lower_module(&mut kctx, &mut kir, kmodule, &params)
        .map_err(|(op, m)| at(&kctx, &kir, op, &m))?;
    let mut jit = codegen::Jit::new()?;
    let mut pending = Vec::new();
    let mut names = Vec::new();
    for f in kir
        .regions(kmodule)
        .first()
        .and_then(|&r| kir.entry_block(r))
        .map(|b| kir.block_ops(b).collect::<Vec<_>>())
        .unwrap_or_default()
    {
        if kctx.str(kir.op(f).name) != xir_func::FUNC.name {
            continue;
        }
        let plan = plan::read(&kctx, &kir, f).map_err(|(op, m)| at(&kctx, &kir, op, &m))?;
        let mut ids = Vec::new();
        for st in &plan.stages {
            ids.push(match st {
                plan::Stage::Generic(g) => (Some(jit.generic(g)?), None),
                plan::Stage::Matmul(m) => (
                    None,
                    m.epilogue.as_ref().map(|e| jit.generic(e)).transpose()?,
                ),
            });
        }
        names.push(plan.name.clone());
        pending.push((plan, ids));
    }
    jit.finish()?;
    let mut kernels = Vec::new();
    for (plan, ids) in pending {
        let stages = plan
            .stages
            .iter()
            .zip(ids)
            .map(|(st, (g, e))| match st {
                plan::Stage::Generic(p) => CompiledStage::Generic(CompiledGeneric {
                    plan: p.clone(),
                    func: jit.address(g.expect("compiled")),
                }),
                plan::Stage::Matmul(m) => CompiledStage::Matmul {
                    lhs: m.lhs,
                    rhs: m.rhs,
                    out: m.out,
                    elem: m.elem,
                    epilogue: m.epilogue.as_ref().zip(e).map(|(p, id)| CompiledGeneric {
                        plan: p.clone(),
                        func: jit.address(id),
                    }),
                },
            })
            .collect();
        let grid = plan.grid_buffer();
        kernels.push(CompiledKernel { plan, stages, grid });
    }
    let exports = exports
        .into_iter()
        .map(|e| {
            let i = names
                .iter()
                .position(|n| *n == e)
                .ok_or_else(|| format!("export @{e} has no kernel function"))?;
            Ok((e, i))
        })
        .collect::<Result<_, String>>()?;
    if std::env::var_os("XIR_LOCAL_COMPILE_TIME").is_some() {
        eprintln!(
            "xir-local: compiled {} kernels in {:.3} ms",
            names.len(),
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    Ok(Arc::new(LocalExecutable::new(exports, kernels, jit)))
}

/// Compiles `local` targets with Cranelift.
pub struct Jit;

impl Backend for Jit {
    fn serves(&self, kind: &str) -> bool {
        kind == "local"
    }

    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>, String> {
        prepare(ctx, ir, variant)
    }
}

/// The `local` driver: the host CPU, serving `local` targets with kernels
/// JIT-compiled by Cranelift.
pub struct LocalDriver;

impl Driver for LocalDriver {
    fn name(&self) -> &str {
        "local"
    }

    fn device_count(&self) -> usize {
        1
    }

    fn target(&self, _ordinal: usize) -> TargetDesc {
        TargetDesc {
            kind: "local".into(),
            config: vec![("cpu".into(), "host".into())],
            formats: vec!["cranelift".into()],
        }
    }

    fn backend(&self, _ordinal: usize) -> Arc<dyn Backend> {
        Arc::new(Jit)
    }
}

//! The `local` backend: the kernel functions of each compiled
//! `hal.executable.variant` are read into plain stage plans
//! (`xir_kernel_plan`) and JIT-compiled by Cranelift (`codegen.rs`; `exp`/`tanh`/`log`/`erf`/`sin`/`cos`
//! as polynomials, `math.rs`);
//! matmuls and convs call the micro-kernels of `xir-ukernel`. Dispatches run their
//! stages over a pool of worker threads (`pool.rs`, `exec.rs`).

pub mod codegen;
pub mod exec;
pub mod math;
pub mod pool;

pub use xir_kernel_plan::plan;

use exec::{CompiledGeneric, CompiledKernel, CompiledStage, LocalExecutable};
use std::sync::Arc;
use std::time::Instant;
use xir::{Context, Ir, Op};
use xir_runtime_hal::{Backend, Driver, Executable, Result, TargetDesc};

/// Compiles a `hal.executable.variant` for this CPU.
pub fn prepare(ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
    let started = Instant::now();
    let lowered = xir_kernel_plan::read_variant(ctx, ir, variant)?;
    let exports = lowered.export_indices()?;
    let mut jit = codegen::Jit::new()?;
    let mut pending = Vec::new();
    for plan in lowered.plans {
        let mut ids = Vec::new();
        for st in &plan.stages {
            ids.push(match st {
                plan::Stage::Generic(g) => (Some(jit.generic(g)?), None),
                plan::Stage::Matmul(m) => (
                    None,
                    m.epilogue.as_ref().map(|e| jit.generic(e)).transpose()?,
                ),
                plan::Stage::Conv(c) => {
                    if c.elem != plan::ElementType::F32 {
                        return Err(xir_runtime_hal::Error::unimplemented(format!(
                            "kernel.conv on {:?}: the local backend runs f32 convs only (kernel @{})",
                            c.elem, plan.name
                        )));
                    }
                    (
                        None,
                        c.epilogue.as_ref().map(|e| jit.generic(e)).transpose()?,
                    )
                }
                plan::Stage::Pool(p) => {
                    let elem = plan.buffers[p.out].elem;
                    if elem != plan::ElementType::F32 {
                        return Err(xir_runtime_hal::Error::unimplemented(format!(
                            "kernel.pool on {elem:?}: the local backend runs f32 pools only (kernel @{})",
                            plan.name
                        )));
                    }
                    (None, None)
                }
                plan::Stage::Gather(_) | plan::Stage::Scatter(_) => (None, None),
            });
        }
        pending.push((plan, ids));
    }
    jit.finish()?;
    let count = pending.len();
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
                plan::Stage::Matmul(m) => CompiledStage::Matmul(exec::CompiledMatmul {
                    lhs: m.lhs,
                    rhs: m.rhs,
                    out: m.out,
                    elem: m.elem,
                    epilogue: m.epilogue.as_ref().zip(e).map(|(p, id)| CompiledGeneric {
                        plan: p.clone(),
                        func: jit.address(id),
                    }),
                    packed: Default::default(),
                }),
                plan::Stage::Conv(c) => CompiledStage::Conv(Box::new(exec::CompiledConv {
                    plan: c.clone(),
                    epilogue: c.epilogue.as_ref().zip(e).map(|(p, id)| CompiledGeneric {
                        plan: p.clone(),
                        func: jit.address(id),
                    }),
                    packed: Default::default(),
                })),
                plan::Stage::Pool(p) => CompiledStage::Pool(p.clone()),
                plan::Stage::Gather(g) => CompiledStage::Gather(g.clone()),
                plan::Stage::Scatter(g) => CompiledStage::Scatter(g.clone()),
            })
            .collect();
        let grid = plan.grid_buffer();
        kernels.push(CompiledKernel {
            plan,
            stages,
            grid,
            prepared: Default::default(),
        });
    }
    if std::env::var_os("XIR_LOCAL_COMPILE_TIME").is_some() {
        eprintln!(
            "xir-local: compiled {count} kernels in {:.3} ms",
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

    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
        prepare(ctx, ir, variant)
    }

    fn register(&self, ctx: &mut Context) {
        xir_kernel_plan::register(ctx)
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

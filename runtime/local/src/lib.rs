//! The `local` backend: the kernel functions of each compiled
//! `hal.executable.variant` are read into plain stage plans
//! (`xir_kernel_plan`) and JIT-compiled by Cranelift (`codegen.rs`; `exp`/`tanh`/`log`/`erf`/`sin`/`cos`
//! as polynomials, `math.rs`);
//! matmuls and convs call the micro-kernels of `xir-ukernel`. Dispatches run their
//! stages over a pool of worker threads (`pool.rs`, `exec.rs`).

pub mod codegen;
pub mod epilogue;
pub mod exec;
pub mod math;
pub mod pool;

pub use xir_kernel_plan::plan;

use exec::{CompiledGeneric, CompiledKernel, CompiledStage, LocalExecutable};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use xir::{Context, Ir, Op};
use xir_runtime_hal::{Backend, Driver, Executable, Result, TargetDesc};

/// A Cranelift module shared by the variants one backend prepares, so a
/// stage that several kernels run (a model's layers) is compiled once.
pub struct SharedJit(Mutex<codegen::Jit>);

// SAFETY: the JIT module is only used under the mutex; the code it has
// finalised is immutable and stays mapped while the module lives (each
// executable holds an `Arc` of it).
unsafe impl Send for SharedJit {}
unsafe impl Sync for SharedJit {}

impl SharedJit {
    pub fn new() -> Result<Arc<SharedJit>> {
        Ok(Arc::new(SharedJit(Mutex::new(codegen::Jit::new()?))))
    }
}

/// Compiles a `hal.executable.variant` for this CPU in a module of its own.
pub fn prepare(ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
    prepare_in(&SharedJit::new()?, ctx, ir, variant)
}

/// `Unimplemented` unless `elem` is f32: the micro-kernels `op` runs on take
/// f32 only.
fn f32_only(op: &str, elem: plan::ElementType, kernel: &str) -> Result<()> {
    if elem == plan::ElementType::F32 {
        return Ok(());
    }
    Err(xir_runtime_hal::Error::unimplemented(format!(
        "{op} on {elem:?}: the local backend runs it on f32 only (kernel @{kernel})"
    )))
}

/// Compiles a `hal.executable.variant` for this CPU in `shared`, reusing the
/// code of stages it has compiled before.
pub fn prepare_in(
    shared: &Arc<SharedJit>,
    ctx: &Context,
    ir: &Ir,
    variant: Op,
) -> Result<Arc<dyn Executable>> {
    let started = Instant::now();
    let lowered = xir_kernel_plan::read_variant(ctx, ir, variant)?;
    let exports = lowered.export_indices()?;
    let mut jit = shared.0.lock().unwrap_or_else(|e| e.into_inner());
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
                    f32_only("kernel.conv", c.elem, &plan.name)?;
                    (
                        None,
                        c.epilogue.as_ref().map(|e| jit.generic(e)).transpose()?,
                    )
                }
                plan::Stage::Pool(p) => {
                    f32_only("kernel.pool", plan.buffers[p.out].elem, &plan.name)?;
                    (None, None)
                }
                plan::Stage::Attention(a) => {
                    f32_only("kernel.attention", plan.buffers[a.out].elem, &plan.name)?;
                    (None, None)
                }
                plan::Stage::Gather(_) | plan::Stage::Scatter(_) => (None, None),
            });
        }
        pending.push((plan, ids));
    }
    jit.finish()?;
    let count = pending.len();
    // `XIR_LOCAL_JIT_EPILOGUES=1` keeps every epilogue on its JIT code (to
    // compare the two paths).
    let wide = std::env::var_os("XIR_LOCAL_JIT_EPILOGUES").is_none();
    let compiled = |p: &plan::GenericPlan, id, epilogue: bool| CompiledGeneric {
        plan: p.clone(),
        func: jit.address(id),
        wide: Some(p)
            .filter(|_| wide && epilogue)
            .and_then(epilogue::program),
    };
    let mut kernels = Vec::new();
    for (plan, ids) in pending {
        let stages = plan
            .stages
            .iter()
            .zip(ids)
            .map(|(st, (g, e))| match st {
                plan::Stage::Generic(p) => {
                    CompiledStage::Generic(compiled(p, g.expect("compiled"), false))
                }
                plan::Stage::Matmul(m) => CompiledStage::Matmul(exec::CompiledMatmul {
                    lhs: m.lhs,
                    rhs: m.rhs,
                    out: m.out,
                    elem: m.elem,
                    epilogue: m
                        .epilogue
                        .as_ref()
                        .zip(e)
                        .map(|(p, id)| compiled(p, id, true)),
                    packed: Default::default(),
                }),
                plan::Stage::Conv(c) => CompiledStage::Conv(Box::new(exec::CompiledConv {
                    plan: c.clone(),
                    epilogue: c
                        .epilogue
                        .as_ref()
                        .zip(e)
                        .map(|(p, id)| compiled(p, id, true)),
                    packed: Default::default(),
                })),
                plan::Stage::Pool(p) => CompiledStage::Pool(p.clone()),
                plan::Stage::Attention(a) => CompiledStage::Attention(a.clone()),
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
    drop(jit);
    Ok(Arc::new(LocalExecutable::new(
        exports,
        kernels,
        shared.clone(),
    )))
}

/// Compiles `local` targets with Cranelift, into one module per backend
/// (made at the first prepare).
#[derive(Default)]
pub struct Jit {
    shared: Mutex<Option<Arc<SharedJit>>>,
}

impl Jit {
    /// Stage functions compiled so far (each distinct code once).
    pub fn compiled_stages(&self) -> usize {
        let slot = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        slot.as_ref().map_or(0, |s| {
            s.0.lock()
                .unwrap_or_else(|e| e.into_inner())
                .compiled_stages()
        })
    }
}

impl Backend for Jit {
    fn serves(&self, kind: &str) -> bool {
        kind == "local"
    }

    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
        let shared = {
            let mut slot = self.shared.lock().unwrap_or_else(|e| e.into_inner());
            match slot.as_ref() {
                Some(s) => s.clone(),
                None => slot.insert(SharedJit::new()?).clone(),
            }
        };
        prepare_in(&shared, ctx, ir, variant)
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
        Arc::new(Jit::default())
    }
}

//! Running a case on a driver: the case's module is written for the
//! driver's target, parsed and verified into a context with the kernel-level
//! dialects, and its `@main` is called through `xir_runtime_exec::Executor`
//! on a fresh device of the driver, as xrun runs a compiled program.
//!
//! The device's backend is wrapped (`Probe`) to see what happens at load
//! (`Backend::prepare`): a refusal there of kind `Unimplemented` is the one
//! way a driver may say it does not support a case. The wrapper also keeps
//! each prepared executable for the next case with the same kernel text on
//! the same driver (the dynamic-size cases differ only in their dispatch
//! constants), as an executor keeps it across calls.
//!
//! Besides the results, a run checks that the inputs come back unchanged
//! and, as every output starts as a poison pattern ([`POISON`]), that the
//! kernel wrote every element of its results.

use crate::cases::{Case, Expect};
use crate::check::compare;
use crate::text::module;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use xir::{Context, Ir, Op};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::{
    Backend, BufferView, Device, DeviceOptions, Driver, Error, ErrorKind, Executable, HostTensor,
    TargetDesc,
};

/// How a case ended on a driver.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Its results matched (or it failed as it must).
    Pass,
    /// The driver refused it at load as unimplemented (an element type or
    /// an op it has no code for), with its message.
    Unsupported(String),
    /// Anything else, with what went wrong.
    Fail(String),
}

/// The target the suite's variants are built for on `driver`: its device
/// 0's, without the `graph` format (the suite's variants hold kernels, which
/// a graph-format target would keep as graph ops).
pub fn kernel_target(driver: &dyn Driver) -> TargetDesc {
    let mut t = driver.target(0);
    t.formats.retain(|f| f != xir_kernel::target::GRAPH_FORMAT);
    t
}

/// A context with the dialects a hal-level module with kernels uses.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_scf::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_hal::register(&mut ctx);
    xir_kernel::register(&mut ctx);
    ctx
}

type Prepared = xir_runtime_hal::Result<Arc<dyn Executable>>;

/// Executables prepared so far, by driver, target and kernel text.
fn prepared() -> &'static Mutex<HashMap<String, Prepared>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Prepared>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// A driver's backend, watched: what its `prepare` refused, and its
/// executables kept by `key` (the driver, target and kernel text).
struct Probe {
    inner: Arc<dyn Backend>,
    key: String,
    load_error: Mutex<Option<Error>>,
}

impl Backend for Probe {
    fn serves(&self, kind: &str) -> bool {
        self.inner.serves(kind)
    }

    fn register(&self, ctx: &mut Context) {
        self.inner.register(ctx)
    }

    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Prepared {
        let known = prepared().lock().unwrap().get(&self.key).cloned();
        let r = match known {
            Some(r) => r,
            None => {
                let r = self.inner.prepare(ctx, ir, variant);
                prepared()
                    .lock()
                    .unwrap()
                    .insert(self.key.clone(), r.clone());
                r
            }
        };
        if let Err(e) = &r {
            *self.load_error.lock().unwrap() = Some(e.clone());
        }
        r
    }
}

/// The case's module for `driver`.
pub fn program(driver: &dyn Driver, case: &Case) -> String {
    let target = kernel_target(driver).to_string();
    let inputs: Vec<_> = case
        .inputs
        .iter()
        .map(|t| (t.elem, t.shape.clone()))
        .collect();
    module(
        &target,
        &case.kernel,
        &inputs,
        &case.outputs,
        &case.constants,
    )
}

/// Parses and verifies `text`, calls its `@main` on `device` with `inputs`
/// and the outputs' `poison`; the inputs must come back unchanged.
fn execute(
    text: &str,
    device: &Arc<Device>,
    inputs: &[HostTensor],
    poison: &[HostTensor],
) -> Result<Vec<HostTensor>, String> {
    let mut ctx = context();
    let mut ir = Ir::new();
    let render = |ctx: &Context, ds: Vec<xir::Diagnostic>| {
        ds.iter()
            .map(|d| format!("{}: {}\n", xir::diag::loc_to_string(ctx, d.loc), d.message))
            .collect::<String>()
    };
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "case", text)
        .map_err(|ds| format!("the case does not parse:\n{}", render(&ctx, ds)))?;
    let errors: Vec<_> = xir::verifier::verify(&ctx, &ir, top)
        .into_iter()
        .filter(|d| d.severity == xir::Severity::Error)
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "the case does not verify:\n{}",
            render(&ctx, errors)
        ));
    }
    let mut exec =
        Executor::new(&mut ctx, &ir, top, vec![device.clone()]).map_err(|d| d.message.clone())?;
    let f = exec.function("main").ok_or("no @main")?;
    let views = inputs
        .iter()
        .chain(poison)
        .map(|t| BufferView::from_host(device.id, t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let args = views.iter().cloned().map(RtValue::View).collect();
    let out = exec.call(f, args).map_err(|d| {
        format!(
            "{}: {}",
            xir::diag::loc_to_string(exec.context(), d.loc),
            d.message
        )
    })?;
    for (i, (v, t)) in views.iter().zip(inputs).enumerate() {
        if v.to_host() != *t {
            return Err(format!("input {i} (binding {i}) was written"));
        }
    }
    out.iter()
        .map(|v| match v {
            RtValue::View(v) => Ok(v.to_host()),
            other => Err(format!("@main returned a {}", other.kind())),
        })
        .collect()
}

/// The byte every output starts as (an `i1` of 0xA5 is no boolean, a float
/// of 0xA5… no value a case expects).
pub const POISON: u8 = 0xA5;

/// Runs `case` on a fresh device of `driver` (its device 0).
pub fn run(driver: &Arc<dyn Driver>, case: &Case) -> Outcome {
    let text = program(driver.as_ref(), case);
    let probe = Arc::new(Probe {
        inner: driver.backend(0),
        key: format!(
            "{}\n{}\n{}",
            driver.name(),
            kernel_target(driver.as_ref()),
            case.kernel
        ),
        load_error: Mutex::new(None),
    });
    let device = Arc::new(Device::new(
        0,
        driver.name(),
        driver.target(0),
        probe.clone(),
        &DeviceOptions {
            queues: 1,
            ..DeviceOptions::default()
        },
    ));
    let inputs: Vec<HostTensor> = case.inputs.iter().map(|t| t.to_host()).collect();
    let poison: Vec<HostTensor> = case
        .outputs
        .iter()
        .map(|(e, shape)| {
            let n = shape.iter().product::<usize>() * e.byte_size();
            HostTensor::new(*e, shape.clone(), vec![POISON; n]).expect("a poison tensor")
        })
        .collect();
    let result = execute(&text, &device, &inputs, &poison);
    let fail = |m: String| Outcome::Fail(format!("{m}\n--- kernel:\n{}", case.kernel));
    if let Some(e) = probe.load_error.lock().unwrap().take() {
        return if e.kind() == ErrorKind::Unimplemented {
            Outcome::Unsupported(e.to_string())
        } else {
            fail(format!("refused at load ({}): {e}", e.kind()))
        };
    }
    match (result, &case.expect) {
        (Ok(_), Expect::Error(want)) => fail(format!(
            "ran, where it must fail with an error containing '{want}'"
        )),
        (Err(m), Expect::Error(want)) if m.contains(want.as_str()) => Outcome::Pass,
        (Err(m), _) => fail(m),
        (Ok(got), Expect::Results(want)) => {
            if got.len() != want.len() {
                return fail(format!("{} results, expected {}", got.len(), want.len()));
            }
            let mut errors = Vec::new();
            for (i, (g, (w, tol))) in got.iter().zip(want).enumerate() {
                if let Err(m) = compare(w, g, tol) {
                    errors.push(format!("result {i}: {m}"));
                }
            }
            if errors.is_empty() {
                Outcome::Pass
            } else {
                fail(errors.join("\n"))
            }
        }
    }
}

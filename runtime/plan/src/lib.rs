//! What every backend that runs the kernel form shares (docs/architecture.md §7):
//! a `hal.executable.variant` lowered to the kernel dialect and read into
//! plain stage plans ([`lower_variant`], [`plan`]), and a dispatch's index
//! arithmetic, buffer sizes, grid and accesses resolved and bounds-checked
//! ([`resolve`]). Code generation (Cranelift, SPIR-V) stays in the backends.

pub mod plan;
pub mod resolve;

pub use plan::*;

use xir::{Context, Ir, Op};

/// A context with the dialects a kernel module holds.
pub fn kernel_context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_kernel::register(&mut ctx);
    ctx
}

/// `file:line:col: m` for an op.
pub fn at(ctx: &Context, ir: &Ir, op: Op, m: &str) -> String {
    format!("{}: {m}", plan::where_is(ctx, ir, op))
}

/// A variant's exports and the plan of each kernel function, by name.
pub struct Lowered {
    pub exports: Vec<String>,
    pub plans: Vec<KernelPlan>,
}

impl Lowered {
    /// The index in `plans` of each export, in export order.
    pub fn export_indices(&self) -> Result<Vec<(String, usize)>, String> {
        self.exports
            .iter()
            .map(|e| {
                let i = self
                    .plans
                    .iter()
                    .position(|p| p.name == *e)
                    .ok_or_else(|| format!("export @{e} has no kernel function"))?;
                Ok((e.clone(), i))
            })
            .collect()
    }
}

/// Lowers a variant's kernel module to the kernel dialect (with the
/// target's parameters, e.g. `vector_bits`) and reads each kernel function.
/// The module is printed and reparsed into a context of its own: the
/// program's is shared and immutable while it runs.
pub fn lower_variant(ctx: &Context, ir: &Ir, variant: Op) -> Result<Lowered, String> {
    let (exports, module) = xir_hal::variant_contents(ctx, ir, variant)?;
    let target = xir::symbol::op_attr(ctx, ir, variant, "target");
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
    let mut plans = Vec::new();
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
        plans.push(plan::read(&kctx, &kir, f).map_err(|(op, m)| at(&kctx, &kir, op, &m))?);
    }
    Ok(Lowered { exports, plans })
}

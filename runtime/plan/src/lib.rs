//! What every backend that runs the kernel form shares: the kernel
//! functions of a compiled `hal.executable.variant` read into plain stage
//! plans ([`read_variant`], [`plan`], [`read`]), and a dispatch's index
//! arithmetic, buffer sizes, grid and accesses resolved and bounds-checked
//! ([`resolve`]). Code generation (Cranelift, SPIR-V) stays in the backends.

#![warn(missing_docs)]

pub mod plan;
pub mod read;
pub mod resolve;

pub use plan::*;
pub use read::{register, BodyYield, ReadBody, ReadTop, Reader};

use xir::{Context, Ir, Op};
use xir_runtime_hal::{Error, Exports, OpError, Result};

/// The error of an op, its message prefixed by the op's `file:line:col`
/// (its kind kept).
pub fn at(ctx: &Context, ir: &Ir, e: OpError) -> Error {
    e.error.context(read::where_is(ctx, ir, e.op))
}

/// A variant's exports and the plan of each kernel function, by name.
pub struct Lowered {
    /// The variant's `hal.executable.export`s, in order.
    pub exports: Vec<String>,
    /// One plan per kernel function, in module order.
    pub plans: Vec<KernelPlan>,
}

impl Lowered {
    /// The index in `plans` of each export, in export order.
    pub fn export_indices(&self) -> Result<Exports> {
        self.exports
            .iter()
            .map(|e| {
                let i = self
                    .plans
                    .iter()
                    .position(|p| p.name == *e)
                    .ok_or_else(|| {
                        Error::invalid_argument(format!("export @{e} has no kernel function"))
                    })?;
                Ok((e.clone(), i))
            })
            .collect()
    }
}

/// Reads each kernel function of a variant (compiled to the kernel dialect
/// by `convert-graph-to-kernel`, part of `--compile-to=hal`) into its plan,
/// straight from the program's IR. The context must have been through
/// [`register`].
pub fn read_variant(ctx: &Context, ir: &Ir, variant: Op) -> Result<Lowered> {
    let (exports, module) =
        xir_hal::variant_contents(ctx, ir, variant).map_err(Error::invalid_argument)?;
    let mut plans = Vec::new();
    for f in ir
        .regions(module)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .unwrap_or_default()
    {
        if !xir_func::FUNC.is(ctx, ir, f) {
            continue;
        }
        plans.push(read::read(ctx, ir, f).map_err(|e| at(ctx, ir, e))?);
    }
    Ok(Lowered { exports, plans })
}

//! The `reference` driver (IREE's vmvx in spirit): one device that serves
//! every target kind by interpreting kernels with plain loops: compiled
//! kernels stage by stage (`staged`), and graph-format ones (target
//! `reference`, the oracle of the graph → kernel lowering) op by op. Slow and
//! obviously correct: the oracle of the fast backends.

use crate::kernel;
use std::sync::Arc;
use xir::{Context, Ir, Op};
use xir_runtime_hal::Result;
use xir_runtime_hal::{Backend, Driver, Executable, TargetDesc};

/// Interprets kernels; `serves` decides which targets it claims.
pub struct Interpreter {
    /// `None`: every target kind.
    pub kinds: Option<Vec<String>>,
}

impl Backend for Interpreter {
    fn serves(&self, kind: &str) -> bool {
        self.kinds
            .as_ref()
            .is_none_or(|k| k.iter().any(|k| k == kind))
    }

    /// A variant of the graph format (target `reference`) is interpreted
    /// op by op on tensors; a compiled one (kernel dialect) stage by stage.
    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
        let target = xir::symbol::op_attr(ctx, ir, variant, "target");
        if xir_kernel::target::holds_graph(ctx, target) {
            kernel::prepare(ctx, ir, variant)
        } else {
            crate::staged::prepare(ctx, ir, variant)
        }
    }

    fn register(&self, ctx: &mut Context) {
        crate::program::register(ctx);
        xir_kernel_plan::register(ctx);
    }
}

pub struct ReferenceDriver;

impl Driver for ReferenceDriver {
    fn name(&self) -> &str {
        "reference"
    }

    fn device_count(&self) -> usize {
        1
    }

    fn target(&self, _ordinal: usize) -> TargetDesc {
        TargetDesc {
            kind: "reference".into(),
            config: vec![],
            formats: vec!["graph".into()],
        }
    }

    fn backend(&self, _ordinal: usize) -> Arc<dyn xir_runtime_hal::Backend> {
        Arc::new(Interpreter { kinds: None })
    }
}

//! The pass interface: what a transformation declares and what it gets to run with.
//! The pass manager, textual pipelines, analyses and instrumentation build on it.

pub mod analysis;
pub mod instrument;
pub mod manager;
pub mod options;
pub mod pipeline;
#[cfg(test)]
mod tests;
pub mod timing;

use std::any::TypeId;
use std::rc::Rc;

use crate::context::Context;
use crate::diag::DiagEngine;
use crate::entity::Op;
use crate::store::Ir;

pub use analysis::{Analysis, AnalysisManager};
pub use instrument::RunConfig;
pub use manager::{OpPassManager, PassManager, RunState};
pub use pipeline::{parse_pipeline, PipelineError};

/// One option of a pass, as `--list-passes` shows it (`{max-iterations=10}`).
#[derive(Clone, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub help: &'static str,
    /// The default, as text.
    pub default: String,
}

/// What a running pass may touch.
pub struct PassContext<'a> {
    pub ctx: &'a mut Context,
    pub ir: &'a mut Ir,
    pub diags: &'a mut DiagEngine,
    /// `--mlir-pass-statistics`: (name, description, value).
    pub statistics: Vec<(&'static str, &'static str, u64)>,
    /// Set by a pass that changed nothing (all analyses stay valid).
    pub preserved_all: bool,
    /// Cached analyses (`pc.analysis::<DominanceInfo>(op)`).
    pub analyses: &'a mut AnalysisManager,
    /// Analyses the pass declared still valid (`pc.preserve::<DominanceInfo>()`).
    pub preserved: Vec<TypeId>,
    /// Whether an error on an op gets a "see current operation" note (MLIR's
    /// `printOpOnDiagnostic`; off under `--verify-diagnostics`).
    pub print_op_on_diagnostic: bool,
}

impl<'a> PassContext<'a> {
    pub fn new(
        ctx: &'a mut Context,
        ir: &'a mut Ir,
        diags: &'a mut DiagEngine,
        analyses: &'a mut AnalysisManager,
    ) -> Self {
        PassContext {
            ctx,
            ir,
            diags,
            statistics: Vec::new(),
            preserved_all: false,
            analyses,
            preserved: Vec::new(),
            print_op_on_diagnostic: true,
        }
    }

    /// `d` on `op`, with the "see current operation" note where MLIR adds one.
    pub fn op_error(&self, mut d: crate::Diagnostic, op: crate::Op) -> crate::Diagnostic {
        if self.print_op_on_diagnostic {
            d.notes
                .push(crate::verifier::current_op_note(self.ctx, self.ir, op));
        }
        d
    }

    /// The analysis `A` of `op`, from the cache or computed now.
    pub fn analysis<A: Analysis>(&mut self, op: Op) -> Rc<A> {
        self.analyses.get::<A>(self.ctx, self.ir, op)
    }

    /// Declares that the pass kept analysis `A` valid.
    pub fn preserve<A: Analysis>(&mut self) {
        self.preserved.push(TypeId::of::<A>());
    }

    pub fn add_statistic(&mut self, name: &'static str, description: &'static str, n: u64) {
        match self.statistics.iter_mut().find(|s| s.0 == name) {
            Some(s) => s.2 += n,
            None => self.statistics.push((name, description, n)),
        }
    }

    /// Declares that the pass did not change the IR.
    pub fn preserve_all(&mut self) {
        self.preserved_all = true;
    }
}

/// A transformation of the IR nested under one op.
pub trait Pass {
    /// The pipeline and flag name (`cse`, `canonicalize`).
    fn argument(&self) -> &'static str;
    /// The display name in IR dumps, timing and statistics (MLIR's class name: `CSE`).
    fn name(&self) -> &'static str {
        self.argument()
    }
    fn summary(&self) -> &'static str;
    /// The op name the pass runs on (`func.func`, `builtin.module`); `None`: any op.
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// Traits every op the pass runs on must have (MLIR's interface-anchored
    /// passes), e.g. SymbolTable for symbol-dce; none by default.
    fn required_traits(&self) -> crate::dialect::Traits {
        crate::dialect::Traits::NONE
    }
    /// The error for an op without [`Pass::required_traits`] (MLIR's wording:
    /// "'func.func' op  was scheduled to run under SymbolDCE, but ...").
    fn missing_traits_message(&self, op_name: &str) -> String {
        format!(
            "'{op_name}' op  was scheduled to run under {}, but lacks the traits it requires",
            self.name()
        )
    }
    fn options(&self) -> Vec<PassOption> {
        Vec::new()
    }
    /// Sets an option from pipeline text; the error says why the value is bad.
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), String> {
        Err(format!("no such option '{name}'"))
    }
    /// Runs on `op`. A failure has already emitted its diagnostics.
    #[allow(clippy::result_unit_err)]
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()>;
}

/// A registered pass: its name, summary and a constructor with default options.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub create: fn() -> Box<dyn Pass>,
}

/// A named pipeline (MLIR's `PassPipelineRegistration`): a builder that
/// makes its passes, so a pipeline is a value, not pass names in a string.
#[derive(Clone, Copy)]
pub struct PipelineInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub build: fn() -> Vec<Box<dyn Pass>>,
}

/// Every pass and named pipeline xopt knows, by argument.
#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<PassInfo>,
    pipelines: Vec<PipelineInfo>,
}

impl PassRegistry {
    pub fn register(&mut self, info: PassInfo) {
        self.passes.retain(|p| p.argument != info.argument);
        self.passes.push(info);
    }

    pub fn register_pipeline(&mut self, info: PipelineInfo) {
        self.pipelines.retain(|p| p.argument != info.argument);
        self.pipelines.push(info);
    }

    pub fn pass(&self, argument: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.argument == argument)
    }

    pub fn pipeline(&self, argument: &str) -> Option<&PipelineInfo> {
        self.pipelines.iter().find(|p| p.argument == argument)
    }

    /// All passes, sorted by argument.
    pub fn passes(&self) -> Vec<&PassInfo> {
        let mut v: Vec<&PassInfo> = self.passes.iter().collect();
        v.sort_by_key(|p| p.argument);
        v
    }

    pub fn pipelines(&self) -> &[PipelineInfo] {
        &self.pipelines
    }
}

/// Registers pass types that have `ARGUMENT` and `SUMMARY` constants and a
/// `Default` (their default options): `register_passes!(reg, Cse, Inline)`.
#[macro_export]
macro_rules! register_passes {
    ($reg:expr, $($t:ty),* $(,)?) => {$(
        $reg.register($crate::pass::PassInfo {
            argument: <$t>::ARGUMENT,
            summary: <$t>::SUMMARY,
            create: || Box::new(<$t>::default()),
        });
    )*};
}

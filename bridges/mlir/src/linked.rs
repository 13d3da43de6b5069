//! The part that calls MLIR (feature `mlir`).

use super::{anchored, Diagnostic, Loc, PrintFlags, Severity};
use melior::diagnostic::DiagnosticSeverity;
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::{Location, Module};
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_dialects, register_all_passes};
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;

pub struct Linked {
    // Declared first: dropped before the context it borrows from.
    diags: Rc<RefCell<Vec<Diagnostic>>>,
    context: Context,
}

impl Linked {
    pub fn new() -> Self {
        register_all_passes();
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        // Single-threaded, as `mlir-opt --mlir-disable-threading`: no thread pool
        // per context, and diagnostics arrive in order.
        let context = Context::new_with_registry(&registry, false);
        context.load_all_available_dialects();
        context.set_allow_unregistered_dialects(true);
        let diags: Rc<RefCell<Vec<Diagnostic>>> = Rc::default();
        let sink = diags.clone();
        context.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(convert(&d));
            true
        });
        Linked { diags, context }
    }

    fn take(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.diags.borrow_mut())
    }

    /// Errors, or a generic one when MLIR failed without saying why.
    fn failure(&self, what: &str) -> Vec<Diagnostic> {
        let mut ds = self.take();
        if !ds.iter().any(|d| d.severity == Severity::Error) {
            ds.push(Diagnostic::error(what));
        }
        ds
    }

    fn parse(&self, text: &str) -> Result<Module<'_>, Vec<Diagnostic>> {
        self.take();
        Module::parse(&self.context, text)
            .ok_or_else(|| self.failure("MLIR could not parse the module"))
    }

    pub fn knows_op(&self, name: &str) -> bool {
        self.context.is_registered_operation(name)
    }

    pub fn verify(&self, text: &str) -> Result<(), Vec<Diagnostic>> {
        // Parsing verifies (MLIR's parser config verifies after parsing).
        let module = self.parse(text)?;
        if !module.as_operation().verify() {
            return Err(self.failure("the module does not verify"));
        }
        Ok(())
    }

    pub fn run_pipeline(
        &self,
        text: &str,
        pipeline: &str,
        flags: PrintFlags,
    ) -> Result<String, Vec<Diagnostic>> {
        let mut module = self.parse(text)?;
        if !pipeline.trim().is_empty() {
            let pm = PassManager::new(&self.context);
            parse_pass_pipeline(pm.as_operation_pass_manager(), &anchored(pipeline)).map_err(
                |e| {
                    vec![Diagnostic::error(format!(
                        "invalid MLIR pass pipeline '{pipeline}': {e}"
                    ))]
                },
            )?;
            if pm.run(&mut module).is_err() {
                return Err(self.failure("the MLIR pass pipeline failed"));
            }
        }
        let mut f = OperationPrintingFlags::new();
        if flags.debuginfo {
            f = f.enable_debug_info(true, false);
        }
        if flags.generic {
            f = f.print_generic_operation_form();
        }
        if flags.local_scope {
            f = f.use_local_scope();
        }
        let mut out = module.as_operation().to_string_with_flags(f).map_err(|e| {
            vec![Diagnostic::error(format!(
                "MLIR could not print the module: {e}"
            ))]
        })?;
        out.push('\n');
        self.take();
        Ok(out)
    }
}

fn convert(d: &melior::diagnostic::Diagnostic) -> Diagnostic {
    let severity = match d.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Remark => Severity::Remark,
        DiagnosticSeverity::Note => Severity::Note,
    };
    let notes = (0..d.note_count())
        .filter_map(|i| d.note(i).ok())
        .map(|n| convert(&n))
        .collect();
    Diagnostic {
        severity,
        loc: file_loc(d.location()),
        message: d.to_string(),
        notes,
    }
}

/// The first file:line:col inside a location, as MLIR's own handler finds it.
fn file_loc(loc: Location<'_>) -> Loc {
    if loc.is_file_line_col_range() {
        let file = loc.file_line_col_range_filename();
        return Loc::FileLineCol {
            file: file.as_string_ref().as_str().unwrap_or("").to_string(),
            line: loc.file_line_col_range_start_line() as u32,
            col: loc.file_line_col_range_start_column() as u32,
        };
    }
    if loc.is_name() {
        return file_loc(loc.name_child_location());
    }
    if loc.is_call_site() {
        return file_loc(loc.call_site_callee());
    }
    if loc.is_fused() {
        for i in 0..loc.fused_num_locations() {
            let inner = file_loc(loc.fused_location(i));
            if inner != Loc::Unknown {
                return inner;
            }
        }
    }
    Loc::Unknown
}

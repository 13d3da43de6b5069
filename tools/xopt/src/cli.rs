//! xopt's command line: mlir-opt's flags, with LLVM's habit of single-dash long options.

use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "xopt",
    about = "xir optimizer driver: parses, verifies, transforms and prints textual IR (mlir-opt's interface)",
    version
)]
pub struct Args {
    /// Input file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,

    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,

    /// Split the input on `// -----` lines and process each chunk on its own.
    #[arg(long = "split-input-file", num_args = 0..=1, default_missing_value = "// -----", require_equals = true)]
    pub split_input_file: Option<String>,

    /// What to print between the outputs of split chunks.
    #[arg(
        long = "output-split-marker",
        default_value = "// -----",
        require_equals = true
    )]
    pub output_split_marker: String,

    /// Check `expected-*` annotations in the input against the diagnostics produced.
    #[arg(long = "verify-diagnostics")]
    pub verify_diagnostics: bool,

    /// Accept ops, types and attributes of dialects that are not registered.
    #[arg(long = "allow-unregistered-dialect")]
    pub allow_unregistered_dialect: bool,

    /// Print every op in the generic form.
    #[arg(long = "mlir-print-op-generic")]
    pub print_op_generic: bool,

    /// Print locations.
    #[arg(long = "mlir-print-debuginfo")]
    pub print_debuginfo: bool,

    /// Print everything inline, without aliases.
    #[arg(long = "mlir-print-local-scope")]
    pub print_local_scope: bool,

    /// Do not wrap the input in an implicit `builtin.module`.
    #[arg(long = "no-implicit-module")]
    pub no_implicit_module: bool,

    /// Run the verifier after parsing (and after each pass); on by default.
    #[arg(long = "verify-each", num_args = 0..=1, default_missing_value = "true", default_value = "true", require_equals = true)]
    pub verify_each: bool,

    /// Accepted for mlir-opt compatibility; xopt's passes run single-threaded for now.
    #[arg(long = "mlir-disable-threading")]
    pub disable_threading: bool,

    /// Textual description of the pass pipeline to run.
    #[arg(long = "pass-pipeline", require_equals = true)]
    pub pass_pipeline: Option<String>,

    /// Lower planned graph IR to this level after the given passes.
    #[arg(long = "compile-to", require_equals = true, value_enum)]
    pub compile_to: Option<CompileTo>,

    /// Print the registered dialects and exit.
    #[arg(long = "show-dialects")]
    pub show_dialects: bool,

    /// Print the ops of a registered dialect, one per line, and exit.
    #[arg(long = "list-ops", require_equals = true, value_name = "DIALECT")]
    pub list_ops: Option<String>,

    /// Print the registered passes with their options and exit.
    #[arg(long = "list-passes")]
    pub list_passes: bool,

    /// Print the pipeline that will be run.
    #[arg(long = "dump-pass-pipeline")]
    pub dump_pass_pipeline: bool,

    /// Print IR before specified passes.
    #[arg(long = "mlir-print-ir-before", require_equals = true, value_delimiter = ',', action = clap::ArgAction::Append)]
    pub print_ir_before: Vec<String>,

    /// Print IR after specified passes.
    #[arg(long = "mlir-print-ir-after", require_equals = true, value_delimiter = ',', action = clap::ArgAction::Append)]
    pub print_ir_after: Vec<String>,

    /// Print IR before each pass.
    #[arg(long = "mlir-print-ir-before-all")]
    pub print_ir_before_all: bool,

    /// Print IR after each pass.
    #[arg(long = "mlir-print-ir-after-all")]
    pub print_ir_after_all: bool,

    /// When printing the IR after a pass, only print if the IR changed.
    #[arg(long = "mlir-print-ir-after-change")]
    pub print_ir_after_change: bool,

    /// When printing the IR after a pass, only print if the pass failed.
    #[arg(long = "mlir-print-ir-after-failure")]
    pub print_ir_after_failure: bool,

    /// When printing IR for print-ir-[before|after]{-all} always print the top-level operation.
    #[arg(long = "mlir-print-ir-module-scope")]
    pub print_ir_module_scope: bool,

    /// Display execution times.
    #[arg(long = "mlir-timing")]
    pub timing: bool,

    /// Display method for timing data.
    #[arg(long = "mlir-timing-display", require_equals = true, default_value = "tree", value_parser = ["list", "tree"])]
    pub timing_display: String,

    /// Display the statistics of each pass.
    #[arg(long = "mlir-pass-statistics")]
    pub pass_statistics: bool,

    /// A device, `[NAME=]SPEC` (SPEC: `local`, `vulkan[1]`, `vulkan,local` for a select
    /// list, or a `#device.target<...>`); repeatable, in device order. Configures the
    /// pipeline's `device-assign-targets`, or runs one first when it has none.
    #[arg(long = "target-device", require_equals = true, action = clap::ArgAction::Append, value_name = "[NAME=]SPEC")]
    pub target_device: Vec<String>,

    /// A file of `#device.target<...>` definitions (one per line) that add or override
    /// device kinds for the pipeline's `device-resolve-aliases`; repeatable.
    #[arg(long = "device-target-registry", require_equals = true, action = clap::ArgAction::Append, value_name = "FILE")]
    pub device_target_registry: Vec<String>,

    /// How diagnostics are written: `mlir` (mlir-opt's text, the default) or `pretty`
    /// (source snippets with labelled spans, drawn by ariadne; colour when stderr is a
    /// terminal and NO_COLOR is unset).
    #[arg(long = "diagnostics", require_equals = true, default_value = "mlir", value_parser = ["mlir", "pretty"])]
    pub diagnostics: String,

    /// Runs an MLIR 22 pass pipeline (`canonicalize,cse`, or anchored:
    /// `builtin.module(func.func(cse))`) in process after xopt's own passes. xir's
    /// dialects travel through it as unregistered ops. Needs the `mlir` feature.
    #[arg(long = "mlir-bridge", require_equals = true, value_name = "PIPELINE")]
    pub mlir_bridge: Option<String>,

    /// Has MLIR 22 (in process) parse and verify the module xopt writes; its generic
    /// form when it holds ops of xir's own dialects. Needs the `mlir` feature.
    #[arg(long = "mlir-verify")]
    pub mlir_verify: bool,

    /// Display method for pass statistics.
    #[arg(long = "mlir-pass-statistics-display", require_equals = true, default_value = "pipeline", value_parser = ["list", "pipeline"])]
    pub pass_statistics_display: String,
}

/// Every registered pass as its own flag (`--cse`, `--canonicalize='max-iterations=3'`).
pub fn command_with_passes(registry: &xir::pass::PassRegistry) -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Args::command();
    for p in registry.passes() {
        cmd = cmd.arg(
            clap::Arg::new(p.argument)
                .long(p.argument)
                .help(p.summary)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(clap::ArgAction::Append)
                .help_heading("Passes"),
        );
    }
    for p in registry.pipelines() {
        cmd = cmd.arg(
            clap::Arg::new(p.argument)
                .long(p.argument)
                .help(p.summary)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(clap::ArgAction::Append)
                .help_heading("Pass Pipelines"),
        );
    }
    cmd
}

/// The pass and pipeline flags given, in command-line order: (argument, options).
pub fn pass_flags(
    m: &clap::ArgMatches,
    registry: &xir::pass::PassRegistry,
) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    let names = registry
        .passes()
        .into_iter()
        .map(|p| p.argument)
        .chain(registry.pipelines().iter().map(|p| p.argument));
    for name in names {
        if let (Some(idx), Some(vals)) = (m.indices_of(name), m.get_many::<String>(name)) {
            for (i, v) in idx.zip(vals) {
                found.push((i, name, v.clone()));
            }
        }
    }
    found.sort_by_key(|f| f.0);
    found.into_iter().map(|(_, n, v)| (n, v)).collect()
}

/// mlir-opt accepts `-flag` and `--flag` alike; clap wants `--` for long options.
pub fn normalize_args(args: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen_dashdash = false;
    args.enumerate()
        .map(|(i, a)| {
            if i == 0 || seen_dashdash {
                return a;
            }
            if a == "--" {
                seen_dashdash = true;
                return a;
            }
            let b = a.as_bytes();
            if b.len() > 2 && b[0] == b'-' && b[1] != b'-' && b[1].is_ascii_alphabetic() {
                format!("-{a}")
            } else {
                a
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_dash_long_options_become_double_dash() {
        let v = normalize_args(
            [
                "xopt",
                "-split-input-file",
                "-o",
                "x",
                "--verify-diagnostics",
                "-",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
        assert_eq!(
            v,
            [
                "xopt",
                "--split-input-file",
                "-o",
                "x",
                "--verify-diagnostics",
                "-"
            ]
        );
    }
}

/// The levels `--compile-to` reaches.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CompileTo {
    Flow,
    Stream,
    /// hal, each executable's kernels compiled for its target.
    Hal,
    /// The same as `hal` (kept for scripts that used it).
    Kernel,
}

impl CompileTo {
    /// The passes that lower a planned graph program to this level.
    pub fn pipeline(self) -> xir_compiler::Passes {
        use xir_compiler::pipelines;
        match self {
            CompileTo::Flow => pipelines::graph_to_flow(),
            CompileTo::Stream => pipelines::graph_to_stream(),
            CompileTo::Hal | CompileTo::Kernel => pipelines::graph_to_hal(),
        }
    }
}

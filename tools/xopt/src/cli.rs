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

//! `xir-import-onnx model.onnx -o model.mlir`: an ONNX model as graph-dialect
//! text (iree-import-onnx's interface). Errors name the node, op and opset
//! (every unsupported op of the model at once); exit status 1.

use clap::Parser;
use std::process::ExitCode;
use xir_onnx::{Binding, DimBinding, Options, Placement};

#[derive(Parser)]
#[command(
    name = "xir-import-onnx",
    about = "Imports an ONNX model as xir graph-dialect text"
)]
struct Cli {
    /// The model (`-` reads stdin).
    input: String,
    /// Where to write the module (`-`, the default, is stdout).
    #[arg(short = 'o', long = "output", default_value = "-")]
    output: String,
    /// Initializers become trailing function arguments instead of constants.
    #[arg(long = "params-as-args")]
    params_as_args: bool,
    /// Pins the results of the nodes whose name matches PATTERN (a glob: `*`,
    /// `?`) to a device, as `graph.on_device`: `--place=NODE=@gpu`. Repeatable.
    #[arg(long = "place", value_name = "PATTERN=@DEVICE")]
    place: Vec<String>,
    /// Takes the graph input NAME as the constant V,... (a scalar or a
    /// vector; integers for an integer input, numbers for a float one), so
    /// the shape-like operands it feeds (Reshape's shape, axes, Slice's
    /// starts, Pad's pads, Resize's scales, ...) fold. Repeatable.
    #[arg(long = "bind", value_name = "NAME=V,...")]
    bind: Vec<String>,
    /// Takes the symbolic dimension NAME (an input's or output's
    /// `dim_param`, such as `batch`) as the static size N. Repeatable.
    #[arg(long = "dim", value_name = "NAME=N")]
    dims: Vec<String>,
    /// Print the generic form as written, before xir parses and verifies it.
    #[arg(long = "generic", hide = true)]
    generic: bool,
}

fn run(cli: &Cli) -> Result<(), String> {
    let bytes = xir_onnx::read_model(&cli.input)?;
    let opts = Options {
        params_as_args: cli.params_as_args,
        place: cli
            .place
            .iter()
            .map(|p| Placement::parse(p))
            .collect::<Result<_, _>>()?,
        bind: cli
            .bind
            .iter()
            .map(|b| Binding::parse(b))
            .collect::<Result<_, _>>()?,
        dims: cli
            .dims
            .iter()
            .map(|d| DimBinding::parse(d))
            .collect::<Result<_, _>>()?,
    };
    let text = if cli.generic {
        xir_onnx::import_generic(&bytes, &opts)
    } else {
        xir_onnx::import_bytes(bytes, &opts)
    }
    .map_err(|e| format!("{}: {e}", cli.input))?;
    if cli.output == "-" {
        print!("{text}");
        Ok(())
    } else {
        std::fs::write(&cli.output, text).map_err(|e| format!("cannot write '{}': {e}", cli.output))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xir-import-onnx: error: {e}");
            ExitCode::FAILURE
        }
    }
}

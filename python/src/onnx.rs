//! `xir.onnx.import_model`: an ONNX model as a graph-level module (what
//! `xir-import-onnx` prints, parsed and verified).

use crate::diag::{guard, Failure, Kind};
use crate::ir::{parse, Module};
use crate::runtime::{compile_module, Executable};
use pyo3::prelude::*;
use xir_onnx::{Binding, DimBinding, Options, Placement};

/// The importer's options from the keywords of the Python functions.
fn options(
    place: Vec<(String, String)>,
    dims: Vec<(String, i64)>,
    bind: Vec<(String, String)>,
    params_as_args: bool,
) -> Result<Options, String> {
    Ok(Options {
        params_as_args,
        place: place
            .iter()
            .map(|(p, d)| Placement::parse(&format!("{p}={d}")))
            .collect::<Result<_, _>>()?,
        bind: bind
            .iter()
            .map(|(n, v)| Binding::parse(&format!("{n}={v}")))
            .collect::<Result<_, _>>()?,
        dims: dims
            .iter()
            .map(|(n, s)| DimBinding::parse(&format!("{n}={s}")))
            .collect::<Result<_, _>>()?,
    })
}

/// Imports an ONNX model straight into the IR and compiles it, as `xrun
/// model.onnx` does: the model at `path` is mapped, or `data` taken as it
/// is, and its weights are interned from those bytes; no text is printed or
/// parsed on the way. An unsupported or malformed model, or one that does
/// not compile, raises `xir.CompileError`; a device that cannot open,
/// `xir.RuntimeError`.
#[pyfunction]
#[pyo3(signature = (path, data, name, place, dims, bind, target_devices, device_plan, devices))]
#[allow(clippy::too_many_arguments)]
pub fn compile_model(
    py: Python<'_>,
    path: Option<String>,
    data: Option<Vec<u8>>,
    name: String,
    place: Vec<(String, String)>,
    dims: Vec<(String, i64)>,
    bind: Vec<(String, String)>,
    target_devices: Vec<String>,
    device_plan: String,
    devices: Vec<String>,
) -> PyResult<Executable> {
    let opts = options(place, dims, bind, false).map_err(|e| Failure::compile(e).into_py(py))?;
    let (program, functions, devices) = py
        .detach(|| {
            guard(Kind::Compile, || {
                let bytes = match (path, data) {
                    (Some(p), _) => xir_onnx::read_model(&p).map_err(Failure::compile)?,
                    (None, Some(d)) => xir_onnx::Bytes::from(d),
                    (None, None) => return Err(Failure::compile("no model given")),
                };
                let mut ctx = Box::new(xir_compiler::context());
                let mut ir = Box::new(xir::Ir::new());
                let top = xir_onnx::import_bytes_into(bytes, &opts, &mut ctx, &mut ir)
                    .map_err(|e| Failure::compile(format!("{name}: {e}")))?;
                compile_module(
                    ctx,
                    ir,
                    top,
                    &xir::SourceMgr::default(),
                    &target_devices,
                    &device_plan,
                    &devices,
                )
            })
        })
        .map_err(|f| f.into_py(py))?;
    Ok(Executable::new(program, functions, devices))
}

/// Imports the serialized `ModelProto` in `data`. `place` pins nodes to
/// devices (`{"mlp/*": "@gpu"}`), `dims` gives symbolic dimensions sizes,
/// `bind` takes graph inputs as constants; `name` is the model's name in
/// messages. An unsupported or malformed model raises `xir.CompileError`.
#[pyfunction]
#[pyo3(signature = (data, name, place, dims, bind, params_as_args))]
pub fn import_model(
    py: Python<'_>,
    data: Vec<u8>,
    name: String,
    place: Vec<(String, String)>,
    dims: Vec<(String, i64)>,
    bind: Vec<(String, String)>,
    params_as_args: bool,
) -> PyResult<Module> {
    let opts =
        options(place, dims, bind, params_as_args).map_err(|e| Failure::compile(e).into_py(py))?;
    py.detach(|| {
        guard(Kind::Compile, || {
            let text = xir_onnx::import_generic(&data, &opts)
                .map_err(|e| Failure::compile(format!("{name}: {e}")))?;
            parse(&name, text, false)
        })
    })
    .map(Module::new)
    .map_err(|f| f.into_py(py))
}

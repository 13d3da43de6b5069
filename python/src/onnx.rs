//! `xir.onnx.import_model`: an ONNX model as a graph-level module (what
//! `xir-import-onnx` prints, parsed and verified).

use crate::diag::{guard, Failure, Kind};
use crate::ir::{parse, Module};
use pyo3::prelude::*;
use xir_onnx::{Binding, DimBinding, Options, Placement};

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
    let opts = (|| {
        Ok::<_, String>(Options {
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
    })()
    .map_err(|e| Failure::compile(e).into_py(py))?;
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

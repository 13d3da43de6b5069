//! `xir._xir`: the native half of the `xir` Python package. The Python
//! modules under `xir/` give it its public shape (`xir.ir`, `xir.onnx`,
//! `xir.runtime`, `xir.compile`); this crate holds what touches the IR and
//! the runtime. Every entry point releases the GIL while it works and turns
//! a panic into an exception (`guard`).

mod diag;
mod ir;
mod onnx;
mod runtime;

use pyo3::prelude::*;

#[pymodule]
fn _xir(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ir::Module>()?;
    m.add_class::<ir::Operation>()?;
    m.add_class::<ir::PassManager>()?;
    m.add_class::<runtime::Executable>()?;
    m.add_class::<runtime::Buffer>()?;
    m.add_function(wrap_pyfunction!(runtime::compile, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::devices, m)?)?;
    m.add_function(wrap_pyfunction!(onnx::import_model, m)?)?;
    m.add_function(wrap_pyfunction!(onnx::compile_model, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}

/// Panics inside the guard every entry point runs in: the test that a
/// panic reaches Python as `xir.RuntimeError`.
#[pyfunction]
fn _panic_for_test(py: Python<'_>) -> PyResult<()> {
    py.detach(|| {
        diag::guard(diag::Kind::Runtime, || -> Result<(), diag::Failure> {
            panic!("a deliberate panic (the guard's test)")
        })
    })
    .map_err(|f| f.into_py(py))
}

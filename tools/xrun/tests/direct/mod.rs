//! Shared by the tests that compare an op's decomposition with the reference
//! backend's direct semantics (`composites.rs`, `windows.rs`).

use std::sync::Arc;
use xir::Ir;
use xir_runtime_hal::{Device, HostTensor};
use xir_runtime_reference::program::Program;

/// The direct semantics: the graph-level program on the reference's
/// interpreter, composite and window ops not decomposed.
pub fn direct(text: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = xrun::parse(&mut ctx, &mut ir, "input", text).map_err(|e| e.to_string())?;
    xir_runtime_reference::program::register(&mut ctx);
    let p = Program::from_module(&ctx, &ir, top).map_err(|e| e.to_string())?;
    let f = p.function("main").ok_or("no function")?;
    let out = p
        .call(f, inputs.iter().cloned().map(Arc::new).collect())
        .map_err(|e| e.to_string())?;
    Ok(out.into_iter().map(|t| (*t).clone()).collect())
}

/// The devices of one kind (`local`, `reference`).
pub fn open(name: &str) -> Vec<Arc<Device>> {
    xrun::devices::open(&[name.to_string()]).unwrap()
}

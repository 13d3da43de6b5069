//! The `kernel` dialect (docs/architecture.md §3, §8): the body of a dispatch as parallel
//! loop nests over buffers and named micro-kernels, the one form the CPU
//! (Cranelift) and GPU (SPIR-V) backends translate.
//!
//! A kernel is a `func.func` whose arguments are the dispatch's constants
//! (`index`); its buffers come from `kernel.binding N` (the dispatch's N-th
//! binding: the kernel's inputs, then its results), `kernel.alloc` (scratch
//! memory for one dispatch), `kernel.constant` and `kernel.reshape` (a view
//! of a contiguous buffer with another shape). Work is done by stages, run
//! in order, each over its whole domain before the next starts:
//!
//! - `kernel.generic`: linalg.generic's form with parallel and reduction
//!   iterators: `domain(...)` gives the loop bounds, one affine map per
//!   operand gives the element each iteration reads or writes, and the body
//!   computes one output element from one element of each input (and the
//!   output's current value, the accumulator of a reduction). Fused
//!   elementwise graph ops become one body: one load per input and one store
//!   per output. `vector_width` is the lowering's choice of SIMD lanes.
//! - `kernel.matmul`: the named micro-kernel `C = A·B` (batched over leading
//!   dims), with an optional epilogue body applied to each result element
//!   (bias add, relu, ...) while it is still in cache.
//! - `kernel.gather`: `graph.gather` as a named stage from buffer to buffer,
//!   `out[a…, j…, b…] = input[a…, idx(indices[j…]), b…]` with i32/i64
//!   indices read at run time, negative ones counting from the end and
//!   out-of-range ones clamped (no backend reads outside `input`). The local
//!   backend runs it in Rust (`xir_ukernel::gather`), Vulkan as a shader
//!   with one output element per invocation.
//! - `kernel.scatter`: `graph.scatter` as a named stage, the output a copy
//!   of the data with the update rows written (or combined by `add`, `mul`,
//!   `max`, `min`) in order at the rows the indices select (gather's
//!   mapping), so a later duplicate wins; backends run the rows in order.
//!
//! Bodies hold `arith` ops and `kernel.exp`, `tanh`, `log`, `erf`, `sin`,
//! `cos`, `sqrt`, `abs`, `pow`, `cast` on scalars of the signless element
//! types; each backend vectorises them.

pub mod conversion;
pub mod ops;
pub mod target;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `kernel` dialect.
pub fn register(ctx: &mut Context) {
    xir::ods::register_dialect(ctx, "kernel", &OPS);
}

#[cfg(test)]
mod tests;

//! Tensors in and out of the runtime (docs/architecture.md §6-7, `xrun`'s `--input=` and
//! printed outputs):
//!
//! - [`parse_input`] / [`format_tensor`]: iree-run-module's text form,
//!   `2x2xf32=[1 2][3 4]`, with IREE's parsing rules (splats, brackets and
//!   commas as separators, `@file.npy`) and IREE's printing (`%G` floats).
//! - [`read_npy`] / [`write_npy`]: NumPy's `.npy` format, versions 1.0-3.0,
//!   either byte order, C or Fortran order on read; written as numpy writes
//!   it (v1, little-endian, C order, same header bytes).
#![warn(missing_docs)]

mod npy;
mod pylit;
mod text;

pub use npy::{
    descr_of, npy_bytes, parse_descr, read_npy, read_npy_all_bytes, read_npy_bytes, write_npy,
};
pub use text::{format_float, format_tensor, format_tensor_limited, parse_input};

//! Helpers that the passes and conversions of several levels share, kept
//! below every dialect so that no crate reaches into another level's
//! internals for them. Nothing else in `xir` uses them.
//!
//! - `top`: the ops and `func.func`s directly in a module's body;
//! - `nesting`: where an op or a value's definition sits among blocks;
//! - `union_find`: a union-find forest over units of ops, and a unit's
//!   dependencies in a block;
//! - `build`: an op state with properties, `index` constants, integer
//!   attribute values, the shape of a ranked tensor type;
//! - `bytes`: the storage bytes of a tensor type (the memory planner's rule,
//!   shared by the conversions that size resources and buffers);
//! - `level_guard`: the guard each conversion runs last, reporting each op
//!   of a level above its target left outside the target's executables.

pub mod build;
pub mod bytes;
pub mod level_guard;
pub mod nesting;
pub mod top;
pub mod union_find;

//! Device assignment and planning (DESIGN.md §4).

pub mod forms;
pub mod plan;

//! Conversions into the kernel dialect.

pub mod from_graph;
pub mod pass;

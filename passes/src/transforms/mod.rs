//! One pass per module.

pub mod arith_combine;
pub mod arith_patterns;
pub mod canonicalize;
pub mod cse;
pub mod graph_patterns;
pub mod inline;
pub mod print_op_stats;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod view_op_graph;

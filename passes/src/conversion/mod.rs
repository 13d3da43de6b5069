//! Conversions between levels (DESIGN.md §3): graph → flow.

pub mod graph_to_flow;

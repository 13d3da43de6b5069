//! Conversions between levels (DESIGN.md §3): graph → flow → stream.

pub mod flow_to_stream;
pub mod graph_to_flow;
pub mod guard;
pub mod stream_to_hal;

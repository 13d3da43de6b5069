//! The stream-level guard: after flow → stream, no flow or graph op is left
//! outside `flow.executable`s (which stream dispatches still reference).
//! Host control flow (`scf.if`) belongs to every level and is allowed.

use crate::conversion::guard::{Level, LevelGuard};

pub struct StreamLevel;

impl Level for StreamLevel {
    const ARGUMENT: &'static str = "verify-flow-to-stream";
    const NAME: &'static str = "VerifyFlowToStream";
    const SUMMARY: &'static str =
        "Check that no flow or graph op is left outside flow.executable ops";
    const EXECUTABLE: &'static str = "flow.executable";
    fn forbidden(name: &str) -> bool {
        name.starts_with("flow.") || name.starts_with("graph.")
    }
    fn message(name: &str) -> String {
        format!("flow-to-stream: '{name}' is left after conversion to stream")
    }
}

pub type VerifyFlowToStream = LevelGuard<StreamLevel>;

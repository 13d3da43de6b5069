//! The flow-level guard: after graph → flow, graph ops (constants included)
//! live only in executables, but for host shape queries (`graph.dim`); one
//! left outside is an error that names it.

use super::classify::allowed_outside;
use xir::util::level_guard::{Level, LevelGuard};

pub struct FlowLevel;

impl Level for FlowLevel {
    const ARGUMENT: &'static str = "verify-graph-to-flow";
    const NAME: &'static str = "VerifyGraphToFlow";
    const SUMMARY: &'static str =
        "Check that no graph op but graph.dim is left outside flow.executable ops";
    const EXECUTABLE: &'static str = "flow.executable";
    fn forbidden(name: &str) -> bool {
        name.starts_with("graph.") && !allowed_outside(name)
    }
    fn message(name: &str) -> String {
        // A placement op left means the program was never planned: say which
        // flags do that.
        if name == "graph.on_device" || name == "graph.transfer" {
            return format!(
                "graph-to-flow: '{name}' is left outside a flow.executable: the program is not placed; run device-plan first (--device-plan, with devices from --target-device=NAME=KIND or device.targets)"
            );
        }
        format!("graph-to-flow: '{name}' is left outside a flow.executable")
    }
}

pub type VerifyGraphToFlow = LevelGuard<FlowLevel>;

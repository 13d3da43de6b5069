//! The hal-level guard: after stream → hal, no stream, flow or graph op is
//! left outside `hal.executable`s. Host control flow (`scf.if`) is allowed.

use xir::util::level_guard::{Level, LevelGuard};

pub struct HalLevel;

impl Level for HalLevel {
    const ARGUMENT: &'static str = "verify-stream-to-hal";
    const NAME: &'static str = "VerifyStreamToHal";
    const SUMMARY: &'static str =
        "Check that no stream, flow or graph op is left outside hal.executable ops";
    const EXECUTABLE: &'static str = "hal.executable";
    fn forbidden(name: &str) -> bool {
        ["stream.", "flow.", "graph."]
            .iter()
            .any(|p| name.starts_with(p))
    }
    fn message(name: &str) -> String {
        format!("stream-to-hal: '{name}' is left after conversion to hal")
    }
}

pub type VerifyStreamToHal = LevelGuard<HalLevel>;

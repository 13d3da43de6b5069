//! Per-queue timestamps of what devices ran (`xrun --trace`): which queue
//! ran each command, from when to when, on one clock.

use crate::command::Command;
use std::sync::Mutex;
use std::time::Instant;

/// One command as a queue ran it; times in microseconds since the trace began.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEvent {
    /// The queue (`local0-q0`, `vulkan1-q0`, ...).
    pub queue: String,
    /// What ran: `dispatch at file:line:col`, `copy N bytes` or `fill N bytes`.
    pub what: String,
    /// When it started, in microseconds since the trace began.
    pub start_us: f64,
    /// When it ended, in microseconds since the trace began.
    pub end_us: f64,
}

/// A recording of what the queues of the devices that share it ran (barriers are
/// not recorded), safe to share across queues.
#[derive(Debug)]
pub struct Trace {
    began: Instant,
    events: Mutex<Vec<TraceEvent>>,
}

impl Default for Trace {
    fn default() -> Self {
        Trace {
            began: Instant::now(),
            events: Mutex::new(Vec::new()),
        }
    }
}

impl Trace {
    /// An empty trace whose clock starts now.
    pub fn new() -> Trace {
        Trace::default()
    }

    pub(crate) fn record(&self, queue: &str, c: &Command, start: Instant, end: Instant) {
        let what = match c {
            Command::Dispatch { site, .. } => format!("dispatch at {site}"),
            Command::Copy { length, .. } => format!("copy {length} bytes"),
            Command::Fill { length, .. } => format!("fill {length} bytes"),
            Command::Barrier => return,
        };
        let us = |t: Instant| t.saturating_duration_since(self.began).as_secs_f64() * 1e6;
        self.events
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(TraceEvent {
                queue: queue.to_string(),
                what,
                start_us: us(start),
                end_us: us(end),
            });
    }

    /// Every event so far, by start time.
    pub fn events(&self) -> Vec<TraceEvent> {
        let mut v = self
            .events
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        v.sort_by(|a, b| a.start_us.total_cmp(&b.start_us));
        v
    }
}

//! Command buffers: what a queue runs, recorded by the host.

use crate::buffer::Buffer;
use crate::error::{Error, Result};
use crate::executable::Executable;
use std::sync::Arc;

/// The arguments of one kernel launch.
#[derive(Clone, Debug)]
pub struct DispatchArgs {
    /// Workgroup counts (x, y, z), chosen by the compiler (`xir_hal::grid`).
    pub workgroups: [u64; 3],
    /// The dispatch's constants (the kernel's trailing `index` arguments).
    pub constants: Vec<u64>,
    /// Bound buffer ranges: the kernel's tensor arguments, then its results.
    pub bindings: Vec<Buffer>,
}

/// One recorded command. Offsets and lengths are in bytes, within the buffers'
/// ranges (checked when the command runs: a bad range fails the submission).
#[derive(Clone)]
pub enum Command {
    /// Runs one export of an executable over a grid of workgroups.
    Dispatch {
        /// The prepared executable (from [`crate::Device::executable`]).
        executable: Arc<dyn Executable>,
        /// The export's index in the executable.
        export: usize,
        /// Workgroup counts, constants and bound buffers.
        args: DispatchArgs,
        /// Where the program recorded it (`file:line:col`), for errors.
        site: Arc<str>,
    },
    /// Copies `length` bytes from `source[source_offset..]` to
    /// `target[target_offset..]` (the ranges may overlap).
    Copy {
        /// The buffer read.
        source: Buffer,
        /// Where the bytes start in `source`.
        source_offset: usize,
        /// The buffer written.
        target: Buffer,
        /// Where the bytes go in `target`.
        target_offset: usize,
        /// How many bytes.
        length: usize,
    },
    /// Writes `pattern` repeatedly over `target[offset..offset + length]`.
    Fill {
        /// The buffer written.
        target: Buffer,
        /// Where the filled range starts in `target`.
        offset: usize,
        /// The filled range's length: a multiple of the pattern's.
        length: usize,
        /// The repeated bytes: 1, 2 or 4 of them (an element's bit pattern).
        pattern: Vec<u8>,
    },
    /// Commands after it start when those before it are done. Queues of
    /// this crate run the commands of one buffer in order, so a barrier only
    /// marks the point; a backend that overlaps commands honours it.
    Barrier,
}

/// A recorded list of commands for one device.
#[derive(Clone, Default)]
pub struct CommandBuffer {
    /// The id of the device whose queues may run it.
    pub device: usize,
    /// The commands, in the order they run.
    pub commands: Vec<Command>,
    /// Recording is over: [`CommandBuffer::record`] fails from now on, and only a
    /// finalized buffer may be submitted.
    pub finalized: bool,
}

impl CommandBuffer {
    /// An empty, open command buffer for device `device`.
    pub fn new(device: usize) -> CommandBuffer {
        CommandBuffer {
            device,
            commands: Vec::new(),
            finalized: false,
        }
    }

    /// Appends `c`; `Err` once the buffer is finalized.
    pub fn record(&mut self, c: Command) -> Result<()> {
        if self.finalized {
            return Err(Error::failed_precondition(
                "command recorded after the command buffer was finalized",
            ));
        }
        self.commands.push(c);
        Ok(())
    }

    /// Runs every command in order (on the queue's worker).
    pub fn execute(&self) -> Result<()> {
        self.execute_traced(None)
    }

    /// [`Self::execute`], recording each command in `trace` (with the
    /// queue's name) when given.
    pub(crate) fn execute_traced(
        &self,
        trace: Option<&(std::sync::Arc<crate::Trace>, String)>,
    ) -> Result<()> {
        for c in &self.commands {
            let start = std::time::Instant::now();
            let r = Self::execute_one(c);
            if let Some((t, queue)) = trace {
                t.record(queue, c, start, std::time::Instant::now());
            }
            r?;
        }
        Ok(())
    }

    fn execute_one(c: &Command) -> Result<()> {
        {
            match c {
                Command::Dispatch {
                    executable,
                    export,
                    args,
                    site,
                } => executable.dispatch(*export, args).map_err(|e| {
                    if site.is_empty() {
                        e
                    } else {
                        e.map_message(|m| format!("{m} (dispatched at {site})"))
                    }
                })?,
                Command::Copy {
                    source,
                    source_offset,
                    target,
                    target_offset,
                    length,
                } => target.copy_from(*target_offset, source, *source_offset, *length)?,
                Command::Fill {
                    target,
                    offset,
                    length,
                    pattern,
                } => target.fill(*offset, *length, pattern)?,
                Command::Barrier => {}
            }
        }
        Ok(())
    }
}

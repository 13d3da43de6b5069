//! xrun's error: what stops a run, and how the tool ends because of it.

use std::fmt;

/// What stops a run of xrun.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The command line or the program is wrong, or running it failed: the
    /// text xrun prints on stderr (flags, rendered diagnostics); exit 1.
    Message(String),
    /// An error of the runtime's kinds (opening a device, reading an input,
    /// writing an output), its message as xrun prints it; exit 1.
    Runtime(xir_runtime_hal::Error),
    /// Stdout was closed early (`xrun ... | head -1`): xrun stops quietly
    /// with status 0, as a C tool killed by SIGPIPE would.
    BrokenPipe,
}

/// xrun's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// [`Error::Message`].
    pub fn message(m: impl Into<String>) -> Error {
        Error::Message(m.into())
    }

    /// The runtime's kind, for a [`Error::Runtime`].
    pub fn kind(&self) -> Option<xir_runtime_hal::ErrorKind> {
        match self {
            Error::Runtime(e) => Some(e.kind()),
            _ => None,
        }
    }

    /// The same error, its text prefixed by `prefix: ` (a broken pipe has
    /// no text).
    pub fn context(self, prefix: impl fmt::Display) -> Error {
        match self {
            Error::Message(m) => Error::Message(format!("{prefix}: {m}")),
            Error::Runtime(e) => Error::Runtime(e.context(prefix)),
            Error::BrokenPipe => Error::BrokenPipe,
        }
    }

    /// The status xrun exits with.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::BrokenPipe => 0,
            Error::Message(_) | Error::Runtime(_) => 1,
        }
    }

    /// What xrun prints on stderr: nothing for a broken pipe.
    pub fn text(&self) -> Option<&str> {
        match self {
            Error::Message(m) => Some(m),
            Error::Runtime(e) => Some(e.message()),
            Error::BrokenPipe => None,
        }
    }
}

impl From<xir_runtime_hal::Error> for Error {
    fn from(e: xir_runtime_hal::Error) -> Error {
        Error::Runtime(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().unwrap_or("stdout is closed (broken pipe)"))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Runtime(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xir_runtime_hal::ErrorKind;

    #[test]
    fn text_context_and_exit_codes() {
        let e = Error::from(xir_runtime_hal::Error::not_found("cannot read 'x.npy'"))
            .context("xrun: input 0");
        assert_eq!(e.to_string(), "xrun: input 0: cannot read 'x.npy'");
        assert_eq!(e.kind(), Some(ErrorKind::NotFound));
        assert_eq!(e.exit_code(), 1);
        let m = Error::message("xrun: --repeat=0: expected a number of runs of at least 1");
        assert_eq!(m.text(), Some(m.to_string().as_str()));
        assert_eq!((m.kind(), m.exit_code()), (None, 1));
        assert_eq!(Error::BrokenPipe.context("x"), Error::BrokenPipe);
        assert_eq!(
            (Error::BrokenPipe.text(), Error::BrokenPipe.exit_code()),
            (None, 0)
        );
    }
}

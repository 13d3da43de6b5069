//! The runtime's error: a kind, modelled on IREE's status codes (those the
//! runtime needs), and the message users see. Every runtime crate returns
//! [`Result`]; the kind is chosen where the error is created, and callers
//! that add context keep it ([`Error::context`]).
//!
//! `Display` writes the message and nothing else, so what a tool prints is
//! the text it printed when errors were strings.

use std::fmt;

/// What went wrong, as IREE's `iree_status_code_t` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A caller's value is wrong: an input's shape or element type, a
    /// binding shorter than the kernel needs, a malformed program or file.
    InvalidArgument,
    /// An index or an access outside its buffer or dim.
    OutOfRange,
    /// A file (or another named thing) that does not exist.
    NotFound,
    /// A file the process may not read or write.
    PermissionDenied,
    /// A backend has no code for an op, an element type or a feature.
    Unimplemented,
    /// Something it depends on failed first (an awaited fence), or the
    /// object is not in the state the call needs (a finalized command
    /// buffer, a fence no submission signals, a shut-down device).
    FailedPrecondition,
    /// Memory (or another resource) cannot be had.
    ResourceExhausted,
    /// No device or driver: a missing loader, a device that cannot be
    /// opened or that failed while running.
    Unavailable,
    /// A backend panicked, or an invariant of the runtime broke.
    Internal,
}

impl ErrorKind {
    /// IREE's spelling (`INVALID_ARGUMENT`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "INVALID_ARGUMENT",
            ErrorKind::OutOfRange => "OUT_OF_RANGE",
            ErrorKind::NotFound => "NOT_FOUND",
            ErrorKind::PermissionDenied => "PERMISSION_DENIED",
            ErrorKind::Unimplemented => "UNIMPLEMENTED",
            ErrorKind::FailedPrecondition => "FAILED_PRECONDITION",
            ErrorKind::ResourceExhausted => "RESOURCE_EXHAUSTED",
            ErrorKind::Unavailable => "UNAVAILABLE",
            ErrorKind::Internal => "INTERNAL",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A runtime error: its [`ErrorKind`] and the message users see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// The runtime's result (the error type can be named for other uses).
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// [`ErrorKind::InvalidArgument`].
    pub fn invalid_argument(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidArgument, message)
    }

    /// [`ErrorKind::OutOfRange`].
    pub fn out_of_range(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::OutOfRange, message)
    }

    /// [`ErrorKind::NotFound`].
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, message)
    }

    /// [`ErrorKind::PermissionDenied`].
    pub fn permission_denied(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::PermissionDenied, message)
    }

    /// [`ErrorKind::Unimplemented`].
    pub fn unimplemented(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unimplemented, message)
    }

    /// [`ErrorKind::FailedPrecondition`].
    pub fn failed_precondition(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::FailedPrecondition, message)
    }

    /// [`ErrorKind::ResourceExhausted`].
    pub fn resource_exhausted(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::ResourceExhausted, message)
    }

    /// [`ErrorKind::Unavailable`].
    pub fn unavailable(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unavailable, message)
    }

    /// [`ErrorKind::Internal`].
    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }

    /// `message` about a failed file operation, its kind from `e`'s (as
    /// absl and IREE map `errno`): a missing file is `NotFound`, a full disk
    /// `ResourceExhausted`, anything unmapped `Unavailable`.
    pub fn io(e: &std::io::Error, message: impl Into<String>) -> Error {
        use std::io::ErrorKind as Io;
        let kind = match e.kind() {
            Io::NotFound => ErrorKind::NotFound,
            Io::PermissionDenied | Io::ReadOnlyFilesystem => ErrorKind::PermissionDenied,
            Io::OutOfMemory | Io::StorageFull | Io::QuotaExceeded | Io::FileTooLarge => {
                ErrorKind::ResourceExhausted
            }
            Io::InvalidInput
            | Io::InvalidData
            | Io::InvalidFilename
            | Io::IsADirectory
            | Io::NotADirectory => ErrorKind::InvalidArgument,
            _ => ErrorKind::Unavailable,
        };
        Error::new(kind, message)
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, as users see it.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message, owned.
    pub fn into_message(self) -> String {
        self.message
    }

    /// The same error, its message prefixed by `prefix: ` (how nested
    /// messages read: `'x.npy': truncated npy file`).
    pub fn context(self, prefix: impl fmt::Display) -> Error {
        Error {
            kind: self.kind,
            message: format!("{prefix}: {}", self.message),
        }
    }

    /// The same kind with the message rewritten by `f` (for context that is
    /// not a prefix: `... (dispatched at file:1:2)`).
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Error {
        Error {
            kind: self.kind,
            message: f(self.message),
        }
    }

    /// The same message with another kind (a failure seen through something
    /// that depended on it).
    pub fn with_kind(self, kind: ErrorKind) -> Error {
        Error { kind, ..self }
    }

    /// This error about op `op` of the program.
    pub fn at(self, op: xir::Op) -> OpError {
        OpError { op, error: self }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// An error about one op of the program (reading a kernel function,
/// translating a graph function, resolving a device global): the op, for
/// the caller to say where, and the error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpError {
    /// The op it is about.
    pub op: xir::Op,
    /// What is wrong with it.
    pub error: Error,
}

impl OpError {
    /// The error's kind.
    pub fn kind(&self) -> ErrorKind {
        self.error.kind()
    }

    /// The error's message (without the op's location).
    pub fn message(&self) -> &str {
        self.error.message()
    }
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for OpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_the_message_and_context_keeps_the_kind() {
        let e = Error::out_of_range("range [4, 4+8) is outside a buffer of 8 bytes");
        assert_eq!(
            e.to_string(),
            "range [4, 4+8) is outside a buffer of 8 bytes"
        );
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        let e = e.context("binding");
        assert_eq!(
            e.to_string(),
            "binding: range [4, 4+8) is outside a buffer of 8 bytes"
        );
        assert_eq!(e.message(), e.to_string());
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        let e = e.map_message(|m| format!("{m} (dispatched at a.mlir:3:5)"));
        assert!(e.message().ends_with("(dispatched at a.mlir:3:5)"));
        let e = e.with_kind(ErrorKind::FailedPrecondition);
        assert_eq!(e.kind(), ErrorKind::FailedPrecondition);
        assert_eq!(format!("{e}"), e.clone().into_message());
        assert_eq!(ErrorKind::Unimplemented.to_string(), "UNIMPLEMENTED");
    }

    #[test]
    fn file_errors_take_their_kind_from_the_os() {
        let missing = std::fs::read("/no/such/file/anywhere").unwrap_err();
        let e = Error::io(&missing, format!("cannot read 'x': {missing}"));
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert!(e.message().starts_with("cannot read 'x': "));
        let other = std::io::Error::other("disk on fire");
        assert_eq!(Error::io(&other, "m").kind(), ErrorKind::Unavailable);
    }
}

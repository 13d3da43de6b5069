//! The `stream` dialect.

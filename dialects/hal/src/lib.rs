//! The `hal` dialect.

//! xir core

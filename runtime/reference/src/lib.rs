//! xir's reference backend (docs/architecture.md §7): plain, obviously correct loops that
//! define what every graph op computes; the fast backends are checked against it.

pub mod composite;
pub mod driver;
pub mod kernel;
pub mod ops;
pub mod program;
pub mod staged;
pub mod window;

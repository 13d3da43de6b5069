//! `device-minimize` / `device-expand`.

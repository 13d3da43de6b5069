//! The Vulkan programs of `vulkan.rs` again with the device's workgroup
//! counts capped at 2 (`XIR_VULKAN_MAX_GROUPS`): every elementwise and
//! reduction stage runs its grid-stride loop many times per invocation, and
//! matmuls whose tiled grid no longer fits take the one-output-per-invocation
//! shader. Its own test binary: the cap is read when the process opens the
//! Vulkan device.

mod common;
mod vulkan_common;

#[test]
fn capped_grids_match_reference() {
    std::env::set_var("XIR_VULKAN_MAX_GROUPS", "2");
    vulkan_common::matches_reference();
}

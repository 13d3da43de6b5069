//! Drivers: named device factories (`local`, `reference`, `vulkan`).

use crate::device::{Backend, Device, DeviceOptions};
use crate::error::{Error, Result};
use crate::target::TargetDesc;
use std::sync::Arc;

/// A named factory of devices of one kind, registered with the runtime; devices are
/// made from it by [`create_device`].
pub trait Driver: Send + Sync {
    /// The name `--device=` takes.
    fn name(&self) -> &str;
    /// How many devices of this driver the machine has.
    fn device_count(&self) -> usize;
    /// The target description of device `ordinal`.
    fn target(&self, ordinal: usize) -> TargetDesc;
    /// The backend its devices run executables with.
    fn backend(&self, ordinal: usize) -> Arc<dyn Backend>;
}

/// Creates device number `id` of the runtime from `driver`'s device `ordinal`.
pub fn create_device(
    driver: &dyn Driver,
    ordinal: usize,
    id: usize,
    options: &DeviceOptions,
) -> Result<Device> {
    let n = driver.device_count();
    if ordinal >= n {
        return Err(Error::unavailable(format!(
            "driver '{}' has {n} device(s), no device {ordinal}",
            driver.name()
        )));
    }
    Ok(Device::new(
        id,
        driver.name(),
        driver.target(ordinal),
        driver.backend(ordinal),
        options,
    ))
}

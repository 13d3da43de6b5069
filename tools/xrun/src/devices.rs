//! `--device=` values: the devices the runtime sees, in order.

use std::sync::Arc;
use xir_runtime_hal::driver::create_device;
use xir_runtime_hal::{Device, DeviceOptions, Driver, Error, Result, Trace};
use xir_runtime_local::LocalDriver;
use xir_runtime_reference::driver::ReferenceDriver;
use xir_runtime_vulkan::VulkanDriver;

/// Every driver of this build.
pub fn drivers() -> Vec<Box<dyn Driver>> {
    vec![
        Box::new(LocalDriver),
        Box::new(ReferenceDriver),
        Box::new(VulkanDriver),
    ]
}

fn options(trace: Option<Arc<Trace>>) -> DeviceOptions {
    DeviceOptions {
        queues: 1,
        submit_delay: None,
        trace,
    }
}

/// Every device of `drivers`, in order.
fn every_device(drivers: &[Box<dyn Driver>], options: &DeviceOptions) -> Result<Vec<Arc<Device>>> {
    let mut out = Vec::new();
    for d in drivers {
        for o in 0..d.device_count() {
            out.push(Arc::new(create_device(d.as_ref(), o, out.len(), options)?));
        }
    }
    Ok(out)
}

/// The devices of a run without `--device`: `local`, then the Vulkan
/// devices when `vulkan` is true (the program asks for a vulkan device;
/// creating an instance costs 40-900 ms, so others do not pay it) and the
/// machine has any, then `reference` (which serves every kind, so it only
/// gets what nothing before it serves).
pub fn open_default(trace: Option<Arc<Trace>>, vulkan: bool) -> Result<Vec<Arc<Device>>> {
    let mut drivers: Vec<Box<dyn Driver>> = vec![Box::new(LocalDriver)];
    if vulkan {
        drivers.push(Box::new(VulkanDriver));
    }
    drivers.push(Box::new(ReferenceDriver));
    every_device(&drivers, &options(trace))
}

/// Every device of every driver, Vulkan's included (`--print-devices`).
pub fn open_all() -> Result<Vec<Arc<Device>>> {
    every_device(&drivers(), &options(None))
}

/// Opens the devices `specs` name (`local`, `reference`, `local://0`);
/// none: [`open_default`] without Vulkan.
pub fn open(specs: &[String]) -> Result<Vec<Arc<Device>>> {
    open_traced(specs, None)
}

/// [`open`], the devices' queues recording what they run in `trace`.
pub fn open_traced(specs: &[String], trace: Option<Arc<Trace>>) -> Result<Vec<Arc<Device>>> {
    if specs.is_empty() {
        return open_default(trace, false);
    }
    let drivers = drivers();
    let options = options(trace);
    let mut out = Vec::new();
    for s in specs {
        let (name, ordinal) = match s.split_once("://") {
            Some((n, o)) => {
                let o = o.parse::<usize>().map_err(|_| {
                    Error::invalid_argument(format!(
                        "xrun: --device={s}: '{o}' is not a device number"
                    ))
                })?;
                (n, o)
            }
            None => (s.as_str(), 0),
        };
        let names: Vec<&str> = drivers.iter().map(|d| d.name()).collect();
        let d = drivers.iter().find(|d| d.name() == name).ok_or_else(|| {
            Error::not_found(format!(
                "xrun: --device={s}: no driver '{name}' (drivers: {})",
                names.join(", ")
            ))
        })?;
        let dev = create_device(d.as_ref(), ordinal, out.len(), &options)
            .map_err(|e| e.context(format_args!("xrun: --device={s}")))?;
        out.push(Arc::new(dev));
    }
    Ok(out)
}

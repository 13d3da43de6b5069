//! What a device is, in the terms of `#device.target<"kind", {config}, [formats]>`.

use std::fmt;

/// A device's capabilities as a target description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetDesc {
    /// The driver kind: `local`, `vulkan`, ...
    pub kind: String,
    /// Configuration entries, printed as `key = value` in this order.
    pub config: Vec<(String, ConfigValue)>,
    /// Executable formats it runs (`cranelift`, `spirv`, ...).
    pub formats: Vec<String>,
}

impl fmt::Display for TargetDesc {
    /// `#device.target<"local", {cpu = "host"}, ["cranelift"]>`, as a target registry takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let esc = |s: &str| s.replace('\\', "\\5C").replace('"', "\\22");
        write!(f, "#device.target<\"{}\", {{", esc(&self.kind))?;
        for (i, (k, v)) in self.config.iter().enumerate() {
            let sep = if i > 0 { ", " } else { "" };
            match v {
                ConfigValue::Str(v) => write!(f, "{sep}{k} = \"{}\"", esc(v))?,
                ConfigValue::Int(v) => write!(f, "{sep}{k} = {v}")?,
                ConfigValue::Ints(v) => {
                    let v: Vec<String> = v.iter().map(i64::to_string).collect();
                    write!(f, "{sep}{k} = array<i64: {}>", v.join(", "))?
                }
            }
        }
        write!(f, "}}, [")?;
        for (i, x) in self.formats.iter().enumerate() {
            let sep = if i > 0 { ", " } else { "" };
            write!(f, "{sep}\"{}\"", esc(x))?;
        }
        write!(f, "]>")
    }
}

/// A configuration entry's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigValue {
    /// A string, printed quoted (`cpu = "host"`).
    Str(String),
    /// An integer, printed bare (`max_workgroup_invocations = 1024`).
    Int(i64),
    /// Printed as `array<i64: ...>`.
    Ints(Vec<i64>),
}

impl From<&str> for ConfigValue {
    fn from(s: &str) -> Self {
        ConfigValue::Str(s.to_string())
    }
}

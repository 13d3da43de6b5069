//! What a device is, in the terms of `#device.target<"kind", {config}, [formats]>`.

use std::fmt;

/// A device's capabilities as a target description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetDesc {
    /// The driver kind: `local`, `vulkan`, ...
    pub kind: String,
    /// Configuration entries, printed as `key = "value"` (sorted by key).
    pub config: Vec<(String, String)>,
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
            write!(f, "{sep}{k} = \"{}\"", esc(v))?;
        }
        write!(f, "}}, [")?;
        for (i, x) in self.formats.iter().enumerate() {
            let sep = if i > 0 { ", " } else { "" };
            write!(f, "{sep}\"{}\"", esc(x))?;
        }
        write!(f, "]>")
    }
}

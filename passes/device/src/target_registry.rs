//! The target registry: the full `#device.target` each device kind stands for.
//! Built in: `local` (the host CPU, code from the Cranelift backend), `vulkan`
//! (SPIR-V compute shaders) and `reference` (the interpreter, whose kernels
//! stay graph ops). A registry file adds or overrides kinds: one
//! `#device.target<"kind", {config}, [executable targets]>` per line, the kind being
//! its first parameter; blank lines and `//` comments are skipped.

use super::spec::{parse_attr_str, scratch_context};
use xir::{Attr, AttrKind, Context};
use xir_device::attrs::{decode, DeviceAttr};

const BUILTIN: &[(&str, &str)] = &[
    (
        "local",
        r#"#device.target<"local", {cpu = "host"}, ["cranelift"]>"#,
    ),
    (
        "vulkan",
        r#"#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>"#,
    ),
    ("reference", r#"#device.target<"reference", {}, ["graph"]>"#),
];

/// Kinds and their target literals; later definitions win.
#[derive(Clone, Debug)]
pub struct TargetRegistry {
    kinds: Vec<(String, String)>,
}

impl Default for TargetRegistry {
    fn default() -> Self {
        TargetRegistry {
            kinds: BUILTIN
                .iter()
                .map(|(k, t)| (k.to_string(), t.to_string()))
                .collect(),
        }
    }
}

impl TargetRegistry {
    /// Adds the definitions of a registry file's text; errors are `name:line: why`.
    pub fn add_text(&mut self, name: &str, text: &str) -> Result<(), String> {
        let mut ctx = scratch_context();
        let mut seen: Vec<(String, usize)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let l = line.trim();
            if l.is_empty() || l.starts_with("//") {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            let a = parse_attr_str(&mut ctx, l).map_err(|e| format!("{at}: {e}"))?;
            let Some(DeviceAttr::Target { kind, .. }) = decode(&ctx, a) else {
                return Err(format!("{at}: expected a #device.target, got '{l}'"));
            };
            let kind = String::from_utf8_lossy(kind).into_owned();
            if let Some((_, first)) = seen.iter().find(|s| s.0 == kind) {
                return Err(format!(
                    "{at}: device kind '{kind}' is already defined on line {first}"
                ));
            }
            seen.push((kind.clone(), i + 1));
            self.kinds.retain(|k| k.0 != kind);
            self.kinds.push((kind, l.to_string()));
        }
        Ok(())
    }

    /// Adds the definitions of a registry file.
    pub fn add_file(&mut self, path: &str) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read device target registry '{path}': {e}"))?;
        self.add_text(path, &text)
    }

    /// The known kinds, sorted.
    pub fn kinds(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.kinds.iter().map(|k| k.0.as_str()).collect();
        v.sort_unstable();
        v
    }

    /// The targets of the kinds xir generates code for (`local`, `vulkan`), as this
    /// registry defines them: what a `#device.ordinal` may turn out to be.
    /// (The reference interpreter serves every target: it needs none.)
    pub fn code_targets(&self, ctx: &mut Context) -> Result<Vec<Attr>, String> {
        BUILTIN
            .iter()
            .filter(|(k, _)| *k != "reference")
            .map(|(k, _)| self.target(ctx, k, None))
            .collect()
    }

    /// The target of `kind` with the runtime `ordinal` added to its config.
    pub fn target(
        &self,
        ctx: &mut Context,
        kind: &str,
        ordinal: Option<i64>,
    ) -> Result<Attr, String> {
        let Some((_, text)) = self.kinds.iter().find(|k| k.0 == kind) else {
            return Err(format!(
                "unknown device kind '{kind}'; known kinds: {}",
                self.kinds().join(", ")
            ));
        };
        let t = parse_attr_str(ctx, text)?;
        let Some(o) = ordinal else {
            return Ok(t);
        };
        let AttrKind::Dialect {
            dialect,
            name,
            params,
        } = ctx.attr_kind(t).clone()
        else {
            return Ok(t);
        };
        let mut config = ctx.dict_entries(params[1]).to_vec();
        let key = ctx.ident("ordinal");
        let value = ctx.i64_attr(o);
        config.push((key, value));
        let mut params = params;
        params[1] = ctx.dictionary(config);
        Ok(ctx.intern_attr(AttrKind::Dialect {
            dialect,
            name,
            params,
        }))
    }
}

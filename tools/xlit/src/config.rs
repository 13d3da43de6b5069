//! The optional per-suite `lit.toml` (lit's `lit.cfg.py`, reduced to data).
//!
//! ```toml
//! name = "xir"                       # suite name in `xir :: dir/test.mlir`
//! suffixes = [".mlir"]               # test file suffixes
//! excludes = ["scratch"]             # file/dir names never treated as tests
//! features = ["my-feature"]          # extra available features
//! [substitutions]
//! "%{opt}" = "xopt --allow-unregistered-dialect"
//! ```
//!
//! Only this subset of TOML is understood (strings and one-line string
//! arrays), which keeps xlit free of a TOML dependency.

use std::path::Path;

pub const CONFIG_NAME: &str = "lit.toml";

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    pub name: Option<String>,
    pub suffixes: Vec<String>,
    pub excludes: Vec<String>,
    pub features: Vec<String>,
    pub substitutions: Vec<(String, String)>,
}

impl Config {
    pub fn load(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Config::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn parse(text: &str) -> Result<Config, String> {
        let mut c = Config::default();
        let mut section = String::new();
        for (i, raw) in text.lines().enumerate() {
            let err = |m: &str| format!("line {}: {m}", i + 1);
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = name.trim().to_string();
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| err("expected `key = value`"))?;
            let key = unquote(key.trim()).unwrap_or_else(|| key.trim().to_string());
            let value = value.trim();
            match (section.as_str(), key.as_str()) {
                ("substitutions", _) => {
                    let v = unquote(value).ok_or_else(|| err("expected a string"))?;
                    c.substitutions.push((key, v));
                }
                ("", "name") => {
                    c.name = Some(unquote(value).ok_or_else(|| err("expected a string"))?)
                }
                ("", "suffixes") => {
                    c.suffixes = array(value).ok_or_else(|| err("expected an array of strings"))?
                }
                ("", "excludes") => {
                    c.excludes = array(value).ok_or_else(|| err("expected an array of strings"))?
                }
                ("", "features") => {
                    c.features = array(value).ok_or_else(|| err("expected an array of strings"))?
                }
                _ => return Err(err(&format!("unknown key `{key}`"))),
            }
        }
        Ok(c)
    }
}

fn strip_comment(line: &str) -> &str {
    // A `#` outside a string starts a comment.
    let mut in_str = false;
    for (i, ch) in line.char_indices() {
        match ch {
            '"' => in_str = !in_str,
            '#' if !in_str => return &line[..i],
            _ => {}
        }
    }
    line
}

fn unquote(s: &str) -> Option<String> {
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                other => out.push(other),
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

fn array(s: &str) -> Option<Vec<String>> {
    let inner = s.strip_prefix('[')?.strip_suffix(']')?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(unquote)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_subset() {
        let c = Config::parse(
            "# xir\nname = \"xir\"\nsuffixes = [\".mlir\", \".test\"] # both\n\n[substitutions]\n\"%{opt}\" = \"xopt -x\"\n",
        )
        .unwrap();
        assert_eq!(c.name.as_deref(), Some("xir"));
        assert_eq!(c.suffixes, [".mlir", ".test"]);
        assert_eq!(
            c.substitutions,
            [("%{opt}".to_string(), "xopt -x".to_string())]
        );
        assert!(Config::parse("bogus = 1").is_err());
        assert!(Config::parse("name = xir").is_err());
    }
}

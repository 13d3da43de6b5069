//! The device SPEC grammar shared by `xopt --target-device=…` and the `targets=`
//! option of `device-assign-targets`:
//!
//! ```text
//! entry  := '{' entry '}' | '"' entry '"' | "'" entry "'" | [NAME '='] device
//! device := item (',' item)*        two or more items: #device.select<[...]>
//! item   := KIND ['[' ORDINAL ']']  #device.alias<"KIND"[ORDINAL]>
//!         | '#device.' …            any device attribute literal (target, select, …)
//! list   := entry (',' entry)*      the `targets=` option
//! ```
//!
//! In a list, commas separate devices, so a select list is grouped there:
//! `targets={gpu=vulkan,local},cpu=local`. Every list element is also a valid flag
//! value, and a bare flag value may hold a select list (`--target-device=vulkan,local`).

use xir::lexer::Tok;
use xir::parser::Parser;
use xir::{Attr, Context, DiagEngine, Ir, SourceBuffer};
use xir_device::attrs;

/// One item of a device spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `local`, `vulkan[1]`.
    Kind { kind: String, ordinal: Option<i64> },
    /// A `#device.…` literal, kept as text (parsed again in the module's context).
    Literal(String),
}

/// `[NAME=]device`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: Option<String>,
    /// Two or more items make a select list.
    pub items: Vec<Item>,
}

/// Splits on commas outside quotes and brackets of any kind.
pub fn split_top(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let (mut depth, mut start, mut quote) = (0usize, 0usize, None::<u8>);
    let mut out = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), b'\\') => {}
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(c),
            (None, b'{' | b'(' | b'[' | b'<') => depth += 1,
            // `->` of a function type is no bracket.
            (None, b'>') if i > 0 && b[i - 1] == b'-' => {}
            (None, b'}' | b')' | b']' | b'>') => depth = depth.saturating_sub(1),
            (None, b',') if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// The text inside one enclosing `{…}` or pair of quotes, if they enclose it all.
fn strip_group(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    if b.len() < 2 {
        return None;
    }
    match (b[0], b[b.len() - 1]) {
        (b'"', b'"') | (b'\'', b'\'') if !s[1..s.len() - 1].contains(b[0] as char) => {
            Some(&s[1..s.len() - 1])
        }
        (b'{', b'}') => {
            // The first brace must close at the end (`{a},{b}` is two groups).
            let mut depth = 0usize;
            for (i, &c) in b.iter().enumerate() {
                match c {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return (i == b.len() - 1).then(|| &s[1..s.len() - 1]);
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        _ => None,
    }
}

fn is_name(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-'))
}

fn is_kind(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
}

/// Parses one entry (a flag value or one element of `targets=`).
pub fn parse_entry(text: &str) -> Result<Entry, String> {
    let t = text.trim();
    if let Some(inner) = strip_group(t) {
        return parse_entry(inner);
    }
    if t.is_empty() {
        return Err("empty device spec".into());
    }
    let (name, device) = match t.find('=') {
        Some(eq) if !t.starts_with('#') => {
            let n = t[..eq].trim();
            if !is_name(n) {
                return Err(format!("bad device name '{n}' in '{t}'"));
            }
            (Some(n.to_string()), t[eq + 1..].trim())
        }
        _ => (None, t),
    };
    if device.is_empty() {
        return Err(format!("no device after '=' in '{t}'"));
    }
    let items = split_top(device)
        .into_iter()
        .map(|i| parse_item(i.trim(), device))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Entry { name, items })
}

fn parse_item(s: &str, whole: &str) -> Result<Item, String> {
    if s.is_empty() {
        return Err(format!("empty device in select list '{whole}'"));
    }
    if s.starts_with('#') {
        // Checked now, in a scratch context, so that a bad flag fails before any pass runs.
        let mut ctx = scratch_context();
        let a = parse_attr_str(&mut ctx, s).map_err(|e| format!("bad device '{s}': {e}"))?;
        if !attrs::decode(&ctx, a).is_some_and(|d| d.is_device()) {
            return Err(format!("'{s}' is not a device attribute"));
        }
        return Ok(Item::Literal(s.to_string()));
    }
    let (kind, ordinal) = match s.find('[') {
        Some(open) => {
            let Some(digits) = s[open + 1..].strip_suffix(']') else {
                return Err(format!("expected ']' at the end of '{s}'"));
            };
            let Ok(o) = digits.trim().parse::<u32>() else {
                return Err(format!("bad device ordinal '{digits}' in '{s}'"));
            };
            (s[..open].trim(), Some(i64::from(o)))
        }
        None => (s, None),
    };
    if !is_kind(kind) {
        return Err(format!("bad device kind '{kind}' in '{whole}'"));
    }
    Ok(Item::Kind {
        kind: kind.to_string(),
        ordinal,
    })
}

/// Parses the value of the `targets=` option.
pub fn parse_list(text: &str) -> Result<Vec<Entry>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Vec::new());
    }
    split_top(t).into_iter().map(parse_entry).collect()
}

/// The devices of `entries` with their names: given, or `__device_<position>`.
/// Names must be unique.
pub fn name_entries(entries: &[Entry]) -> Result<Vec<(String, &Entry)>, String> {
    let mut out: Vec<(String, &Entry)> = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let name = e.name.clone().unwrap_or_else(|| format!("__device_{i}"));
        if out.iter().any(|(n, _)| *n == name) {
            return Err(format!("device '{name}' is given twice"));
        }
        out.push((name, e));
    }
    Ok(out)
}

/// The device attribute an entry stands for.
pub fn build(ctx: &mut Context, entry: &Entry) -> Result<Attr, String> {
    let mut devices = Vec::with_capacity(entry.items.len());
    for item in &entry.items {
        devices.push(match item {
            Item::Kind { kind, ordinal } => attrs::alias(ctx, kind, *ordinal),
            Item::Literal(text) => {
                parse_attr_str(ctx, text).map_err(|e| format!("bad device '{text}': {e}"))?
            }
        });
    }
    Ok(if devices.len() == 1 {
        devices[0]
    } else {
        attrs::select(ctx, devices)
    })
}

/// A context that knows the `device` dialect, for checking literals.
pub fn scratch_context() -> Context {
    let mut ctx = Context::new();
    xir_device::register(&mut ctx);
    ctx
}

/// Parses a standalone attribute (`#device.target<…>`, `{a = 1}`); the whole text
/// must be one attribute. The error is the parser's message.
pub fn parse_attr_str(ctx: &mut Context, text: &str) -> Result<Attr, String> {
    let buf = SourceBuffer::new("<attribute>", text.to_string());
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let result = {
        let mut p = Parser::new(ctx, &mut ir, &buf, &mut diags);
        match p.parse_attribute(None) {
            Ok(a) if p.is(Tok::Eof) => Ok(a),
            Ok(_) => {
                let rest = &text[p.tok.start as usize..];
                Err(format!("unexpected '{rest}' after the attribute"))
            }
            Err(_) => Err(String::new()),
        }
    };
    result.map_err(|e| {
        diags
            .take()
            .into_iter()
            .next()
            .map(|d| d.message)
            .unwrap_or(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(k: &str, o: Option<i64>) -> Item {
        Item::Kind {
            kind: k.into(),
            ordinal: o,
        }
    }

    #[test]
    fn entries() {
        assert_eq!(
            parse_entry("local").unwrap(),
            Entry {
                name: None,
                items: vec![kind("local", None)]
            }
        );
        assert_eq!(
            parse_entry("gpu=vulkan[1],local").unwrap(),
            Entry {
                name: Some("gpu".into()),
                items: vec![kind("vulkan", Some(1)), kind("local", None)]
            }
        );
        assert_eq!(
            parse_entry("{gpu=vulkan,local}").unwrap(),
            parse_entry("'gpu=vulkan,local'").unwrap()
        );
        let e = parse_entry(r#"x=#device.target<"vulkan", {a = 1}, ["spirv"]>"#).unwrap();
        assert!(matches!(&e.items[..], [Item::Literal(_)]));
    }

    #[test]
    fn lists_group_select_lists() {
        let l = parse_list(r#"{gpu=vulkan,local},cpu=local,#device.target<"a", {}, []>"#).unwrap();
        assert_eq!(l.len(), 3);
        assert_eq!(l[0].items.len(), 2);
        let named = name_entries(&l).unwrap();
        assert_eq!(named[2].0, "__device_2");
        assert!(name_entries(&parse_list("a=local,a=vulkan").unwrap()).is_err());
    }

    #[test]
    fn errors_name_the_bad_part() {
        let e = |s: &str| parse_entry(s).unwrap_err();
        assert_eq!(e(""), "empty device spec");
        assert_eq!(e("vulkan[x]"), "bad device ordinal 'x' in 'vulkan[x]'");
        assert_eq!(e("vulkan[1"), "expected ']' at the end of 'vulkan[1'");
        assert_eq!(
            e("vulkan,,local"),
            "empty device in select list 'vulkan,,local'"
        );
        assert_eq!(e("a b=local"), "bad device name 'a b' in 'a b=local'");
        assert_eq!(e("x="), "no device after '=' in 'x='");
        assert_eq!(e("vu/lkan"), "bad device kind 'vu/lkan' in 'vu/lkan'");
        assert_eq!(
            e("#device.affinity<@a>"),
            "'#device.affinity<@a>' is not a device attribute"
        );
        assert!(e("#device.target<vulkan>").starts_with("bad device '#device.target<vulkan>': "));
    }
}

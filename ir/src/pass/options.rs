//! Pass option strings (`max-iterations=3 list=a,b str="x y"`) split as MLIR does, and
//! value parsers with LLVM's wording for bad values.

/// Splits an options string into (key, value) pairs: space separated, `key=value` or a
/// bare `key` (value ""), quotes and `{...}` kept together, surrounding quotes removed.
pub fn split_options(text: &str) -> Vec<(String, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i] == b' ' {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let key_start = i;
        while i < b.len() && b[i] != b' ' && b[i] != b'=' {
            i += 1;
        }
        let key = text[key_start..i].trim().to_string();
        if i >= b.len() || b[i] == b' ' {
            out.push((key, String::new()));
            continue;
        }
        i += 1; // '='
        let val_start = i;
        let mut depth = 0usize;
        while i < b.len() && (depth > 0 || b[i] != b' ') {
            match b[i] {
                q @ (b'"' | b'\'') => {
                    if let Some(end) = b[i + 1..].iter().position(|&c| c == q) {
                        i += end + 1;
                    }
                }
                b'{' => depth += 1,
                b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        out.push((key, unquote(text[val_start..i].trim()).to_string()));
    }
    out.retain(|(k, _)| !k.is_empty());
    out
}

/// Drops one pair of surrounding quotes, or braces that enclose the whole value.
fn unquote(s: &str) -> &str {
    let b = s.as_bytes();
    if b.len() >= 2 {
        let (f, l) = (b[0], b[b.len() - 1]);
        if (f == b'"' && l == b'"') || (f == b'\'' && l == b'\'') {
            return s[1..s.len() - 1].trim();
        }
    }
    s
}

/// Splits a list option's value on top-level commas.
pub fn split_list(value: &str) -> Vec<String> {
    if value.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut start, mut quote) = (0usize, 0usize, None);
    for (i, c) in value.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '(' | '[') => depth += 1,
            (None, '}' | ')' | ']') => depth = depth.saturating_sub(1),
            (None, ',') if depth == 0 => {
                out.push(unquote(value[start..i].trim()).to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(unquote(value[start..].trim()).to_string());
    out
}

/// A boolean option; a bare flag (`{top-down}`) means true.
pub fn parse_bool(value: &str) -> Result<bool, String> {
    match value {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!(
            "'{value}' is invalid value for boolean argument! Try 0 or 1"
        )),
    }
}

/// A signed integer option (LLVM's `long`).
pub fn parse_i64(value: &str) -> Result<i64, String> {
    if value.is_empty() {
        return Err("requires a value!".into());
    }
    value
        .parse()
        .map_err(|_| format!("'{value}' value invalid for long argument!"))
}

/// An unsigned integer option (LLVM's `uint`).
pub fn parse_u64(value: &str) -> Result<u64, String> {
    if value.is_empty() {
        return Err("requires a value!".into());
    }
    value
        .parse()
        .map_err(|_| format!("'{value}' value invalid for uint argument!"))
}

/// An enumerated option: one of `allowed`.
pub fn parse_enum<'a>(value: &str, allowed: &[&'a str]) -> Result<&'a str, String> {
    allowed
        .iter()
        .copied()
        .find(|a| *a == value)
        .ok_or_else(|| format!("Cannot find option named '{value}'!"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn splits_like_mlir() {
        assert_eq!(
            split_options("opt=1 list=a,b str=\"x y\" flag"),
            pairs(&[("opt", "1"), ("list", "a,b"), ("str", "x y"), ("flag", "")])
        );
        assert_eq!(
            split_options("  p=nested{a=1 b=\" {} \"}  "),
            pairs(&[("p", "nested{a=1 b=\" {} \"}")])
        );
        assert_eq!(split_list("a, b,{c,d}"), ["a", "b", "{c,d}"]);
        assert!(split_list("").is_empty());
    }

    #[test]
    fn value_errors_use_llvm_wording() {
        assert_eq!(parse_bool(""), Ok(true));
        assert_eq!(
            parse_bool("x").unwrap_err(),
            "'x' is invalid value for boolean argument! Try 0 or 1"
        );
        assert_eq!(
            parse_i64("x").unwrap_err(),
            "'x' value invalid for long argument!"
        );
        assert_eq!(parse_enum("b", &["a", "b"]), Ok("b"));
    }
}

//! String escaping as MLIR's `printEscapedString`, bare identifiers, symbol names.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `bytes` escaped: printable ASCII stays, except `"` and `\`; anything else
/// becomes `\XX` (upper-case hex, one per byte).
pub fn push_escaped(out: &mut String, bytes: &[u8]) {
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let plain = (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\';
        if plain {
            continue;
        }
        // The skipped run is printable ASCII, hence valid UTF-8.
        out.push_str(std::str::from_utf8(&bytes[start..i]).unwrap_or_default());
        if b == b'\\' {
            out.push_str("\\\\");
        } else {
            out.push('\\');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
        start = i + 1;
    }
    out.push_str(std::str::from_utf8(&bytes[start..]).unwrap_or_default());
}

/// `"escaped"` with the quotes.
pub fn push_quoted(out: &mut String, bytes: &[u8]) {
    out.push('"');
    push_escaped(out, bytes);
    out.push('"');
}

/// `[A-Za-z_][A-Za-z0-9_$.]*`
pub fn is_bare_identifier(s: &[u8]) -> bool {
    match s.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => s[1..]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')),
        _ => false,
    }
}

/// A dictionary key or keyword: bare when it is an identifier, else quoted.
pub fn push_keyword_or_string(out: &mut String, s: &[u8]) {
    if is_bare_identifier(s) {
        out.push_str(std::str::from_utf8(s).unwrap_or_default());
    } else {
        push_quoted(out, s);
    }
}

/// `@name` or `@"quoted name"`.
pub fn push_symbol_ref(out: &mut String, s: &[u8]) {
    if s.is_empty() {
        out.push_str("@<<INVALID EMPTY SYMBOL>>");
        return;
    }
    out.push('@');
    push_keyword_or_string(out, s);
}

/// MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`: `ident(<...>)?`.
pub fn is_simple_dialect_symbol(s: &[u8]) -> bool {
    match s.first() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    let rest_at = s
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'.' || *c == b'_'));
    match rest_at {
        None => true,
        Some(i) => s[i] == b'<' && s.last() == Some(&b'>'),
    }
}

/// `!dialect.body` when the body is simple enough, else `!dialect<body>`.
pub fn push_dialect_symbol(out: &mut String, prefix: char, dialect: &[u8], data: &[u8]) {
    out.push(prefix);
    out.push_str(&String::from_utf8_lossy(dialect));
    if is_simple_dialect_symbol(data) {
        out.push('.');
        out.push_str(&String::from_utf8_lossy(data));
    } else {
        out.push('<');
        out.push_str(&String::from_utf8_lossy(data));
        out.push('>');
    }
}

/// An unregistered dialect's type or attribute. `body` is the symbol data: the text
/// after `dialect.`, or the raw text inside `dialect<...>`. A body that is neither
/// simple nor a quoted string is taken to be decoded string contents and re-quoted
/// (`pretty == Some(false)` forces that reading unless it starts with a quote).
pub fn push_opaque_symbol(
    out: &mut String,
    prefix: char,
    dialect: &[u8],
    body: &[u8],
    pretty: Option<bool>,
) {
    let raw = match pretty {
        Some(true) => true,
        Some(false) => body.first() == Some(&b'"'),
        None => is_simple_dialect_symbol(body) || body.first() == Some(&b'"'),
    };
    if raw {
        return push_dialect_symbol(out, prefix, dialect, body);
    }
    out.push(prefix);
    out.push_str(&String::from_utf8_lossy(dialect));
    out.push('<');
    push_quoted(out, body);
    out.push('>');
}

/// `"0x..."` of raw bytes, upper-case hex.
pub fn push_hex_string(out: &mut String, bytes: &[u8]) {
    out.reserve(bytes.len() * 2 + 4);
    out.push_str("\"0x");
    for &b in bytes {
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        let mut s = String::new();
        push_quoted(&mut s, "he\"l\\lo\té".as_bytes());
        assert_eq!(s, r#""he\22l\\lo\09\C3\A9""#);
    }

    #[test]
    fn simple_symbols() {
        assert!(is_simple_dialect_symbol(b"bar<a, 3>"));
        assert!(is_simple_dialect_symbol(b"b.c"));
        assert!(!is_simple_dialect_symbol(b"\"x y\""));
        assert!(!is_simple_dialect_symbol(b"bar<x> y"));
        assert!(!is_simple_dialect_symbol(b""));
    }

    #[test]
    fn keys() {
        let mut s = String::new();
        push_keyword_or_string(&mut s, b"a$b.c");
        push_keyword_or_string(&mut s, b"0x");
        assert_eq!(s, "a$b.c\"0x\"");
    }
}

//! The `{{regex}}` pieces of `expected-*-re` annotations: LLVM (POSIX extended)
//! regular expressions, translated to the `regex` crate with LLVM's error wording.

use regex::Regex;

/// `text` with `{{re}}` pieces as regexes and everything else literal; the error is
/// the message mlir-opt reports for the annotation.
pub(crate) fn llvm_regex(text: &str) -> Result<Regex, String> {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some(open) = rest.find("{{") else {
            out.push_str(&regex::escape(rest));
            break;
        };
        out.push_str(&regex::escape(&rest[..open]));
        rest = &rest[open + 2..];
        let Some(close) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".into());
        };
        let piece = translate(&rest[..close]).map_err(|e| format!("invalid regex: {e}"))?;
        out.push('(');
        out.push_str(&piece);
        out.push(')');
        rest = &rest[close + 2..];
    }
    Regex::new(&out).map_err(|e| format!("invalid regex: {e}"))
}

/// One POSIX ERE as a `regex` crate pattern, or LLVM's `regerror` text.
fn translate(re: &str) -> Result<String, &'static str> {
    if re.is_empty() {
        return Err("empty (sub)expression");
    }
    let b = re.as_bytes();
    let mut out = String::new();
    let mut depth = 0usize;
    let mut i = 0;
    // Whether the last item can take a repetition operator.
    let mut has_atom = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let Some(next) = re[i + 1..].chars().next() else {
                    return Err("trailing backslash (\\)");
                };
                // POSIX knows no `\d`-style classes: an escaped character is itself.
                out.push_str(&regex::escape(&next.to_string()));
                i += 1 + next.len_utf8();
                has_atom = true;
                continue;
            }
            b'[' => {
                i = bracket(re, i, &mut out)?;
                has_atom = true;
                continue;
            }
            b'(' => {
                depth += 1;
                out.push('(');
                has_atom = false;
            }
            b')' => {
                if depth == 0 {
                    return Err("parentheses not balanced");
                }
                depth -= 1;
                out.push(')');
                has_atom = true;
            }
            b'|' => {
                if !has_atom || matches!(b.get(i + 1), None | Some(b'|' | b')')) {
                    return Err("empty (sub)expression");
                }
                out.push('|');
                has_atom = false;
            }
            b'*' | b'+' | b'?' => {
                if !has_atom {
                    return Err("repetition-operator operand invalid");
                }
                out.push(c as char);
                // A second operator in a row is an error in POSIX, not laziness.
                has_atom = false;
            }
            b'{' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                if !has_atom {
                    return Err("repetition-operator operand invalid");
                }
                let end = bound(&re[i + 1..])? + 1;
                out.push_str(&re[i..=i + end]);
                has_atom = false;
                i += end + 1;
                continue;
            }
            _ => {
                let ch = re[i..].chars().next().unwrap_or('\u{fffd}');
                if matches!(ch, '{' | '}') {
                    out.push('\\');
                }
                out.push(ch);
                i += ch.len_utf8();
                has_atom = true;
                continue;
            }
        }
        i += 1;
    }
    if depth != 0 {
        return Err("parentheses not balanced");
    }
    Ok(out)
}

/// The length of a `{m,n}` body up to its `}`, checked in LLVM's order.
fn bound(s: &str) -> Result<usize, &'static str> {
    const DUP_MAX: u32 = 255;
    let count = |s: &str| -> (u32, usize) {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        (s[..n].parse().unwrap_or(u32::MAX), n)
    };
    let (lo, mut i) = count(s);
    let mut hi = lo;
    if s[i..].starts_with(',') {
        i += 1;
        if s[i..].starts_with(|c: char| c.is_ascii_digit()) {
            let (h, n) = count(&s[i..]);
            hi = h;
            i += n;
        } else {
            hi = DUP_MAX;
        }
    }
    if lo > hi || hi > DUP_MAX {
        return Err("invalid repetition count(s)");
    }
    if s[i..].starts_with('}') {
        return Ok(i);
    }
    Err(if s[i..].contains('}') {
        "invalid repetition count(s)"
    } else {
        "braces not balanced"
    })
}

/// A bracket expression starting at `start` (`[`); returns the index after it.
fn bracket(re: &str, start: usize, out: &mut String) -> Result<usize, &'static str> {
    let b = re.as_bytes();
    let mut i = start + 1;
    out.push('[');
    if b.get(i) == Some(&b'^') {
        out.push('^');
        i += 1;
    }
    // A `]` right after `[` or `[^` is a member.
    if b.get(i) == Some(&b']') {
        out.push_str("\\]");
        i += 1;
    }
    loop {
        let Some(&c) = b.get(i) else {
            return Err("brackets ([ ]) not balanced");
        };
        match c {
            b']' => {
                out.push(']');
                return Ok(i + 1);
            }
            b'[' if matches!(b.get(i + 1), Some(b':' | b'.' | b'=')) => {
                let delim = b[i + 1];
                let close = [delim, b']'];
                let Some(end) = re[i + 2..].find(std::str::from_utf8(&close).unwrap_or(":]"))
                else {
                    return Err("brackets ([ ]) not balanced");
                };
                let name = &re[i + 2..i + 2 + end];
                if delim == b':' {
                    const CLASSES: [&str; 12] = [
                        "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print",
                        "punct", "space", "upper", "xdigit",
                    ];
                    if !CLASSES.contains(&name) {
                        return Err("invalid character class");
                    }
                    out.push_str(&format!("[:{name}:]"));
                } else {
                    out.push_str(&regex::escape(name));
                }
                i += 2 + end + 2;
            }
            _ => {
                // Inside brackets every other character is literal.
                let ch = re[i..].chars().next().unwrap_or('\u{fffd}');
                if matches!(ch, '\\' | '[' | '&' | '-' | '~' | '^')
                    && !(ch == '-' && is_range_dash(b, i))
                {
                    out.push('\\');
                }
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
}

/// A `-` between two members is a range; at either end of the bracket it is literal.
fn is_range_dash(b: &[u8], i: usize) -> bool {
    i > 0 && !matches!(b[i - 1], b'[' | b'^') && b.get(i + 1).is_some_and(|&n| n != b']')
}

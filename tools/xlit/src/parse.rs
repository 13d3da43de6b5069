//! Reading a test's directives the way lit's integrated test format does:
//! a keyword (`RUN:`, `XFAIL:`, ...) may sit anywhere on a line, whatever the
//! comment syntax, and its value is the rest of that line.

use crate::features::{split_list, Expr};

/// One `RUN:` command after joining its `\` continuation lines.
#[derive(Debug, Clone, PartialEq)]
pub struct RunLine {
    pub start_line: usize,
    pub end_line: usize,
    pub command: String,
}

impl RunLine {
    /// lit's wording for where a command came from.
    pub fn location(&self) -> String {
        if self.start_line == self.end_line {
            format!("at line {}", self.start_line)
        } else {
            format!("from line {} to {}", self.start_line, self.end_line)
        }
    }
}

/// Everything a test file declares about how to run it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Script {
    pub run: Vec<RunLine>,
    /// Items of `XFAIL:`; `*` means always.
    pub xfail: Vec<String>,
    pub requires: Vec<String>,
    pub unsupported: Vec<String>,
    pub allow_retries: Option<u32>,
}

const KEYWORDS: [&str; 6] = [
    "RUN:",
    "XFAIL:",
    "REQUIRES:",
    "UNSUPPORTED:",
    "ALLOW_RETRIES:",
    "END.",
];

/// The leftmost keyword on a line, like lit's alternation regex.
fn find_keyword(line: &str) -> Option<(&'static str, &str)> {
    KEYWORDS
        .iter()
        .filter_map(|k| line.find(k).map(|pos| (pos, *k)))
        .min_by_key(|(pos, _)| *pos)
        .map(|(pos, k)| (k, &line[pos + k.len()..]))
}

/// Parses a test file's text. Errors are lit's "unresolved" conditions.
pub fn parse_script(text: &str) -> Result<Script, String> {
    let mut s = Script::default();
    // A RUN: command that still ends in `\`.
    let mut pending: Option<RunLine> = None;

    for (idx, raw) in text.split('\n').enumerate() {
        let line_no = idx + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let Some((keyword, value)) = find_keyword(line) else {
            continue;
        };

        if let Some(mut run) = pending.take() {
            if keyword != "RUN:" {
                return Err(format!(
                    "Test has unterminated 'RUN:' directive (with '\\') {}",
                    run.location()
                ));
            }
            run.command.pop(); // the `\`
            run.command.push_str(value.trim_end());
            run.end_line = line_no;
            finish_run(run, &mut s, &mut pending);
            continue;
        }

        match keyword {
            "RUN:" => {
                let run = RunLine {
                    start_line: line_no,
                    end_line: line_no,
                    command: value.trim_end().to_string(),
                };
                finish_run(run, &mut s, &mut pending);
            }
            "XFAIL:" => s.xfail.extend(bool_list(value, keyword, line_no, true)?),
            "REQUIRES:" => s
                .requires
                .extend(bool_list(value, keyword, line_no, false)?),
            "UNSUPPORTED:" => s
                .unsupported
                .extend(bool_list(value, keyword, line_no, false)?),
            "ALLOW_RETRIES:" => {
                if s.allow_retries.is_some() {
                    return Err(format!(
                        "ALLOW_RETRIES should be specified only once (line {line_no})"
                    ));
                }
                let n = value.trim().parse().map_err(|_| {
                    format!(
                        "ALLOW_RETRIES: expects an integer, got '{}' (line {line_no})",
                        value.trim()
                    )
                })?;
                s.allow_retries = Some(n);
            }
            // `END.` alone ends the directives; `END.` followed by text is ignored.
            "END." if value.trim().is_empty() => break,
            _ => {}
        }
    }

    if let Some(run) = pending {
        return Err(format!(
            "Test has unterminated 'RUN:' directive (with '\\') {}",
            run.location()
        ));
    }
    if s.run.is_empty() {
        return Err("Test has no 'RUN:' line".into());
    }
    Ok(s)
}

fn finish_run(run: RunLine, s: &mut Script, pending: &mut Option<RunLine>) {
    if run.command.ends_with('\\') {
        *pending = Some(run);
    } else {
        s.run.push(run);
    }
}

/// Validates a comma-separated list of feature expressions up front, so that
/// a typo makes the test unresolved rather than silently skipped.
fn bool_list(
    value: &str,
    keyword: &str,
    line: usize,
    star_ok: bool,
) -> Result<Vec<String>, String> {
    split_list(value)
        .map(|item| {
            if !(star_ok && item == "*") {
                Expr::parse(item).map_err(|e| {
                    format!("{keyword} at line {line}: invalid feature expression '{item}': {e}")
                })?;
            }
            Ok(item.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_any_comment_style() {
        let s = parse_script(
            "// RUN: echo a | grep a\n# RUN: true\n; RUN:   false   \nfunc @f() // not a directive\n",
        )
        .unwrap();
        let cmds: Vec<_> = s.run.iter().map(|r| r.command.as_str()).collect();
        assert_eq!(cmds, [" echo a | grep a", " true", "   false"]);
        assert_eq!(s.run[1].start_line, 2);
    }

    #[test]
    fn continuations() {
        let s = parse_script(
            "// RUN: xopt %s \\\n// RUN:   --canonicalize \\\n// RUN: | xcheck %s\n// RUN: true\n",
        )
        .unwrap();
        assert_eq!(s.run.len(), 2);
        assert_eq!(s.run[0].command, " xopt %s    --canonicalize  | xcheck %s");
        assert_eq!((s.run[0].start_line, s.run[0].end_line), (1, 3));
        assert_eq!(s.run[0].location(), "from line 1 to 3");
        assert_eq!(s.run[1].location(), "at line 4");
    }

    #[test]
    fn unterminated_continuation() {
        let e = parse_script("// RUN: echo \\\n").unwrap_err();
        assert!(e.contains("unterminated 'RUN:'"), "{e}");
        let e = parse_script("// RUN: echo \\\n// REQUIRES: x\n").unwrap_err();
        assert!(e.contains("unterminated 'RUN:'"), "{e}");
    }

    #[test]
    fn feature_directives() {
        let s = parse_script(
            "// RUN: true\n// REQUIRES: vulkan, mlir-opt\n// REQUIRES: a || b\n// UNSUPPORTED: !x86_64\n// XFAIL: *\n// ALLOW_RETRIES: 2\n",
        )
        .unwrap();
        assert_eq!(s.requires, ["vulkan", "mlir-opt", "a || b"]);
        assert_eq!(s.unsupported, ["!x86_64"]);
        assert_eq!(s.xfail, ["*"]);
        assert_eq!(s.allow_retries, Some(2));
    }

    #[test]
    fn bad_directives_are_errors() {
        assert!(parse_script("// RUN: true\n// REQUIRES: a &&\n").is_err());
        assert!(parse_script("// RUN: true\n// REQUIRES: *\n").is_err());
        assert!(parse_script("// RUN: true\n// ALLOW_RETRIES: x\n").is_err());
        assert!(parse_script("// RUN: true\n// ALLOW_RETRIES: 1\n// ALLOW_RETRIES: 1\n").is_err());
        assert_eq!(
            parse_script("// CHECK: foo\n").unwrap_err(),
            "Test has no 'RUN:' line"
        );
    }

    #[test]
    fn end_stops_parsing() {
        let s = parse_script("// RUN: true\n// END.\n// RUN: false\n").unwrap();
        assert_eq!(s.run.len(), 1);
        // `END.` followed by text is not the end.
        let s = parse_script("// RUN: true\n// END. not really\n// RUN: false\n").unwrap();
        assert_eq!(s.run.len(), 2);
    }

    #[test]
    fn crlf() {
        let s = parse_script("// RUN: echo hi\r\n").unwrap();
        assert_eq!(s.run[0].command, " echo hi");
    }
}

//! Substitutions applied to each `RUN:` command before it reaches the shell:
//! lit's `%` patterns, and tool names that get replaced by the absolute path
//! of the binary that was just built (so a stale tool on PATH is never used).

use std::path::{Path, PathBuf};

/// The paths a test's `%` patterns expand to.
#[derive(Debug, Clone)]
pub struct TestPaths {
    /// The test file (`%s`).
    pub source: PathBuf,
    /// `%T`: the `Output` directory next to the test's exec dir.
    pub tmp_dir: PathBuf,
    /// `%T/<test file name>`; `%t` is this plus `.tmp`.
    pub tmp_base: PathBuf,
}

impl TestPaths {
    pub fn tmp_name(&self) -> PathBuf {
        let mut s = self.tmp_base.clone().into_os_string();
        s.push(".tmp");
        s.into()
    }
}

fn disp(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn real(p: &Path) -> String {
    disp(&std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
}

/// Expands `%` patterns in one pass (an expansion is never re-expanded).
/// `extra` (from the suite config) is tried first, as lit tries config
/// substitutions before its defaults. Unknown `%x` sequences stay as they are.
pub fn substitute_percent(cmd: &str, paths: &TestPaths, extra: &[(String, String)]) -> String {
    let source = &paths.source;
    let source_dir = source.parent().unwrap_or(Path::new("."));
    let file_name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let stem = |p: &Path| {
        p.file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let tmp_name = paths.tmp_name();

    let mut table: Vec<(String, String)> = extra.to_vec();
    // Longest config patterns first so `%{foo-bar}` wins over `%{foo}`.
    table.sort_by_key(|(k, _)| std::cmp::Reverse(k.len()));
    let defaults: [(&str, String); 21] = [
        ("%%", "%".into()),
        ("%{pathsep}", ":".into()),
        ("%{s:basename}", file_name(source)),
        ("%{s:stem}", stem(source)),
        ("%{t:stem}", file_name(&paths.tmp_base)),
        ("%{s:real}", real(source)),
        ("%{S:real}", real(source_dir)),
        ("%{p:real}", real(source_dir)),
        ("%{t:real}", real(&tmp_name)),
        ("%{T:real}", real(&paths.tmp_dir)),
        ("%basename_t", file_name(&paths.tmp_base)),
        ("%/s", disp(source)),
        ("%/S", disp(source_dir)),
        ("%/p", disp(source_dir)),
        ("%/t", disp(&tmp_name)),
        ("%/T", disp(&paths.tmp_dir)),
        ("%s", disp(source)),
        ("%S", disp(source_dir)),
        ("%p", disp(source_dir)),
        ("%t", disp(&tmp_name)),
        ("%T", disp(&paths.tmp_dir)),
    ];
    table.extend(defaults.into_iter().map(|(k, v)| (k.to_string(), v)));

    let mut out = String::with_capacity(cmd.len());
    let mut rest = cmd;
    while let Some(pos) = rest.find('%') {
        out.push_str(&rest[..pos]);
        rest = &rest[pos..];
        match table.iter().find(|(k, _)| rest.starts_with(k.as_str())) {
            Some((k, v)) => {
                out.push_str(v);
                rest = &rest[k.len()..];
            }
            None => {
                out.push('%');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Words that leave the next word in command position.
fn keeps_command_position(word: &str) -> bool {
    matches!(
        word,
        "!" | "{" | "time" | "env" | "exec" | "then" | "do" | "else" | "--crash"
    ) || (word.contains('=') && !word.starts_with('-'))
}

/// Replaces tool names in command position (start of a command, after `|`,
/// `&&`, `;`, `(`, `not`, `env`, `VAR=x`...) by `tools[name]`. Quoted text is
/// left alone. Returns the new command and the names that were replaced.
pub fn substitute_tools(cmd: &str, tools: &[(String, String)]) -> (String, Vec<String>) {
    let mut out = String::with_capacity(cmd.len());
    let mut used = Vec::new();
    let chars: Vec<char> = cmd.chars().collect();
    let mut i = 0;
    let mut at_cmd = true;
    let is_op = |c: char| "|&;()".contains(c);
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            out.push(c);
            i += 1;
            continue;
        }
        if is_op(c) {
            out.push(c);
            i += 1;
            at_cmd = c != ')';
            continue;
        }
        // One shell word, keeping quotes and escapes as written.
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && !is_op(chars[i]) {
            match chars[i] {
                '\\' => i += 2,
                q @ ('\'' | '"') => {
                    i += 1;
                    while i < chars.len() && chars[i] != q {
                        i += if q == '"' && chars[i] == '\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
        let i_end = i.min(chars.len());
        i = i_end;
        let word: String = chars[start..i_end].iter().collect();
        if at_cmd {
            if let Some((name, path)) = tools.iter().find(|(n, _)| *n == word) {
                out.push_str(path);
                used.push(name.clone());
                at_cmd = name == "not";
                continue;
            }
            at_cmd = keeps_command_position(&word);
        }
        out.push_str(&word);
    }
    (out, used)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths() -> TestPaths {
        TestPaths {
            source: "/src/lit-tests/dir/a.mlir".into(),
            tmp_dir: "/build/lit/dir/Output".into(),
            tmp_base: "/build/lit/dir/Output/a.mlir".into(),
        }
    }

    #[test]
    fn percent_patterns() {
        let p = paths();
        let s = |c: &str| substitute_percent(c, &p, &[]);
        assert_eq!(s("cat %s"), "cat /src/lit-tests/dir/a.mlir");
        assert_eq!(s("ls %S %p"), "ls /src/lit-tests/dir /src/lit-tests/dir");
        assert_eq!(s("x > %t"), "x > /build/lit/dir/Output/a.mlir.tmp");
        assert_eq!(
            s("%t.o %t2"),
            "/build/lit/dir/Output/a.mlir.tmp.o /build/lit/dir/Output/a.mlir.tmp2"
        );
        assert_eq!(s("cd %T"), "cd /build/lit/dir/Output");
        assert_eq!(s("%basename_t"), "a.mlir");
        assert_eq!(s("%{s:basename} %{s:stem}"), "a.mlir a");
        assert_eq!(s("a%{pathsep}b"), "a:b");
        // `%%` is a literal percent and is not expanded further.
        assert_eq!(s("printf '%%s' 100%%"), "printf '%s' 100%");
        assert_eq!(s("%%t"), "%t");
        // Unknown patterns survive.
        assert_eq!(s("%x %{nope} %"), "%x %{nope} %");
    }

    #[test]
    fn config_substitutions_first() {
        let p = paths();
        let extra = vec![
            ("%{opt}".to_string(), "xopt --flag".to_string()),
            ("%{opt-x}".to_string(), "xopt -x".to_string()),
        ];
        assert_eq!(
            substitute_percent("%{opt-x} %{opt} %s", &p, &extra),
            "xopt -x xopt --flag /src/lit-tests/dir/a.mlir"
        );
    }

    fn tools() -> Vec<(String, String)> {
        [
            ("xopt", "/b/xopt"),
            ("xcheck", "/b/xcheck"),
            ("FileCheck", "/b/xcheck"),
            ("not", "/b/not"),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
    }

    #[test]
    fn tools_in_command_position() {
        let t = tools();
        let s = |c: &str| substitute_tools(c, &t).0;
        assert_eq!(s(" xopt %s | xcheck %s"), " /b/xopt %s | /b/xcheck %s");
        assert_eq!(s("xopt %s|FileCheck %s"), "/b/xopt %s|/b/xcheck %s");
        assert_eq!(
            s("not xopt %s 2>&1 | FileCheck %s"),
            "/b/not /b/xopt %s 2>&1 | /b/xcheck %s"
        );
        assert_eq!(s("not --crash xopt x"), "/b/not --crash /b/xopt x");
        assert_eq!(s("true && xopt; (xcheck)"), "true && /b/xopt; (/b/xcheck)");
        assert_eq!(s("env A=1 xopt"), "env A=1 /b/xopt");
        // Arguments, file names and quoted text are not commands.
        assert_eq!(s("echo xopt xopt.mlir"), "echo xopt xopt.mlir");
        assert_eq!(s("grep 'a | xopt' f"), "grep 'a | xopt' f");
        assert_eq!(s("echo \"x; xopt\""), "echo \"x; xopt\"");
        assert_eq!(s("mlir-opt %s | xopt-foo"), "mlir-opt %s | xopt-foo");
        assert_eq!(s("./xopt"), "./xopt");
        let (_, used) = substitute_tools("xopt | not xcheck", &t);
        assert_eq!(used, ["xopt", "not", "xcheck"]);
    }
}

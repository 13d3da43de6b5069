//! Every command block of the documentation runs: each ```` ```sh ```` block of
//! `README.md` and `docs/*.md`, from the workspace root, through `bash -e -o
//! pipefail`. A block whose command exits non-zero fails the test
//! (`docs/testing.md`, "The commands of the documentation").
//!
//! - `cargo run -q -p NAME --` becomes the binary cargo built: `xrun` is this
//!   package's; the others (`xopt`, `xcheck`, `xir-import-onnx`, `xlit`) are
//!   found in this test binary's profile dir, as the lit runner finds them
//!   (`xlit::build_dir_of`), so `cargo build --workspace` must have built them.
//!   Any other `cargo` command in a block that runs is an error.
//! - `/tmp/` becomes a fresh directory of the block's own, so commands that
//!   write files never write into the repository or race each other.
//! - HTML comments on the lines right before a block change what happens, and
//!   every skip is listed in the output:
//!   `<!-- doc-test: skip (reason) -->` does not run it;
//!   `<!-- doc-test: requires vulkan -->` (or `dot`) runs it only where that is
//!   installed (with `CI` set, a missing one is a failure, as in the lit tests);
//!   `<!-- doc-test: expect "text" -->` also requires `text` in its output.
//!
//! A second test checks that the relative links of those files (and their
//! `#anchors`) lead somewhere.

use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The workspace root.
fn workspace() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// `README.md` and every `docs/*.md`, relative to the workspace, sorted.
fn doc_files(root: &Path) -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// What a `<!-- doc-test: ... -->` line says.
#[derive(Clone, Debug, PartialEq)]
enum Directive {
    Skip(String),
    Requires(String),
    Expect(String),
}

fn directive(line: &str) -> Option<Result<Directive, String>> {
    let body = line
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim()
        .strip_prefix("doc-test:")?
        .trim();
    let parsed = if let Some(reason) = body.strip_prefix("skip") {
        let reason = reason.trim();
        match reason.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            Some(r) if !r.trim().is_empty() => Ok(Directive::Skip(r.trim().to_string())),
            _ => Err(format!("'{body}': a skip says why, as `skip (reason)`")),
        }
    } else if let Some(what) = body.strip_prefix("requires") {
        match what.trim() {
            w @ ("vulkan" | "dot") => Ok(Directive::Requires(w.to_string())),
            w => Err(format!("'{body}': unknown requirement '{w}' (vulkan, dot)")),
        }
    } else if let Some(text) = body.strip_prefix("expect") {
        match text
            .trim()
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
        {
            Some(t) if !t.is_empty() => Ok(Directive::Expect(t.to_string())),
            _ => Err(format!("'{body}': expect takes a quoted text")),
        }
    } else {
        Err(format!(
            "'{body}': unknown doc-test directive (skip, requires, expect)"
        ))
    };
    Some(parsed)
}

/// One ```` ```sh ```` block.
#[derive(Debug)]
struct Block {
    /// `file:line` of its opening fence.
    at: String,
    script: String,
    directives: Vec<Directive>,
}

/// The `sh` blocks of `text` with the directives right above them; errors
/// for malformed directives and unclosed blocks.
fn blocks(file: &str, text: &str) -> (Vec<Block>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        if ticks < 3 {
            i += 1;
            continue;
        }
        let fence = &trimmed[..ticks];
        let info = trimmed[ticks..].trim();
        let start = i;
        let mut end = start + 1;
        while end < lines.len() && lines[end].trim() != fence {
            end += 1;
        }
        if end == lines.len() {
            errors.push(format!(
                "{file}:{}: a code block is never closed",
                start + 1
            ));
            break;
        }
        if info == "sh" {
            let mut directives = Vec::new();
            let mut j = start;
            while j > 0 {
                match directive(lines[j - 1]) {
                    Some(Ok(d)) => directives.push(d),
                    Some(Err(e)) => errors.push(format!("{file}:{j}: {e}")),
                    None => break,
                }
                j -= 1;
            }
            out.push(Block {
                at: format!("{file}:{}", start + 1),
                script: lines[start + 1..end].join("\n"),
                directives,
            });
        } else {
            // A directive only applies to a sh block.
            if start > 0 && directive(lines[start - 1]).is_some() {
                errors.push(format!(
                    "{file}:{start}: a doc-test directive before a '{info}' block, not a sh block"
                ));
            }
        }
        i = end + 1;
    }
    (out, errors)
}

/// The cargo profile dir of this test binary (`target/debug` for
/// `target/debug/deps/doc_commands-*`), where the workspace's binaries are.
fn build_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("current exe");
    let dir = exe.parent().unwrap_or(Path::new(".")).to_path_buf();
    if dir.file_name().is_some_and(|n| n == "deps") {
        dir.parent().unwrap_or(&dir).to_path_buf()
    } else {
        dir
    }
}

/// The binary `cargo run -p NAME` runs.
fn binary(name: &str) -> Result<PathBuf, String> {
    if name == "xrun" {
        return Ok(PathBuf::from(env!("CARGO_BIN_EXE_xrun")));
    }
    if !["xopt", "xcheck", "xlit", "xir-import-onnx"].contains(&name) {
        return Err(format!(
            "no binary of package '{name}' is known to this test"
        ));
    }
    let path = build_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{} is not built: run `cargo build --workspace` first",
            path.display()
        ))
    }
}

/// Whether the machine has what `requires` names (as the lit runner decides).
fn available(what: &str) -> bool {
    match what {
        "vulkan" => ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
            .iter()
            .any(|d| {
                std::fs::read_dir(d).is_ok_and(|entries| {
                    entries
                        .filter_map(Result::ok)
                        .any(|e| e.path().extension().is_some_and(|x| x == "json"))
                })
            }),
        tool => std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file())),
    }
}

/// A block's script as it runs: binaries for `cargo run`, `dir` for `/tmp/`.
fn rewrite(script: &str, dir: &Path) -> Result<String, String> {
    // First the temporary paths, so that a binary under /tmp stays as it is.
    let script = script.replace("/tmp/", &format!("{}/", dir.display()));
    let run = Regex::new(r"cargo run -q -p ([A-Za-z0-9_-]+) --").unwrap();
    let mut err = None;
    let script = run.replace_all(&script, |c: &regex::Captures| match binary(&c[1]) {
        Ok(p) => format!("'{}'", p.display()),
        Err(e) => {
            err.get_or_insert(e);
            String::new()
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    let other_cargo = Regex::new(r"(^|[\s;&|(])cargo\s").unwrap();
    if other_cargo.is_match(&script) {
        return Err(
            "runs cargo: write `cargo run -q -p NAME --`, or mark the block \
                    `<!-- doc-test: skip (reason) -->`"
                .into(),
        );
    }
    Ok(script.into_owned())
}

/// The last `n` lines of `s`.
fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Runs one block; `Ok(note)` says what happened.
fn run_block(root: &Path, b: &Block, index: usize) -> Result<String, String> {
    for d in &b.directives {
        match d {
            Directive::Skip(why) => return Ok(format!("skipped ({why})")),
            Directive::Requires(what) if !available(what) => {
                if std::env::var_os("CI").is_some() {
                    return Err(format!(
                        "requires {what}, which this machine lacks; CI is set, and CI must \
                         provide it: refusing to skip"
                    ));
                }
                return Ok(format!("skipped (requires {what}, not installed)"));
            }
            _ => {}
        }
    }
    let dir = std::env::temp_dir().join(format!("xir-doc-commands-{}-{index}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let result = run_script(root, b, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Runs a block's script in `dir` (its `/tmp/`) and checks its output.
fn run_script(root: &Path, b: &Block, dir: &Path) -> Result<String, String> {
    let script = rewrite(&b.script, dir)?;
    let mut path = vec![build_dir()];
    if let Some(p) = std::env::var_os("PATH") {
        path.extend(std::env::split_paths(&p));
    }
    let out = Command::new("bash")
        .args(["-e", "-o", "pipefail", "-c", &script])
        .current_dir(root)
        .env("PATH", std::env::join_paths(path).unwrap_or_default())
        .env("TMPDIR", dir)
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        return Err(format!(
            "exited with {}\n--- script ---\n{script}\n--- output (last lines) ---\n{}",
            out.status,
            tail(&text, 30)
        ));
    }
    for d in &b.directives {
        if let Directive::Expect(want) = d {
            if !text.contains(want.as_str()) {
                return Err(format!(
                    "its output lacks \"{want}\"\n--- output (last lines) ---\n{}",
                    tail(&text, 30)
                ));
            }
        }
    }
    Ok("ran".to_string())
}

#[test]
fn every_sh_block_of_the_docs_runs() {
    let root = workspace();
    let mut all = Vec::new();
    let mut failures = Vec::new();
    for file in doc_files(&root) {
        let text = std::fs::read_to_string(root.join(&file)).expect("readable doc");
        let (bs, errors) = blocks(&file, &text);
        failures.extend(errors);
        all.extend(bs);
    }
    assert!(
        all.iter()
            .filter(|b| b.at.starts_with("README.md:"))
            .count()
            >= 2,
        "README.md should hold the two commands as sh blocks"
    );

    // A few workers: the blocks are independent.
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 4);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(b) = all.get(i) else { break };
                let r = run_block(&root, b, i);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    for (i, r) in results {
        match r {
            Ok(note) => println!("{}: {note}", all[i].at),
            Err(e) => {
                println!("{}: FAILED", all[i].at);
                failures.push(format!("{}: {e}", all[i].at));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} doc command block(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, other
/// punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if let Some(h) = line.strip_prefix('#') {
            let h = h.trim_start_matches('#');
            if h.starts_with(' ') {
                out.push(slug(h.trim()));
            }
        }
    }
    out
}

#[test]
fn relative_links_of_the_docs_resolve() {
    let root = workspace();
    let link = Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let mut broken = Vec::new();
    for file in doc_files(&root) {
        let path = root.join(&file);
        let text = std::fs::read_to_string(&path).expect("readable doc");
        let dir = path.parent().unwrap().to_path_buf();
        for (n, line) in text.lines().enumerate() {
            for c in link.captures_iter(line) {
                let target = &c[1];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file_part, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target, None),
                };
                let dest = if file_part.is_empty() {
                    path.clone()
                } else {
                    dir.join(file_part)
                };
                if !dest.exists() {
                    broken.push(format!("{file}:{}: '{target}': no such file", n + 1));
                    continue;
                }
                if let Some(a) = anchor {
                    let dest_text = std::fs::read_to_string(&dest).unwrap_or_default();
                    if !anchors(&dest_text).iter().any(|h| h == a) {
                        broken.push(format!("{file}:{}: '{target}': no heading '#{a}'", n + 1));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

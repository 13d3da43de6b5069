//! Differential tests: xopt must print exactly what mlir-opt 22 prints.
//!
//! - `gen::<mode>::seed_N`: a module from `irgen` (seed N), run through both tools in
//!   each print mode; stdout and exit status must be identical.
//! - `rejected::<kind>::seed_N`: a mutated (usually broken) module; exit statuses must match.
//! - `corpus::<name>::<mode>`: stored inputs with the output mlir-opt gave, compared
//!   byte for byte; runs without mlir-opt. `XIR_BLESS=1` rewrites the expectations.
//!
//! Without mlir-opt the live trials are ignored, or fail when `CI` is set.
//! `XIR_DIFF_SEEDS=N` changes the number of generated modules (default 200).

mod common;

use common::{first_diff, run, xopt, Outcome, MLIR_OPT};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::time::Duration;

const MODES: &[(&str, &[&str])] = &[
    ("generic", &["--mlir-print-op-generic"]),
    ("default", &[]),
    ("debuginfo", &["--mlir-print-debuginfo"]),
    (
        "debuginfo-generic",
        &["--mlir-print-debuginfo", "--mlir-print-op-generic"],
    ),
    ("local", &["--mlir-print-local-scope"]),
    (
        "local-debuginfo-generic",
        &[
            "--mlir-print-local-scope",
            "--mlir-print-debuginfo",
            "--mlir-print-op-generic",
        ],
    ),
];

const LIMIT: Duration = Duration::from_secs(30);

fn gen_module(seed: u64) -> String {
    irgen::generate(&irgen::Config {
        seed,
        ops: 6 + (seed as usize % 30),
        ..Default::default()
    })
}

fn tool_args<'a>(mode: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["--allow-unregistered-dialect"];
    v.extend_from_slice(mode);
    v
}

fn panicked(o: &Outcome) -> bool {
    String::from_utf8_lossy(&o.stderr).contains("panicked")
}

/// Compares both tools on `input`; `stdout_too` also requires identical output.
fn compare(input: &[u8], mode: &[&str], stdout_too: bool, what: &str) -> Result<(), Failed> {
    let args = tool_args(mode);
    let want = run(MLIR_OPT, &args, input, LIMIT);
    let got = run(xopt(), &args, input, LIMIT);
    let flags = args.join(" ");
    if panicked(&got) || got.code.is_none() {
        return Err(format!(
            "{what} [{flags}]: xopt {} (panic/signal/timeout)\nstderr:\n{}",
            got.describe(),
            String::from_utf8_lossy(&got.stderr)
        )
        .into());
    }
    if want.code != got.code {
        return Err(format!(
            "{what} [{flags}]: mlir-opt {} but xopt {}\nmlir-opt stderr:\n{}\nxopt stderr:\n{}",
            want.describe(),
            got.describe(),
            String::from_utf8_lossy(&want.stderr),
            String::from_utf8_lossy(&got.stderr)
        )
        .into());
    }
    if stdout_too && want.stdout != got.stdout {
        return Err(format!(
            "{what} [{flags}]: output differs\n{}",
            first_diff(&want.stdout, &got.stdout)
        )
        .into());
    }
    Ok(())
}

/// Deterministic mutations that usually make a module invalid.
fn mutate(text: &str, kind: &str, seed: u64) -> String {
    let mut rng = irgen::Rng::new(seed ^ 0x5eed);
    let bytes = text.as_bytes();
    let boundary = |mut i: usize| {
        while i < text.len() && !text.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    match kind {
        "truncate" => {
            let at = boundary(rng.range(0, text.len().saturating_sub(1)));
            text[..at].to_string()
        }
        "delete-token" => {
            // Delete one run of non-blank characters (a token or a few glued together).
            let mut at = boundary(rng.range(0, text.len().saturating_sub(1)));
            while at < text.len() && bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            let mut end = at;
            while end < text.len() && !bytes[end].is_ascii_whitespace() {
                end += 1;
            }
            format!("{}{}", &text[..at], &text[end..])
        }
        "wrong-type" => {
            // Change the type of one use in a signature so it disagrees with the definition.
            let sigs: Vec<usize> = text.match_indices(" : (").map(|(i, _)| i + 4).collect();
            let cands: Vec<&usize> = sigs
                .iter()
                .filter(|&&i| !text[i..].starts_with(')'))
                .collect();
            if cands.is_empty() {
                return format!("{text}\"xa.op\"(%undefined) : (i32) -> ()\n");
            }
            let at = *cands[rng.range(0, cands.len() - 1)];
            format!("{}i1234, {}", &text[..at], &text[at..])
        }
        _ => {
            // "duplicate-def": repeat a line that defines a value.
            let lines: Vec<&str> = text.lines().collect();
            let defs: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].trim_start().starts_with('%'))
                .collect();
            if defs.is_empty() {
                return format!("{text}%0 = \"xa.a\"() : () -> i32\n%0 = \"xa.b\"() : () -> i32\n");
            }
            let d = defs[rng.range(0, defs.len() - 1)];
            let mut out = String::new();
            for (i, l) in lines.iter().enumerate() {
                out.push_str(l);
                out.push('\n');
                if i == d {
                    out.push_str(l);
                    out.push('\n');
                }
            }
            out
        }
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn corpus_trial(input: PathBuf, mode: &'static str, flags: &'static [&'static str]) -> Trial {
    let name = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Trial::test(format!("corpus::{name}::{mode}"), move || {
        let text = std::fs::read(&input).map_err(|e| format!("{}: {e}", input.display()))?;
        let expected_path = input.with_extension(format!("{mode}.out"));
        let args = tool_args(flags);
        if std::env::var_os("XIR_BLESS").is_some() {
            let want = run(MLIR_OPT, &args, &text, LIMIT);
            if want.code != Some(0) {
                return Err(format!("mlir-opt rejects {}", input.display()).into());
            }
            std::fs::write(&expected_path, &want.stdout).map_err(|e| e.to_string())?;
            return Ok(());
        }
        let expected = std::fs::read(&expected_path)
            .map_err(|e| format!("{}: {e} (XIR_BLESS=1 writes it)", expected_path.display()))?;
        let got = run(xopt(), &args, &text, LIMIT);
        if got.code != Some(0) {
            return Err(format!(
                "xopt {} on {}\n{}",
                got.describe(),
                input.display(),
                String::from_utf8_lossy(&got.stderr)
            )
            .into());
        }
        if got.stdout != expected {
            return Err(format!(
                "{} [{}]\n{}",
                input.display(),
                args.join(" "),
                first_diff(&expected, &got.stdout)
            )
            .into());
        }
        Ok(())
    })
}

fn main() {
    let args = Arguments::from_args();
    let seeds: u64 = irgen::env_u64("XIR_DIFF_SEEDS", 200);
    let mut trials = Vec::new();
    // Live trials need mlir-opt: ignored without it, failed without it on CI.
    let gate = irgen::mlir_opt::gate;

    for &(mode, flags) in MODES {
        for seed in 0..seeds {
            trials.push(gate(Trial::test(
                format!("gen::{mode}::seed_{seed}"),
                move || {
                    let m = gen_module(seed);
                    compare(
                        m.as_bytes(),
                        flags,
                        true,
                        &format!(
                            "seed {seed} (xir-irgen --seed {seed} --ops {})",
                            6 + seed % 30
                        ),
                    )
                },
            )));
        }
    }
    for kind in ["truncate", "delete-token", "wrong-type", "duplicate-def"] {
        for seed in 0..seeds / 2 {
            trials.push(gate(Trial::test(
                format!("rejected::{kind}::seed_{seed}"),
                move || {
                    let m = mutate(&gen_module(seed), kind, seed);
                    compare(
                        m.as_bytes(),
                        &["--mlir-print-op-generic"],
                        false,
                        &format!("{kind} mutation of seed {seed}"),
                    )
                    .map_err(|e| format!("{}\ninput:\n{m}", e.message().unwrap_or_default()).into())
                },
            )));
        }
    }

    let mut inputs: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    inputs.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    inputs.sort();
    for input in inputs {
        for &(mode, flags) in MODES {
            trials.push(corpus_trial(input.clone(), mode, flags));
        }
    }

    libtest_mimic::run(&args, trials).exit();
}

//! ONNX's backend node tests as the judge of the whole stack: each case's
//! model is imported, compiled for `local`, run with xrun's library on the
//! case's inputs and compared with its expected outputs as ONNX's runner
//! does (same shape and dtype; `|out - ref| <= atol + rtol * |ref|`, NaN
//! matching NaN).
//!
//! The cases come from `export_node_tests.py` (onnx 1.23.2 builds them in
//! memory); the folder is `$XIR_ONNX_NODE_TESTS`, else `target/onnx-node-tests`,
//! written on first use with `$XIR_PYTHON` (else `python3`). The cases named in
//! `node-pass.txt` must pass; the others run and are reported.
//! `XIR_ONNX_REPORT=FILE` writes the per-op table of the README;
//! `XIR_ONNX_UPDATE_PASS=1` rewrites `node-pass.txt` from this run.

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use xir_runtime_hal::{Device, ElementType, HostTensor};

#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Pass,
    /// The importer rejects the model (an op, attribute or type xir lacks).
    Unsupported(String),
    /// Imported, but compiling, running or comparing failed.
    Fail(String),
}

struct Case {
    name: String,
    dir: PathBuf,
    ops: Vec<String>,
    rtol: f64,
    atol: f64,
    inputs: usize,
    outputs: usize,
    note: String,
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The case folder, exported on first use.
fn cases_dir() -> Result<PathBuf, String> {
    let dir = match std::env::var_os("XIR_ONNX_NODE_TESTS") {
        Some(d) => PathBuf::from(d),
        None => manifest().join("../../target/onnx-node-tests"),
    };
    if dir.join("VERSION").exists() {
        return Ok(dir);
    }
    let python = std::env::var("XIR_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = std::process::Command::new(&python)
        .arg(manifest().join("tests/export_node_tests.py"))
        .arg(&dir)
        .output()
        .map_err(|e| format!("cannot run {python}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{python} export_node_tests.py failed (pip install onnx==1.23.2 numpy, or set XIR_PYTHON):\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(dir)
}

fn read_case(dir: &Path) -> Option<Case> {
    let meta = std::fs::read_to_string(dir.join("meta.txt")).ok()?;
    let get = |k: &str| {
        meta.lines()
            .find_map(|l| l.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
            .unwrap_or("")
            .to_string()
    };
    Some(Case {
        name: dir.file_name()?.to_string_lossy().into_owned(),
        dir: dir.to_path_buf(),
        ops: get("ops").split_whitespace().map(String::from).collect(),
        rtol: get("rtol").parse().unwrap_or(1e-3),
        atol: get("atol").parse().unwrap_or(1e-7),
        inputs: get("inputs").parse().unwrap_or(0),
        outputs: get("outputs").parse().unwrap_or(0),
        note: get("note"),
    })
}

/// Element values as f64 (every element type the importer takes).
fn values(t: &HostTensor) -> Result<Vec<f64>, String> {
    let d = &t.data;
    Ok(match t.element {
        ElementType::F32 => d
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::F64 => d
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect(),
        ElementType::Int { bits: 32, .. } => d
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::Int { bits: 64, .. } => d
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::Int { bits: 1, .. } | ElementType::Int { bits: 8, .. } => {
            d.iter().map(|&b| b as i8 as f64).collect()
        }
        e => return Err(format!("element type {e} is not compared")),
    })
}

/// ONNX's runner's check: shape, dtype, then allclose (NaN equals NaN).
fn compare(
    k: usize,
    got: &HostTensor,
    want: &HostTensor,
    rtol: f64,
    atol: f64,
) -> Result<(), String> {
    if got.shape != want.shape {
        return Err(format!(
            "output {k}: shape {:?}, expected {:?}",
            got.shape, want.shape
        ));
    }
    let same_type = match (got.element, want.element) {
        (ElementType::Int { bits: a, .. }, ElementType::Int { bits: b, .. }) => a == b,
        (a, b) => a == b,
    };
    if !same_type {
        return Err(format!(
            "output {k}: element type {}, expected {}",
            got.element, want.element
        ));
    }
    let (g, w) = (values(got)?, values(want)?);
    for (i, (&x, &y)) in g.iter().zip(&w).enumerate() {
        let ok = if x.is_nan() || y.is_nan() {
            x.is_nan() && y.is_nan()
        } else if x.is_infinite() || y.is_infinite() {
            x == y
        } else {
            (x - y).abs() <= atol + rtol * y.abs()
        };
        if !ok {
            return Err(format!(
                "output {k}: element {i} is {x:e}, expected {y:e} (rtol {rtol}, atol {atol})"
            ));
        }
    }
    Ok(())
}

fn run_case(c: &Case, devices: &[Arc<Device>]) -> Outcome {
    if !c.note.is_empty() {
        return Outcome::Unsupported(c.note.clone());
    }
    let bytes = match std::fs::read(c.dir.join("model.onnx")) {
        Ok(b) => b,
        Err(e) => return Outcome::Fail(format!("cannot read the model: {e}")),
    };
    let text = match xir_onnx::import(&bytes, &xir_onnx::Options::default()) {
        Ok(t) => t,
        Err(e) if e.contains("does not verify") => return Outcome::Fail(e),
        Err(e) => return Outcome::Unsupported(e),
    };
    let hal = match xrun::compile_text(&text, &["local".to_string()], "") {
        Ok(h) => h,
        Err(e) => return Outcome::Fail(format!("compile: {e}\n{text}")),
    };
    let mut inputs = Vec::new();
    for k in 0..c.inputs {
        match xir_runtime_io::read_npy(&c.dir.join(format!("input_{k}.npy"))) {
            Ok(t) => inputs.push(t),
            Err(e) => return Outcome::Fail(format!("input {k}: {e}")),
        }
    }
    let got = match xrun::run_text(&hal, "main", &inputs, devices.to_vec()) {
        Ok(g) => g,
        Err(e) => return Outcome::Fail(format!("run: {e}\n{text}")),
    };
    if got.len() != c.outputs {
        return Outcome::Fail(format!("{} results, expected {}", got.len(), c.outputs));
    }
    for (k, g) in got.iter().enumerate() {
        let want = match xir_runtime_io::read_npy(&c.dir.join(format!("output_{k}.npy"))) {
            Ok(t) => t,
            Err(e) => return Outcome::Fail(format!("output {k}: {e}")),
        };
        if let Err(e) = compare(k, g, &want, c.rtol, c.atol) {
            return Outcome::Fail(e);
        }
    }
    Outcome::Pass
}

fn pass_list() -> BTreeSet<String> {
    std::fs::read_to_string(manifest().join("tests/node-pass.txt"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The README's table: the whole suite, the cases of the ops xir claims, and each claimed op.
fn report(cases: &[Case], results: &BTreeMap<String, Outcome>) -> String {
    let claimed = |c: &Case| {
        !c.ops.is_empty()
            && c.ops
                .iter()
                .all(|o| xir_onnx::SUPPORTED.contains(&o.as_str()))
    };
    let count = |f: &dyn Fn(&Case) -> bool| {
        let sel: Vec<&Case> = cases.iter().filter(|c| f(c)).collect();
        let pass = sel
            .iter()
            .filter(|c| results.get(&c.name) == Some(&Outcome::Pass))
            .count();
        (pass, sel.len())
    };
    let pct = |(p, n): (usize, usize)| {
        if n == 0 {
            "–".to_string()
        } else {
            format!("{:.1}%", 100.0 * p as f64 / n as f64)
        }
    };
    let mut s = String::new();
    let all = count(&|_| true);
    let cl = count(&|c| claimed(c));
    s.push_str("| cases | pass | total | rate |\n| --- | ---: | ---: | ---: |\n");
    s.push_str(&format!(
        "| whole node suite | {} | {} | {} |\n",
        all.0,
        all.1,
        pct(all)
    ));
    s.push_str(&format!(
        "| cases whose ops xir claims | {} | {} | {} |\n\n",
        cl.0,
        cl.1,
        pct(cl)
    ));
    s.push_str("| op | pass | cases | failing cases |\n| --- | ---: | ---: | --- |\n");
    for op in xir_onnx::SUPPORTED {
        let sel: Vec<&Case> = cases
            .iter()
            .filter(|c| c.ops.len() == 1 && c.ops[0] == *op)
            .collect();
        let pass = sel
            .iter()
            .filter(|c| results.get(&c.name) == Some(&Outcome::Pass))
            .count();
        let failing: Vec<&str> = sel
            .iter()
            .filter(|c| results.get(&c.name) != Some(&Outcome::Pass))
            .map(|c| c.name.as_str())
            .collect();
        s.push_str(&format!(
            "| {op} | {pass} | {} | {} |\n",
            sel.len(),
            failing.join(", ")
        ));
    }
    s
}

fn main() {
    let args = Arguments::from_args();
    let dir = match cases_dir() {
        Ok(d) => d,
        Err(e) if ci() => panic!("the ONNX node tests are required in CI: {e}"),
        Err(e) => {
            eprintln!("note: ONNX node tests not run: {e}");
            let t = Trial::test("onnx_node_tests_unavailable", || Ok(())).with_ignored_flag(true);
            libtest_mimic::run(&args, vec![t]).exit();
        }
    };
    let mut cases: Vec<Case> = std::fs::read_dir(&dir)
        .expect("readable case folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| read_case(&e.path()))
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    let pinned = pass_list();
    let devices = xrun::devices::open(&["local".to_string()]).expect("the local device");
    let results: Arc<Mutex<BTreeMap<String, Outcome>>> = Arc::default();
    let cases = Arc::new(cases);
    let trials: Vec<Trial> = (0..cases.len())
        .map(|i| {
            let (cases, devices, results) = (cases.clone(), devices.clone(), results.clone());
            let must = pinned.contains(&cases[i].name);
            Trial::test(cases[i].name.clone(), move || {
                let c = &cases[i];
                let o = run_case(c, &devices);
                results.lock().unwrap().insert(c.name.clone(), o.clone());
                match o {
                    Outcome::Pass => Ok(()),
                    Outcome::Unsupported(m) | Outcome::Fail(m) if must => Err(Failed::from(m)),
                    _ => Ok(()),
                }
            })
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let results = results.lock().unwrap().clone();
    let passing: BTreeSet<String> = results
        .iter()
        .filter(|(_, o)| **o == Outcome::Pass)
        .map(|(n, _)| n.clone())
        .collect();
    let new: Vec<&String> = passing.difference(&pinned).collect();
    if !new.is_empty() && args.filter.is_none() {
        eprintln!("note: {} cases pass but are not in node-pass.txt (XIR_ONNX_UPDATE_PASS=1 adds them): {}", new.len(),
            new.iter().take(20).map(|s| s.as_str()).collect::<Vec<_>>().join(", "));
    }
    if std::env::var("XIR_ONNX_UPDATE_PASS").is_ok() && args.filter.is_none() {
        let mut s = String::from(
            "# ONNX node test cases that pass on local; node_suite fails if one regresses.\n",
        );
        for n in &passing {
            s.push_str(n);
            s.push('\n');
        }
        std::fs::write(manifest().join("tests/node-pass.txt"), s).expect("writable node-pass.txt");
    }
    if let Ok(path) = std::env::var("XIR_ONNX_REPORT") {
        std::fs::write(&path, report(&cases, &results)).expect("writable report");
        let mut fails = String::new();
        for (n, o) in &results {
            match o {
                Outcome::Pass => {}
                Outcome::Unsupported(m) => fails.push_str(&format!(
                    "{n}\tUNSUPPORTED\t{}\n",
                    m.lines().next().unwrap_or("")
                )),
                Outcome::Fail(m) => {
                    fails.push_str(&format!("{n}\tFAIL\t{}\n", m.lines().next().unwrap_or("")))
                }
            }
        }
        std::fs::write(format!("{path}.failures.tsv"), fails).expect("writable report");
    }
    conclusion.exit();
}

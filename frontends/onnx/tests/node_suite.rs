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
//! `XIR_ONNX_REPORT=FILE` writes the summary and the per-op table of
//! docs/onnx.md (the per-op one is the converter table with these results);
//! `XIR_ONNX_UPDATE_PASS=1` rewrites `node-pass.txt` from this run.

mod common;

use common::{ci, values};
use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use xir_runtime_hal::{Device, ElementType, HostTensor};

#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Pass,
    /// Passes with its shape-like inputs bound as constants (`--bind`).
    PassBound,
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

/// Case input `k` as `--bind` values (integers or floats); `None` for
/// another element type.
fn bound_values(c: &Case, k: usize) -> Result<Option<xir_onnx::BoundValues>, Outcome> {
    let t = xir_runtime_io::read_npy(&c.dir.join(format!("input_{k}.npy")))
        .map_err(|e| Outcome::Fail(format!("input {k}: {e}")))?;
    let vals = |t| values(t).map_err(Outcome::Fail);
    Ok(match t.element {
        ElementType::Int { bits: 32 | 64, .. } => Some(xir_onnx::BoundValues::Ints(
            vals(&t)?.iter().map(|&v| v as i64).collect(),
        )),
        ElementType::F16 | ElementType::F32 | ElementType::F64 => {
            Some(xir_onnx::BoundValues::Floats(vals(&t)?))
        }
        _ => None,
    })
}

/// `c` compiled for `target` and run on `devices`.
fn run_case(c: &Case, target: &str, devices: &[Arc<Device>]) -> Outcome {
    if !c.note.is_empty() {
        return Outcome::Unsupported(c.note.clone());
    }
    let bytes = match std::fs::read(c.dir.join("model.onnx")) {
        Ok(b) => b,
        Err(e) => return Outcome::Fail(format!("cannot read the model: {e}")),
    };
    // Shape-like operands (Reshape's shape, axes, Slice's starts, ...) that
    // the case feeds as graph inputs are bound to the case's values with
    // --bind, the importer's option for specializing them (see README).
    let names = xir_onnx::input_names(&bytes).unwrap_or_default();
    let mut opts = xir_onnx::Options::default();
    let mut bound = vec![false; c.inputs];
    let text = loop {
        match xir_onnx::import(&bytes, &opts) {
            Ok(t) => break t,
            Err(e) if e.contains("does not verify") => return Outcome::Fail(e),
            Err(e) => {
                let shape_like = [
                    "(shape)",
                    "(axes)",
                    "(starts)",
                    "(ends)",
                    "(steps)",
                    "(split)",
                    "(pads)",
                    "(constant_value)",
                    "(scales)",
                    "(sizes)",
                    "(k)",
                    "(repeats)",
                    "(depth)",
                    "(axis)",
                    "(start)",
                    "(limit)",
                    "(delta)",
                ];
                let name = e.split('\'').nth(3).unwrap_or("");
                if !shape_like.iter().any(|w| e.contains(w)) {
                    return Outcome::Unsupported(e);
                }
                // The graph input named, or, for a shape-like operand
                // computed from graph inputs (CenterCropPad's expansion
                // pads by Shape, Max and Sub of its `shape` input), every
                // integer input not bound yet.
                let ks: Vec<usize> = match names.iter().position(|n| n == name) {
                    Some(k) if !bound[k] => vec![k],
                    Some(_) => vec![],
                    None => (0..names.len().min(c.inputs))
                        .filter(|&k| !bound[k])
                        .filter(|&k| {
                            matches!(bound_values(c, k), Ok(Some(xir_onnx::BoundValues::Ints(_))))
                        })
                        .collect(),
                };
                if ks.is_empty() {
                    return Outcome::Unsupported(e);
                }
                for k in ks {
                    let values = match bound_values(c, k) {
                        Ok(Some(v)) => v,
                        Ok(None) => return Outcome::Unsupported(e),
                        Err(o) => return o,
                    };
                    opts.bind.push(xir_onnx::Binding {
                        name: names[k].clone(),
                        values,
                    });
                    bound[k] = true;
                }
            }
        }
    };
    let hal = match xrun::compile_text(&text, &[target.to_string()], "") {
        Ok(h) => h,
        Err(e) => return Outcome::Fail(format!("compile: {e}\n{text}")),
    };
    let mut inputs = Vec::new();
    for k in (0..c.inputs).filter(|&k| !bound[k]) {
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
    if bound.contains(&true) {
        Outcome::PassBound
    } else {
        Outcome::Pass
    }
}

/// Whether the importer rejected a case for what it does not take at all
/// (the scope the README states): an element type, an opset or IR version
/// before 13 / 7, another domain, non-tensor values, training mode, float8's
/// attributes. Such a case is not a failure of its op.
fn out_of_scope(msg: &str) -> bool {
    [
        "element type",
        "is not supported (xir imports",
        "imports no opset",
        "not a numeric tensor",
        "is not a tensor",
        "training mode",
        "applies to float8",
        "round_mode",
    ]
    .iter()
    .any(|w| msg.contains(w))
}

fn passed(o: Option<&Outcome>) -> bool {
    matches!(o, Some(Outcome::Pass | Outcome::PassBound))
}

fn pass_list(file: &str) -> BTreeSet<String> {
    std::fs::read_to_string(manifest().join("tests").join(file))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// docs/onnx.md's tables: the whole suite, the cases of the ops xir claims, and each claimed op.
fn report(
    cases: &[Case],
    results: &BTreeMap<String, Outcome>,
    vulkan: &BTreeMap<String, Outcome>,
) -> String {
    let supported = xir_onnx::supported();
    let claimed =
        |c: &Case| !c.ops.is_empty() && c.ops.iter().all(|o| supported.contains(&o.as_str()));
    let count = |f: &dyn Fn(&Case) -> bool| {
        let sel: Vec<&Case> = cases.iter().filter(|c| f(c)).collect();
        let pass = sel.iter().filter(|c| passed(results.get(&c.name))).count();
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
        "| cases whose ops xir claims | {} | {} | {} |\n",
        cl.0,
        cl.1,
        pct(cl)
    ));
    let scoped = count(&|c| {
        claimed(c)
            && !matches!(results.get(&c.name), Some(Outcome::Unsupported(m)) if out_of_scope(m))
    });
    s.push_str(&format!(
        "| … of them within the importer's scope (opset ≥ 13, its element types, tensors, inference) | {} | {} | {} |\n",
        scoped.0,
        scoped.1,
        pct(scoped)
    ));
    let vk = cases.iter().filter(|c| passed(vulkan.get(&c.name))).count();
    s.push_str(&format!(
        "| the same on `vulkan` (lavapipe) | {vk} | {} | {} |\n",
        cl.1,
        pct((vk, cl.1))
    ));
    let bound = results
        .values()
        .filter(|o| **o == Outcome::PassBound)
        .count();
    s.push_str(&format!(
        "\n{bound} of the passing cases feed a shape-like operand from a graph input; they run with it bound (`--bind`).\n\n"
    ));
    // The per-op table is docs/onnx.md's op table (the converter table's
    // columns, then these).
    let columns: Vec<(String, String)> = [
        ("pass", "---:"),
        ("on vulkan", "---:"),
        ("cases", "---:"),
        ("failing cases", "---"),
    ]
    .iter()
    .map(|(h, a)| (h.to_string(), a.to_string()))
    .collect();
    s.push_str(&xir_onnx::op_table(&columns, &|op| {
        let sel: Vec<&Case> = cases
            .iter()
            .filter(|c| c.ops.len() == 1 && c.ops[0] == op)
            .collect();
        let pass = sel.iter().filter(|c| passed(results.get(&c.name))).count();
        let failing: Vec<&str> = sel
            .iter()
            .filter(|c| !passed(results.get(&c.name)))
            .map(|c| c.name.as_str())
            .collect();
        let vk = sel.iter().filter(|c| passed(vulkan.get(&c.name))).count();
        let mut shown = failing
            .iter()
            .take(6)
            .map(|n| n.trim_start_matches("test_"))
            .collect::<Vec<_>>()
            .join(", ");
        if failing.len() > 6 {
            shown.push_str(&format!(", … ({} more)", failing.len() - 6));
        }
        vec![
            pass.to_string(),
            vk.to_string(),
            sel.len().to_string(),
            shown,
        ]
    }));
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
    let pinned = pass_list("node-pass.txt");
    let pinned_vk = pass_list("node-pass-vulkan.txt");
    let devices = xrun::devices::open(&["local".to_string()]).expect("the local device");
    // Vulkan (lavapipe in CI): the cases that pass on local, again on vulkan.
    let vulkan = match xrun::devices::open(&["vulkan".to_string()]) {
        Ok(d) => Some(d),
        Err(e) if ci() => panic!("CI=true but no Vulkan device: {e}"),
        Err(e) => {
            eprintln!("note: the vulkan half of the node suite is not run: {e}");
            None
        }
    };
    let results: Arc<Mutex<BTreeMap<String, Outcome>>> = Arc::default();
    let vk_results: Arc<Mutex<BTreeMap<String, Outcome>>> = Arc::default();
    let cases = Arc::new(cases);
    let mut trials: Vec<Trial> = Vec::new();
    let backends = [
        ("local", Some(devices), &pinned, results.clone()),
        ("vulkan", vulkan, &pinned_vk, vk_results.clone()),
    ];
    for (target, devs, pins, out) in backends {
        let Some(devs) = devs else { continue };
        for i in 0..cases.len() {
            let (cases, devs, out) = (cases.clone(), devs.clone(), out.clone());
            let must = pins.contains(&cases[i].name);
            let name = if target == "local" {
                cases[i].name.clone()
            } else {
                format!("vulkan/{}", cases[i].name)
            };
            // On vulkan only the cases that pass on local are run: the rest fail for reasons shared by both.
            if target == "vulkan" && !must && !pinned.contains(&cases[i].name) {
                continue;
            }
            trials.push(Trial::test(name, move || {
                let c = &cases[i];
                let o = run_case(c, target, &devs);
                out.lock().unwrap().insert(c.name.clone(), o.clone());
                match o {
                    Outcome::Pass | Outcome::PassBound => Ok(()),
                    Outcome::Unsupported(m) | Outcome::Fail(m) if must => Err(Failed::from(m)),
                    _ => Ok(()),
                }
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let results = results.lock().unwrap().clone();
    let vk_results = vk_results.lock().unwrap().clone();
    let passing = |r: &BTreeMap<String, Outcome>| -> BTreeSet<String> {
        r.iter()
            .filter(|(_, o)| passed(Some(o)))
            .map(|(n, _)| n.clone())
            .collect()
    };
    for (file, pins, r) in [
        ("node-pass.txt", &pinned, &results),
        ("node-pass-vulkan.txt", &pinned_vk, &vk_results),
    ] {
        if r.is_empty() || args.filter.is_some() {
            continue;
        }
        let pass = passing(r);
        let new: Vec<&String> = pass.difference(pins).collect();
        if !new.is_empty() {
            eprintln!(
                "note: {} cases pass but are not in {file} (XIR_ONNX_UPDATE_PASS=1 adds them): {}",
                new.len(),
                new.iter()
                    .take(20)
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        if std::env::var("XIR_ONNX_UPDATE_PASS").is_ok() {
            let mut s = format!(
                "# ONNX node test cases that pass ({file}); node_suite fails if one regresses.\n"
            );
            for n in &pass {
                s.push_str(n);
                s.push('\n');
            }
            std::fs::write(manifest().join("tests").join(file), s).expect("writable pass list");
        }
    }
    if let Ok(path) = std::env::var("XIR_ONNX_REPORT") {
        std::fs::write(&path, report(&cases, &results, &vk_results)).expect("writable report");
        let mut fails = String::new();
        for (tag, r) in [("", &results), ("vulkan ", &vk_results)] {
            for (n, o) in r {
                let (kind, m) = match o {
                    Outcome::Pass | Outcome::PassBound => continue,
                    Outcome::Unsupported(m) => ("UNSUPPORTED", m),
                    Outcome::Fail(m) => ("FAIL", m),
                };
                let first = m.lines().next().unwrap_or("");
                fails.push_str(&format!("{n}\t{tag}{kind}\t{first}\n"));
            }
        }
        std::fs::write(format!("{path}.failures.tsv"), fails).expect("writable report");
    }
    conclusion.exit();
}

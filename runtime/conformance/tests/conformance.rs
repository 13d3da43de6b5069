//! The conformance suite as tests: one per registered driver and case,
//! named `driver/op/type/size` (`cargo test -p xir-runtime-conformance --
//! vulkan/matmul`). A case a driver refuses at load as unsupported is
//! reported as ignored, with the driver's message; a summary of those is
//! printed at the end.

use libtest_mimic::{Arguments, Completion, Trial};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use xir_runtime_conformance::run::{run, Outcome};
use xir_runtime_conformance::{cases, ci, drivers};

/// (driver, what it said) → cases refused so.
type Refusals = Mutex<BTreeMap<(String, String), usize>>;

static UNSUPPORTED: Refusals = Mutex::new(BTreeMap::new());

/// A load error without its location (`case:10:11: in kernel @k: `).
fn gist(m: &str) -> &str {
    m.rsplit(": ").next().unwrap_or(m)
}

fn main() {
    let args = Arguments::from_args();
    let all: Vec<Arc<cases::Lazy>> = cases::all().into_iter().map(Arc::new).collect();
    let mut trials = Vec::new();
    for driver in drivers() {
        let name = driver.name().to_string();
        if driver.device_count() == 0 {
            let trial = format!("{name}/device");
            if ci() {
                trials.push(Trial::test(trial, move || {
                    Err(format!("CI=true but driver '{name}' has no device").into())
                }));
            } else {
                eprintln!("SKIPPED: driver '{name}' has no device here");
                trials.push(Trial::test(trial, || Ok(())).with_ignored_flag(true));
            }
            continue;
        }
        for case in &all {
            let (driver, case) = (driver.clone(), case.clone());
            let test = format!("{name}/{}", case.name());
            let rerun = format!(
                "--- rerun: cargo test -p xir-runtime-conformance --test conformance -- {test} --exact"
            );
            trials.push(Trial::ignorable_test(test, move || {
                match run(&driver, case.get()) {
                    Outcome::Pass => Ok(Completion::Completed),
                    Outcome::Unsupported(m) => {
                        let key = (driver.name().to_string(), gist(&m).to_string());
                        *UNSUPPORTED.lock().unwrap().entry(key).or_insert(0) += 1;
                        Ok(Completion::ignored_with(format!("unsupported: {m}")))
                    }
                    Outcome::Fail(m) => Err(format!("{m}\n{rerun}").into()),
                }
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let u = UNSUPPORTED.lock().unwrap();
    if !u.is_empty() {
        println!("\nunsupported at load (driver: cases, what it said):");
        for ((d, m), n) in u.iter() {
            println!("  {d}: {n} ({m})");
        }
    }
    conclusion.exit();
}

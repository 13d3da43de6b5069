//! The end-to-end oracle: random multi-device graph programs (graph.if,
//! calls with cloned callees, constants, dynamic shapes, transfers, slabs
//! with reuse) are compiled to hal and run on two devices, and every result
//! must equal a direct evaluation of the graph-level program with the same
//! op semantics and no lowering: bit for bit on `reference`, and within a
//! small tolerance on `local` (its matmul micro-kernel sums in another order,
//! its exp/tanh are polynomials of a few ulps). Each mechanism the results
//! depend on (fence waits, transfers, non-overlapping memory) is switched
//! off in a test to show that the comparison catches it.

mod vulkan_common;

use irgen::graph::{two_device_program, Gen};
use irgen::XorShift;
use std::sync::Arc;
use std::time::Duration;
use xir::Ir;
use xir_runtime_hal::driver::create_device;
use xir_runtime_hal::{Device, DeviceOptions, ElementType, HostTensor};
use xir_runtime_local::LocalDriver;
use xir_runtime_reference::driver::ReferenceDriver;
use xir_runtime_reference::program::Program;

/// How slow each device's queue is: (cpu, gpu) pauses before each submission.
type Delays = [Option<Duration>; 2];

const FAST: Delays = [None, None];

/// `local` (serves the `cpu` global) and `reference` (the `gpu` one: it
/// serves any target), each with its own queue.
fn devices(delays: Delays) -> Vec<Arc<Device>> {
    let options = |d| DeviceOptions {
        queues: 1,
        submit_delay: d,
        trace: None,
    };
    vec![
        Arc::new(create_device(&LocalDriver, 0, 0, &options(delays[0])).unwrap()),
        Arc::new(create_device(&ReferenceDriver, 0, 1, &options(delays[1])).unwrap()),
    ]
}

/// The graph-level program evaluated directly.
fn direct(text: &str, function: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = xrun::parse(&mut ctx, &mut ir, "input", text).map_err(|e| e.to_string())?;
    erase_dead(&ctx, &mut ir, top);
    xir_runtime_reference::program::register(&mut ctx);
    let p = Program::from_module(&ctx, &ir, top).map_err(|e| e.to_string())?;
    let f = p.function(function).ok_or("no function")?;
    let out = p
        .call(f, inputs.iter().cloned().map(Arc::new).collect())
        .map_err(|e| e.to_string())?;
    Ok(out.into_iter().map(|t| (*t).clone()).collect())
}

/// The compiler erases side-effect-free ops nobody reads (graph -> flow), so
/// an unused op whose shapes do not fit the rows fails nothing: neither does
/// the oracle, which drops them too, until none is left.
fn erase_dead(ctx: &xir::Context, ir: &mut Ir, top: xir::Op) {
    loop {
        let dead: Vec<xir::Op> = xir::walk::preorder(ir, top)
            .into_iter()
            .rev()
            .filter(|&o| {
                !ir.results(o).is_empty() && xir::rewrite::dead::is_trivially_dead(ctx, ir, o)
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        for o in dead {
            if !ir.is_erased(o) && xir::rewrite::dead::is_trivially_dead(ctx, ir, o) {
                ir.erase_op(o);
            }
        }
    }
}

fn f32s(shape: Vec<usize>, r: &mut XorShift) -> HostTensor {
    let n: usize = shape.iter().product();
    let data = (0..n)
        .flat_map(|_| ((r.below(2001) as f32 - 1000.0) / 4000.0).to_le_bytes())
        .collect();
    HostTensor::new(ElementType::F32, shape, data).unwrap()
}

/// Equal up to local's rounding differences (relative 1e-4 of the larger
/// magnitude, or 1e-6 absolute near zero), any NaN equal to any NaN; the
/// sabotage tests below show wrong programs land far outside it.
fn same(a: &HostTensor, b: &HostTensor) -> bool {
    if a.shape != b.shape || a.element != b.element || a.data.len() != b.data.len() {
        return false;
    }
    if a.element != ElementType::F32 {
        return a.data == b.data;
    }
    a.data
        .chunks_exact(4)
        .zip(b.data.chunks_exact(4))
        .all(|(x, y)| {
            let x = f32::from_le_bytes(x.try_into().unwrap());
            let y = f32::from_le_bytes(y.try_into().unwrap());
            let scale = x.abs().max(y.abs());
            x.to_bits() == y.to_bits()
                || (x.is_nan() && y.is_nan())
                || (x - y).abs() <= (1e-4 * scale).max(1e-6)
        })
}

/// Inputs of a generated `@main`: the matrix (`rows` rows when dynamic), the
/// vector, the condition.
fn inputs(seed: u64, gen: Gen, rows: usize) -> Vec<HostTensor> {
    let mut r = XorShift::new(seed | 1);
    let m = if gen.dynamic { rows } else { 4 };
    let mut v = vec![f32s(vec![m, 4], &mut r), f32s(vec![4], &mut r)];
    if gen.ifs {
        v.push(HostTensor::new(ElementType::I1, vec![], vec![(seed % 2) as u8]).unwrap());
    }
    v
}

/// Compiles, applies `sabotage` to the hal text, runs; whether the results
/// equal the direct evaluation's.
fn agrees(
    text: &str,
    inputs: &[HostTensor],
    sabotage: &dyn Fn(&str) -> String,
    delays: Delays,
) -> bool {
    let hal = xrun::compile_text(text, &[], "auto-transfer=true")
        .unwrap_or_else(|e| panic!("compiles: {e}\n{text}"));
    let hal = sabotage(&hal);
    let want =
        direct(text, "main", inputs).unwrap_or_else(|e| panic!("direct evaluation: {e}\n{text}"));
    match xrun::run_text(&hal, "main", inputs, devices(delays)) {
        Ok(got) => got.len() == want.len() && got.iter().zip(&want).all(|(a, b)| same(a, b)),
        Err(_) => false,
    }
}

fn intact(s: &str) -> String {
    s.to_string()
}

/// `local` for `cpu` and the first Vulkan device for `gpu`; `None` without
/// a Vulkan device (a failure under CI).
fn local_and_vulkan() -> Option<Vec<Arc<Device>>> {
    let options = DeviceOptions {
        queues: 1,
        submit_delay: None,
        trace: None,
    };
    match create_device(&xir_runtime_vulkan::VulkanDriver, 0, 1, &options) {
        Ok(gpu) => Some(vec![
            Arc::new(create_device(&LocalDriver, 0, 0, &options).unwrap()),
            Arc::new(gpu),
        ]),
        Err(e) => {
            assert!(
                std::env::var("CI").map_or(true, |v| v != "true"),
                "CI=true but no Vulkan device: {e}"
            );
            eprintln!("SKIPPED: no Vulkan device ({e})");
            None
        }
    }
}

/// The same random programs with their `gpu` part on Vulkan: the
/// transfers, fences and slabs between two real backends.
#[test]
fn random_programs_on_local_and_vulkan_match_the_direct_evaluation() {
    if local_and_vulkan().is_none() {
        return;
    }
    let validate = vulkan_common::has_spirv_val();
    let (mut compared, mut shaders) = (0, 0);
    for seed in 0..60u64 {
        let gen = Gen {
            wide: seed % 2 == 1,
            ..Gen::everything(seed % 3 == 0)
        };
        let text = two_device_program(seed, gen);
        let hal = xrun::compile_text(&text, &[], "auto-transfer=true")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        if validate {
            shaders += vulkan_common::validate_shaders(&format!("seed {seed}"), &hal);
        }
        let rows = if gen.dynamic {
            [0, 1, 3, 5, 7, 13][seed as usize % 6]
        } else {
            4
        };
        let ins = inputs(seed, gen, rows);
        let Ok(want) = direct(&text, "main", &ins) else {
            continue;
        };
        // Fresh devices per program: devices cache executables by symbol.
        let devices = local_and_vulkan().unwrap();
        let got = xrun::run_text(&hal, "main", &ins, devices)
            .unwrap_or_else(|e| panic!("seed {seed}: run: {e}\n{text}\n{hal}"));
        assert_eq!(got.len(), want.len());
        for (a, b) in got.iter().zip(&want) {
            assert!(
                same(a, b),
                "seed {seed} rows {rows}: {a:?} vs {b:?}\n{text}"
            );
        }
        compared += 1;
    }
    assert!(compared >= 40, "only {compared} programs compared");
    assert!(
        !validate || shaders >= 60,
        "only {shaders} shaders validated"
    );
}

#[test]
fn random_programs_match_the_direct_evaluation() {
    let (mut compared, mut odd_rows, mut both_fail) = (0, 0, 0);
    for seed in 0..160u64 {
        // Half the programs also use sub/max/div/neg/tanh/reduce_max and, on
        // static matrices, transpose and concat + strided slice.
        let wide = seed % 2 == 1;
        for dynamic in [false, true] {
            let gen = Gen {
                wide,
                ..Gen::everything(dynamic)
            };
            let text = two_device_program(seed, gen);
            // Every other program is placed by min-transfer instead: other ops on
            // other devices, shared transfers, the same numbers.
            let plan = if seed % 4 >= 2 {
                "placement=min-transfer"
            } else {
                "auto-transfer=true"
            };
            let hal =
                xrun::compile_text(&text, &[], plan).unwrap_or_else(|e| panic!("{e}\n{text}"));
            // Row counts 0, 1 and others, none a multiple of a vector width;
            // the generator's matmuls and broadcasts need 4, so 4 as well.
            let odd = [0, 1, 3, 5, 7, 13][seed as usize % 6];
            let rows: &[usize] = if dynamic { &[odd, 4] } else { &[4] };
            for &rows in rows {
                let ins = inputs(seed, gen, rows);
                let got = xrun::run_text(&hal, "main", &ins, devices(FAST));
                match direct(&text, "main", &ins) {
                    Ok(want) => {
                        let got =
                            got.unwrap_or_else(|e| panic!("seed {seed}: run: {e}\n{text}\n{hal}"));
                        assert_eq!(got.len(), want.len());
                        for (a, b) in got.iter().zip(&want) {
                            assert!(
                                same(a, b),
                                "seed {seed} rows {rows}: {a:?} vs {b:?}\n{text}\n{hal}"
                            );
                        }
                        compared += 1;
                        odd_rows += usize::from(rows != 4);
                    }
                    // Rows that do not fit the program's ops: an error in both.
                    Err(_) => {
                        assert!(
                            got.is_err(),
                            "seed {seed}: the direct evaluation fails, the run does not\n{text}"
                        );
                        both_fail += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{compared} runs compared ({odd_rows} with odd row counts), {both_fail} failing in both"
    );
    assert!(
        compared >= 300 && odd_rows >= 25,
        "{compared} compared, {odd_rows} with odd rows, {both_fail} failing in both"
    );
}

const MLP: &str = include_str!("../../../examples/mlp.mlir");

fn mlp_inputs() -> Vec<HostTensor> {
    let mut r = XorShift::new(7);
    [
        vec![8, 784],
        vec![784, 128],
        vec![128],
        vec![128, 10],
        vec![10],
    ]
    .into_iter()
    .map(|s| f32s(s, &mut r))
    .collect()
}

/// The MLP with its placement flags (cpu = local, gpu = the reference device).
fn mlp_text() -> String {
    MLP.replace(
        "module {",
        "module attributes {device.targets = {cpu = #device.alias<\"local\">, gpu = #device.alias<\"vulkan\">}} {",
    )
}

fn mlp_agrees(sabotage: &dyn Fn(&str) -> String, delays: Delays) -> bool {
    let text = mlp_text();
    let ins = mlp_inputs();
    let want = direct(&text, "mlp", &ins).unwrap();
    let hal = sabotage(&xrun::compile_text(&text, &[], "auto-transfer=true").unwrap());
    match xrun::run_text(&hal, "mlp", &ins, devices(delays)) {
        Ok(got) => got.iter().zip(&want).all(|(a, b)| same(a, b)),
        Err(_) => false,
    }
}

/// Removes the `wait(...)` of every queue submission.
fn drop_waits(s: &str) -> String {
    regex::Regex::new(r" wait\(%[\w]+\)")
        .unwrap()
        .replace_all(s, "")
        .into_owned()
}

#[test]
fn a_dropped_fence_wait_is_caught() {
    let slow_cpu = [Some(Duration::from_millis(40)), None];
    assert!(
        mlp_agrees(&intact, slow_cpu),
        "the intact MLP agrees with a slow cpu queue"
    );
    assert!(
        !mlp_agrees(&drop_waits, slow_cpu),
        "the gpu reads layer 1 before the cpu wrote it"
    );
    // Random straight-line programs (calls and ifs make the host wait,
    // which orders the queues anyway). Many return values that no wait
    // protects (a constant, an input), so only some can go wrong.
    let (mut waiting, mut caught) = (0, 0);
    for seed in 0..40u64 {
        let gen = Gen {
            constants: true,
            ..Gen::default()
        };
        let text = two_device_program(seed, gen);
        let hal = xrun::compile_text(&text, &[], "auto-transfer=true").unwrap();
        if !hal.contains(" wait(") {
            continue;
        }
        let ins = inputs(seed, gen, 4);
        // The producer must be the slow one: try either device slow.
        let ms = Some(Duration::from_millis(5));
        let slow = [[ms, None], [None, ms]];
        assert!(
            slow.iter().all(|&d| agrees(&text, &ins, &intact, d)),
            "seed {seed} intact"
        );
        waiting += 1;
        caught += usize::from(slow.iter().any(|&d| !agrees(&text, &ins, &drop_waits, d)));
    }
    assert!(
        waiting >= 10 && caught * 4 >= waiting,
        "{caught} of {waiting} caught"
    );
}

#[test]
fn a_skipped_transfer_is_caught() {
    let skip_first_copy = |s: &str| {
        let mut done = false;
        s.lines()
            .filter(|l| {
                let skip = !done && l.contains("hal.command_buffer.copy_buffer");
                done |= skip;
                !skip
            })
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    assert!(mlp_agrees(&intact, FAST));
    assert!(
        !mlp_agrees(&skip_first_copy, FAST),
        "layer 2 reads an input never copied"
    );
}

/// Every subspan of a slab at offset 0: live buffers overlap.
fn overlap_all(s: &str) -> String {
    regex::Regex::new(r"(hal\.buffer\.subspan %\w+)\[%\w+, ")
        .unwrap()
        .replace_all(s, "${1}[%c0, ")
        .into_owned()
}

#[test]
fn overlapping_live_buffers_are_caught() {
    // `a` stays live while `b` and `c` are made: with one offset for all,
    // `b` overwrites it.
    let text = r#"module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @main(%x: tensor<4x4xf32>, %y: tensor<4xf32>) -> tensor<4x4xf32> {
    %a = graph.matmul %x, %x : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %b = graph.matmul %a, %x : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %c = graph.matmul %b, %b : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %d = graph.add %c, %a : tensor<4x4xf32>
    return %d : tensor<4x4xf32>
  }
}"#;
    let mut r = XorShift::new(3);
    let ins = vec![f32s(vec![4, 4], &mut r), f32s(vec![4], &mut r)];
    assert!(agrees(text, &ins, &intact, FAST));
    let hal = xrun::compile_text(text, &[], "").unwrap();
    assert_ne!(overlap_all(&hal), hal, "the program has subspans to move");
    assert!(!agrees(text, &ins, &overlap_all, FAST), "b overwrote a");
    // And on random programs with reuse.
    let caught = (0..40u64)
        .filter(|&seed| {
            let gen = Gen::everything(false);
            !agrees(
                &two_device_program(seed, gen),
                &inputs(seed, gen, 4),
                &overlap_all,
                FAST,
            )
        })
        .count();
    assert!(caught >= 5, "{caught} caught");
}

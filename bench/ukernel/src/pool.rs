//! Pooling GB/s (input + output bytes per second): the max and average pools of ResNet,
//! VGG, SqueezeNet (ceil mode), GoogLeNet and global averages (batch 1), each ISA path
//! single-threaded and the best path with two parts on two threads, against a
//! single-thread memcpy of the input (its read and write: 2 x input bytes).

use crate::conv::{time_with, wall, Pair};
use crate::{cpu_time, rand_vec};
use std::hint::black_box;
use std::time::Duration;
use xir_ukernel::pool::{parts, pool2d_f32_isa, Pool2d, PoolKind};
use xir_ukernel::Isa;

/// A square pool; `ceil` adds the ceil-mode output where it differs.
fn pool(
    c: usize,
    hw: usize,
    k: usize,
    stride: usize,
    pad: usize,
    ceil: bool,
    kind: PoolKind,
) -> Pool2d {
    let span = hw + 2 * pad - k;
    let o = if ceil {
        span.div_ceil(stride)
    } else {
        span / stride
    } + 1;
    Pool2d {
        n: 1,
        c,
        h: hw,
        w: hw,
        kh: k,
        kw: k,
        oh: o,
        ow: o,
        stride: [stride; 2],
        dilation: [1, 1],
        pad: [pad; 2],
        pad_end: [pad; 2],
        kind,
    }
}

fn shapes() -> Vec<(&'static str, Pool2d)> {
    let max = PoolKind::Max;
    let avg = PoolKind::Avg {
        count_include_pad: false,
    };
    vec![
        (
            "resnet max 64 3x3 s2 112",
            pool(64, 112, 3, 2, 1, false, max),
        ),
        ("vgg max 64 2x2 s2 224", pool(64, 224, 2, 2, 0, false, max)),
        ("vgg max 512 2x2 s2 28", pool(512, 28, 2, 2, 0, false, max)),
        (
            "squeeze max 96 3x3 s2c 111",
            pool(96, 111, 3, 2, 0, true, max),
        ),
        (
            "squeeze max 256 3x3 s2c 54",
            pool(256, 54, 3, 2, 0, true, max),
        ),
        (
            "googlenet max 192 3x3 28",
            pool(192, 28, 3, 1, 1, false, max),
        ),
        (
            "googlenet avg 192 3x3 28",
            pool(192, 28, 3, 1, 1, false, avg),
        ),
        ("googlenet avg 832 3x3 7", pool(832, 7, 3, 1, 1, false, avg)),
        ("global avg 512 7x7", pool(512, 7, 7, 1, 0, false, avg)),
        ("global avg 2048 7x7", pool(2048, 7, 7, 1, 0, false, avg)),
    ]
}

/// Runs parts `0..np` (1 or 2) of the pool on `isa`, the second on `pair`.
fn call(isa: Isa, s: &Pool2d, input: &[f32], out: &mut [f32], np: usize, pair: &Pair) {
    let o = out.as_mut_ptr() as usize;
    let run = |part: usize| {
        // SAFETY: the buffers hold the geometry's lengths; parts write disjoint elements.
        unsafe { pool2d_f32_isa(isa, s, input.as_ptr(), o as *mut f32, part, np) }
    };
    if np == 1 {
        run(0);
    } else {
        pair.run2(&run);
    }
}

pub fn run(budget: Duration) {
    let isas: Vec<Isa> = Isa::supported().into_iter().rev().collect();
    println!(
        "pool GB/s (input + output bytes / time; batch 1; ST = one thread, thread CPU time; \
         2T = {} with parts(s, 2) parts on 2 threads, wall time)\n",
        Isa::best().name()
    );
    print!("{:<28}{:>10}", "shape", "MB");
    for isa in &isas {
        print!("{:>12}", format!("ST {}", isa.name()));
    }
    println!("{:>9}{:>7}{:>10}{:>10}", "2T", "parts", "us (ST)", "memcpy");
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    let only = std::env::var("XIR_BENCH_POOL").unwrap_or_default();
    for (name, s) in shapes()
        .into_iter()
        .filter(|(n, _)| n.contains(only.as_str()))
    {
        let input: Vec<f32> = rand_vec(s.input_len(), &mut seed);
        let mut out = vec![0f32; s.output_len()];
        let bytes = 4.0 * (s.input_len() + s.output_len()) as f64;
        let np = parts(&s, 2);
        let rounds = 3;
        let idle = Pair::idle();
        let mut st = vec![0f64; isas.len()];
        let mut mt = 0f64;
        let mut copy_gbs = 0f64;
        let mut copy = vec![0f32; s.input_len()];
        for _ in 0..rounds {
            for (g, &isa) in st.iter_mut().zip(&isas) {
                let t = time_with(budget / rounds, cpu_time, &mut || {
                    call(isa, &s, black_box(&input), black_box(&mut out), 1, &idle)
                });
                *g = g.max(bytes / t / 1e9);
            }
            let pair = Pair::new();
            let t = time_with(budget / rounds, wall, &mut || {
                call(
                    Isa::best(),
                    &s,
                    black_box(&input),
                    black_box(&mut out),
                    np,
                    &pair,
                )
            });
            drop(pair);
            mt = mt.max(bytes / t / 1e9);
            let t = time_with(budget / rounds, cpu_time, &mut || {
                black_box(&mut copy).copy_from_slice(black_box(&input))
            });
            copy_gbs = copy_gbs.max(8.0 * s.input_len() as f64 / t / 1e9);
        }
        print!("{name:<28}{:>10.2}", bytes / 1e6);
        for g in &st {
            print!("{g:>12.1}");
        }
        println!(
            "{mt:>9.1}{np:>7}{:>10.1}{copy_gbs:>10.1}",
            bytes / st[0] / 1e3
        );
    }
    println!();
}

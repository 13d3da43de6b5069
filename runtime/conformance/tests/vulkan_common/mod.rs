//! What the Vulkan tests share: device discovery (a failure under CI when
//! missing), random inputs, the comparison, and the programs.
#![allow(dead_code)]

use std::sync::Arc;
use xir_runtime_hal::{Device, ElementType, HostTensor};

pub const F32: ElementType = ElementType::F32;
pub const F64: ElementType = ElementType::F64;
pub const I32: ElementType = ElementType::I32;
pub const I64: ElementType = ElementType::I64;

pub use xir_runtime_conformance::spirv_val::ci;

/// The first Vulkan device, or `None` (a failure under CI).
pub fn vulkan() -> Option<Vec<Arc<Device>>> {
    match crate::common::open(&["vulkan".to_string()]) {
        Ok(d) => Some(d),
        Err(e) => {
            assert!(!ci(), "CI=true but no Vulkan device: {e}");
            eprintln!("SKIPPED: no Vulkan device ({e})");
            None
        }
    }
}

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

pub fn tensor(e: ElementType, shape: &[usize], rng: &mut Rng) -> HostTensor {
    let n: usize = shape.iter().product();
    let mut data = Vec::new();
    for _ in 0..n {
        let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
        let x = u * 4.0 - 2.0;
        if e == F32 {
            data.extend_from_slice(&(x as f32).to_le_bytes())
        } else if e == F64 {
            data.extend_from_slice(&x.to_le_bytes())
        } else if e == I32 {
            data.extend_from_slice(&((rng.next() % 41) as i32 - 20).to_le_bytes())
        } else {
            data.extend_from_slice(&((rng.next() % 41) as i64 - 20).to_le_bytes())
        }
    }
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

/// Relative closeness for floats (GLSL's exp/tanh and a different
/// summation order); integers must be equal.
pub fn close(e: ElementType, a: &[u8], b: &[u8]) -> Result<(), String> {
    let pairs: Vec<(f64, f64)> = if e == F32 {
        a.chunks_exact(4)
            .zip(b.chunks_exact(4))
            .map(|(x, y)| {
                (
                    f32::from_le_bytes(x.try_into().unwrap()) as f64,
                    f32::from_le_bytes(y.try_into().unwrap()) as f64,
                )
            })
            .collect()
    } else if e == F64 {
        a.chunks_exact(8)
            .zip(b.chunks_exact(8))
            .map(|(x, y)| {
                (
                    f64::from_le_bytes(x.try_into().unwrap()),
                    f64::from_le_bytes(y.try_into().unwrap()),
                )
            })
            .collect()
    } else {
        return if a == b {
            Ok(())
        } else {
            Err("integer results differ".into())
        };
    };
    for (i, (x, y)) in pairs.into_iter().enumerate() {
        let ok = x == y || (x.is_nan() && y.is_nan()) || (x - y).abs() <= 1e-5 * (1.0 + y.abs());
        if !ok {
            return Err(format!("element {i}: vulkan {x}, reference {y}"));
        }
    }
    Ok(())
}

/// A test program: name, text, and its inputs' element types and shapes.
pub type Program = (String, String, Vec<(ElementType, Vec<usize>)>);

pub fn programs() -> Vec<Program> {
    let mut out = Vec::new();
    for (r, c) in [(0, 5), (1, 1), (3, 7), (65, 130), (5, 8), (33, 12)] {
        let t = format!("tensor<{r}x{c}xf32>");
        let v = format!("tensor<{c}xf32>");
        out.push((
            format!("bias-exp {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {v}) -> {t} {{\n\
                 %0 = graph.broadcast %b dimensions = [1] : {v} -> {t}\n\
                 %1 = graph.add %a, %0 : {t}\n\
                 %2 = graph.exp %1 : {t}\n\
                 %3 = graph.tanh %a : {t}\n\
                 %4 = graph.mul %2, %3 : {t}\n\
                 return %4 : {t}\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![c])],
        ));
        out.push((
            format!("chain {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> {t} {{\n\
                 %0 = graph.sub %a, %b : {t}\n\
                 %1 = graph.relu %0 : {t}\n\
                 %2 = graph.max %1, %b : {t}\n\
                 %3 = graph.div %2, %a : {t}\n\
                 %4 = graph.neg %3 : {t}\n\
                 return %4 : {t}\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![r, c])],
        ));
        let (ti, tb) = (
            format!("tensor<{r}x{c}xi32>"),
            format!("tensor<{r}x{c}xi1>"),
        );
        out.push((
            format!("onnx-elementwise {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> ({t}, {ti}) {{\n\
                 %0 = graph.abs %a : {t}\n\
                 %1 = graph.sqrt %0 : {t}\n\
                 %2 = graph.log %1 : {t}\n\
                 %3 = graph.erf %a : {t}\n\
                 %4 = graph.sigmoid %b : {t}\n\
                 %5 = graph.pow %4, %a : {t}\n\
                 %6 = graph.min %2, %3 : {t}\n\
                 %c = graph.compare lt, %a, %b : {t} -> {tb}\n\
                 %7 = graph.select %c, %5, %6 : {tb}, {t}\n\
                 %8 = graph.cast %a : {t} -> {ti}\n\
                 %9 = graph.abs %8 : {ti}\n\
                 %d = graph.compare ge, %8, %9 : {ti} -> {tb}\n\
                 %e = graph.cast %d : {tb} -> {ti}\n\
                 %f = graph.min %e, %9 : {ti}\n\
                 return %7, %f : {t}, {ti}\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![r, c])],
        ));
        // sin and cos as rotary embeddings use them: x cos + y sin.
        out.push((
            format!("sin-cos {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> {t} {{\n\
                 %0 = graph.mul %a, %b : {t}\n\
                 %1 = graph.sin %0 : {t}\n\
                 %2 = graph.cos %0 : {t}\n\
                 %3 = graph.mul %a, %2 : {t}\n\
                 %4 = graph.mul %b, %1 : {t}\n\
                 %5 = graph.add %3, %4 : {t}\n\
                 return %5 : {t}\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![r, c])],
        ));
        // i1 arithmetic (add is xor) and an i1 reduction.
        out.push((
            format!("i1-arith {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> tensor<{r}xi32> {{\n\
                 %c = graph.compare lt, %a, %b : {t} -> {tb}\n\
                 %d = graph.compare gt, %a, %b : {t} -> {tb}\n\
                 %e = graph.cast %a : {t} -> {tb}\n\
                 %s = graph.add %c, %d : {tb}\n\
                 %m = graph.max %s, %e : {tb}\n\
                 %x = graph.reduce_max %m axes = [1] : {tb} -> tensor<{r}xi1>\n\
                 %y = graph.cast %x : tensor<{r}xi1> -> tensor<{r}xi32>\n\
                 return %y : tensor<{r}xi32>\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![r, c])],
        ));
        // An i1 read by two kernels (a byte buffer) and returned.
        out.push((
            format!("i1-buffers {r}x{c}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> ({t}, {ti}, {tb}) {{\n\
                 %c = graph.compare le, %a, %b : {t} -> {tb}\n\
                 %0 = graph.select %c, %a, %b : {tb}, {t}\n\
                 %1 = graph.cast %c : {tb} -> {ti}\n\
                 %n = graph.not %c : {tb}\n\
                 return %0, %1, %n : {t}, {ti}, {tb}\n}}\n"
            ),
            vec![(F32, vec![r, c]), (F32, vec![r, c])],
        ));
        let tt = format!("tensor<{c}x{r}xf32>");
        out.push((
            format!("transpose-reduce {r}x{c}"),
            format!(
                "func.func @main(%a: {t}) -> (tensor<{c}xf32>, tensor<{r}xf32>) {{\n\
                 %0 = graph.transpose %a permutation = [1, 0] : {t} -> {tt}\n\
                 %1 = graph.reduce_sum %0 axes = [1] : {tt} -> tensor<{c}xf32>\n\
                 %2 = graph.reduce_sum %a axes = [1] : {t} -> tensor<{r}xf32>\n\
                 return %1, %2 : tensor<{c}xf32>, tensor<{r}xf32>\n}}\n"
            ),
            vec![(F32, vec![r, c])],
        ));
    }
    for (m, k, n) in [
        (1, 1, 1),
        (3, 5, 7),
        (8, 64, 33),
        (0, 4, 3),
        (37, 29, 41),
        (16, 16, 16),
    ] {
        for (e, ty) in [(F32, "f32"), (F64, "f64"), (I32, "i32"), (I64, "i64")] {
            let (a, b, o, v) = (
                format!("tensor<{m}x{k}x{ty}>"),
                format!("tensor<{k}x{n}x{ty}>"),
                format!("tensor<{m}x{n}x{ty}>"),
                format!("tensor<{n}x{ty}>"),
            );
            out.push((
                format!("matmul-bias-relu {m}x{k}x{n} {ty}"),
                format!(
                    "func.func @main(%a: {a}, %b: {b}, %c: {v}) -> {o} {{\n\
                     %0 = graph.matmul %a, %b : ({a}, {b}) -> {o}\n\
                     %1 = graph.broadcast %c dimensions = [1] : {v} -> {o}\n\
                     %2 = graph.add %0, %1 : {o}\n\
                     %3 = graph.relu %2 : {o}\n\
                     return %3 : {o}\n}}\n"
                ),
                vec![(e, vec![m, k]), (e, vec![k, n]), (e, vec![n])],
            ));
        }
    }
    for (e, ty) in [(I32, "i32"), (I64, "i64"), (F64, "f64")] {
        let t = format!("tensor<5x3x{ty}>");
        out.push((
            format!("slice-concat {ty}"),
            format!(
                "func.func @main(%a: {t}, %b: {t}) -> tensor<7x3x{ty}> {{\n\
                 %0 = graph.slice %a start = [1, 0] strides = [1, 1] : {t} -> tensor<2x3x{ty}>\n\
                 %1 = graph.mul %a, %b : {t}\n\
                 %2 = graph.div %1, %b : {t}\n\
                 %3 = graph.concat %0, %2 axis = 0 : (tensor<2x3x{ty}>, {t}) -> tensor<7x3x{ty}>\n\
                 return %3 : tensor<7x3x{ty}>\n}}\n"
            ),
            vec![(e, vec![5, 3]), (e, vec![5, 3])],
        ));
    }
    // An i32 widened to i64 and compared with a constant in one body
    // (OneHot's index wrap, `i < 0 ? i + 4 : i`): lavapipe miscompiled a
    // signed compare of an OpSConvert'ed value.
    for n in [1usize, 6, 67] {
        let (t, w) = (format!("tensor<{n}xi32>"), format!("tensor<{n}xi64>"));
        out.push((
            format!("widen-compare {n}"),
            format!(
                "func.func @main(%a: {t}) -> {w} {{\n\
                 %0 = graph.cast %a : {t} -> {w}\n\
                 %z = graph.constant dense<0> : {w}\n\
                 %1 = graph.compare lt, %0, %z : {w} -> tensor<{n}xi1>\n\
                 %k = graph.constant dense<4> : {w}\n\
                 %2 = graph.add %0, %k : {w}\n\
                 %3 = graph.select %1, %2, %0 : tensor<{n}xi1>, {w}\n\
                 return %3 : {w}\n}}\n"
            ),
            vec![(I32, vec![n])],
        ));
    }
    // Division by a constant zero of either sign, and 0 / 0 (lavapipe folded
    // `x / 0.0` to 0; IEEE gives ±inf and NaN).
    for (e, ty) in [(F32, "f32"), (F64, "f64")] {
        for n in [1usize, 6, 67] {
            let t = format!("tensor<{n}x{ty}>");
            out.push((
                format!("divide-by-zero {ty} {n}"),
                format!(
                    "func.func @main(%a: {t}) -> ({t}, {t}, {t}) {{\n\
                     %z = graph.constant dense<0.0> : {t}\n\
                     %nz = graph.constant dense<-0.0> : {t}\n\
                     %0 = graph.div %a, %z : {t}\n\
                     %1 = graph.div %a, %nz : {t}\n\
                     %m = graph.mul %a, %z : {t}\n\
                     %2 = graph.div %m, %z : {t}\n\
                     return %0, %1, %2 : {t}, {t}, {t}\n}}\n"
                ),
                vec![(e, vec![n])],
            ));
        }
    }
    // Gathers: indices in [-20, 20] select negative and clamped rows.
    for (e, ty, ie, ity, xs, is, axis) in [
        (F32, "f32", I64, "i64", vec![7, 5], vec![3, 4], 0),
        (F32, "f32", I32, "i32", vec![13, 33], vec![9], 1),
        (I64, "i64", I32, "i32", vec![2, 9, 3], vec![], 1),
        (F64, "f64", I64, "i64", vec![21, 3, 1], vec![40], 0),
        (I32, "i32", I64, "i64", vec![3, 2, 5], vec![2, 0], 2),
    ] {
        let dims = |s: &[usize]| s.iter().map(|d| format!("{d}x")).collect::<String>();
        let mut rs = xs[..axis].to_vec();
        rs.extend_from_slice(&is);
        rs.extend_from_slice(&xs[axis + 1..]);
        let (tx, ti, tr) = (
            format!("tensor<{}{ty}>", dims(&xs)),
            format!("tensor<{}{ity}>", dims(&is)),
            format!("tensor<{}{ty}>", dims(&rs)),
        );
        out.push((
            format!("gather {tx} {ti} axis {axis}"),
            format!(
                "func.func @main(%a: {tx}, %i: {ti}) -> {tr} {{\n\
                 %0 = graph.gather %a[%i] axis = {axis} : ({tx}, {ti}) -> {tr}\n\
                 return %0 : {tr}\n}}\n"
            ),
            vec![(e, xs.clone()), (ie, is.clone())],
        ));
    }
    // Scatters: indices in [-20, 20] pick negative, clamped and repeated
    // rows, applied in order as on the reference.
    for (e, ty, ie, ity, n, k, rest, red) in [
        (F32, "f32", I64, "i64", 7, 12, vec![5], "none"),
        (F32, "f32", I32, "i32", 70, 40, vec![3], "add"),
        (I64, "i64", I64, "i64", 9, 30, vec![2, 2], "max"),
        (I32, "i32", I32, "i32", 1, 5, vec![], "min"),
        (F64, "f64", I64, "i64", 33, 50, vec![4], "mul"),
        (F32, "f32", I64, "i64", 0, 0, vec![3], "add"),
    ] {
        let dims = |s: &[usize]| s.iter().map(|d| format!("{d}x")).collect::<String>();
        let mut xs = vec![n];
        xs.extend_from_slice(&rest);
        let mut us = vec![k];
        us.extend_from_slice(&rest);
        let (tx, ti, tu) = (
            format!("tensor<{}{ty}>", dims(&xs)),
            format!("tensor<{k}x{ity}>"),
            format!("tensor<{}{ty}>", dims(&us)),
        );
        out.push((
            format!("scatter {tx} {ti} {red}"),
            format!(
                "func.func @main(%a: {tx}, %i: {ti}, %u: {tu}) -> {tx} {{\n\
                 %0 = graph.scatter %a, %i, %u reduction = {red} : ({tx}, {ti}, {tu}) -> {tx}\n\
                 return %0 : {tx}\n}}\n"
            ),
            vec![(e, xs.clone()), (ie, vec![k]), (e, us.clone())],
        ));
    }
    out
}

/// Every program of [`programs`] on Vulkan and on the reference, compared.
pub fn matches_reference() {
    if vulkan().is_none() {
        return;
    }
    let mut rng = Rng(0x853c_49e6_748f_ea9b);
    let mut failures = Vec::new();
    for (name, text, inputs) in programs() {
        let hal = match crate::common::compile_text(&text, &["vulkan".to_string()], "") {
            Ok(h) => h,
            Err(e) => panic!("{name}: does not compile: {e}\n{text}"),
        };
        let ins: Vec<HostTensor> = inputs
            .iter()
            .map(|(e, s)| tensor(*e, s, &mut rng))
            .collect();
        let want = crate::common::run_text(
            &hal,
            "main",
            &ins,
            crate::common::open(&["reference".into()]).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{name}: reference: {e}"));
        // A fresh runtime device per program: devices cache executables by
        // symbol (the Vulkan device underneath is shared).
        let got = match crate::common::run_text(
            &hal,
            "main",
            &ins,
            crate::common::open(&["vulkan".into()]).unwrap(),
        ) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: vulkan: {e}"));
                continue;
            }
        };
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g.shape, w.shape, "{name}: result {i}");
            if let Err(m) = close(w.element, &g.data, &w.data) {
                failures.push(format!("{name}: result {i}: {m}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[allow(unused_imports)]
pub use xir_runtime_conformance::spirv_val::has_spirv_val;

/// Parses hal-level `hal` and runs `spirv-val` on every stage shader of
/// every variant (see `xir_runtime_conformance::spirv_val`).
pub fn validate_shaders(name: &str, hal: &str) -> usize {
    let mut ctx = xir_compiler::context();
    xir_runtime_vulkan::register(&mut ctx);
    let mut ir = xir::Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "hal", hal)
        .unwrap_or_else(|_| panic!("{name}: hal text does not parse"));
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("spirv-val");
    xir_runtime_conformance::spirv_val::validate_shaders(name, &ctx, &ir, top, &dir)
}

//! Program text: a kernel function written op by op ([`Kernel`], [`Body`]),
//! and the hal-level module around it ([`module`]): one `hal.executable`
//! whose one variant is built for the driver's target, and a host function
//! `@main` that allocates the results, records one dispatch (workgroups by
//! hal's rule on the first result), submits it and waits, as
//! `xopt --compile-to=hal` writes host code.

use crate::model::{is_float, name, V};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use xir_runtime_hal::{ElementType, FloatType};

/// A dim of a memref: static, or an `index` value of the kernel.
#[derive(Clone, Debug)]
pub enum Dim {
    /// A static size.
    S(usize),
    /// A dynamic size: the SSA name of an `index` value.
    D(String),
}

/// A memref of the kernel: its SSA name, element type and dims.
#[derive(Clone, Debug)]
pub struct Buf {
    /// Its SSA name (`%b0`).
    pub name: String,
    /// Its element type.
    pub elem: ElementType,
    /// Its dims.
    pub dims: Vec<Dim>,
}

impl Buf {
    /// `memref<?x4xf32>`.
    pub fn ty(&self) -> String {
        memref(self.elem, &self.dims)
    }
    /// The SSA names of its dynamic dims.
    fn dynamic(&self) -> Vec<String> {
        self.dims
            .iter()
            .filter_map(|d| match d {
                Dim::D(v) => Some(v.clone()),
                Dim::S(_) => None,
            })
            .collect()
    }
}

/// `memref<?x4xf32>` (`memref<f32>` for rank 0).
pub fn memref(e: ElementType, dims: &[Dim]) -> String {
    let mut s = String::from("memref<");
    for d in dims {
        match d {
            Dim::S(n) => write!(s, "{n}x").unwrap(),
            Dim::D(_) => s.push_str("?x"),
        }
    }
    write!(s, "{}>", name(e)).unwrap();
    s
}

/// `affine_map<(d0, d1)[s0] -> (results)>`.
pub fn map(dims: usize, syms: usize, results: &str) -> String {
    let ds: Vec<String> = (0..dims).map(|d| format!("d{d}")).collect();
    let ss: Vec<String> = (0..syms).map(|s| format!("s{s}")).collect();
    let syms = if syms == 0 {
        String::new()
    } else {
        format!("[{}]", ss.join(", "))
    };
    format!("affine_map<({}){syms} -> ({results})>", ds.join(", "))
}

/// The identity map of rank `n`.
pub fn identity(n: usize) -> String {
    let ds: Vec<String> = (0..n).map(|d| format!("d{d}")).collect();
    map(n, 0, &ds.join(", "))
}

/// A scalar literal of type `e` as an attribute value (`1.5`, `-3`, `true`,
/// `0xFF800000` for a non-finite float).
pub fn literal(e: ElementType, v: V) -> String {
    if e == ElementType::I1 {
        return if v.i() & 1 == 1 { "true" } else { "false" }.into();
    }
    if !is_float(e) {
        return v.i().to_string();
    }
    let x = v.f();
    if x.is_finite() {
        let s = format!("{x:?}");
        return if s.contains(['.', 'e']) {
            s
        } else {
            format!("{s}.0")
        };
    }
    match e {
        ElementType::Float(FloatType::F16) => format!("0x{:04X}", half::f16::from_f64(x).to_bits()),
        ElementType::Float(FloatType::BF16) => {
            format!("0x{:04X}", half::bf16::from_f64(x).to_bits())
        }
        ElementType::Float(FloatType::F32) => format!("0x{:08X}", (x as f32).to_bits()),
        _ => format!("0x{:016X}", x.to_bits()),
    }
}

/// A scalar body of a `kernel.generic` or `kernel.matmul`: its block
/// arguments (`%x0`, …) and ops, each line one op.
pub struct Body {
    args: Vec<ElementType>,
    lines: Vec<String>,
    next: usize,
}

impl Body {
    /// A body whose block arguments have types `args` (a generic's inputs,
    /// then its output).
    pub fn new(args: &[ElementType]) -> Body {
        Body {
            args: args.to_vec(),
            lines: Vec::new(),
            next: 0,
        }
    }
    /// Block argument `i`.
    pub fn arg(&self, i: usize) -> String {
        assert!(i < self.args.len());
        format!("%x{i}")
    }
    fn push(&mut self, text: String) -> String {
        let v = format!("%v{}", self.next);
        self.next += 1;
        self.lines.push(format!("{v} = {text}"));
        v
    }
    /// `op a, b : e` (a binary arith op).
    pub fn bin(&mut self, op: &str, e: ElementType, a: &str, b: &str) -> String {
        self.push(format!("{op} {a}, {b} : {}", name(e)))
    }
    /// `op a : e` (a one-operand op).
    pub fn unary(&mut self, op: &str, e: ElementType, a: &str) -> String {
        self.push(format!("{op} {a} : {}", name(e)))
    }
    /// `arith.constant v : e`.
    pub fn constant(&mut self, e: ElementType, v: V) -> String {
        if e == ElementType::I1 {
            return self.push(format!("arith.constant {}", literal(e, v)));
        }
        self.push(format!("arith.constant {} : {}", literal(e, v), name(e)))
    }
    /// `arith.cmpf`/`cmpi` with predicate `keyword`.
    pub fn cmp(&mut self, keyword: &str, e: ElementType, a: &str, b: &str) -> String {
        let op = if is_float(e) {
            "arith.cmpf"
        } else {
            "arith.cmpi"
        };
        self.push(format!("{op} {keyword}, {a}, {b} : {}", name(e)))
    }
    /// `arith.select c, a, b : e`.
    pub fn select(&mut self, e: ElementType, c: &str, a: &str, b: &str) -> String {
        self.push(format!("arith.select {c}, {a}, {b} : {}", name(e)))
    }
    /// `kernel.cast a : from to to`.
    pub fn cast(&mut self, from: ElementType, to: ElementType, a: &str) -> String {
        self.push(format!("kernel.cast {a} : {} to {}", name(from), name(to)))
    }
    /// The body's text, yielding `result` of type `e`.
    fn text(&self, indent: &str, result: &str, e: ElementType) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .enumerate()
            .map(|(i, &t)| format!("%x{i}: {}", name(t)))
            .collect();
        let mut s = format!("{indent}^bb0({}):\n", args.join(", "));
        for l in &self.lines {
            writeln!(s, "{indent}  {l}").unwrap();
        }
        writeln!(s, "{indent}  kernel.yield {result} : {}", name(e)).unwrap();
        s
    }
}

/// A matmul's epilogue: its inputs with their maps over the result's
/// dims, and a body reading the sum as `%x0`, then the inputs, yielding
/// `result`.
pub struct Epilogue<'a> {
    /// The inputs and their maps.
    pub ins: &'a [(&'a Buf, String)],
    /// The body.
    pub body: &'a Body,
    /// The value the body yields.
    pub result: &'a str,
}

/// A kernel function being written: `func.func @k(%n0: index, …)`.
pub struct Kernel {
    args: usize,
    lines: Vec<String>,
    next: usize,
    consts: BTreeSet<i64>,
}

/// The symbol of every kernel function of the suite.
pub const KERNEL: &str = "k";

impl Kernel {
    /// A kernel taking `args` index arguments (the dispatch's constants).
    pub fn new(args: usize) -> Kernel {
        Kernel {
            args,
            lines: Vec::new(),
            next: 0,
            consts: BTreeSet::new(),
        }
    }
    /// Index argument `i` (`%n0`, …).
    pub fn arg(&self, i: usize) -> String {
        assert!(i < self.args);
        format!("%n{i}")
    }
    /// An `index` constant.
    pub fn index(&mut self, v: i64) -> String {
        let name = if v < 0 {
            format!("%cm{}", -v)
        } else {
            format!("%c{v}")
        };
        if self.consts.insert(v) {
            self.lines
                .push(format!("{name} = arith.constant {v} : index"));
        }
        name
    }
    /// A dim as an SSA value (static ones as constants).
    pub fn dim(&mut self, d: &Dim) -> String {
        match d {
            Dim::S(n) => self.index(*n as i64),
            Dim::D(v) => v.clone(),
        }
    }
    fn fresh(&mut self, p: &str) -> String {
        let v = format!("%{p}{}", self.next);
        self.next += 1;
        v
    }
    /// One line of index arithmetic or any other top-level op; its result's name.
    pub fn op(&mut self, text: &str) -> String {
        let v = self.fresh("i");
        self.lines.push(format!("{v} = {text}"));
        v
    }
    fn buffer(&mut self, elem: ElementType, dims: Vec<Dim>, what: &str) -> Buf {
        let b = Buf {
            name: self.fresh("b"),
            elem,
            dims,
        };
        let dynamic = b.dynamic().join(", ");
        let op = match what {
            "alloc" => format!("kernel.alloc({dynamic})"),
            index => {
                if dynamic.is_empty() {
                    format!("kernel.binding {index}")
                } else {
                    format!("kernel.binding {index}({dynamic})")
                }
            }
        };
        self.lines.push(format!("{} = {op} : {}", b.name, b.ty()));
        b
    }
    /// `kernel.binding i(%dims) : memref<…>`.
    pub fn binding(&mut self, i: usize, elem: ElementType, dims: Vec<Dim>) -> Buf {
        self.buffer(elem, dims, &i.to_string())
    }
    /// `kernel.alloc(%dims) : memref<…>`.
    pub fn alloc(&mut self, elem: ElementType, dims: Vec<Dim>) -> Buf {
        self.buffer(elem, dims, "alloc")
    }
    /// `kernel.constant dense<…>`: `values` row-major (nested by `shape`),
    /// one value for a splat, none for an empty tensor.
    pub fn constant(&mut self, elem: ElementType, shape: &[usize], values: &[V]) -> Buf {
        let b = Buf {
            name: self.fresh("b"),
            elem,
            dims: shape.iter().map(|&n| Dim::S(n)).collect(),
        };
        let lits: Vec<String> = values.iter().map(|&v| literal(elem, v)).collect();
        let dense = match values.len() {
            0 => String::new(),
            1 => lits[0].clone(),
            _ => nested(&lits, shape),
        };
        let tensor = b.ty().replacen("memref", "tensor", 1);
        self.lines.push(format!(
            "{} = kernel.constant dense<{dense}> : {tensor} : {}",
            b.name,
            b.ty()
        ));
        b
    }
    /// `kernel.reshape %src(%dims) : memref<…> to memref<…>`.
    pub fn reshape(&mut self, src: &Buf, dims: Vec<Dim>) -> Buf {
        let b = Buf {
            name: self.fresh("b"),
            elem: src.elem,
            dims,
        };
        let dynamic = b.dynamic().join(", ");
        let args = if dynamic.is_empty() {
            String::new()
        } else {
            format!("({dynamic})")
        };
        self.lines.push(format!(
            "{} = kernel.reshape {}{args} : {} to {}",
            b.name,
            src.name,
            src.ty(),
            b.ty()
        ));
        b
    }
    /// `kernel.assert (a == b), "message"`.
    pub fn assert_eq(&mut self, a: &str, b: &str, message: &str) {
        let c = self.op(&format!("arith.cmpi eq, {a}, {b} : index"));
        self.lines.push(format!("kernel.assert {c}, \"{message}\""));
    }
    /// A `kernel.generic`: `ins` with their maps, `out` with its map, the
    /// domain (parallel dims first, then `reductions` reduction dims), the
    /// maps' symbols, the vector width, and a body yielding `result`.
    #[allow(clippy::too_many_arguments)]
    pub fn generic(
        &mut self,
        ins: &[(&Buf, String)],
        out: (&Buf, String),
        domain: &[Dim],
        reductions: usize,
        symbols: &[String],
        vector_width: Option<u32>,
        body: &Body,
        result: &str,
    ) {
        let domain: Vec<String> = domain.iter().map(|d| self.dim(d)).collect();
        let mut s = String::from("kernel.generic ");
        if !ins.is_empty() {
            let names: Vec<&str> = ins.iter().map(|(b, _)| b.name.as_str()).collect();
            let tys: Vec<String> = ins.iter().map(|(b, _)| b.ty()).collect();
            write!(s, "ins({} : {}) ", names.join(", "), tys.join(", ")).unwrap();
        }
        write!(s, "outs({} : {}) ", out.0.name, out.0.ty()).unwrap();
        write!(s, "domain({}) ", domain.join(", ")).unwrap();
        if !symbols.is_empty() {
            write!(s, "symbols({}) ", symbols.join(", ")).unwrap();
        }
        let maps: Vec<&str> = ins
            .iter()
            .map(|(_, m)| m.as_str())
            .chain([out.1.as_str()])
            .collect();
        let par = domain.len() - reductions;
        let iters: Vec<&str> = (0..domain.len())
            .map(|d| {
                if d < par {
                    "\"parallel\""
                } else {
                    "\"reduction\""
                }
            })
            .collect();
        write!(
            s,
            "attributes {{indexing_maps = [{}], iterator_types = [{}]",
            maps.join(", "),
            iters.join(", ")
        )
        .unwrap();
        if let Some(w) = vector_width {
            write!(s, ", vector_width = {w} : i64").unwrap();
        }
        s.push_str("} {\n");
        s.push_str(&body.text("  ", result, out.0.elem));
        s.push('}');
        self.lines.push(s);
    }
    /// A `kernel.matmul` of `a` and `b` into `out`, with `epilogue` or
    /// none.
    pub fn matmul(&mut self, a: &Buf, b: &Buf, out: &Buf, epilogue: Option<Epilogue<'_>>) {
        self.contraction("kernel.matmul", a, b, out, "", epilogue);
    }
    /// `kernel.conv ins(%x, %w) outs(%o) [epilogue(...)] attributes {...}`;
    /// `attrs` are the conv's (`strides = array<i64: 1, 1>, ...`).
    pub fn conv(
        &mut self,
        x: &Buf,
        w: &Buf,
        out: &Buf,
        attrs: &str,
        epilogue: Option<Epilogue<'_>>,
    ) {
        self.contraction("kernel.conv", x, w, out, &format!("{attrs}, "), epilogue);
    }
    fn contraction(
        &mut self,
        op: &str,
        a: &Buf,
        b: &Buf,
        out: &Buf,
        attrs: &str,
        epilogue: Option<Epilogue<'_>>,
    ) {
        let mut s = format!(
            "{op} ins({}, {} : {}, {}) outs({} : {}) ",
            a.name,
            b.name,
            a.ty(),
            b.ty(),
            out.name,
            out.ty()
        );
        match epilogue {
            Some(Epilogue { ins, body, result }) => {
                let names: Vec<&str> = ins.iter().map(|(b, _)| b.name.as_str()).collect();
                let tys: Vec<String> = ins.iter().map(|(b, _)| b.ty()).collect();
                let maps: Vec<&str> = ins.iter().map(|(_, m)| m.as_str()).collect();
                writeln!(
                    s,
                    "epilogue({} : {}) attributes {{{attrs}indexing_maps = [{}]}} {{",
                    names.join(", "),
                    tys.join(", "),
                    maps.join(", ")
                )
                .unwrap();
                s.push_str(&body.text("  ", result, out.elem));
            }
            None => {
                writeln!(s, "attributes {{{attrs}indexing_maps = []}} {{").unwrap();
                s.push_str(&Body::new(&[out.elem]).text("  ", "%x0", out.elem));
            }
        }
        s.push('}');
        self.lines.push(s);
    }
    /// `kernel.pool ins(%x) outs(%o) attributes {...}`; `attrs` are the
    /// pool's.
    pub fn pool(&mut self, x: &Buf, out: &Buf, attrs: &str) {
        self.lines.push(format!(
            "kernel.pool ins({} : {}) outs({} : {}) attributes {{{attrs}}}",
            x.name,
            x.ty(),
            out.name,
            out.ty()
        ));
    }
    /// `kernel.attention ins(%q, %k, %v) [mask(%m)] outs(%o) scale = S
    /// [attributes {nan_to_zero}]`: `scale` written so that it parses back
    /// to the same f32.
    #[allow(clippy::too_many_arguments)]
    pub fn attention(
        &mut self,
        q: &Buf,
        k: &Buf,
        v: &Buf,
        mask: Option<&Buf>,
        out: &Buf,
        scale: f32,
        nan_to_zero: bool,
    ) {
        let mut s = format!(
            "kernel.attention ins({}, {}, {} : {}, {}, {}) ",
            q.name,
            k.name,
            v.name,
            q.ty(),
            k.ty(),
            v.ty()
        );
        if let Some(m) = mask {
            write!(s, "mask({} : {}) ", m.name, m.ty()).unwrap();
        }
        write!(
            s,
            "outs({} : {}) scale = {}",
            out.name,
            out.ty(),
            literal(ElementType::F32, V::F(scale as f64))
        )
        .unwrap();
        if nan_to_zero {
            s.push_str(" attributes {nan_to_zero}");
        }
        self.lines.push(s);
    }
    /// `kernel.gather ins(%x, %i) outs(%o) axis = N`.
    pub fn gather(&mut self, x: &Buf, indices: &Buf, out: &Buf, axis: usize) {
        self.lines.push(format!(
            "kernel.gather ins({}, {} : {}, {}) outs({} : {}) axis = {axis}",
            x.name,
            indices.name,
            x.ty(),
            indices.ty(),
            out.name,
            out.ty()
        ));
    }
    /// The function's text.
    pub fn finish(&self) -> String {
        let args: Vec<String> = (0..self.args).map(|i| format!("%n{i}: index")).collect();
        let mut s = format!("func.func @{KERNEL}({}) {{\n", args.join(", "));
        for l in &self.lines {
            for part in l.lines() {
                writeln!(s, "  {part}").unwrap();
            }
        }
        s.push_str("  return\n}\n");
        s
    }
}

/// A tensor's type (`tensor<3x5xf32>`).
fn tensor_type(e: ElementType, shape: &[usize]) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        write!(s, "{d}x").unwrap();
    }
    write!(s, "{}>", name(e)).unwrap();
    s
}

/// The hal-level module running `kernel` (a function `@k` from
/// [`Kernel::finish`]) for `target` (a `#device.target<…>`): `@main` takes
/// one buffer view per input, then one per output holding a poison pattern;
/// it allocates each output, copies its poison into it (so an element the
/// kernel does not write shows), dispatches `@k` with `constants` after a
/// barrier, and returns one buffer view per output.
pub fn module(
    target: &str,
    kernel: &str,
    inputs: &[(ElementType, Vec<usize>)],
    outputs: &[(ElementType, Vec<usize>)],
    constants: &[i64],
) -> String {
    let mut s = String::from("module {\n");
    writeln!(s, "  device.global @dev = {target}").unwrap();
    writeln!(s, "  hal.executable private @{KERNEL} {{").unwrap();
    writeln!(s, "    hal.executable.variant @v target({target}) {{").unwrap();
    writeln!(s, "      hal.executable.export @{KERNEL}").unwrap();
    writeln!(s, "      builtin.module {{").unwrap();
    for l in kernel.lines() {
        writeln!(s, "        {l}").unwrap();
    }
    writeln!(s, "      }}\n    }}\n  }}").unwrap();
    let bytes =
        |(e, shape): &(ElementType, Vec<usize>)| shape.iter().product::<usize>() * e.byte_size();
    let first = outputs.first().map_or(vec![], |o| o.1.clone());
    let grid: Vec<u64> = first.iter().map(|&d| d as u64).collect();
    let grid = xir_hal::grid::workgroup_count(&grid).expect("a small grid");
    let mut index: BTreeSet<i64> = BTreeSet::new();
    index.insert(0);
    index.extend(inputs.iter().chain(outputs).map(|x| bytes(x) as i64));
    index.extend(grid.iter().map(|&g| g as i64));
    index.extend(constants.iter().copied());
    let c = |v: i64| {
        if v < 0 {
            format!("%cm{}", -v)
        } else {
            format!("%c{v}")
        }
    };
    let params: Vec<String> = (0..inputs.len() + outputs.len())
        .map(|i| format!("%arg{i}: !hal.buffer_view"))
        .collect();
    let results = vec!["!hal.buffer_view"; outputs.len()].join(", ");
    writeln!(
        s,
        "  func.func @main({}) -> ({results}) {{",
        params.join(", ")
    )
    .unwrap();
    for v in &index {
        writeln!(s, "    {} = arith.constant {v} : index", c(*v)).unwrap();
    }
    let mut bindings = Vec::new();
    for (i, x) in inputs.iter().enumerate() {
        writeln!(
            s,
            "    %in{i} = hal.buffer_view.buffer %arg{i} : !hal.buffer"
        )
        .unwrap();
        bindings.push(format!("%in{i}[%c0, {}]", c(bytes(x) as i64)));
    }
    writeln!(
        s,
        "    %dev = hal.device.resolve #device.affinity<@dev> : !hal.device"
    )
    .unwrap();
    for (i, x) in outputs.iter().enumerate() {
        let n = c(bytes(x) as i64);
        writeln!(
            s,
            "    %out{i} = hal.allocator.allocate device(%dev) size({n}) : !hal.buffer"
        )
        .unwrap();
        bindings.push(format!("%out{i}[%c0, {n}]"));
    }
    writeln!(
        s,
        "    %cmd = hal.command_buffer.create device(%dev) : !hal.command_buffer"
    )
    .unwrap();
    for (i, x) in outputs.iter().enumerate() {
        let n = bytes(x);
        if n > 0 {
            writeln!(
                s,
                "    %poison{i} = hal.buffer_view.buffer %arg{} : !hal.buffer",
                inputs.len() + i
            )
            .unwrap();
            writeln!(
                s,
                "    hal.command_buffer.copy_buffer %cmd, source(%poison{i}[%c0]) target(%out{i}[%c0]) length({})",
                c(n as i64)
            )
            .unwrap();
        }
    }
    writeln!(s, "    hal.command_buffer.execution_barrier %cmd").unwrap();
    let wg: Vec<String> = grid.iter().map(|&g| c(g as i64)).collect();
    let consts = if constants.is_empty() {
        String::new()
    } else {
        let cs: Vec<String> = constants.iter().map(|&v| c(v)).collect();
        format!(" constants({})", cs.join(", "))
    };
    writeln!(
        s,
        "    hal.command_buffer.dispatch %cmd, @{KERNEL}::@v::@{KERNEL} workgroups({}){consts} bindings({})",
        wg.join(", "),
        bindings.join(", ")
    )
    .unwrap();
    writeln!(s, "    hal.command_buffer.finalize %cmd").unwrap();
    writeln!(s, "    %fence = hal.fence.create device(%dev) : !hal.fence").unwrap();
    writeln!(
        s,
        "    hal.device.queue.execute %dev signal(%fence) commands(%cmd)"
    )
    .unwrap();
    writeln!(s, "    hal.fence.await until(%fence)").unwrap();
    let mut views = Vec::new();
    for (i, (e, shape)) in outputs.iter().enumerate() {
        writeln!(
            s,
            "    %view{i} = hal.buffer_view.create %out{i} shape({}) : !hal.buffer_view",
            tensor_type(*e, shape)
        )
        .unwrap();
        views.push(format!("%view{i}"));
    }
    writeln!(s, "    return {} : {results}", views.join(", ")).unwrap();
    s.push_str("  }\n}\n");
    s
}

/// Row-major literals nested as a dense attribute of `shape` writes them:
/// `[[1, 2], [3, 4]]` (an empty tensor is `dense<>`, so never nested).
fn nested(lits: &[String], shape: &[usize]) -> String {
    match shape.split_first() {
        None => lits[0].clone(),
        Some((&d, rest)) => {
            let inner: usize = rest.iter().product();
            let parts: Vec<String> = (0..d)
                .map(|i| nested(&lits[i * inner..(i + 1) * inner], rest))
                .collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

//! ONNX models to xir's graph dialect: the library behind `xir-import-onnx`.
//!
//! A model's graph becomes one public `func.func @main`: its arguments are the
//! graph inputs that are not initializers (in graph order; with
//! `params_as_args` the initializers follow), its results the graph outputs.
//! Initializers become `graph.constant`s, node names become locations
//! (`loc("node")`), and shape-like operands (Reshape's shape, Slice's starts,
//! axes, …) are folded into the ops when they are constants. Anything the
//! importer cannot express exactly — an op, attribute, element type or opset —
//! is an error naming the node, never an approximation.

pub mod onnx {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}

mod builder;
mod convert;
mod fold;
mod node;
mod ops;
mod symbolic;
pub mod tensor;
pub mod types;

/// Every op of the default domain the importer converts, sorted (the ops of
/// its converter table, see `ops`).
pub fn supported() -> Vec<&'static str> {
    ops::supported()
}

/// docs/onnx.md's op table, from the importer's converter table: a row per
/// claimed op with its opsets, the attributes it takes and what it becomes,
/// then the `columns` (header, separator such as `---:`) whose cells
/// `cells(op)` gives (the node suite's results); then a line naming the ops
/// evaluated at import time.
pub fn op_table(columns: &[(String, String)], cells: &dyn Fn(&str) -> Vec<String>) -> String {
    ops::markdown(columns, cells)
}

use builder::V;
use convert::{Importer, Slot};
use node::Node;
use prost::Message;
use types::{element_type, is_int, Ty, DYN};

/// The opsets of the default domain xir imports.
pub const MIN_OPSET: i64 = 13;
pub const MAX_OPSET: i64 = 28;
/// The oldest IR version xir imports.
pub const MIN_IR_VERSION: i64 = 7;

/// `--place=PATTERN=@device`: the results of nodes whose name matches the glob
/// `PATTERN` (`*` any run, `?` one character) are pinned to `device`.
#[derive(Clone, Debug)]
pub struct Placement {
    pub pattern: String,
    pub device: String,
}

impl Placement {
    /// Parses `PATTERN=@device` (the `@` is optional).
    pub fn parse(s: &str) -> Result<Placement, String> {
        let (p, d) = s
            .rsplit_once('=')
            .ok_or_else(|| format!("--place '{s}' is not PATTERN=@DEVICE"))?;
        let d = d.trim_start_matches('@');
        let ident = |c: char| c.is_ascii_alphanumeric() || "_$.-".contains(c);
        if p.is_empty() || d.is_empty() || !d.chars().all(ident) {
            return Err(format!("--place '{s}' is not PATTERN=@DEVICE"));
        }
        Ok(Placement {
            pattern: p.to_string(),
            device: d.to_string(),
        })
    }
}

/// Whether `name` matches the glob `pat`.
pub fn glob(pat: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pat.chars().collect(), name.chars().collect());
    // Iterative matching with backtracking to the last `*`.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// `--bind=NAME=v1,v2,...`: the graph input NAME taken as a constant (a
/// scalar or a vector, as its declared type says: integers for an integer
/// input, any numbers for a float one), so the shape-like operands it feeds
/// (shapes, axes, pads, Resize's scales, ...) fold; the input is then no
/// function argument.
#[derive(Clone, Debug)]
pub struct Binding {
    pub name: String,
    pub values: BoundValues,
}

/// The values of a `--bind`.
#[derive(Clone, Debug, PartialEq)]
pub enum BoundValues {
    /// Every value an integer (for an integer or a float input).
    Ints(Vec<i64>),
    /// Some value not an integer (for a float input).
    Floats(Vec<f64>),
}

impl BoundValues {
    fn len(&self) -> usize {
        match self {
            BoundValues::Ints(v) => v.len(),
            BoundValues::Floats(v) => v.len(),
        }
    }
}

impl Binding {
    pub fn parse(s: &str) -> Result<Binding, String> {
        let bad = || format!("--bind '{s}' is not NAME=NUMBER[,NUMBER...]");
        let (name, vals) = s.split_once('=').ok_or_else(bad)?;
        if name.is_empty() {
            return Err(bad());
        }
        let items: Vec<&str> = if vals.is_empty() {
            Vec::new()
        } else {
            vals.split(',').map(str::trim).collect()
        };
        let values = match items.iter().map(|v| v.parse::<i64>()).collect() {
            Ok(ints) => BoundValues::Ints(ints),
            Err(_) => BoundValues::Floats(
                items
                    .iter()
                    .map(|v| v.parse::<f64>().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?,
            ),
        };
        Ok(Binding {
            name: name.to_string(),
            values,
        })
    }
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Initializers become trailing function arguments instead of constants.
    pub params_as_args: bool,
    pub place: Vec<Placement>,
    pub bind: Vec<Binding>,
    /// `--dim=NAME=N`: graph inputs' and outputs' symbolic dimensions
    /// (`dim_param`) named NAME become the static size N.
    pub dims: Vec<DimBinding>,
}

/// `--dim=NAME=N`: the symbolic dimension NAME taken as size N.
#[derive(Clone, Debug, PartialEq)]
pub struct DimBinding {
    pub name: String,
    pub size: i64,
}

impl DimBinding {
    pub fn parse(s: &str) -> Result<DimBinding, String> {
        let bad = || format!("--dim '{s}' is not NAME=SIZE (a size of at least 0)");
        let (name, size) = s.split_once('=').ok_or_else(bad)?;
        let size = size.trim().parse::<i64>().map_err(|_| bad())?;
        if name.is_empty() || size < 0 {
            return Err(bad());
        }
        Ok(DimBinding {
            name: name.to_string(),
            size,
        })
    }
}

/// Imports a serialized `ModelProto` as graph-dialect text: parsed and
/// verified by xir, printed in the ops' custom forms with locations (the
/// module [`import_into`] builds, printed).
pub fn import(bytes: &[u8], opts: &Options) -> Result<String, String> {
    print_imported(decode(bytes)?, opts)
}

/// [`import`] of a model in a [`Bytes`] ([`read_model`]), its weights
/// shared rather than copied until xir interns them.
pub fn import_bytes(bytes: Bytes, opts: &Options) -> Result<String, String> {
    print_imported(decode(bytes)?, opts)
}

fn print_imported(model: onnx::ModelProto, opts: &Options) -> Result<String, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = xir::Ir::new();
    let top = import_model_into(model, opts, &mut ctx, &mut ir)?;
    Ok(xir::printer::print_top_level(
        &ctx,
        &ir,
        top,
        &xir::printer::PrintOptions {
            debuginfo: true,
            ..Default::default()
        },
    ))
}

/// Imports a serialized `ModelProto` as graph-dialect text in MLIR's
/// generic form (see [`import`] for the verified, custom-form text).
pub fn import_generic(bytes: &[u8], opts: &Options) -> Result<String, String> {
    Ok(build(decode(bytes)?, opts, false)?.0)
}

/// The generic-form text [`import_into`] parses (its large constants as
/// `dense_resource<__onnx_N>`) and the number of resources it kept: for
/// tests.
#[doc(hidden)]
pub fn import_generic_resources(bytes: &[u8], opts: &Options) -> Result<(String, usize), String> {
    let (text, res) = build(decode(bytes)?, opts, true)?;
    Ok((text, res.len()))
}

pub use bytes::Bytes;

/// The bytes of the model file at `path`, mapped rather than read (the
/// weights an import keeps are views of them, never copied before xir
/// interns them); `-` reads stdin.
///
/// The file must not change while the bytes live (as for any mapped file:
/// onnxruntime maps models too); an empty file is read, not mapped.
pub fn read_model(path: &str) -> Result<Bytes, String> {
    use std::io::Read;
    if path == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        return Ok(b.into());
    }
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open input file '{path}': {e}"))?;
    let len = file
        .metadata()
        .map_err(|e| format!("cannot read '{path}': {e}"))?
        .len();
    if len == 0 || !file.metadata().is_ok_and(|m| m.is_file()) {
        let mut b = Vec::new();
        (&file)
            .read_to_end(&mut b)
            .map_err(|e| format!("cannot read '{path}': {e}"))?;
        return Ok(b.into());
    }
    // SAFETY: the map is read only; the file changing under it is the one
    // hazard, documented above (memmap2's contract).
    let map =
        unsafe { memmap2::Mmap::map(&file) }.map_err(|e| format!("cannot map '{path}': {e}"))?;
    Ok(Bytes::from_owner(map))
}

/// Imports a serialized `ModelProto` into `ctx` and `ir` (a context with
/// xir's dialects, `xir_compiler::context()`): the module [`import`]
/// prints, returned as its top-level op, parsed and verified, with no
/// weight written as text. The ops are written as generic-form text but
/// each constant of more than [`builder::RESOURCE_MIN`] elements (not a
/// splat) as `dense_resource<__onnx_N>`, its elements kept aside in xir's
/// layout; once the small text is parsed and verified, each such value
/// becomes the `dense<...>` attribute parsing the hex text would give.
///
/// `bytes` is copied where the model's float weights are decoded; hand
/// [`import_bytes_into`] a [`Bytes`] ([`read_model`]) to share them instead.
pub fn import_into(
    bytes: &[u8],
    opts: &Options,
    ctx: &mut xir::Context,
    ir: &mut xir::Ir,
) -> Result<xir::Op, String> {
    let model = decode(bytes)?;
    import_model_into(model, opts, ctx, ir)
}

/// [`import_into`] of a model in a [`Bytes`]: the float initializers stay
/// views of `bytes` until xir interns them (the one copy of a weight).
pub fn import_bytes_into(
    bytes: Bytes,
    opts: &Options,
    ctx: &mut xir::Context,
    ir: &mut xir::Ir,
) -> Result<xir::Op, String> {
    let model = decode(bytes)?;
    import_model_into(model, opts, ctx, ir)
}

fn decode(bytes: impl prost::bytes::Buf) -> Result<onnx::ModelProto, String> {
    onnx::ModelProto::decode(bytes)
        .map_err(|e| format!("not an ONNX model (protobuf decoding failed: {e})"))
}

fn import_model_into(
    model: onnx::ModelProto,
    opts: &Options,
    ctx: &mut xir::Context,
    ir: &mut xir::Ir,
) -> Result<xir::Op, String> {
    let (text, resources) = build(model, opts, true)?;
    let buf = xir::SourceBuffer::new("imported", text);
    let (top, produced) = xir::verifier::parse_verified(ctx, ir, &buf);
    let Some(top) = top else {
        let mut sm = xir::SourceMgr::default();
        sm.add(buf);
        let errors: Vec<String> = produced
            .iter()
            .filter(|d| d.severity == xir::Severity::Error)
            .map(|d| xir::diag::render(d, ctx, &sm))
            .collect();
        return Err(format!(
            "the imported module does not verify (an importer bug):\n{}",
            errors.join("")
        ));
    };
    drop(buf);
    fill_resources(ctx, ir, top, resources)?;
    Ok(top)
}

/// Replaces each `dense_resource<__onnx_N>` value of a `graph.constant`
/// under `top` with the `dense<...>` attribute of `resources[N]` (each
/// one's bytes copied once, into the interned attribute, then dropped).
fn fill_resources(
    ctx: &mut xir::Context,
    ir: &mut xir::Ir,
    top: xir::Op,
    resources: Vec<Bytes>,
) -> Result<(), String> {
    use xir::attributes::AttrKind;
    let mut resources: Vec<Option<Bytes>> = resources.into_iter().map(Some).collect();
    let mut missing = None;
    xir::walk::walk_preorder(ir, top, |ir, op| {
        let value = ir.op(op).properties.and_then(|p| ctx.dict_get(p, "value"));
        if let Some(v) = value {
            if let AttrKind::DenseResource { ty, handle } = *ctx.attr_kind(v) {
                let index = ctx
                    .str(handle)
                    .strip_prefix(builder::RESOURCE_PREFIX)
                    .and_then(|n| n.parse::<usize>().ok());
                match index
                    .and_then(|i| resources.get_mut(i))
                    .and_then(Option::take)
                {
                    Some(data) => {
                        let dense = ctx.intern_attr(AttrKind::DenseElements {
                            ty,
                            splat: false,
                            data: data[..].into(),
                        });
                        xir::op_attrs::set_property(ctx, ir, op, "value", Some(dense));
                    }
                    None => missing = Some(ctx.str(handle).to_string()),
                }
            }
        }
        xir::walk::WalkResult::Advance
    });
    match missing {
        // Written by the importer itself: a mismatch is its bug.
        Some(h) => Err(format!(
            "the imported module names resource '{h}', which the importer did not keep (an importer bug)"
        )),
        None if resources.iter().any(Option::is_some) => Err(
            "the importer kept a resource the module does not use (an importer bug)".into(),
        ),
        None => Ok(()),
    }
}

/// The module's generic-form text; with `resources`, large constants as
/// `dense_resource<__onnx_N>` and their elements (see [`import_into`]).
fn build(
    model: onnx::ModelProto,
    opts: &Options,
    resources: bool,
) -> Result<(String, Vec<Bytes>), String> {
    let opset = model_opset(&model)?;
    let g = model.graph.as_ref().ok_or("the model has no graph")?;
    check_ops_supported(g, opset)?;
    let mut im = Importer::new(opts.params_as_args);
    if resources {
        im.b.resources = Some(Vec::new());
    }
    if !g.sparse_initializer.is_empty() {
        return Err("sparse initializers are not supported".into());
    }
    for t in &g.initializer {
        let k = tensor::Tensor::from_proto(t)
            .map_err(|e| format!("initializer '{}': {e}", t.name()))?;
        im.values.insert(
            t.name().to_string(),
            Slot {
                v: None,
                konst: Some(k),
                init: true,
                sym: None,
            },
        );
    }
    check_single_definitions(g, opset)?;
    im.users = first_users(g, opset);
    let args = bind_inputs(&mut im, g, opts)?;
    convert_nodes(&mut im, g, opset, &opts.place)?;
    im.b.set_loc("return");
    let results = graph_results(&mut im, g, &opts.dims)?;
    let text = render(&im, g, &args, &results);
    Ok((text, im.b.resources.take().unwrap_or_default()))
}

/// The model's opset of the default domain, checked against the IR
/// versions and opsets xir imports.
fn model_opset(model: &onnx::ModelProto) -> Result<i64, String> {
    let ir = model.ir_version();
    if ir < MIN_IR_VERSION {
        return Err(format!(
            "IR version {ir} is not supported (xir imports IR version {MIN_IR_VERSION} and up)"
        ));
    }
    let mut opset = None;
    for o in &model.opset_import {
        if matches!(o.domain(), "" | "ai.onnx") {
            opset = Some(o.version());
        }
    }
    let opset = opset.ok_or("the model imports no opset of the default domain")?;
    if !(MIN_OPSET..=MAX_OPSET).contains(&opset) {
        return Err(format!(
            "opset {opset} is not supported (xir imports opsets {MIN_OPSET} to {MAX_OPSET})"
        ));
    }
    Ok(opset)
}

/// Binds the graph inputs that are not initializers: `--bind` ones as
/// constants, the others as `@main`'s arguments, which it returns (with
/// their ONNX names).
fn bind_inputs(
    im: &mut Importer,
    g: &onnx::GraphProto,
    opts: &Options,
) -> Result<Vec<(String, V)>, String> {
    for b in &opts.bind {
        if !g.input.iter().any(|vi| vi.name() == b.name) {
            return Err(format!(
                "--bind names '{}', which is not a graph input",
                b.name
            ));
        }
    }
    for d in &opts.dims {
        let named = |vi: &onnx::ValueInfoProto| dim_params(vi).any(|p| p == d.name);
        if !g.input.iter().chain(&g.output).any(named) {
            return Err(format!(
                "--dim names '{}', which no graph input or output has as a dimension",
                d.name
            ));
        }
    }
    let mut args = Vec::new();
    let mut named = std::collections::HashMap::new();
    for (i, vi) in g.input.iter().enumerate() {
        if im.values.contains_key(vi.name()) {
            continue; // an initializer listed as an input (a default value)
        }
        let ty = value_type(vi, &opts.dims).map_err(|e| format!("input '{}': {e}", vi.name()))?;
        if let Some(b) = opts.bind.iter().find(|b| b.name == vi.name()) {
            let t = bound_value(b, vi.name(), &ty)?;
            im.bind_const(vi.name(), t);
            continue;
        }
        let v = V {
            ssa: format!("%arg{i}"),
            ty,
        };
        // Dims with one name are one size (checked at entry): one expression.
        let names = dynamic_dim_names(vi, &v.ty);
        let mut dims = im.syms.dims(&v);
        for (k, name) in names.iter().enumerate() {
            if name.is_empty() {
                continue;
            }
            match named.get(name) {
                Some(&s) => dims[k] = s,
                None => {
                    named.insert(name.clone(), dims[k]);
                }
            }
        }
        im.syms.record(&v, &dims);
        if names.iter().any(|n| !n.is_empty()) {
            im.dim_names.insert(v.ssa.clone(), names);
        }
        args.push((vi.name().to_string(), v.clone()));
        im.bind(vi.name(), v, None);
    }
    Ok(args)
}

/// The constant `--bind` gives input `name` of type `ty`.
fn bound_value(b: &Binding, name: &str, ty: &Ty) -> Result<tensor::Tensor, String> {
    let n = b.values.len() as i64;
    let fits = match ty.dims.as_slice() {
        [] => n == 1,
        [d] => *d == n || *d == DYN,
        _ => false,
    };
    let dims = if ty.rank() == 0 { vec![] } else { vec![n] };
    let data = match (&b.values, ty.elem) {
        (BoundValues::Ints(v), e) if is_int(e) => tensor::Data::I(v.clone()),
        (v, e) if e.is_float() => {
            let v: Vec<f64> = match v {
                BoundValues::Ints(v) => v.iter().map(|&x| x as f64).collect(),
                BoundValues::Floats(v) => v.clone(),
            };
            // The values as the input's type holds them.
            let round = |x: f64| match e {
                types::ElementType::F16 => half::f16::from_f64(x).to_f64(),
                types::ElementType::F32 => x as f32 as f64,
                _ => x,
            };
            tensor::Data::F(v.into_iter().map(round).collect())
        }
        (BoundValues::Floats(_), e) if is_int(e) => {
            return Err(format!(
                "--bind gives non-integer values to input '{name}' of type {ty}"
            ))
        }
        _ => tensor::Data::I(Vec::new()),
    };
    if !(is_int(ty.elem) || ty.elem.is_float()) || !fits {
        return Err(format!(
            "--bind gives {n} values to input '{name}' of type {ty}; it binds integer and float scalars and vectors"
        ));
    }
    Ok(tensor::Tensor {
        ty: Ty::new(ty.elem, dims),
        data,
    })
}

/// Every node whose op the importer does not take (an op of another domain,
/// or one without a converter at this opset), all in one error: each such
/// op with how many nodes use it and the first of them (its name and index
/// in the graph), in the order they first appear, so a model's missing ops
/// are known from one run. A lone such node keeps its own error
/// (`node 'n' (Op, opset N): op is not supported`).
fn check_ops_supported(g: &onnx::GraphProto, opset: i64) -> Result<(), String> {
    // (op, number of nodes, first node's index)
    let mut missing: Vec<(String, usize, usize)> = Vec::new();
    for (i, proto) in g.node.iter().enumerate() {
        let foreign = !matches!(proto.domain(), "" | "ai.onnx");
        if !foreign && ops::lookup(proto.op_type(), opset).is_some() {
            continue;
        }
        let op = if foreign {
            format!("{}.{}", proto.domain(), proto.op_type())
        } else {
            proto.op_type().to_string()
        };
        match missing.iter_mut().find(|(o, _, _)| *o == op) {
            Some(m) => m.1 += 1,
            None => missing.push((op, 1, i)),
        }
    }
    let nodes: usize = missing.iter().map(|m| m.1).sum();
    match nodes {
        0 => Ok(()),
        1 => {
            let n = Node::new(&g.node[missing[0].2], opset, &[]);
            Err(match n.proto.domain() {
                "" | "ai.onnx" => n.error("op is not supported"),
                d => n.error(format!(
                    "domain '{d}' is not supported (xir imports the default ONNX domain)"
                )),
            })
        }
        _ => {
            let list: Vec<String> = missing
                .iter()
                .map(|(op, count, first)| {
                    let name = Node::new(&g.node[*first], opset, &[]).name().to_string();
                    if *count == 1 {
                        format!("{op} (1 node, '{name}' #{first})")
                    } else {
                        format!("{op} ({count} nodes, first '{name}' #{first})")
                    }
                })
                .collect();
            let ops = match missing.len() {
                1 => "1 unsupported op".to_string(),
                k => format!("{k} unsupported ops"),
            };
            Err(format!(
                "{ops} ({nodes} nodes, opset {opset}): {}",
                list.join(", ")
            ))
        }
    }
}

/// The first user of each name the graph reads: "node 'NAME'", or "the
/// graph's outputs".
fn first_users(g: &onnx::GraphProto, opset: i64) -> std::collections::HashMap<String, String> {
    let mut users = std::collections::HashMap::new();
    for proto in &g.node {
        let n = Node::new(proto, opset, &[]);
        for i in proto.input.iter().filter(|i| !i.is_empty()) {
            users
                .entry(i.clone())
                .or_insert_with(|| format!("node '{}'", n.name()));
        }
    }
    for o in &g.output {
        users
            .entry(o.name().to_string())
            .or_insert_with(|| "the graph's outputs".to_string());
    }
    users
}

/// ONNX graphs are SSA: no two nodes define one name, and no node defines a
/// graph input. Both are refused, naming the nodes (a later definition used
/// to silently replace the earlier one).
fn check_single_definitions(g: &onnx::GraphProto, opset: i64) -> Result<(), String> {
    let mut defined: std::collections::HashMap<&str, &onnx::NodeProto> = Default::default();
    for proto in &g.node {
        let n = Node::new(proto, opset, &[]);
        for out in proto.output.iter().filter(|o| !o.is_empty()) {
            if g.input.iter().any(|vi| vi.name() == out) {
                return Err(n.error(format!(
                    "defines '{out}', which is a graph input (an ONNX graph defines each name once)"
                )));
            }
            if let Some(first) = defined.insert(out, proto) {
                let first = Node::new(first, opset, &[]);
                return Err(n.error(format!(
                    "defines '{out}', which node '{}' ({}) already defines (an ONNX graph defines each name once)",
                    first.name(),
                    first.op()
                )));
            }
        }
    }
    Ok(())
}

/// Converts the graph's nodes in order, each through its converter, and
/// pins the results of the nodes `place` matches.
fn convert_nodes(
    im: &mut Importer,
    g: &onnx::GraphProto,
    opset: i64,
    place: &[Placement],
) -> Result<(), String> {
    let mut used = vec![false; place.len()];
    for proto in &g.node {
        let conv = ops::lookup(proto.op_type(), opset);
        let n = Node::new(proto, opset, conv.map_or(&[], |c| c.attrs));
        if !matches!(proto.domain(), "" | "ai.onnx") {
            return Err(n.error(format!(
                "domain '{}' is not supported (xir imports the default ONNX domain)",
                proto.domain()
            )));
        }
        im.b.set_loc(n.name());
        ops::convert(im, &n, conv)?;
        for (k, p) in place.iter().enumerate() {
            if glob(&p.pattern, n.name()) {
                used[k] = true;
                for i in 0..n.num_outputs() {
                    let Some(o) = n.output(i) else { continue };
                    let v = im.value(o)?;
                    let pinned = im.b.on_device(&v, &p.device);
                    im.bind(o, pinned, None);
                }
            }
        }
    }
    if let Some(k) = used.iter().position(|u| !u) {
        return Err(format!(
            "--place pattern '{}' matches no node",
            place[k].pattern
        ));
    }
    Ok(())
}

/// The graph outputs' values, checked against their declared types. A dim
/// declared static that the graph computes at run time (NonZero's count,
/// which ONNX's shape inference may have taken from example data) is
/// refined to the declared size by a reshape, checked at run time.
fn graph_results(
    im: &mut Importer,
    g: &onnx::GraphProto,
    dims: &[DimBinding],
) -> Result<Vec<V>, String> {
    let mut results = Vec::new();
    for vi in &g.output {
        let v = im
            .value(vi.name())
            .map_err(|e| format!("output '{}': {e}", vi.name()))?;
        if let Ok(declared) = value_type(vi, dims) {
            let fits = declared.elem == v.ty.elem
                && declared.rank() == v.ty.rank()
                && declared
                    .dims
                    .iter()
                    .zip(&v.ty.dims)
                    .all(|(&d, &e)| d == DYN || e == DYN || d == e);
            if !fits {
                return Err(format!(
                    "output '{}' is declared {declared} but computes {}",
                    vi.name(),
                    v.ty
                ));
            }
            if declared.is_static() && !v.ty.is_static() {
                let refined = im.b.reshape(&v, &declared.dims);
                results.push(refined);
                continue;
            }
        }
        results.push(v);
    }
    Ok(results)
}

/// The module: `@main` with `args` (then the parameters), the ops written,
/// and a return of `results`.
fn render(im: &Importer, g: &onnx::GraphProto, args: &[(String, V)], results: &[V]) -> String {
    // Named dynamic dims: `xir.dim_names`, which the function ABI checks at
    // entry (a dim named as an earlier input's must have its size).
    let param = |name: &str, v: &V| {
        let names = match im.dim_names.get(&v.ssa) {
            Some(ns) => {
                let q: Vec<String> = ns
                    .iter()
                    .map(|n| format!("\"{}\"", builder::escape(n)))
                    .collect();
                format!(" {{xir.dim_names = [{}]}}", q.join(", "))
            }
            None => String::new(),
        };
        format!(
            "{}: {}{names} loc(\"{}\")",
            v.ssa,
            v.ty,
            builder::escape(name)
        )
    };
    let mut params: Vec<String> = args.iter().map(|(name, v)| param(name, v)).collect();
    // Parameters in initializer order.
    for t in &g.initializer {
        if let Some((name, v)) = im.params.iter().find(|(n, _)| n == t.name()) {
            params.push(param(name, v));
        }
    }
    let tys: Vec<String> = results.iter().map(|v| v.ty.to_string()).collect();
    let vals: Vec<&str> = results.iter().map(|v| v.ssa.as_str()).collect();
    let graph_name = match g.name() {
        "" => "main".to_string(),
        n => n.to_string(),
    };
    let mut s = String::from("module {\n");
    s.push_str(&format!(
        "  func.func @main({}) -> ({}) {{\n",
        params.join(", "),
        tys.join(", ")
    ));
    for l in &im.b.lines {
        s.push_str(l);
        s.push('\n');
    }
    if results.is_empty() {
        s.push_str("    \"func.return\"() : () -> () loc(\"return\")\n");
    } else {
        s.push_str(&format!(
            "    \"func.return\"({}) : ({}) -> () loc(\"return\")\n",
            vals.join(", "),
            tys.join(", ")
        ));
    }
    s.push_str(&format!(
        "  }} loc(\"{}\")\n}}\n",
        builder::escape(&graph_name)
    ));
    s
}

/// The graph inputs that are not initializers, in order (`@main`'s arguments
/// without `--params-as-args` and `--bind`).
pub fn input_names(bytes: &[u8]) -> Result<Vec<String>, String> {
    let model = onnx::ModelProto::decode(bytes)
        .map_err(|e| format!("not an ONNX model (protobuf decoding failed: {e})"))?;
    let g = model.graph.unwrap_or_default();
    Ok(g.input
        .iter()
        .filter(|vi| !g.initializer.iter().any(|t| t.name() == vi.name()))
        .map(|vi| vi.name().to_string())
        .collect())
}

/// The `dim_param` of each dynamic dim of `ty` (a graph input's type), ""
/// for a static dim or one without a name.
fn dynamic_dim_names(vi: &onnx::ValueInfoProto, ty: &Ty) -> Vec<String> {
    use onnx::type_proto::Value;
    let dims = match vi.r#type.as_ref().and_then(|t| t.value.as_ref()) {
        Some(Value::TensorType(tt)) => tt.shape.as_ref().map(|s| s.dim.as_slice()),
        _ => None,
    };
    dims.unwrap_or_default()
        .iter()
        .zip(&ty.dims)
        .map(|(d, &n)| match &d.value {
            Some(onnx::tensor_shape_proto::dimension::Value::DimParam(p)) if n == DYN => p.clone(),
            _ => String::new(),
        })
        .collect()
}

/// The symbolic dimensions (`dim_param`) of a graph input's or output's type.
fn dim_params(vi: &onnx::ValueInfoProto) -> impl Iterator<Item = &str> {
    use onnx::type_proto::Value;
    let dims = match vi.r#type.as_ref().and_then(|t| t.value.as_ref()) {
        Some(Value::TensorType(tt)) => tt.shape.as_ref().map(|s| s.dim.as_slice()),
        _ => None,
    };
    dims.unwrap_or_default()
        .iter()
        .filter_map(|d| match &d.value {
            Some(onnx::tensor_shape_proto::dimension::Value::DimParam(p)) => Some(p.as_str()),
            _ => None,
        })
}

/// A graph input's or output's tensor type; a symbolic dimension that
/// `dims` binds takes its size, any other is dynamic.
fn value_type(vi: &onnx::ValueInfoProto, dims: &[DimBinding]) -> Result<Ty, String> {
    use onnx::type_proto::Value;
    let t = vi.r#type.as_ref().ok_or("has no type")?;
    match &t.value {
        Some(Value::TensorType(tt)) => {
            let elem = element_type(tt.elem_type())?;
            let shape = tt
                .shape
                .as_ref()
                .ok_or("has no shape (unranked tensors are not supported)")?;
            let dims = shape
                .dim
                .iter()
                .map(|d| match &d.value {
                    Some(onnx::tensor_shape_proto::dimension::Value::DimValue(v)) if *v >= 0 => *v,
                    Some(onnx::tensor_shape_proto::dimension::Value::DimParam(p)) => {
                        dims.iter().find(|b| b.name == *p).map_or(DYN, |b| b.size)
                    }
                    _ => DYN,
                })
                .collect();
            Ok(Ty::new(elem, dims))
        }
        None => Err("has no type".into()),
        Some(_) => Err(
            "is not a tensor (sequences, maps, optionals and sparse tensors are not supported)"
                .into(),
        ),
    }
}

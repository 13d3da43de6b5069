//! Writes graph-dialect ops in MLIR's generic form (the operand and property
//! names docs/architecture.md §3 fixes for frontends); xir then parses, verifies and
//! prints the module in its custom form.

use crate::tensor::Tensor;
use crate::types::{Elem, Ty};

/// An SSA value of the function being written.
#[derive(Clone, Debug)]
pub struct V {
    pub ssa: String,
    pub ty: Ty,
}

#[derive(Default)]
pub struct Builder {
    pub lines: Vec<String>,
    next: usize,
    /// `loc("...")` of the node being converted.
    loc: String,
}

/// `s` as the inside of an MLIR string literal.
pub fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `array<i64: 1, 2>`.
pub fn i64_array(v: &[i64]) -> String {
    if v.is_empty() {
        return "array<i64>".into();
    }
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

impl Builder {
    pub fn set_loc(&mut self, name: &str) {
        self.loc = format!("loc(\"{}\")", escape(name));
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next - 1)
    }

    /// One op with `props` (the inside of `<{...}>`, or empty); its results.
    pub fn ops(&mut self, name: &str, operands: &[&V], props: &str, results: &[Ty]) -> Vec<V> {
        let id = self.fresh();
        let lhs = match results.len() {
            0 => String::new(),
            1 => format!("{id} = "),
            n => format!("{id}:{n} = "),
        };
        let args: Vec<&str> = operands.iter().map(|v| v.ssa.as_str()).collect();
        let arg_tys: Vec<String> = operands.iter().map(|v| v.ty.to_string()).collect();
        let res_tys: Vec<String> = results.iter().map(Ty::to_string).collect();
        let props = if props.is_empty() {
            String::new()
        } else {
            format!(" <{{{props}}}>")
        };
        let res = if results.len() == 1 {
            res_tys[0].clone()
        } else {
            format!("({})", res_tys.join(", "))
        };
        self.lines.push(format!(
            "    {lhs}\"{name}\"({}){props} : ({}) -> {res} {}",
            args.join(", "),
            arg_tys.join(", "),
            self.loc
        ));
        match results.len() {
            1 => vec![V {
                ssa: id,
                ty: results[0].clone(),
            }],
            _ => results
                .iter()
                .enumerate()
                .map(|(i, t)| V {
                    ssa: format!("{id}#{i}"),
                    ty: t.clone(),
                })
                .collect(),
        }
    }

    pub fn op(&mut self, name: &str, operands: &[&V], props: &str, result: Ty) -> V {
        self.ops(name, operands, props, &[result]).pop().unwrap()
    }

    /// A constant located at `name` (an initializer's), whatever node is
    /// being converted.
    pub fn constant_at(&mut self, t: &Tensor, name: &str) -> V {
        let saved = std::mem::take(&mut self.loc);
        self.set_loc(name);
        let v = self.constant(t);
        self.loc = saved;
        v
    }

    pub fn constant(&mut self, t: &Tensor) -> V {
        self.op(
            "graph.constant",
            &[],
            &format!("value = {}", t.dense_attr()),
            t.ty.clone(),
        )
    }

    /// A constant of shape `dims` with every element `x`.
    pub fn splat(&mut self, elem: Elem, x: f64, dims: &[i64]) -> V {
        let data = if elem.is_float() {
            crate::tensor::Data::F(vec![x])
        } else {
            crate::tensor::Data::I(vec![x as i64])
        };
        self.splat_of(data, Ty::new(elem, dims.to_vec()))
    }

    /// A constant of type `ty` with every element the one value in `data`,
    /// written without materializing the elements.
    pub fn splat_of(&mut self, data: crate::tensor::Data, ty: Ty) -> V {
        let one = Tensor {
            ty: ty.with_dims(vec![]),
            data,
        };
        let attr = one.dense_attr();
        let body = attr.rsplit_once(" : ").map_or(attr.as_str(), |(b, _)| b);
        let value = if ty.numel() == Some(0) {
            "dense<>".to_string()
        } else {
            body.to_string()
        };
        self.op(
            "graph.constant",
            &[],
            &format!("value = {value} : {ty}"),
            ty,
        )
    }

    pub fn reshape(&mut self, v: &V, dims: &[i64]) -> V {
        if v.ty.dims == dims {
            return v.clone();
        }
        self.op("graph.reshape", &[v], "", v.ty.with_dims(dims.to_vec()))
    }

    /// `v` broadcast numpy-style (right-aligned) to `dims`.
    pub fn expand(&mut self, v: &V, dims: &[i64]) -> V {
        if v.ty.dims == dims {
            return v.clone();
        }
        let off = (dims.len() - v.ty.rank()) as i64;
        let map: Vec<i64> = (0..v.ty.rank() as i64).map(|i| i + off).collect();
        self.op(
            "graph.broadcast",
            &[v],
            &format!("dimensions = {}", i64_array(&map)),
            v.ty.with_dims(dims.to_vec()),
        )
    }
}

//! `dense<...>` and `sparse<...>` elements attributes with a matching shaped type.

use crate::types::IntTy;
use crate::Gen;

#[derive(Clone, Copy)]
enum Elem {
    Int(IntTy),
    Index,
    Float(&'static str),
    ComplexF(&'static str),
    ComplexI(IntTy),
}

impl Elem {
    fn text(self) -> String {
        match self {
            Elem::Int(t) => t.text(),
            Elem::Index => "index".into(),
            Elem::Float(f) => f.into(),
            Elem::ComplexF(f) => format!("complex<{f}>"),
            Elem::ComplexI(t) => format!("complex<{}>", t.text()),
        }
    }

    /// Bytes per element in the hex form, where the generator emits one.
    fn hex_bytes(self) -> Option<usize> {
        match self {
            Elem::Int(t) if t.width % 8 == 0 && t.width <= 64 => Some(t.width as usize / 8),
            Elem::Float("f16") | Elem::Float("bf16") => Some(2),
            Elem::Float("f32") => Some(4),
            Elem::Float("f64") => Some(8),
            _ => None,
        }
    }
}

impl Gen {
    fn dense_elem(&mut self) -> Elem {
        match self.rng.range(0, 9) {
            0..=3 => {
                let mut t = self.int_ty();
                if t.width > 64 && self.rng.chance(1, 2) {
                    t.width = 32;
                }
                Elem::Int(t)
            }
            4 => Elem::Index,
            5..=7 => Elem::Float(self.rng.pick(&["f16", "bf16", "f32", "f64"])),
            8 if self.rng.chance(1, 2) => Elem::ComplexI(IntTy { width: 32, sign: 0 }),
            _ => Elem::ComplexF(self.rng.pick(&["f32", "f64"])),
        }
    }

    fn elem_lit(&mut self, e: Elem) -> String {
        match e {
            Elem::Int(t) => self.dec_int_lit(t),
            Elem::Index => self.rng.range(0, 1000).to_string(),
            Elem::Float(f) => {
                let v = self.float_lit(f);
                if v.starts_with("0x") {
                    "1.0".into()
                } else {
                    v
                }
            }
            Elem::ComplexF(f) => {
                let a = self.float_lit(f).replace("0x", "");
                let b = self.float_lit(f);
                let fix = |s: String| {
                    if s.contains('.') && !s.starts_with("0x") {
                        s
                    } else {
                        "2.0".into()
                    }
                };
                format!("({}, {})", fix(a), fix(b))
            }
            Elem::ComplexI(t) => format!("({}, {})", self.dec_int_lit(t), self.dec_int_lit(t)),
        }
    }

    fn nested_list(&mut self, e: Elem, shape: &[usize]) -> String {
        if shape.is_empty() {
            return self.elem_lit(e);
        }
        let items: Vec<String> = (0..shape[0])
            .map(|_| self.nested_list(e, &shape[1..]))
            .collect();
        format!("[{}]", items.join(", "))
    }

    pub fn dense(&mut self) -> String {
        let e = self.dense_elem();
        let rank = self.rng.range(0, 3);
        let big = self.rng.chance(1, 15);
        let mut shape: Vec<usize> = (0..rank).map(|_| self.rng.range(1, 3)).collect();
        if big {
            shape = vec![self.rng.range(100, 130)];
        }
        let is_vec = self.rng.chance(1, 4)
            && !shape.is_empty()
            && !matches!(e, Elem::ComplexF(_) | Elem::ComplexI(_));
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let ty = if is_vec {
            format!("vector<{dims}{}>", e.text())
        } else {
            format!("tensor<{dims}{}>", e.text())
        };
        let n: usize = shape.iter().product();
        let body = match self.rng.range(0, 5) {
            0 | 1 => self.elem_lit(e),
            2 if e.hex_bytes().is_some() => {
                let b = e.hex_bytes().unwrap_or(1) * n;
                let mut s = String::from("\"0x");
                for _ in 0..b {
                    s.push_str(&format!("{:02X}", self.rng.next_u64() as u8));
                }
                s.push('"');
                s
            }
            _ => {
                if shape.is_empty() {
                    self.elem_lit(e)
                } else {
                    self.nested_list(e, &shape)
                }
            }
        };
        format!("dense<{body}> : {ty}")
    }

    pub fn sparse(&mut self) -> String {
        let n = self.rng.range(1, 2);
        let idx: Vec<String> = (0..n)
            .map(|i| format!("[{i}, {}]", self.rng.range(0, 2)))
            .collect();
        let vals: Vec<String> = (0..n).map(|_| self.rng.range(0, 9).to_string()).collect();
        format!(
            "sparse<[{}], [{}]> : tensor<3x3xi32>",
            idx.join(", "),
            vals.join(", ")
        )
    }
}

//! Random builtin and dialect types, as text that mlir-opt accepts.

use crate::Gen;

/// Integer type facts needed to pick literals that fit.
#[derive(Clone, Copy)]
pub struct IntTy {
    pub width: u32,
    /// 0 = signless, 1 = signed, 2 = unsigned.
    pub sign: u8,
}

impl IntTy {
    pub fn text(self) -> String {
        let p = ["i", "si", "ui"][self.sign as usize];
        format!("{p}{}", self.width)
    }
}

pub const FLOATS: &[&str] = &[
    "f16",
    "bf16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "f8E4M3FN",
    "f8E5M2",
    "f8E4M3",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
];

/// Float types with plain IEEE-like layout, used where hex bit patterns are generated.
pub const HEX_FLOATS: &[(&str, usize)] = &[("f16", 4), ("bf16", 4), ("f32", 8), ("f64", 16)];

impl Gen {
    pub fn int_ty(&mut self) -> IntTy {
        let width = self
            .rng
            .pick(&[1u32, 1, 8, 8, 16, 32, 32, 32, 64, 64, 3, 7, 128, 256]);
        let sign = if self.rng.chance(3, 4) {
            0
        } else {
            self.rng.range(1, 2) as u8
        };
        IntTy { width, sign }
    }

    pub fn float_ty(&mut self) -> &'static str {
        if self.rng.chance(2, 3) {
            self.rng.pick(&["f16", "bf16", "f32", "f64"])
        } else {
            self.rng.pick(FLOATS)
        }
    }

    /// Types valid as vector elements: integers, index, floats.
    pub fn scalar_ty(&mut self) -> String {
        match self.rng.range(0, 5) {
            0 | 1 => self.int_ty().text(),
            2 => "index".into(),
            _ => self.float_ty().into(),
        }
    }

    /// Element types valid for tensors and memrefs.
    pub fn elem_ty(&mut self, depth: u32) -> String {
        match self.rng.range(0, 9) {
            0..=5 => self.scalar_ty(),
            6 => format!("complex<{}>", self.float_ty()),
            7 if depth < 3 => self.vector_ty(),
            _ => "f32".into(),
        }
    }

    fn dims(&mut self, rank: usize, allow_dyn: bool) -> String {
        let mut s = String::new();
        for _ in 0..rank {
            if allow_dyn && self.rng.chance(1, 4) {
                s.push('?');
            } else {
                s.push_str(&self.rng.range(0, 9).to_string());
            }
            s.push('x');
        }
        s
    }

    pub fn vector_ty(&mut self) -> String {
        let rank = self.rng.range(0, 3);
        let mut s = String::from("vector<");
        for _ in 0..rank {
            let d = self.rng.range(1, 8);
            if self.rng.chance(1, 5) {
                s.push_str(&format!("[{d}]x"));
            } else {
                s.push_str(&format!("{d}x"));
            }
        }
        s.push_str(&self.scalar_ty());
        s.push('>');
        s
    }

    pub fn tensor_ty(&mut self, depth: u32) -> String {
        let elem = self.elem_ty(depth + 1);
        if self.rng.chance(1, 6) {
            return format!("tensor<*x{elem}>");
        }
        let rank = self.rng.range(0, 3);
        let dims = self.dims(rank, true);
        if self.rng.chance(1, 5) {
            let enc = self.encoding(depth);
            format!("tensor<{dims}{elem}, {enc}>")
        } else {
            format!("tensor<{dims}{elem}>")
        }
    }

    fn encoding(&mut self, depth: u32) -> String {
        match self.rng.range(0, 3) {
            0 => self.string_lit(),
            1 => format!("#{}.enc<{}>", self.dialect_name(), self.rng.range(0, 9)),
            2 if depth < 3 => self.attr_dict(depth + 1),
            _ => "unit".into(),
        }
    }

    pub fn memref_ty(&mut self, depth: u32) -> String {
        let elem = match self.rng.range(0, 6) {
            0 => format!("complex<{}>", self.float_ty()),
            1 => self.vector_ty(),
            _ => self.scalar_ty(),
        };
        let space = match self.rng.range(0, 6) {
            0 => ", 1".to_string(),
            1 => format!(", {}", self.rng.range(0, 7)),
            2 => ", \"gpu\"".to_string(),
            _ => String::new(),
        };
        if self.rng.chance(1, 6) {
            return format!("memref<*x{elem}{space}>");
        }
        let rank = self.rng.range(0, 3);
        let dims = self.dims(rank, true);
        let layout = match self.rng.range(0, 5) {
            0 => {
                let syms = self.rng.range(0, 1);
                format!(", {}", self.affine_map_with(rank, syms))
            }
            1 => format!(", {}", self.strided(rank)),
            2 if rank == 0 => String::new(),
            _ => String::new(),
        };
        let _ = depth;
        format!("memref<{dims}{elem}{layout}{space}>")
    }

    pub fn tuple_ty(&mut self, depth: u32) -> String {
        let n = self.rng.range(0, 3);
        let parts: Vec<String> = (0..n).map(|_| self.any_ty(depth + 1)).collect();
        format!("tuple<{}>", parts.join(", "))
    }

    pub fn function_ty(&mut self, depth: u32) -> String {
        let n = self.rng.range(0, 2);
        let ins: Vec<String> = (0..n).map(|_| self.any_ty(depth + 1)).collect();
        let m = self.rng.range(0, 2);
        let outs: Vec<String> = (0..m).map(|_| self.any_ty(depth + 1)).collect();
        let outs = if outs.len() == 1 && !outs[0].contains("->") && self.rng.chance(1, 2) {
            outs[0].clone()
        } else {
            format!("({})", outs.join(", "))
        };
        format!("({}) -> {}", ins.join(", "), outs)
    }

    pub fn opaque_ty(&mut self) -> String {
        let d = self.dialect_name();
        match self.rng.range(0, 3) {
            0 => format!("!{d}.ty"),
            1 => format!("!{d}.ty<{}, \"s\", [i32]>", self.rng.range(0, 99)),
            2 => format!("!{d}<\"opaque {}\">", self.rng.range(0, 99)),
            _ => format!("!{d}.p<x<y>, {{a = 1}}>"),
        }
    }

    /// Any type a value may have.
    pub fn any_ty(&mut self, depth: u32) -> String {
        if depth >= 3 {
            return self.scalar_ty();
        }
        if !self.type_aliases.is_empty() && self.rng.chance(1, 12) {
            return self.rng.pick(&self.type_aliases);
        }
        match self.rng.range(0, 19) {
            0..=4 => self.int_ty().text(),
            5 => "index".into(),
            6..=8 => self.float_ty().into(),
            9 => "none".into(),
            10 => format!("complex<{}>", self.float_ty()),
            11 => self.tuple_ty(depth),
            12 => self.function_ty(depth),
            13 | 14 => self.tensor_ty(depth),
            15 | 16 => self.vector_ty(),
            17 => self.memref_ty(depth),
            _ => self.opaque_ty(),
        }
    }
}

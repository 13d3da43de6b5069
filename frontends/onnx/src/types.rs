//! Element types and tensor types as the importer tracks them.

use std::fmt;

/// The element types xir imports: ONNX's FLOAT16, FLOAT, DOUBLE, INT8,
/// INT16, INT32, INT64 and BOOL.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Elem {
    F16,
    F32,
    F64,
    I8,
    I16,
    I32,
    I64,
    Bool,
}

/// ONNX's name of a `TensorProto.DataType` code, for diagnostics.
pub fn onnx_type_name(code: i32) -> &'static str {
    match code {
        1 => "float",
        2 => "uint8",
        3 => "int8",
        4 => "uint16",
        5 => "int16",
        6 => "int32",
        7 => "int64",
        8 => "string",
        9 => "bool",
        10 => "float16",
        11 => "double",
        12 => "uint32",
        13 => "uint64",
        14 => "complex64",
        15 => "complex128",
        16 => "bfloat16",
        17..=20 => "float8",
        21 => "uint4",
        22 => "int4",
        23 => "float4e2m1",
        24 => "float8e8m0",
        25 => "uint2",
        26 => "int2",
        27 | 28 => "float6",
        _ => "undefined",
    }
}

impl Elem {
    pub fn from_onnx(code: i32) -> Result<Elem, String> {
        Ok(match code {
            1 => Elem::F32,
            10 => Elem::F16,
            11 => Elem::F64,
            3 => Elem::I8,
            5 => Elem::I16,
            6 => Elem::I32,
            7 => Elem::I64,
            9 => Elem::Bool,
            c => {
                return Err(format!(
                    "element type {} is not supported (xir imports float16, float, double, int8, int16, int32, int64 and bool)",
                    onnx_type_name(c)
                ))
            }
        })
    }

    pub fn mlir(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::Bool => "i1",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::F32 | Elem::F64)
    }

    /// Bytes per element in `raw_data`.
    pub fn width(self) -> usize {
        match self {
            Elem::Bool | Elem::I8 => 1,
            Elem::F16 | Elem::I16 => 2,
            Elem::F32 | Elem::I32 => 4,
            Elem::F64 | Elem::I64 => 8,
        }
    }

    pub fn is_int(self) -> bool {
        matches!(self, Elem::I8 | Elem::I16 | Elem::I32 | Elem::I64)
    }
}

/// A dynamic dimension (`?`).
pub const DYN: i64 = -1;

/// A ranked tensor type.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ty {
    pub elem: Elem,
    pub dims: Vec<i64>,
}

impl Ty {
    pub fn new(elem: Elem, dims: Vec<i64>) -> Ty {
        Ty { elem, dims }
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    pub fn is_static(&self) -> bool {
        self.dims.iter().all(|&d| d != DYN)
    }

    /// The element count of a static shape.
    pub fn numel(&self) -> Option<i64> {
        // Saturating: a type from a hostile model must not overflow.
        self.is_static()
            .then(|| self.dims.iter().fold(1i64, |a, &d| a.saturating_mul(d)))
    }

    pub fn with_dims(&self, dims: Vec<i64>) -> Ty {
        Ty::new(self.elem, dims)
    }

    pub fn with_elem(&self, elem: Elem) -> Ty {
        Ty::new(elem, self.dims.clone())
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for &d in &self.dims {
            if d == DYN {
                f.write_str("?x")?;
            } else {
                write!(f, "{d}x")?;
            }
        }
        write!(f, "{}>", self.elem.mlir())
    }
}

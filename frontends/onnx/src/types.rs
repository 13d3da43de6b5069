//! Element types and tensor types as the importer tracks them.

use std::fmt;

/// The element type of tensors: xir's one enum (`xir::element`). The
/// importer holds the types [`element_type`] maps ONNX's codes to: f16, f32,
/// f64, i8, i16, i32, i64 and i1 (ONNX's bool).
pub use xir::element::ElementType;

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

/// The element type of an ONNX `TensorProto.DataType` code, the importer's
/// one mapping: FLOAT16, FLOAT, DOUBLE, INT8, INT16, INT32, INT64 and BOOL
/// (as `i1`); any other code is an error naming it.
pub fn element_type(code: i32) -> Result<ElementType, String> {
    Ok(match code {
        1 => ElementType::F32,
        10 => ElementType::F16,
        11 => ElementType::F64,
        3 => ElementType::I8,
        5 => ElementType::I16,
        6 => ElementType::I32,
        7 => ElementType::I64,
        9 => ElementType::I1,
        c => {
            return Err(format!(
                "element type {} is not supported (xir imports float16, float, double, int8, int16, int32, int64 and bool)",
                onnx_type_name(c)
            ))
        }
    })
}

/// Whether `e` is an integer type other than bool (`i1`).
pub fn is_int(e: ElementType) -> bool {
    matches!(e, ElementType::Int { bits, .. } if bits > 1)
}

/// A dynamic dimension (`?`).
pub const DYN: i64 = -1;

/// A ranked tensor type.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Ty {
    pub elem: ElementType,
    pub dims: Vec<i64>,
}

impl Ty {
    pub fn new(elem: ElementType, dims: Vec<i64>) -> Ty {
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

    pub fn with_elem(&self, elem: ElementType) -> Ty {
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
        write!(f, "{}>", self.elem)
    }
}

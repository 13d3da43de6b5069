//! Tensor values known at import time (initializers, `Constant` nodes, shapes):
//! decoded from `TensorProto`s and printed as `dense<...>` attributes.

use crate::onnx::TensorProto;
use crate::types::{element_type, ElementType, Ty};
use bytes::Bytes;

/// Element values: integers (bool as 0/1), floats computed at import time
/// (held exactly as f64), or floats as ONNX stores them.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    F(Vec<f64>),
    I(Vec<i64>),
    /// Floats as little-endian bytes in the element type's own width (2, 4
    /// or 8 bytes each), as a `TensorProto` holds them: every float tensor
    /// decoded from a model. An initializer's `raw_data` is a view of the
    /// model's bytes (no copy); converters that compute on the values read
    /// them as f64 through [`Tensor::floats`] or [`Tensor::decoded`].
    Raw(Bytes),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub ty: Ty,
    pub data: Data,
}

/// A float element of `elem` from its little-endian bytes.
fn float_at(elem: ElementType, c: &[u8]) -> f64 {
    match elem {
        ElementType::F16 => half::f16::from_le_bytes([c[0], c[1]]).to_f64(),
        ElementType::F32 => f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
        _ => f64::from_le_bytes(c[..8].try_into().unwrap_or([0; 8])),
    }
}

/// `x` as little-endian bytes of float type `elem` (`x` exactly representable).
fn push_float(out: &mut Vec<u8>, elem: ElementType, x: f64) {
    match elem {
        ElementType::F16 => out.extend_from_slice(&half::f16::from_f64(x).to_le_bytes()),
        ElementType::F32 => out.extend_from_slice(&(x as f32).to_le_bytes()),
        _ => out.extend_from_slice(&x.to_le_bytes()),
    }
}

/// Whether every `width`-byte element of `data` equals the first (and there is one).
fn uniform(data: &[u8], width: usize) -> bool {
    data.len() >= width && width > 0 && data.chunks_exact(width).all(|c| c == &data[..width])
}

impl Tensor {
    pub fn ints(ty: Ty, v: Vec<i64>) -> Tensor {
        Tensor {
            ty,
            data: Data::I(v),
        }
    }

    pub fn len(&self) -> usize {
        match &self.data {
            Data::F(v) => v.len(),
            Data::I(v) => v.len(),
            Data::Raw(b) => b.len() / self.ty.elem.byte_size().max(1),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values as integers (shape-like operands); `None` for floats.
    pub fn as_ints(&self) -> Option<&[i64]> {
        match &self.data {
            Data::I(v) => Some(v),
            Data::F(_) | Data::Raw(_) => None,
        }
    }

    /// The values of a float tensor as f64 (decoded from raw storage: for
    /// import-time arithmetic on small tensors); `None` for integers.
    pub fn floats(&self) -> Option<std::borrow::Cow<'_, [f64]>> {
        match &self.data {
            Data::F(v) => Some(std::borrow::Cow::Borrowed(v)),
            Data::I(_) => None,
            Data::Raw(b) => {
                let w = self.ty.elem.byte_size();
                Some(std::borrow::Cow::Owned(
                    b.chunks_exact(w)
                        .map(|c| float_at(self.ty.elem, c))
                        .collect(),
                ))
            }
        }
    }

    /// The tensor with raw floats decoded to f64 ([`Data::F`]): for the
    /// converters that compute on small known values.
    pub fn decoded(&self) -> Tensor {
        match &self.data {
            Data::Raw(_) => Tensor {
                ty: self.ty.clone(),
                data: Data::F(self.floats().unwrap_or_default().into_owned()),
            },
            _ => self.clone(),
        }
    }

    /// The elements as xir stores a `dense<...>` attribute's: little-endian,
    /// `ceil(bits / 8)` bytes each (a bool one byte, 0 or 1). Raw floats are
    /// shared, not copied; integers and computed floats are packed.
    pub fn storage(&self) -> Bytes {
        let elem = self.ty.elem;
        match &self.data {
            Data::Raw(b) => b.clone(),
            Data::F(v) => {
                let mut out = Vec::with_capacity(v.len() * elem.byte_size());
                for &x in v {
                    push_float(&mut out, elem, x);
                }
                out.into()
            }
            Data::I(v) => {
                let w = elem.byte_size();
                let mut out = Vec::with_capacity(v.len() * w);
                for &x in v {
                    out.extend_from_slice(&x.to_le_bytes()[..w]);
                }
                out.into()
            }
        }
    }

    /// Whether the tensor has elements and all are equal (bit for bit).
    pub fn is_splat(&self) -> bool {
        match &self.data {
            Data::I(v) => !v.is_empty() && v.iter().all(|x| *x == v[0]),
            Data::F(v) => !v.is_empty() && v.iter().all(|x| x.to_bits() == v[0].to_bits()),
            Data::Raw(b) => uniform(b, self.ty.elem.byte_size()),
        }
    }

    /// Decodes an ONNX tensor: `raw_data` (little-endian) or the typed field.
    /// Floats stay in their own width ([`Data::Raw`]): `raw_data` shared
    /// with the model's buffer, a typed field packed once.
    pub fn from_proto(t: &TensorProto) -> Result<Tensor, String> {
        if t.data_location == Some(1) {
            return Err("tensors with external data are not supported".into());
        }
        let elem = element_type(t.data_type.unwrap_or(0))?;
        if let Some(&d) = t.dims.iter().find(|&&d| d < 0) {
            return Err(format!("tensor dimension {d} is negative"));
        }
        let ty = Ty::new(elem, t.dims.clone());
        let n = t
            .dims
            .iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d as usize))
            .ok_or("tensor is too large")?;
        let data = match &t.raw_data {
            Some(raw) => {
                let width = elem.byte_size();
                if Some(raw.len()) != n.checked_mul(width) {
                    return Err(format!(
                        "raw_data holds {} bytes; {n} elements of {} need {}",
                        raw.len(),
                        elem,
                        n.saturating_mul(width)
                    ));
                }
                let chunks = raw.chunks_exact(width);
                match elem {
                    ElementType::F16 | ElementType::F32 | ElementType::F64 => {
                        Data::Raw(raw.clone())
                    }
                    ElementType::I8 => Data::I(chunks.map(|c| c[0] as i8 as i64).collect()),
                    ElementType::I16 => Data::I(
                        chunks
                            .map(|c| i16::from_le_bytes([c[0], c[1]]) as i64)
                            .collect(),
                    ),
                    ElementType::I32 => Data::I(
                        chunks
                            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64)
                            .collect(),
                    ),
                    ElementType::I64 => Data::I(
                        chunks
                            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                            .collect(),
                    ),
                    ElementType::I1 => Data::I(chunks.map(|c| (c[0] != 0) as i64).collect()),
                    // `element_type` gives no other.
                    e => return Err(format!("element type {e} is not supported")),
                }
            }
            None => match elem {
                ElementType::F32 => Data::Raw(
                    t.float_data
                        .iter()
                        .flat_map(|x| x.to_le_bytes())
                        .collect::<Vec<u8>>()
                        .into(),
                ),
                ElementType::F64 => Data::Raw(
                    t.double_data
                        .iter()
                        .flat_map(|x| x.to_le_bytes())
                        .collect::<Vec<u8>>()
                        .into(),
                ),
                // float16 values are stored as their bits in int32_data.
                ElementType::F16 => Data::Raw(
                    t.int32_data
                        .iter()
                        .flat_map(|&x| (x as u16).to_le_bytes())
                        .collect::<Vec<u8>>()
                        .into(),
                ),
                ElementType::I8 | ElementType::I16 | ElementType::I32 => {
                    Data::I(t.int32_data.iter().map(|&x| x as i64).collect())
                }
                ElementType::I1 => Data::I(t.int32_data.iter().map(|&x| (x != 0) as i64).collect()),
                ElementType::I64 => Data::I(t.int64_data.clone()),
                e => return Err(format!("element type {e} is not supported")),
            },
        };
        let tensor = Tensor { ty, data };
        if tensor.len() != n {
            return Err(format!(
                "tensor holds {} values for shape {:?} ({n} elements)",
                tensor.len(),
                t.dims
            ));
        }
        Ok(tensor)
    }

    /// `dense<...> : tensor<...>`: a splat or a nested list when every value
    /// prints exactly as a short decimal, else the little-endian hex form.
    pub fn dense_attr(&self) -> String {
        let ty = &self.ty;
        let body = match &self.data {
            Data::I(v) => {
                let item = |x: &i64| match ty.elem {
                    ElementType::I1 => (if *x != 0 { "true" } else { "false" }).to_string(),
                    _ => x.to_string(),
                };
                if !v.is_empty() && v.iter().all(|x| *x == v[0]) {
                    item(&v[0])
                } else {
                    nested(&ty.dims, &v.iter().map(item).collect::<Vec<_>>())
                }
            }
            Data::F(_) | Data::Raw(_) => {
                // On the elements in their own width (as the IR holds them).
                let bytes = self.storage();
                let width = ty.elem.byte_size();
                let vals = if uniform(&bytes, width) {
                    &bytes[..width]
                } else {
                    &bytes[..]
                };
                // Decimals only for a splat or a few values (formatting every
                // weight of a model as a decimal first took most of an import).
                let dec: Option<Vec<String>> = if vals.len() <= 16 * width {
                    vals.chunks_exact(width)
                        .map(|c| decimal(float_at(ty.elem, c), ty.elem))
                        .collect()
                } else {
                    None
                };
                match dec {
                    Some(d) if !d.is_empty() && d.iter().all(|x| *x == d[0]) => d[0].clone(),
                    Some(d) => nested(&ty.dims, &d),
                    _ => {
                        const HEX: &[u8; 16] = b"0123456789ABCDEF";
                        let mut s = String::with_capacity(vals.len() * 2 + 4);
                        s.push_str("\"0x");
                        for &b in vals {
                            s.push(HEX[(b >> 4) as usize] as char);
                            s.push(HEX[(b & 15) as usize] as char);
                        }
                        s.push('"');
                        s
                    }
                }
            }
        };
        format!("dense<{body}> : {ty}")
    }
}

/// `x` as an MLIR float literal that reads back to the same value, if a
/// plain decimal one (`1.5`, `-0.25`) does.
fn decimal(x: f64, elem: ElementType) -> Option<String> {
    if !x.is_finite() {
        return None;
    }
    let s = match elem {
        ElementType::F16 => format!("{:?}", half::f16::from_f64(x).to_f32()),
        ElementType::F32 => format!("{:?}", x as f32),
        _ => format!("{x:?}"),
    };
    let back: f64 = s.parse().ok()?;
    let same = match elem {
        ElementType::F16 => half::f16::from_f64(back).to_bits() == half::f16::from_f64(x).to_bits(),
        ElementType::F32 => (back as f32).to_bits() == (x as f32).to_bits(),
        _ => back.to_bits() == x.to_bits(),
    };
    (same && s.contains('.') && !s.contains('e') && s.len() <= 12).then_some(s)
}

/// Values as a list nested by `dims` (row-major).
fn nested(dims: &[i64], items: &[String]) -> String {
    if dims.is_empty() {
        return items.first().cloned().unwrap_or_default();
    }
    if items.is_empty() {
        return String::new();
    }
    let n = dims[0] as usize;
    let inner = items.len() / n.max(1);
    let parts: Vec<String> = (0..n)
        .map(|i| nested(&dims[1..], &items[i * inner..(i + 1) * inner]))
        .collect();
    format!("[{}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(elem: ElementType, dims: Vec<i64>, data: Data) -> Tensor {
        Tensor {
            ty: Ty::new(elem, dims),
            data,
        }
    }

    #[test]
    fn dense_forms() {
        let a = t(
            ElementType::F32,
            vec![2, 2],
            Data::F(vec![1.0, 2.5, -3.0, 0.5]),
        );
        assert_eq!(
            a.dense_attr(),
            "dense<[[1.0, 2.5], [-3.0, 0.5]]> : tensor<2x2xf32>"
        );
        let s = t(ElementType::F32, vec![3], Data::F(vec![2.0; 3]));
        assert_eq!(s.dense_attr(), "dense<2.0> : tensor<3xf32>");
        // 0.1 as f32 prints "0.1" and reads back exactly.
        let p = t(ElementType::F32, vec![], Data::F(vec![0.1f32 as f64]));
        assert_eq!(p.dense_attr(), "dense<0.1> : tensor<f32>");
        let nan = t(ElementType::F32, vec![2], Data::F(vec![f64::NAN, 1.0]));
        assert_eq!(
            nan.dense_attr(),
            "dense<\"0x0000C07F0000803F\"> : tensor<2xf32>"
        );
        let e = t(ElementType::F64, vec![0, 3], Data::F(vec![]));
        assert_eq!(e.dense_attr(), "dense<> : tensor<0x3xf64>");
        let b = t(ElementType::I1, vec![2], Data::I(vec![1, 0]));
        assert_eq!(b.dense_attr(), "dense<[true, false]> : tensor<2xi1>");
        // Raw f32 bytes print as the f64 values of them do.
        let r = t(
            ElementType::F32,
            vec![2, 2],
            Data::Raw(
                [1.0f32, 2.5, -3.0, 0.5]
                    .iter()
                    .flat_map(|x| x.to_le_bytes())
                    .collect::<Vec<u8>>()
                    .into(),
            ),
        );
        assert_eq!(r.dense_attr(), a.dense_attr());
        let rs = t(
            ElementType::F32,
            vec![3],
            Data::Raw(2.0f32.to_le_bytes().repeat(3).into()),
        );
        assert!(rs.is_splat());
        assert_eq!(rs.dense_attr(), "dense<2.0> : tensor<3xf32>");
        let i = t(ElementType::I64, vec![1, 2], Data::I(vec![7, -1]));
        assert_eq!(i.dense_attr(), "dense<[[7, -1]]> : tensor<1x2xi64>");
    }

    #[test]
    fn decodes_raw_and_typed() {
        let raw = TensorProto {
            dims: vec![2],
            data_type: Some(1),
            raw_data: Some(
                [1.5f32.to_le_bytes(), (-2.0f32).to_le_bytes()]
                    .concat()
                    .into(),
            ),
            ..Default::default()
        };
        // Raw floats stay as they are, shared with the proto's bytes.
        let t = Tensor::from_proto(&raw).unwrap();
        assert_eq!(t.data, Data::Raw(raw.raw_data.clone().unwrap()));
        assert_eq!(t.floats().unwrap().as_ref(), &[1.5, -2.0]);
        assert_eq!(t.decoded().data, Data::F(vec![1.5, -2.0]));
        assert_eq!(t.storage(), raw.raw_data.clone().unwrap());
        assert_eq!(t.len(), 2);
        // Typed floats are packed in their own width.
        let typed_f = TensorProto {
            dims: vec![2],
            data_type: Some(1),
            float_data: vec![0.1, f32::from_bits(0x7fa0_0001)],
            ..Default::default()
        };
        let t = Tensor::from_proto(&typed_f).unwrap();
        assert_eq!(
            t.storage().as_ref(),
            [0.1f32.to_bits().to_le_bytes(), 0x7fa0_0001u32.to_le_bytes()].concat()
        );
        let typed = TensorProto {
            dims: vec![3],
            data_type: Some(9),
            int32_data: vec![1, 0, 1],
            ..Default::default()
        };
        assert_eq!(
            Tensor::from_proto(&typed).unwrap().data,
            Data::I(vec![1, 0, 1])
        );
        let short = TensorProto {
            dims: vec![3],
            data_type: Some(7),
            int64_data: vec![1],
            ..Default::default()
        };
        assert!(Tensor::from_proto(&short)
            .unwrap_err()
            .contains("holds 1 values"));
        let bf16 = TensorProto {
            dims: vec![1],
            data_type: Some(16),
            ..Default::default()
        };
        assert!(Tensor::from_proto(&bf16).unwrap_err().contains("bfloat16"));
        let f16 = TensorProto {
            dims: vec![2],
            data_type: Some(10),
            raw_data: Some([0x00, 0x3C, 0x00, 0xC0].to_vec().into()),
            ..Default::default()
        };
        let t = Tensor::from_proto(&f16).unwrap();
        assert_eq!(t.floats().unwrap().as_ref(), &[1.0, -2.0]);
        assert_eq!(t.len(), 2);
        assert!(!t.is_splat());
    }
}

//! NumPy's `.npy` format (numpy/lib/format.py): the magic `\x93NUMPY`, a
//! version byte pair, the header's length (u16 for 1.0, u32 for 2.0 and 3.0),
//! the header (a Python dict literal: latin-1 for 1.0/2.0, utf-8 for 3.0)
//! padded with spaces and a final `\n` so that the data starts at a multiple
//! of 64 bytes, then the raw data.
//!
//! Reading accepts versions 1.0-3.0, both byte orders, and C or Fortran
//! order: Fortran-order data is transposed into C order (the tensor is the
//! same array numpy would load). Writing produces numpy's exact bytes for
//! the same array saved with `np.save` (v1, little-endian, C order,
//! numpy's header layout).
//!
//! dtypes: `b1` <-> i1, `i1`..`i8` <-> i8..i64 (si* written as signed),
//! `u1`..`u8` <-> ui8..ui64, `f2`/`f4`/`f8` <-> f16/f32/f64. bf16 has no
//! numpy dtype, and complex, string, object, datetime, structured and
//! extended-precision dtypes have no element type: both are errors.

use crate::pylit::{self, Value};
use std::path::Path;
use xir_runtime_hal::tensor::{byte_len, ShapeDisplay};
use xir_runtime_hal::{ElementType, Error, FloatType, HostTensor, IntSign, Result};

const MAGIC: &[u8] = b"\x93NUMPY";
/// numpy's ARRAY_ALIGN: the header ends on a multiple of this.
const ALIGN: usize = 64;
/// numpy's GROWTH_AXIS_MAX_DIGITS: spare header room left after the dict so
/// that the first (C order) dimension can grow in place.
const GROWTH_AXIS_MAX_DIGITS: usize = 21;

/// Reads one array from an `.npy` file.
pub fn read_npy(path: &Path) -> Result<HostTensor> {
    let bytes = std::fs::read(path)
        .map_err(|e| Error::io(&e, format!("cannot read '{}': {e}", path.display())))?;
    read_npy_bytes(&bytes).map_err(|e| e.context(format_args!("'{}'", path.display())))
}

/// Reads the array the bytes of an `.npy` file hold; the data must end
/// exactly where the array does.
pub fn read_npy_bytes(bytes: &[u8]) -> Result<HostTensor> {
    let (t, used) = read_one(bytes)?;
    if used != bytes.len() {
        return Err(Error::invalid_argument(format!(
            "npy data holds {} bytes after the {} array",
            bytes.len() - used,
            t.type_string()
        )));
    }
    Ok(t)
}

/// Reads every array of a file that is several `.npy` files one after the
/// other (what iree-run-module writes for `--output=+file.npy`).
pub fn read_npy_all_bytes(bytes: &[u8]) -> Result<Vec<HostTensor>> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (t, used) =
            read_one(rest).map_err(|e| e.context(format_args!("array {}", out.len())))?;
        out.push(t);
        rest = &rest[used..];
    }
    Ok(out)
}

/// Writes `t` as numpy's `np.save` would.
pub fn write_npy(path: &Path, t: &HostTensor) -> Result<()> {
    let bytes = npy_bytes(t)?;
    std::fs::write(path, bytes)
        .map_err(|e| Error::io(&e, format!("cannot write '{}': {e}", path.display())))
}

/// The bytes `np.save` writes for `t`: v1 (v2 only if the header would not
/// fit v1's 16-bit length, as numpy does), little-endian, C order.
/// Errors for bf16 (no numpy dtype) and for a tensor whose data does not
/// match its shape.
pub fn npy_bytes(t: &HostTensor) -> Result<Vec<u8>> {
    let descr = descr_of(t.element)?;
    match byte_len(t.element, &t.shape) {
        Some(n) if n == t.data.len() => {}
        _ => {
            return Err(Error::invalid_argument(format!(
                "{} tensor holds {} bytes of data",
                t.type_string(),
                t.data.len()
            )))
        }
    }
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': (");
    for (i, d) in t.shape.iter().enumerate() {
        if i > 0 {
            header.push_str(", ");
        }
        header.push_str(&d.to_string());
    }
    if t.shape.len() == 1 {
        header.push(',');
    }
    header.push_str("), }");
    if let Some(d0) = t.shape.first() {
        let digits = d0.to_string().len();
        header.extend(std::iter::repeat_n(
            ' ',
            GROWTH_AXIS_MAX_DIGITS.saturating_sub(digits),
        ));
    }
    // _wrap_header: hlen counts the final '\n'; pad so magic + version +
    // length field + header is a multiple of 64 (a full 64 when already so).
    let hlen = header.len() + 1;
    let v1_pad = ALIGN - (MAGIC.len() + 2 + 2 + hlen) % ALIGN;
    let mut out;
    if hlen + v1_pad <= u16::MAX as usize {
        out = Vec::with_capacity(10 + hlen + v1_pad + t.data.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&((hlen + v1_pad) as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend(std::iter::repeat_n(b' ', v1_pad));
    } else {
        let pad = ALIGN - (MAGIC.len() + 2 + 4 + hlen) % ALIGN;
        let len = u32::try_from(hlen + pad)
            .map_err(|_| Error::invalid_argument("npy header is too long"))?;
        out = Vec::with_capacity(12 + hlen + pad + t.data.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[2, 0]);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend(std::iter::repeat_n(b' ', pad));
    }
    out.push(b'\n');
    if t.element == ElementType::I1 {
        out.extend(t.data.iter().map(|&b| u8::from(b != 0)));
    } else {
        out.extend_from_slice(&t.data);
    }
    Ok(out)
}

/// numpy's `dtype.str` for an element type.
pub fn descr_of(e: ElementType) -> Result<String> {
    Ok(match e {
        ElementType::Int { bits: 1, .. } => "|b1".into(),
        ElementType::Int { bits, sign } => {
            let kind = if sign == IntSign::Unsigned { 'u' } else { 'i' };
            let order = if bits == 8 { '|' } else { '<' };
            format!("{order}{kind}{}", bits / 8)
        }
        ElementType::Float(FloatType::F16) => "<f2".into(),
        ElementType::Float(FloatType::F32) => "<f4".into(),
        ElementType::Float(FloatType::F64) => "<f8".into(),
        ElementType::Float(FloatType::BF16) => {
            return Err(Error::unimplemented(
                "bf16 has no numpy dtype; cannot write it to npy",
            ))
        }
    })
}

/// Big-endian or not, and the element type, of a dtype string such as
/// `<f4`, `>i8`, `|b1`.
pub fn parse_descr(descr: &str) -> Result<(bool, ElementType)> {
    // A dtype with no element type.
    let unsupported = || Error::unimplemented(format!("unsupported npy dtype '{descr}'"));
    let mut chars = descr.chars();
    let (big, rest) = match chars.next() {
        Some('<') | Some('|') | Some('=') => (false, chars.as_str()),
        Some('>') => (true, chars.as_str()),
        _ => (false, descr),
    };
    let kind = rest.chars().next().ok_or_else(unsupported)?;
    let size: usize = rest[kind.len_utf8()..].parse().map_err(|_| unsupported())?;
    let int = |sign| match size {
        1 | 2 | 4 | 8 => Ok(ElementType::Int {
            bits: (size * 8) as u8,
            sign,
        }),
        _ => Err(unsupported()),
    };
    let e = match (kind, size) {
        ('b', 1) => ElementType::I1,
        ('i', _) => int(IntSign::Signless)?,
        ('u', _) => int(IntSign::Unsigned)?,
        ('f', 2) => ElementType::F16,
        ('f', 4) => ElementType::F32,
        ('f', 8) => ElementType::F64,
        _ => return Err(unsupported()),
    };
    Ok((big, e))
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// One array at the start of `bytes`, and the bytes it takes.
fn read_one(bytes: &[u8]) -> Result<(HostTensor, usize)> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        if MAGIC.starts_with(bytes) {
            return Err(Error::invalid_argument("truncated npy file"));
        }
        return Err(Error::invalid_argument("not an npy file (bad magic)"));
    }
    if bytes.len() < 8 {
        return Err(Error::invalid_argument("truncated npy file"));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (start, hlen): (usize, usize) = match major {
        1 => {
            if bytes.len() < 10 {
                return Err(Error::invalid_argument("truncated npy header"));
            }
            (10, u16::from_le_bytes([bytes[8], bytes[9]]) as usize)
        }
        2 | 3 => {
            if bytes.len() < 12 {
                return Err(Error::invalid_argument("truncated npy header"));
            }
            (12, u32_at(bytes, 8) as usize)
        }
        _ => {
            return Err(Error::unimplemented(format!(
                "unsupported npy version {major}.{minor}"
            )))
        }
    };
    let end = start
        .checked_add(hlen)
        .filter(|&e| e <= bytes.len())
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "truncated npy header ({hlen} bytes announced, {} present)",
                bytes.len() - start
            ))
        })?;
    let raw = &bytes[start..end];
    let text: String = if major == 3 {
        std::str::from_utf8(raw)
            .map_err(|_| Error::invalid_argument("npy 3.0 header is not utf-8"))?
            .to_string()
    } else {
        raw.iter().map(|&b| b as char).collect()
    };
    let header = pylit::parse(&text).map_err(|e| e.context("malformed npy header"))?;
    let Value::Dict(items) = header else {
        return Err(Error::invalid_argument(format!(
            "npy header is not a dict: {header}"
        )));
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (k, v) in items {
        match (&k, v) {
            (Value::Str(k), v) if k == "descr" => descr = Some(v),
            (Value::Str(k), Value::Bool(b)) if k == "fortran_order" => fortran = Some(b),
            (Value::Str(k), v) if k == "fortran_order" => {
                return Err(Error::invalid_argument(format!(
                    "npy header's fortran_order is {v}, not a bool"
                )))
            }
            (Value::Str(k), v) if k == "shape" => shape = Some(v),
            (k, _) => {
                return Err(Error::invalid_argument(format!(
                    "npy header has an unexpected key {k}"
                )))
            }
        }
    }
    let (Some(descr), Some(fortran), Some(shape)) = (descr, fortran, shape) else {
        return Err(Error::invalid_argument(
            "npy header lacks 'descr', 'fortran_order' or 'shape'",
        ));
    };
    let (big, element) = match &descr {
        Value::Str(s) => parse_descr(s)?,
        Value::List(_) => {
            return Err(Error::unimplemented(format!(
                "unsupported npy dtype: structured {descr}"
            )))
        }
        v => return Err(Error::unimplemented(format!("unsupported npy dtype {v}"))),
    };
    let Value::Tuple(dims) = shape else {
        return Err(Error::invalid_argument(format!(
            "npy header's shape is {shape}, not a tuple"
        )));
    };
    let shape = dims
        .iter()
        .map(|d| match d {
            Value::Int(s) => s.parse::<usize>().map_err(|_| {
                Error::invalid_argument(format!("npy shape dimension {s} is not a valid size"))
            }),
            v => Err(Error::invalid_argument(format!(
                "npy shape dimension {v} is not an integer"
            ))),
        })
        .collect::<Result<Vec<usize>>>()?;
    let n = byte_len(element, &shape).ok_or_else(|| {
        Error::invalid_argument(format!(
            "npy array {} is too large",
            ShapeDisplay(&shape, element)
        ))
    })?;
    let have = bytes.len() - end;
    if have < n {
        return Err(Error::invalid_argument(format!(
            "npy data is truncated: {} needs {n} bytes, the file has {have}",
            ShapeDisplay(&shape, element)
        )));
    }
    let mut data = bytes[end..end + n].to_vec();
    let size = element.byte_size();
    if big && size > 1 {
        for chunk in data.chunks_exact_mut(size) {
            chunk.reverse();
        }
    }
    if element == ElementType::I1 {
        for b in &mut data {
            *b = u8::from(*b != 0);
        }
    }
    if fortran && shape.len() > 1 {
        data = fortran_to_c(&data, &shape, size);
    }
    let t = HostTensor::new(element, shape, data)?;
    Ok((t, end + n))
}

/// Reorders column-major elements into row-major ones.
fn fortran_to_c(src: &[u8], shape: &[usize], size: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.len());
    let count: usize = shape.iter().product();
    if count == 0 {
        return out;
    }
    // Fortran strides in elements: 1, d0, d0*d1, ...
    let mut fstride = vec![1usize; shape.len()];
    for i in 1..shape.len() {
        fstride[i] = fstride[i - 1] * shape[i - 1];
    }
    let mut idx = vec![0usize; shape.len()];
    let mut off = 0usize; // Fortran offset of `idx`, in elements
    for _ in 0..count {
        out.extend_from_slice(&src[off * size..(off + 1) * size]);
        // Advance the C-order index, last dimension fastest.
        for k in (0..shape.len()).rev() {
            idx[k] += 1;
            off += fstride[k];
            if idx[k] < shape[k] {
                break;
            }
            off -= fstride[k] * shape[k];
            idx[k] = 0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descr_spellings() {
        assert_eq!(parse_descr("<f4").unwrap(), (false, ElementType::F32));
        assert_eq!(parse_descr(">i8").unwrap(), (true, ElementType::I64));
        assert_eq!(parse_descr("|b1").unwrap(), (false, ElementType::I1));
        assert_eq!(parse_descr("f2").unwrap(), (false, ElementType::F16));
        for bad in [
            "", "<", "<f", "<f3", "<i16", "<c8", "|V8", "<U2", "<M8[D]", "<f16", "|b2",
        ] {
            assert!(parse_descr(bad)
                .unwrap_err()
                .message()
                .contains(&format!("'{bad}'")));
        }
        assert_eq!(
            descr_of(ElementType::parse("si16").unwrap()).unwrap(),
            "<i2"
        );
        assert_eq!(descr_of(ElementType::parse("ui8").unwrap()).unwrap(), "|u1");
        assert!(descr_of(ElementType::BF16)
            .unwrap_err()
            .message()
            .contains("bf16"));
    }

    #[test]
    fn fortran_transpose() {
        // 2x3 column-major [0 3 1 4 2 5] is row-major [0 1 2 3 4 5].
        let src: Vec<u8> = vec![0, 3, 1, 4, 2, 5];
        assert_eq!(fortran_to_c(&src, &[2, 3], 1), vec![0, 1, 2, 3, 4, 5]);
        assert!(fortran_to_c(&[], &[0, 3], 4).is_empty());
    }
}

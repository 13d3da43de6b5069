//! File metadata, `{-# dialect_resources: {...}, external_resources: {...} #-}`:
//! the blobs `dense_resource<key>` attributes name (the builtin dialect's
//! resources) and other tools' resources, kept per parsed buffer and printed after
//! the top-level op as MLIR does (blobs only where a printed attribute names them).

use crate::entity::Ident;
use rustc_hash::FxHashMap;

/// A resource blob: its alignment (a power of two) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    pub alignment: u32,
    pub data: Vec<u8>,
}

/// Why a string is not a resource blob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlobError {
    /// Not `0x` followed by an even number of hex digits.
    NotHex,
    /// Fewer than the 4 bytes of the alignment.
    NoAlignment,
    /// The alignment is not a power of two.
    Alignment(u32),
}

impl Blob {
    /// Reads MLIR's hex form: `"0x"`, the alignment as 4 little-endian bytes, then
    /// the data.
    pub fn parse_hex(s: &[u8]) -> Result<Blob, BlobError> {
        let hex = s.strip_prefix(b"0x").ok_or(BlobError::NotHex)?;
        if hex.len() % 2 != 0 {
            return Err(BlobError::NotHex);
        }
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        let bytes: Option<Vec<u8>> = hex
            .chunks(2)
            .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
            .collect();
        let bytes = bytes.ok_or(BlobError::NotHex)?;
        if bytes.len() < 4 {
            return Err(BlobError::NoAlignment);
        }
        let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        // MLIR lets 0 through its check; with data it then crashes, so xir
        // rejects that too (an empty blob may say 0, as MLIR prints it).
        let empty = bytes.len() == 4;
        if !(alignment.is_power_of_two() || alignment == 0 && empty) {
            return Err(BlobError::Alignment(alignment));
        }
        Ok(Blob {
            alignment,
            data: bytes[4..].to_vec(),
        })
    }

    /// The hex form MLIR prints (upper case; an empty blob has alignment 0).
    pub fn hex(&self) -> String {
        let align = if self.data.is_empty() {
            0
        } else {
            self.alignment
        };
        let mut s = String::with_capacity(10 + 2 * self.data.len());
        s.push_str("0x");
        for b in align.to_le_bytes().iter().chain(&self.data) {
            s.push_str(&format!("{b:02X}"));
        }
        s
    }
}

/// A value of an external resource entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    Bool(bool),
    String(Vec<u8>),
    Blob(Blob),
}

/// The resources of one parsed buffer.
#[derive(Default, Clone, Debug)]
pub struct Resources {
    /// `dialect_resources: { builtin: { key: blob } }`, by key.
    pub blobs: FxHashMap<Ident, Blob>,
    /// `external_resources`: groups in first-seen order, each with its entries in
    /// the order read.
    pub external: Vec<(Vec<u8>, Vec<ResourceEntry>)>,
}

/// A key and its value in an external resource group.
pub type ResourceEntry = (Vec<u8>, ResourceValue);

impl Resources {
    /// Appends `key: value` to external group `group` (a repeated key is kept
    /// twice, as MLIR's fallback resource map does).
    pub fn set_external(&mut self, group: &[u8], key: &[u8], value: ResourceValue) {
        match self.external.iter_mut().find(|(g, _)| g == group) {
            Some((_, entries)) => entries.push((key.to_vec(), value)),
            None => self
                .external
                .push((group.to_vec(), vec![(key.to_vec(), value)])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blob_hex_round_trip() {
        let b = Blob::parse_hex(b"0x08000000aBcD").expect("blob");
        assert_eq!(b.alignment, 8);
        assert_eq!(b.data, vec![0xAB, 0xCD]);
        assert_eq!(b.hex(), "0x08000000ABCD");
        assert_eq!(
            Blob::parse_hex(b"0x00000000").expect("empty").hex(),
            "0x00000000"
        );
        assert_eq!(
            Blob::parse_hex(b"0x04000000").expect("empty").hex(),
            "0x00000000"
        );
    }

    #[test]
    fn blob_errors() {
        assert_eq!(Blob::parse_hex(b"0X01000000"), Err(BlobError::NotHex));
        assert_eq!(Blob::parse_hex(b"0x0100000"), Err(BlobError::NotHex));
        assert_eq!(Blob::parse_hex(b"0x010000zz"), Err(BlobError::NotHex));
        assert_eq!(Blob::parse_hex(b"0x01"), Err(BlobError::NoAlignment));
        assert_eq!(
            Blob::parse_hex(b"0x0300000001"),
            Err(BlobError::Alignment(3))
        );
        assert_eq!(
            Blob::parse_hex(b"0x0000000001"),
            Err(BlobError::Alignment(0))
        );
    }

    #[test]
    fn external_keeps_repeated_keys() {
        let mut r = Resources::default();
        r.set_external(b"t", b"k", ResourceValue::Bool(true));
        r.set_external(b"u", b"k", ResourceValue::Bool(false));
        r.set_external(b"t", b"k", ResourceValue::String(b"s".to_vec()));
        assert_eq!(r.external.len(), 2);
        assert_eq!(r.external[0].1.len(), 2);
    }
}

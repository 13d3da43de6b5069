//! `{-# dialect_resources: { builtin: { key: "0x..." } }, external_resources: {...} #-}`:
//! file metadata, parsed with mlir-opt 22's grammar and diagnostics into
//! [`Ir::resources`](crate::store::Ir).

use super::{PResult, Parser};
use crate::lexer::Tok;
use crate::resources::{Blob, BlobError, ResourceValue};

impl Parser<'_> {
    /// After `{-#`: comma-separated `key: {...}` entries up to `#-}`.
    pub(crate) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        self.comma_list_until(Tok::FileMetadataEnd, |p| {
            let key_at = p.tok.start;
            if p.tok.kind != Tok::BareIdent {
                return p.error_here("expected identifier key in file metadata dictionary");
            }
            let key = p.cur_text();
            p.bump();
            p.expect(Tok::Colon, "expected ':'")?;
            match key {
                "dialect_resources" => p.resource_groups(true),
                "external_resources" => p.resource_groups(false),
                _ => p.error_at(
                    key_at,
                    format!("unknown key '{key}' in file metadata dictionary"),
                ),
            }
        })
    }

    /// MLIR's `parseCommaSeparatedListUntil`: elements separated by commas, then
    /// `end` (an empty list allowed).
    fn comma_list_until(
        &mut self,
        end: Tok,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.consume_if(end) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if self.consume_if(Tok::Comma) {
                continue;
            }
            let msg = if end == Tok::RBrace {
                "expected ',' or '}'"
            } else {
                "expected ',' or '#-}'"
            };
            return self.expect(end, msg);
        }
    }

    /// A bare keyword or a string (`parseOptionalKeywordOrString`).
    fn keyword_or_string(&mut self) -> PResult<Option<Vec<u8>>> {
        let v = match self.tok.kind {
            Tok::BareIdent => self.cur_text().as_bytes().to_vec(),
            Tok::String => {
                let t = self.tok;
                self.decode_string(t)?
            }
            _ => return Ok(None),
        };
        self.bump();
        Ok(Some(v))
    }

    /// `{ name: { key: value, ... }, ... }` of `dialect_resources` (`dialects`) or
    /// `external_resources`.
    fn resource_groups(&mut self, dialects: bool) -> PResult<()> {
        self.expect(Tok::LBrace, "expected '{'")?;
        self.comma_list_until(Tok::RBrace, |p| {
            let name_at = p.tok.start;
            if p.tok.kind != Tok::BareIdent {
                return p.error_here("expected identifier key for 'resource' entry");
            }
            let name = p.cur_text().to_string();
            p.bump();
            p.expect(Tok::Colon, "expected ':'")?;
            p.expect(Tok::LBrace, "expected '{'")?;
            if dialects && name != "builtin" {
                if p.ctx.registry.dialect(&name).is_none() {
                    return p.error_at(name_at, format!("dialect '{name}' is unknown"));
                }
                return p.error_here(format!(
                    "unexpected 'resource' section for dialect '{name}'"
                ));
            }
            p.comma_list_until(Tok::RBrace, |p| p.resource_entry(dialects, &name))
        })
    }

    /// `key: value`: a blob of the builtin dialect, or an external entry (`true`,
    /// `false`, a string, or a `"0x..."` blob).
    fn resource_entry(&mut self, builtin: bool, group: &str) -> PResult<()> {
        let Some(key) = self.keyword_or_string()? else {
            return self.error_here("expected identifier key for 'resource' entry");
        };
        self.expect(Tok::Colon, "expected ':'")?;
        let at = self.tok.start;
        let shown = String::from_utf8_lossy(&key).into_owned();
        let blob_error = |e: BlobError| match e {
            BlobError::NotHex => format!("expected hex string blob for key '{shown}'"),
            BlobError::NoAlignment => format!(
                "expected hex string blob for key '{shown}' to encode alignment in first 4 bytes"
            ),
            BlobError::Alignment(a) => format!(
                "expected hex string blob for key '{shown}' to encode alignment in first 4 \
                 bytes, but got non-power-of-2 value: {a}"
            ),
        };
        let value = match self.tok.kind {
            Tok::String => {
                let t = self.tok;
                let s = self.decode_string(t)?;
                if builtin || s.starts_with(b"0x") {
                    match Blob::parse_hex(&s) {
                        Ok(b) => ResourceValue::Blob(b),
                        Err(e) => return self.error_at(at, blob_error(e)),
                    }
                } else {
                    ResourceValue::String(s)
                }
            }
            Tok::BareIdent if !builtin && (self.is_kw("true") || self.is_kw("false")) => {
                ResourceValue::Bool(self.is_kw("true"))
            }
            _ if builtin => return self.error_at(at, blob_error(BlobError::NotHex)),
            _ => return self.error_at(at, format!("expected string value for key '{shown}'")),
        };
        self.bump();
        match value {
            ResourceValue::Blob(b) if builtin => {
                let k = self.ctx.ident_bytes(&key);
                self.ir.resources.blobs.insert(k, b);
            }
            v => self.ir.resources.set_external(group.as_bytes(), &key, v),
        }
        Ok(())
    }
}

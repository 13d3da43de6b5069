//! One ONNX node being converted: its inputs, outputs and attributes, with
//! the attributes its converter declares (`Converter::attrs`) and a record of
//! which of them it read, so any other attribute is an error rather than
//! silently ignored.

use crate::onnx::attribute_proto::AttributeType;
use crate::onnx::{AttributeProto, NodeProto, TensorProto};
use std::cell::RefCell;

pub struct Node<'a> {
    pub proto: &'a NodeProto,
    pub opset: i64,
    /// The attributes the op's converter declares (empty for an unknown op).
    declared: &'static [&'static str],
    read: RefCell<Vec<bool>>,
}

impl<'a> Node<'a> {
    pub fn new(proto: &'a NodeProto, opset: i64, declared: &'static [&'static str]) -> Node<'a> {
        Node {
            proto,
            opset,
            declared,
            read: RefCell::new(vec![false; proto.attribute.len()]),
        }
    }

    pub fn op(&self) -> &str {
        self.proto.op_type()
    }

    /// The node's name, or its first output's when it has none.
    pub fn name(&self) -> &str {
        match self.proto.name() {
            "" => self.proto.output.first().map(String::as_str).unwrap_or(""),
            n => n,
        }
    }

    /// `node 'NAME' (OP, opset N): msg`.
    pub fn error(&self, msg: impl std::fmt::Display) -> String {
        format!(
            "node '{}' ({}, opset {}): {msg}",
            self.name(),
            self.op(),
            self.opset
        )
    }

    /// Input `i`'s name; `None` when absent or empty (an omitted optional input).
    pub fn input(&self, i: usize) -> Option<&str> {
        self.proto
            .input
            .get(i)
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }

    pub fn num_inputs(&self) -> usize {
        self.proto.input.len()
    }

    pub fn output(&self, i: usize) -> Option<&str> {
        self.proto
            .output
            .get(i)
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }

    pub fn num_outputs(&self) -> usize {
        self.proto.output.len()
    }

    fn attr(&self, name: &str) -> Option<&'a AttributeProto> {
        debug_assert!(
            self.declared.contains(&name),
            "the converter of {} reads attribute '{name}', which its table entry does not declare",
            self.op()
        );
        let i = self.proto.attribute.iter().position(|a| a.name() == name)?;
        self.read.borrow_mut()[i] = true;
        Some(&self.proto.attribute[i])
    }

    fn kind(&self, a: &AttributeProto, want: AttributeType) -> Result<(), String> {
        if a.ref_attr_name.is_some() {
            return Err(self.error(format!(
                "attribute '{}' refers to a function attribute; only models without functions are supported",
                a.name()
            )));
        }
        // Old writers leave `type` unset; then the field that is set decides.
        if a.r#type.is_some() && a.r#type() != want {
            return Err(self.error(format!(
                "attribute '{}' is {}, expected {}",
                a.name(),
                a.r#type().as_str_name(),
                want.as_str_name()
            )));
        }
        Ok(())
    }

    pub fn int(&self, name: &str, default: i64) -> Result<i64, String> {
        Ok(self.opt_int(name)?.unwrap_or(default))
    }

    pub fn opt_int(&self, name: &str) -> Result<Option<i64>, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::Int)?;
                Ok(Some(a.i()))
            }
            None => Ok(None),
        }
    }

    pub fn float(&self, name: &str, default: f32) -> Result<f32, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::Float)?;
                Ok(a.f())
            }
            None => Ok(default),
        }
    }

    pub fn string(&self, name: &str, default: &str) -> Result<String, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::String)?;
                Ok(String::from_utf8_lossy(a.s()).into_owned())
            }
            None => Ok(default.to_string()),
        }
    }

    pub fn ints(&self, name: &str) -> Result<Option<Vec<i64>>, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::Ints)?;
                Ok(Some(a.ints.clone()))
            }
            None => Ok(None),
        }
    }

    pub fn floats(&self, name: &str) -> Result<Option<Vec<f32>>, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::Floats)?;
                Ok(Some(a.floats.clone()))
            }
            None => Ok(None),
        }
    }

    pub fn tensor(&self, name: &str) -> Result<Option<&'a TensorProto>, String> {
        match self.attr(name) {
            Some(a) => {
                self.kind(a, AttributeType::Tensor)?;
                Ok(a.t.as_ref())
            }
            None => Ok(None),
        }
    }

    /// Whether the node has attribute `name` (without reading it).
    pub fn has(&self, name: &str) -> bool {
        self.proto.attribute.iter().any(|a| a.name() == name)
    }

    /// An error naming the first attribute the converter does not declare,
    /// or declares but did not read on this node's path (one that another
    /// attribute overrides, or that applies to another opset).
    pub fn check_all_read(&self) -> Result<(), String> {
        let read = self.read.borrow();
        match self
            .proto
            .attribute
            .iter()
            .zip(read.iter())
            .find(|(a, &r)| !r || !self.declared.contains(&a.name()))
        {
            Some((a, _)) => Err(self.error(format!("attribute '{}' is not supported", a.name()))),
            None => Ok(()),
        }
    }
}

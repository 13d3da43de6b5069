//! Buffer views: a buffer with the shape and element type of the tensor it
//! holds (IREE's `hal.buffer_view`), what functions take and return.

use crate::buffer::Buffer;
use crate::element::ElementType;
use crate::error::{Error, Result};
use crate::tensor::{byte_len, HostTensor, ShapeDisplay};

/// A buffer and the shape and element type of the tensor it holds. [`BufferView::new`]
/// checks that the buffer holds at least the tensor's bytes; they are its first bytes,
/// row-major, in the layout of [`ElementType`].
#[derive(Clone, Debug)]
pub struct BufferView {
    /// The buffer holding the tensor.
    pub buffer: Buffer,
    /// The dimensions, outermost first (empty for a scalar).
    pub shape: Vec<usize>,
    /// The element type.
    pub element: ElementType,
}

impl BufferView {
    /// Checks that the buffer holds at least the tensor's bytes.
    pub fn new(buffer: Buffer, shape: Vec<usize>, element: ElementType) -> Result<BufferView> {
        let need = byte_len(element, &shape)
            .ok_or_else(|| Error::invalid_argument("tensor size overflows"))?;
        if buffer.len() < need {
            return Err(Error::invalid_argument(format!(
                "a {} view needs {need} bytes, the buffer has {}",
                ShapeDisplay(&shape, element),
                buffer.len()
            )));
        }
        Ok(BufferView {
            buffer,
            shape,
            element,
        })
    }

    /// A view of a new buffer on `device` holding `t`.
    pub fn from_host(device: usize, t: &HostTensor) -> Result<BufferView> {
        let buffer = Buffer::from_bytes(device, &t.data)?;
        Ok(BufferView {
            buffer,
            shape: t.shape.clone(),
            element: t.element,
        })
    }

    /// The tensor's bytes copied to the host.
    pub fn to_host(&self) -> HostTensor {
        let n = byte_len(self.element, &self.shape).unwrap_or(0);
        let mut data = vec![0; n];
        let _ = self.buffer.read(0, &mut data);
        HostTensor {
            element: self.element,
            shape: self.shape.clone(),
            data,
        }
    }

    /// `2x3xf32` (IREE's spelling of a buffer view's type).
    pub fn type_string(&self) -> String {
        ShapeDisplay(&self.shape, self.element).to_string()
    }
}

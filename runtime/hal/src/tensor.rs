//! A tensor in host memory: the unit of data exchanged with the runtime
//! (inputs, outputs, constants, the reference backend's values).

use crate::element::ElementType;
use crate::error::{Error, Result};
use std::fmt;

/// A tensor's bytes in host memory, with its element type and shape. The constructors
/// keep `data`'s length equal to what `element` and `shape` need.
#[derive(Clone, PartialEq, Debug)]
pub struct HostTensor {
    /// The element type.
    pub element: ElementType,
    /// The dimensions, outermost first (empty for a scalar).
    pub shape: Vec<usize>,
    /// `element_count * element.byte_size()` bytes, little-endian, row-major.
    pub data: Vec<u8>,
}

impl HostTensor {
    /// A tensor of zeros; `None` if its byte size overflows.
    pub fn zeros(element: ElementType, shape: Vec<usize>) -> Option<HostTensor> {
        let bytes = byte_len(element, &shape)?;
        Some(HostTensor {
            element,
            shape,
            data: vec![0; bytes],
        })
    }

    /// Checks that `data` has the size `element` and `shape` need.
    pub fn new(element: ElementType, shape: Vec<usize>, data: Vec<u8>) -> Result<HostTensor> {
        match byte_len(element, &shape) {
            Some(n) if n == data.len() => Ok(HostTensor {
                element,
                shape,
                data,
            }),
            Some(n) => Err(Error::invalid_argument(format!(
                "{} needs {n} bytes, got {}",
                ShapeDisplay(&shape, element),
                data.len()
            ))),
            None => Err(Error::invalid_argument(format!(
                "{} is too large",
                ShapeDisplay(&shape, element)
            ))),
        }
    }

    /// The number of elements: the product of the dimensions (1 for a scalar).
    pub fn element_count(&self) -> usize {
        self.shape.iter().product()
    }

    /// `2x3xf32` (IREE's spelling of a buffer view's type).
    pub fn type_string(&self) -> String {
        ShapeDisplay(&self.shape, self.element).to_string()
    }
}

/// Bytes of a tensor of `shape` and `element`; `None` on overflow.
pub fn byte_len(element: ElementType, shape: &[usize]) -> Option<usize> {
    shape
        .iter()
        .try_fold(element.byte_size(), |acc, &d| acc.checked_mul(d))
        .filter(|&n| n <= isize::MAX as usize)
}

/// Displays `2x3xf32` (`f32` for rank 0).
pub struct ShapeDisplay<'a>(pub &'a [usize], pub ElementType);

impl fmt::Display for ShapeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.0 {
            write!(f, "{d}x")?;
        }
        write!(f, "{}", self.1)
    }
}

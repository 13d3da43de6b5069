//! Small copyable ids for everything that lives in an arena.

macro_rules! entity {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            #[inline]
            pub fn from_index(i: usize) -> Self {
                $name(i as u32)
            }
        }

        impl EntityRef for $name {
            #[inline]
            fn raw(self) -> u32 {
                self.0
            }
            #[inline]
            fn from_raw(r: u32) -> Self {
                $name(r)
            }
        }
    };
}

/// An id type: a `u32` index into an arena.
pub trait EntityRef: Copy {
    fn raw(self) -> u32;
    fn from_raw(r: u32) -> Self;
}

/// `Option<T>` in four bytes: `u32::MAX` stands for `None` (no arena gets that big).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PackedOption<T: EntityRef>(u32, std::marker::PhantomData<T>);

impl<T: EntityRef> PackedOption<T> {
    pub const NONE: Self = PackedOption(u32::MAX, std::marker::PhantomData);

    #[inline]
    pub fn get(self) -> Option<T> {
        (self.0 != u32::MAX).then(|| T::from_raw(self.0))
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u32::MAX
    }
}

impl<T: EntityRef> From<Option<T>> for PackedOption<T> {
    #[inline]
    fn from(o: Option<T>) -> Self {
        PackedOption(o.map_or(u32::MAX, T::raw), std::marker::PhantomData)
    }
}

impl<T: EntityRef> Default for PackedOption<T> {
    fn default() -> Self {
        Self::NONE
    }
}

entity!(
    /// An interned string (identifier, op name, dictionary key, symbol name).
    Ident
);
entity!(
    /// An interned type.
    Type
);
entity!(
    /// An interned attribute (locations are attributes too).
    Attr
);
entity!(
    /// An operation in an [`crate::Ir`].
    Op
);
entity!(
    /// A block in an [`crate::Ir`].
    Block
);
entity!(
    /// A region in an [`crate::Ir`].
    Region
);
entity!(
    /// An SSA value: an op result or a block argument.
    Value
);
entity!(
    /// One use of a value by an operand slot of an op.
    Use
);

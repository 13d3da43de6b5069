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
    };
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

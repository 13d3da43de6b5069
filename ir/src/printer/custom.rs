//! Custom-form op printers: registering one ([`Context::register_op_printer`]; it
//! is kept on the op's registered record as the [`CustomPrinter`] interface), and
//! the printer's lookup, which also knows the builtin ops' own forms.

use super::{builtin_ops, CustomPrinter, Printer};
use crate::context::Context;
use crate::dialect::DialectRegistry;
use crate::entity::{Ident, Op};

impl DialectRegistry {
    /// The custom printer registered for an op name (the builtin ops' forms are
    /// not registered: they are the printer's own).
    pub fn op_printer(&self, name: Ident) -> Option<CustomPrinter> {
        self.op_interface::<CustomPrinter>(name).copied()
    }
}

impl Context {
    /// Makes the registered op `name` print in a custom form (unless printing
    /// generically); `false` (and nothing kept) if no such op is registered.
    pub fn register_op_printer(&mut self, name: &str, p: CustomPrinter) -> bool {
        self.attach_interface(name, p)
    }
}

impl Printer<'_> {
    /// The custom form of an op name: a registered one, else a builtin op's.
    #[inline]
    pub(super) fn custom_printer(&self, name: Ident) -> Option<CustomPrinter> {
        match self.ctx.registry.op_printer(name) {
            Some(p) => Some(p),
            None => builtin_printer(self.ctx, name),
        }
    }
}

fn builtin_printer(ctx: &Context, name: Ident) -> Option<CustomPrinter> {
    let (print, default_dialect): (fn(&mut Printer<'_>, Op), _) = match ctx.bytes(name) {
        b"builtin.module" => (builtin_ops::print_module, "builtin"),
        b"builtin.unrealized_conversion_cast" => (builtin_ops::print_cast, ""),
        _ => return None,
    };
    Some(CustomPrinter {
        print,
        default_dialect,
    })
}

//! The kinds of the errors the local backend reports through the backend
//! contract (`Backend::prepare`, `Executable::dispatch`): a kernel it has no
//! code for is `Unimplemented`, a dispatch whose binding is too short
//! `InvalidArgument`; the messages are the ones users see.

use xir_runtime_hal::{Buffer, DispatchArgs, ErrorKind};

mod common;

use common::{compiled, prepare};

#[test]
fn a_body_op_without_code_is_unimplemented() {
    let hal = compiled();
    assert!(prepare(&hal).is_ok());
    let e = match prepare(&hal.replace("arith.addf", "arith.remf")) {
        Err(e) => e,
        Ok(_) => panic!("arith.remf was translated"),
    };
    assert_eq!(e.kind(), ErrorKind::Unimplemented);
    assert!(
        e.message()
            .contains("'arith.remf' is not supported in a kernel body on the local backend"),
        "{e}"
    );
}

#[test]
fn a_short_binding_is_an_invalid_argument() {
    let exe = prepare(&compiled()).unwrap();
    let short = || Buffer::allocate(0, 4).unwrap();
    let args = DispatchArgs {
        workgroups: [1, 1, 1],
        constants: vec![],
        bindings: vec![short(), short(), short()],
    };
    let e = exe.dispatch(0, &args).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(e.message().contains("binding 0 has 4 bytes"), "{e}");
    let e = exe.dispatch(7, &args).unwrap_err();
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::OutOfRange, "no such export")
    );
}

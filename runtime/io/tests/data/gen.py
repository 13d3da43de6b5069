#!/usr/bin/env python3
"""Regenerates the .npy test data and the expectations the Rust tests compare
with (runtime/io/tests/npy.rs, text.rs). Needs numpy; the tests do not.

    python3 runtime/io/tests/data/gen.py

Writes, next to this script:
  *.npy        arrays written by numpy itself (np.save / np.lib.format.write_array)
  expected.txt one line per .npy file, tab-separated:
                 ok  FILE ELEMENT SHAPE HEX ROUNDTRIP TEXT
               SHAPE is `2x3` (`-` for rank 0), HEX the little-endian C-order bytes
               numpy's array holds (bool as 0/1 bytes), ROUNDTRIP 1 where the file is
               v1, little-endian, C order (so writing it back must give numpy's bytes),
               TEXT the iree-run-module printing of the array (see iree_text below);
                 err FILE MESSAGE-SUBSTRING
               for files the reader must reject.
  format_g.txt one line per float: `f64|f32 HEXBITS PRINTED`, where PRINTED is C's
               "%G" of the value (Python's % operator follows C's rules exactly),
               the format IREE's iree_hal_format_element uses for every float type.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# numpy dtype -> xir element type spelling.
ELEMENT = {
    "bool": "i1",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "ui8",
    "uint16": "ui16",
    "uint32": "ui32",
    "uint64": "ui64",
    "float16": "f16",
    "float32": "f32",
    "float64": "f64",
}


def g(x):
    """C's printf("%G", (double)x)."""
    return "%G" % float(x)


def iree_element(v, dtype):
    if dtype.kind == "b":
        return "1" if v else "0"
    if dtype.kind in "iu":
        return str(int(v))
    return g(v)


def iree_text(a):
    """iree_hal_buffer_view_format: `2x3xf32=[1 2 3][4 5 6]`; a leaf row is
    space-separated, each outer dimension bracketed, rank 0 prints one value."""
    elem = ELEMENT[a.dtype.newbyteorder("=").name]
    head = "".join(f"{d}x" for d in a.shape) + elem + "="

    def rec(x):
        if x.ndim == 0:
            return iree_element(x[()], a.dtype)
        if x.ndim == 1:
            return " ".join(iree_element(v, a.dtype) for v in x)
        return "".join("[" + rec(x[i]) + "]" for i in range(x.shape[0]))

    return head + rec(a)


LINES = []


def save(name, a, version=None, roundtrip=None):
    path = os.path.join(HERE, name)
    if version is None:
        np.save(path, a)
    else:
        with open(path, "wb") as f:
            np.lib.format.write_array(f, a, version=version)
    le = a.astype(a.dtype.newbyteorder("<"), order="C")
    if le.dtype.kind == "b":
        le = le.view(np.uint8)
    hexdata = np.ascontiguousarray(le).tobytes().hex()
    if roundtrip is None:
        roundtrip = (
            version in (None, (1, 0))
            and a.dtype.byteorder in ("<", "|", "=")
            and not (a.flags.f_contiguous and not a.flags.c_contiguous)
        )
    shape = "x".join(str(d) for d in a.shape) if a.ndim else "-"
    elem = ELEMENT[a.dtype.newbyteorder("=").name]
    LINES.append(
        "\t".join(["ok", name, elem, shape, hexdata, "1" if roundtrip else "0", iree_text(a)])
    )


def reject(name, a, message, allow_pickle=False):
    np.save(os.path.join(HERE, name), a, allow_pickle=allow_pickle)
    LINES.append("\t".join(["err", name, message]))


def main():
    for old in os.listdir(HERE):
        if old.endswith(".npy"):
            os.remove(os.path.join(HERE, old))

    # Every supported dtype, little-endian, C order, v1.
    save("bool_2x3.npy", np.array([[True, False, True], [False, False, True]]))
    save("int8_5.npy", np.array([-128, -1, 0, 1, 127], dtype=np.int8))
    save("int16_2x2.npy", np.array([[-32768, -2], [3, 32767]], dtype=np.int16))
    save("int32_3.npy", np.array([-(2**31), 0x1F, 2**31 - 1], dtype=np.int32))
    save("int64_2x2.npy", np.array([[-(2**63), -5], [6, 2**63 - 1]], dtype=np.int64))
    save("uint8_4.npy", np.array([0, 1, 200, 255], dtype=np.uint8))
    save("uint16_3.npy", np.array([0, 513, 65535], dtype=np.uint16))
    save("uint32_3.npy", np.array([0, 7, 2**32 - 1], dtype=np.uint32))
    save("uint64_3.npy", np.array([0, 9, 2**64 - 1], dtype=np.uint64))
    save(
        "float16_2x4.npy",
        np.array(
            [[1.0, -0.5, 65504.0, 6e-8], [np.inf, -np.inf, np.nan, 0.0999755859375]],
            dtype=np.float16,
        ),
    )
    save(
        "float32_2x3.npy",
        np.array([[1.0, 0.5, -2.25], [1e10, 1e-5, 3.14159265]], dtype=np.float32),
    )
    save(
        "float32_specials_6.npy",
        np.array([np.nan, np.inf, -np.inf, -0.0, 1e-45, 3.4028235e38], dtype=np.float32),
    )
    save(
        "float64_2x2.npy",
        np.array([[0.1, -1e300], [123456789.0, 5e-324]], dtype=np.float64),
    )
    save("float32_1x2x1x3.npy", np.arange(6, dtype=np.float32).reshape(1, 2, 1, 3) / 4)

    # Rank 0.
    save("scalar_f32.npy", np.array(0.5, dtype=np.float32))
    save("scalar_bool.npy", np.array(True))
    save("scalar_i64.npy", np.array(-42, dtype=np.int64))
    save("scalar_f16.npy", np.array(1.5, dtype=np.float16))

    # Zero-sized.
    save("empty_f32_0x4.npy", np.zeros((0, 4), dtype=np.float32))
    save("empty_i32_3x0.npy", np.zeros((3, 0), dtype=np.int32))
    save("empty_u8_0.npy", np.zeros((0,), dtype=np.uint8))

    # Fortran order (numpy writes the transposed memory and fortran_order: True).
    save("fortran_f32_2x3.npy", np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)))
    save("fortran_i16_2x3x4.npy", np.asfortranarray(np.arange(24, dtype=np.int16).reshape(2, 3, 4)))
    save("fortran_bool_3x2.npy", np.asfortranarray(np.array([[1, 0], [0, 0], [1, 1]], dtype=bool)))

    # Big-endian.
    save("be_f4_2x2.npy", np.array([[1.5, -2.0], [np.inf, 1e-3]], dtype=">f4"))
    save("be_i8_3.npy", np.array([-(2**63), -2, 2**40 + 3], dtype=">i8"))
    save("be_u2_3.npy", np.array([1, 256, 65534], dtype=">u2"))
    save("be_f2_3.npy", np.array([1.0, -0.25, 1000.0], dtype=">f2"))
    save("be_f8_2.npy", np.array([0.1, -7.0], dtype=">f8"))
    save("be_i4_fortran_2x3.npy", np.asfortranarray(np.arange(-3, 3, dtype=">i4").reshape(2, 3)))

    # Header versions 2.0 and 3.0 (3.0: utf-8 header text).
    save("v2_f32_2x2.npy", np.array([[1, 2], [3, 4]], dtype=np.float32), version=(2, 0))
    save("v2_scalar_u16.npy", np.array(7, dtype=np.uint16), version=(2, 0))
    save("v3_i32_3.npy", np.array([4, -5, 6], dtype=np.int32), version=(3, 0))

    # A shape whose first dimension's repr is long (header padding rule).
    save("long_dim_i8_1000.npy", (np.arange(1000) % 256 - 128).astype(np.int8))

    # Dtypes without an xir element type.
    reject("complex64_2.npy", np.array([1 + 2j, 3], dtype=np.complex64), "'<c8'")
    reject("complex128_2.npy", np.array([1j, 2], dtype=np.complex128), "'<c16'")
    reject("unicode_2.npy", np.array(["ab", "c"]), "'<U2'")
    reject("bytes_2.npy", np.array([b"ab", b"c"]), "'|S2'")
    reject(
        "structured_2.npy",
        np.array([(1, 2.0), (3, 4.0)], dtype=[("a", "<i4"), ("b", "<f4")]),
        "structured",
    )
    reject("object_2.npy", np.array([1, "a"], dtype=object), "'|O'", allow_pickle=True)
    reject("datetime_2.npy", np.array(["2020-01-01", "2021-06-30"], dtype="datetime64[D]"), "'<M8[D]'")
    # From zero bytes: computed values would leave x86's 80-bit long double
    # padding bytes uninitialized, making the file differ from run to run.
    # (Where long double is just float64, as on arm64 macOS, there is no such file.)
    if np.dtype(np.longdouble).itemsize > 8:
        ld = np.frombuffer(bytes(2 * np.dtype(np.longdouble).itemsize), dtype=np.longdouble)
        reject("longdouble_2.npy", ld, "'" + np.dtype(np.longdouble).str + "'")

    with open(os.path.join(HERE, "expected.txt"), "w") as f:
        f.write("# generated by gen.py with numpy %s; do not edit\n" % np.__version__)
        f.write("\n".join(LINES) + "\n")

    # C's %G, the reference for iree_hal_format_element's float printing.
    f64s = [
        0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.25, 2.5, 1.5, 100.0, 123456.0, 999999.0,
        999999.4, 999999.5, 999999.6, 1e6, 1234565.0, 1234575.0, 9999995.0, 1e10,
        -1e10, 1e-4, 1e-5, 0.0001234565, 0.00012345, 1.23456789e-300, 5e-324,
        1.7976931348623157e308, 2.2250738585072014e-308, 3.14159265358979,
        2.0 / 3.0, 1.0 / 3.0, 0.3, 12345.65, 0.000099999949, 0.0000999999, 99999.95,
        123456.5, 123457.5, 65504.0, 6e-8, 1e100, 1e21, 1e15, 1e16, -123.456,
        float("inf"), float("-inf"), float("nan"), 4.35, 0.035, 1.0000005,
    ]
    f32s = [
        0.1, 0.2, 0.3, 1.0 / 3.0, 3.14159265, 1e-45, 3.4028235e38, 16777216.0,
        16777217.0, 1.17549435e-38, 0.5, 1e10, -2.5e-5, 1234.5678,
    ]
    with open(os.path.join(HERE, "format_g.txt"), "w") as f:
        f.write("# generated by gen.py: C's %G of each value (kind, IEEE bits in hex, printed)\n")
        for x in f64s:
            bits = np.array(x, dtype="<f8").view("<u8")[()]
            f.write("f64\t%016x\t%s\n" % (bits, g(x)))
        for x in f32s:
            v = np.float32(x)
            bits = np.array(v, dtype="<f4").view("<u4")[()]
            f.write("f32\t%08x\t%s\n" % (bits, g(v)))
    # -nan: glibc prints "-NAN"; Python's %G drops the sign of a nan, so it is
    # tested by hand in text.rs instead of here.
    return 0


if __name__ == "__main__":
    sys.exit(main())

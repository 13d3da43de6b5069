//! iree-run-module's text form: parsing `--input=` values and printing outputs.

use std::path::Path;
use xir_runtime_hal::{ElementType, HostTensor};
use xir_runtime_io::{format_float, format_tensor, format_tensor_limited, parse_input, read_npy};

fn data_path(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

fn parse(s: &str) -> HostTensor {
    parse_input(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn f32s(t: &HostTensor) -> Vec<f32> {
    assert_eq!(t.element, ElementType::F32);
    t.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn err(s: &str) -> String {
    let e = parse_input(s).expect_err(s);
    assert!(!e.message().contains('\n'), "{e}");
    e.into_message()
}

/// Parsing and printing back gives `printed`.
fn prints(input: &str, printed: &str) {
    assert_eq!(format_tensor(&parse(input)), printed, "{input}");
}

#[test]
fn parses_the_forms_iree_accepts() {
    let t = parse("2x2xf32=1 2 3 4");
    assert_eq!(t.shape, vec![2, 2]);
    assert_eq!(f32s(&t), vec![1.0, 2.0, 3.0, 4.0]);
    for same in [
        "2x2xf32=[1 2][3 4]",
        "2x2xf32=1,2,3,4",
        "2x2xf32=[[1, 2], [3, 4]]",
        "2x2xf32=[1 2 3 4]",
        "  2x2xf32=1\t2\n3 ,, 4  ",
        "\"2x2xf32=1 2 3 4\"",
        "2x2xf32=1e0 2.0 +3 4.",
    ] {
        assert_eq!(parse(same), t, "{same}");
    }
    // Splats.
    assert_eq!(f32s(&parse("4xf32=0.5")), vec![0.5; 4]);
    assert_eq!(parse("2x3xi32=[7]").data, [7, 0, 0, 0].repeat(6));
    assert_eq!(parse("1xi8=5").data, vec![5]);
    // Rank 0.
    let s = parse("f32=0.5");
    assert!(s.shape.is_empty());
    assert_eq!(f32s(&s), vec![0.5]);
    assert_eq!(parse("i1=1").data, vec![1]);
    assert_eq!(parse("i1=true").data, vec![1]);
    assert_eq!(parse("i64=-3").data, (-3i64).to_le_bytes());
    // Empty shapes, and IREE's zero fill when no value text is given.
    for empty in ["0x4xf32=", "0x4xf32", "4x0xf32=[]", "0xi8= "] {
        let t = parse(empty);
        assert!(t.data.is_empty(), "{empty}");
    }
    assert_eq!(parse("0x4xf32=").shape, vec![0, 4]);
    assert_eq!(f32s(&parse("3xf32=")), vec![0.0; 3]);
    assert_eq!(f32s(&parse("3xf32")), vec![0.0; 3]);
    assert_eq!(parse("f64=").data, vec![0; 8]);
}

#[test]
fn parses_integers() {
    assert_eq!(
        parse("3xi32=-3 0x1F 0X10").data,
        [-3i32, 31, 16].map(i32::to_le_bytes).concat()
    );
    assert_eq!(parse("2xi8=-0x80 +0x7f").data, vec![0x80, 0x7f]);
    // Signless: either reading fits (IREE accepts -128..255 for i8).
    assert_eq!(parse("3xi8=255 -128 -1").data, vec![0xff, 0x80, 0xff]);
    assert_eq!(parse("i16=65535").data, vec![0xff, 0xff]);
    assert_eq!(parse("i32=0xFFFFFFFF").data, vec![0xff; 4]);
    assert_eq!(
        parse("2xi64=-9223372036854775808 18446744073709551615").data,
        [i64::MIN.to_le_bytes(), [0xff; 8]].concat()
    );
    assert_eq!(parse("2xsi8=-128 127").data, vec![0x80, 0x7f]);
    assert_eq!(parse("2xui8=0 255").data, vec![0, 255]);
    assert_eq!(parse("ui64=0xffffffffffffffff").data, vec![0xff; 8]);
    assert_eq!(parse("2xui16=513 0").data, vec![1, 2, 0, 0]);
    assert_eq!(parse("5xi1=0 1 true false TRUE").data, vec![0, 1, 1, 0, 1]);
    // iree-run-module prints i1 as hex bytes ("01"): that reads back too.
    assert_eq!(parse("2xi1=01 00").data, vec![1, 0]);
}

#[test]
fn parses_floats() {
    let t = parse("8xf32=1e-3 inf -inf nan -0 Infinity 3.4028235e38 1e-45");
    let v = f32s(&t);
    assert_eq!(v[0], 1e-3);
    assert_eq!(v[1], f32::INFINITY);
    assert_eq!(v[2], f32::NEG_INFINITY);
    assert!(v[3].is_nan());
    assert!(v[4] == 0.0 && v[4].is_sign_negative());
    assert_eq!(v[5], f32::INFINITY);
    assert_eq!(v[6], f32::MAX);
    assert_eq!(v[7].to_bits(), 1);
    let n = parse("f32=-nan");
    assert!(f32s(&n)[0].is_nan());
    assert_eq!(parse("f64=0.1").data, 0.1f64.to_le_bytes());
    // f16 and bf16 go through f32, as IREE parses them.
    assert_eq!(
        parse("3xf16=1 -2 65504").data,
        vec![0x00, 0x3c, 0x00, 0xc0, 0xff, 0x7b]
    );
    assert_eq!(parse("f16=inf").data, vec![0x00, 0x7c]);
    assert_eq!(parse("2xbf16=1 -2").data, vec![0x80, 0x3f, 0x00, 0xc0]);
}

#[test]
fn reads_npy_inputs() {
    let path = data_path("float32_2x3.npy");
    let t = parse(&format!("@{path}"));
    assert_eq!(t, read_npy(Path::new(&path)).unwrap());
    assert_eq!(
        format_tensor(&t),
        "2x3xf32=[1 0.5 -2.25][1E+10 1E-05 3.14159]"
    );
    assert_eq!(
        parse(&format!("\"@{}\"", data_path("scalar_bool.npy"))).data,
        vec![1]
    );
    let e = err("@x.npy");
    assert!(e.starts_with("cannot read 'x.npy': "), "{e}");
    let e = err(&format!("@{}", data_path("complex64_2.npy")));
    assert!(e.contains("complex64_2.npy") && e.contains("'<c8'"), "{e}");
}

#[test]
fn reports_errors_on_one_line() {
    for (input, msg) in [
        ("2x2xf32=1 2 3", "expected 4 values for 2x2xf32, got 3"),
        ("2x2xf32=1 2 3 4 5", "expected 4 values for 2x2xf32, got 5"),
        ("2x2xf32=[]", "expected 4 values for 2x2xf32, got 0"),
        ("0x4xf32=1", "expected 0 values for 0x4xf32, got 1"),
        ("f32=1 2", "expected 1 value for f32, got 2"),
        ("2xf32=abc 1", "'abc' is not a valid f32"),
        ("f32=0x10", "'0x10' is not a valid f32"),
        ("2xf64=1,5e", "'5e' is not a valid f64"),
        ("2xf16=1 -", "'-' is not a valid f16"),
        ("3xi32=1 2 3.5", "'3.5' is not a valid i32"),
        ("i32=true", "'true' is not a valid i32"),
        ("i8=0x", "'0x' is not a valid i8"),
        ("i8=--1", "'--1' is not a valid i8"),
        ("i8=256", "'256' is out of range for i8"),
        ("i8=-129", "'-129' is out of range for i8"),
        ("si8=128", "'128' is out of range for si8"),
        ("ui8=-1", "'-1' is out of range for ui8"),
        ("ui16=65536", "'65536' is out of range for ui16"),
        (
            "i64=18446744073709551616",
            "'18446744073709551616' is out of range for i64",
        ),
        ("si64=9223372036854775808", "out of range for si64"),
        (
            "i32=999999999999999999999999999999999999999999",
            "out of range for i32",
        ),
        ("i1=2", "'2' is out of range for i1"),
        ("i1=yes", "'yes' is not a valid i1"),
        ("2x2xf31=1", "unknown element type 'f31'"),
        ("4xfloat=1", "unknown element type 'float'"),
        ("2x2=1", "unknown element type '2'"),
        ("=1", "unknown element type ''"),
        ("2xax3xf32=1", "invalid dimension 'a' in shape '2xax3'"),
        ("2xx3xf32=1", "invalid dimension ''"),
        ("xf32=1", "invalid dimension ''"),
        ("-2xf32=1", "invalid dimension '-2'"),
        (
            "99999999999999999999999xf32=1",
            "dimension '99999999999999999999999'",
        ),
        (
            "4611686018427387904x4xf32=1",
            "4611686018427387904x4xf32 is too large",
        ),
        ("", "empty input"),
        ("  \"\" ", "empty input"),
    ] {
        let e = err(input);
        assert!(e.contains(msg), "{input}: got {e:?}, want {msg:?}");
    }
    // Too large to allocate: an error, not an abort.
    let e = err("1000000000x1000000000xf32=1");
    assert!(e.contains("cannot allocate"), "{e}");
}

#[test]
fn prints_as_iree_run_module() {
    prints("2x2xf32=1 2 3 4", "2x2xf32=[1 2][3 4]");
    prints("f32=0.5", "f32=0.5");
    prints("0x4xf32=", "0x4xf32=");
    prints("4x0xf32=", "4x0xf32=[][][][]");
    prints("0xi8=", "0xi8=");
    prints("4xf32=1", "4xf32=1 1 1 1");
    prints(
        "2x2x2xi8=1 2 3 4 5 6 7 8",
        "2x2x2xi8=[[1 2][3 4]][[5 6][7 8]]",
    );
    prints("1x1x1xf64=2", "1x1x1xf64=[[2]]");
    prints("3xi1=true 0 1", "3xi1=1 0 1");
    prints("i1=false", "i1=0");
    prints("3xi8=255 -1 127", "3xi8=-1 -1 127");
    prints("2xsi16=-32768 32767", "2xsi16=-32768 32767");
    prints("2xui8=255 0", "2xui8=255 0");
    prints("ui64=18446744073709551615", "ui64=18446744073709551615");
    prints("i64=-9223372036854775808", "i64=-9223372036854775808");
    prints("2xi32=0x7fffffff 0xffffffff", "2xi32=2147483647 -1");
    // Floats: C's %G, as iree_hal_format_element prints them.
    prints(
        "6xf32=1 0.5 1e10 1e-5 0.1 3.14159265",
        "6xf32=1 0.5 1E+10 1E-05 0.1 3.14159",
    );
    prints("5xf32=nan -nan inf -inf -0", "5xf32=NAN -NAN INF -INF -0");
    prints("4xf16=nan inf -inf 0.1", "4xf16=NAN INF -INF 0.0999756");
    prints("3xf16=65504 6e-8 1", "3xf16=65504 5.96046E-08 1");
    prints("3xbf16=1 0.1 inf", "3xbf16=1 0.100098 INF");
    prints(
        "3xf64=123456 1234567 0.0001",
        "3xf64=123456 1.23457E+06 0.0001",
    );
    prints("2xf64=0.00001 100000", "2xf64=1E-05 100000");
    prints("f64=1e300", "f64=1E+300");
}

#[test]
fn limits_printed_elements_as_iree_does() {
    let t = parse("2x3xi32=1 2 3 4 5 6");
    assert_eq!(format_tensor_limited(&t, 6), "2x3xi32=[1 2 3][4 5 6]");
    assert_eq!(format_tensor_limited(&t, 4), "2x3xi32=[1 2 3][4...]");
    assert_eq!(format_tensor_limited(&t, 3), "2x3xi32=[1 2 3][...]");
    assert_eq!(format_tensor_limited(&t, 0), "2x3xi32=[...][...]");
    assert_eq!(format_tensor_limited(&parse("f32=1"), 0), "f32=...");
    assert_eq!(format_tensor_limited(&parse("0x3xf32="), 0), "0x3xf32=");
}

#[test]
fn printed_text_parses_back() {
    for input in [
        "2x3xi32=[1 2 3][4 5 6]",
        "2x2x2xi8=[[1 2][3 4]][[5 6][7 8]]",
        "4xi1=1 0 0 1",
        "3xui64=0 1 18446744073709551615",
        "3xsi64=-9223372036854775808 0 9223372036854775807",
        "6xf32=1 0.5 1E+10 1E-05 NAN -INF",
        "2xf16=0.25 -65504",
        "f64=-1.5",
        "0x2xf32=",
    ] {
        let t = parse(input);
        let printed = format_tensor(&t);
        let back = parse(&printed);
        assert_eq!(format_tensor(&back), printed, "{input}");
        if !printed.contains("NAN") {
            assert_eq!(back, t, "{input}");
        }
    }
}

/// Against C's %G as printed by Python's `%` operator (tests/data/format_g.txt).
#[test]
fn float_formatting_matches_c_percent_g() {
    let table = std::fs::read_to_string(data_path("format_g.txt")).unwrap();
    let mut n = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let bits = u64::from_str_radix(f[1], 16).unwrap();
        let x = match f[0] {
            "f64" => f64::from_bits(bits),
            "f32" => f32::from_bits(bits as u32) as f64,
            k => panic!("{k}"),
        };
        assert_eq!(format_float(x), f[2], "{line}");
        n += 1;
    }
    assert!(n > 50, "{n}");
    assert_eq!(format_float(-f64::NAN), "-NAN");
}

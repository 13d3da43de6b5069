//! .npy reading and writing against files numpy wrote (tests/data, made by
//! tests/data/gen.py; no Python is needed here).

use std::path::{Path, PathBuf};
use xir_runtime_hal::{ElementType, ErrorKind, HostTensor};
use xir_runtime_io::{
    format_tensor, npy_bytes, read_npy, read_npy_all_bytes, read_npy_bytes, write_npy,
};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

/// A file numpy wrote that must load: element, shape, data, whether
/// writing it back gives the file's bytes, its printed text.
type Loaded = (String, Vec<usize>, Vec<u8>, bool, String);

struct Expected {
    file: String,
    /// Err: a substring of the message the reader must give.
    outcome: Result<Loaded, String>,
}

fn expected() -> Vec<Expected> {
    let text = std::fs::read_to_string(data_dir().join("expected.txt")).unwrap();
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let outcome = match f[0] {
            "ok" => {
                let shape = if f[3] == "-" {
                    vec![]
                } else {
                    f[3].split('x').map(|d| d.parse().unwrap()).collect()
                };
                Ok((
                    f[2].to_string(),
                    shape,
                    unhex(f[4]),
                    f[5] == "1",
                    f[6].to_string(),
                ))
            }
            "err" => Err(f[2].to_string()),
            k => panic!("bad line kind {k}"),
        };
        out.push(Expected {
            file: f[1].to_string(),
            outcome,
        });
    }
    out
}

#[test]
fn reads_numpy_files() {
    let all = expected();
    assert!(all.len() >= 40);
    let mut roundtrips = 0;
    for e in &all {
        let path = data_dir().join(&e.file);
        let got = read_npy(&path);
        match &e.outcome {
            Ok((elem, shape, data, roundtrip, text)) => {
                let t = got.unwrap_or_else(|err| panic!("{}: {err}", e.file));
                assert_eq!(t.element.to_string(), *elem, "{}", e.file);
                assert_eq!(t.shape, *shape, "{}", e.file);
                assert_eq!(t.data, *data, "{}", e.file);
                assert_eq!(format_tensor(&t), *text, "{}", e.file);
                let written = npy_bytes(&t).unwrap();
                if *roundtrip {
                    let original = std::fs::read(&path).unwrap();
                    assert_eq!(written, original, "{}: not numpy's bytes", e.file);
                    roundtrips += 1;
                }
                assert_eq!(read_npy_bytes(&written).unwrap(), t, "{}", e.file);
            }
            Err(msg) => {
                let err = got.expect_err(&e.file).to_string();
                assert!(err.contains(msg.as_str()), "{}: {err}", e.file);
                assert!(err.contains(&e.file), "{}: {err}", e.file);
                assert!(!err.contains('\n'), "{err}");
            }
        }
    }
    assert!(roundtrips >= 20, "{roundtrips}");
}

#[test]
fn every_data_file_has_an_expectation() {
    let listed: Vec<String> = expected().into_iter().map(|e| e.file).collect();
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".npy") {
            assert!(listed.contains(&name), "{name} is not in expected.txt");
        }
    }
}

#[test]
fn covers_the_cases_asked_for() {
    let all = expected();
    let ok: Vec<_> = all.iter().filter_map(|e| e.outcome.as_ref().ok()).collect();
    for elem in [
        "i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f16", "f32", "f64",
    ] {
        assert!(ok.iter().any(|o| o.0 == elem), "no {elem} file");
    }
    assert!(ok.iter().any(|o| o.1.is_empty()), "rank 0");
    assert!(ok.iter().any(|o| o.1.contains(&0)), "zero-sized");
    for prefix in ["fortran_", "be_", "v2_", "v3_"] {
        assert!(all.iter().any(|e| e.file.starts_with(prefix)), "{prefix}");
    }
}

/// An npy file with this header text (padded as numpy pads) and data.
fn npy_with_header(major: u8, header: &str, data: &[u8]) -> Vec<u8> {
    let len_field = if major == 1 { 2 } else { 4 };
    let hlen = header.len() + 1;
    let pad = 64 - (6 + 2 + len_field + hlen) % 64;
    let mut out = b"\x93NUMPY".to_vec();
    out.extend_from_slice(&[major, 0]);
    if major == 1 {
        out.extend_from_slice(&((hlen + pad) as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&((hlen + pad) as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    out.extend_from_slice(data);
    out
}

fn err_of(bytes: &[u8]) -> String {
    let e = read_npy_bytes(bytes)
        .expect_err("should be rejected")
        .to_string();
    assert!(!e.contains('\n'), "{e}");
    e
}

#[test]
fn rejects_malformed_files() {
    let good = std::fs::read(data_dir().join("float32_2x3.npy")).unwrap();
    // Every truncation is an error, never a panic.
    for n in 0..good.len() {
        let e = err_of(&good[..n]);
        assert!(e.contains("truncated"), "{n}: {e}");
    }
    let mut bad = good.clone();
    bad[0] = b'P';
    assert!(err_of(&bad).contains("bad magic"));
    assert!(err_of(b"PK\x03\x04 this is a zip").contains("bad magic"));
    // Trailing bytes: the data does not match the shape.
    let mut long = good.clone();
    long.push(0);
    assert!(err_of(&long).contains("1 bytes after the 2x3xf32 array"));
    // Header length past the end of the file.
    let mut bad = good.clone();
    bad[8] = 0xff;
    bad[9] = 0xff;
    assert!(err_of(&bad).contains("truncated npy header"));
    let mut bad = good.clone();
    bad[6] = 4;
    assert!(err_of(&bad).contains("unsupported npy version 4.0"));

    let hdr = |descr: &str, fortran: &str, shape: &str| {
        format!("{{'descr': {descr}, 'fortran_order': {fortran}, 'shape': {shape}, }}")
    };
    let cases: &[(String, &[u8], &str)] = &[
        (
            hdr(
                "'<f4'",
                "False",
                "(4611686018427387904, 4611686018427387904)",
            ),
            b"",
            "too large",
        ),
        (
            hdr("'<f4'", "False", "(2305843009213693952,)"),
            b"",
            "too large",
        ),
        (
            hdr("'<i1'", "False", "(99999999999999999999999999,)"),
            b"",
            "not a valid size",
        ),
        (hdr("'<i1'", "False", "(-1,)"), b"", "not a valid size"),
        (hdr("'<i1'", "False", "(2.5,)"), b"", "malformed npy header"),
        (hdr("'<i1'", "False", "('a',)"), b"", "not an integer"),
        (hdr("'<i1'", "False", "[2]"), b"\0\0", "not a tuple"),
        (hdr("'<i1'", "0", "(2,)"), b"\0\0", "not a bool"),
        (
            hdr("'<f4'", "False", "(3,)"),
            &[0; 8],
            "needs 12 bytes, the file has 8",
        ),
        (
            hdr("'<c8'", "False", "(1,)"),
            &[0; 8],
            "unsupported npy dtype '<c8'",
        ),
        (
            hdr("7", "False", "(1,)"),
            &[0; 8],
            "unsupported npy dtype 7",
        ),
        (
            hdr("[('a', '<i4')]", "False", "(1,)"),
            &[0; 4],
            "structured [('a', '<i4')]",
        ),
        (
            "{'descr': '<i1', 'shape': (1,), }".to_string(),
            b"\0",
            "lacks",
        ),
        (
            "{'descr': '<i1', 'fortran_order': False, 'shape': (1,), 'x': 1}".to_string(),
            b"\0",
            "unexpected key 'x'",
        ),
        ("(1, 2)".to_string(), b"", "not a dict"),
        ("{'descr': '<i1'".to_string(), b"", "malformed npy header"),
        ("{".repeat(100), b"", "malformed npy header"),
        ("".to_string(), b"", "malformed npy header"),
    ];
    for (header, data, msg) in cases {
        for major in [1, 2] {
            let e = err_of(&npy_with_header(major, header, data));
            assert!(e.contains(msg), "{header}: {e}");
        }
    }
    // A v3 header must be utf-8; v1 and v2 are latin-1.
    let mut v3 = npy_with_header(3, &hdr("'<i1'", "False", "(1,)"), b"\x05");
    v3[20] = 0xff;
    assert!(err_of(&v3).contains("not utf-8"));
    let mut v1 = npy_with_header(1, &hdr("'<i1'", "False", "(1,)"), b"\x05");
    v1[16] = 0xe9; // inside 'descr': a latin-1 letter, a different key
    assert!(err_of(&v1).contains("unexpected key"));
}

/// Deterministic byte mutations of every data file: any result but a panic.
#[test]
fn mutated_files_never_panic() {
    let mut seed = 0x9e3779b97f4a7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for e in expected() {
        let good = std::fs::read(data_dir().join(&e.file)).unwrap();
        for _ in 0..200 {
            let mut bad = good.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % bad.len() as u64) as usize;
                bad[at] = next() as u8;
            }
            let _ = read_npy_bytes(&bad);
            let cut = (next() % (bad.len() as u64 + 1)) as usize;
            let _ = read_npy_bytes(&bad[..cut]);
        }
    }
}

#[test]
fn headers_follow_numpys_padding() {
    let shapes: &[&[usize]] = &[
        &[],
        &[0],
        &[1],
        &[3],
        &[2, 3],
        &[0, 1_000_000_000_000_000],
        &[1, 2, 3, 4, 5, 6, 7],
        &[0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
    ];
    for elem in ["i1", "si8", "ui16", "i32", "f16", "f32", "f64", "si64"] {
        let element = ElementType::parse(elem).unwrap();
        for shape in shapes {
            let t = HostTensor::zeros(element, shape.to_vec()).unwrap();
            let b = npy_bytes(&t).unwrap();
            let hlen = u16::from_le_bytes([b[8], b[9]]) as usize;
            assert_eq!((10 + hlen) % 64, 0, "{shape:?}");
            assert_eq!(b[10 + hlen - 1], b'\n');
            assert_eq!(b.len(), 10 + hlen + t.data.len());
            let back = read_npy_bytes(&b).unwrap();
            // si* comes back signless: numpy has one kind of signed int.
            assert_eq!(back.shape, t.shape);
            assert_eq!(back.data, t.data);
            assert_eq!(back.element.byte_size(), element.byte_size());
        }
    }
    // A header too long for v1's 16-bit length goes to v2, as numpy does.
    let t = HostTensor::zeros(ElementType::F32, vec![1; 30_000]).unwrap();
    let b = npy_bytes(&t).unwrap();
    assert_eq!(&b[6..8], &[2, 0]);
    let hlen = u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize;
    assert_eq!((12 + hlen) % 64, 0);
    assert_eq!(read_npy_bytes(&b).unwrap(), t);
}

#[test]
fn writes_and_maps_element_types() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.npy");
    let si8 = ElementType::parse("si8").unwrap();
    let t = HostTensor::new(si8, vec![2], vec![0x80, 0x7f]).unwrap();
    write_npy(&path, &t).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("'descr': '|i1'"));
    let back = read_npy(&path).unwrap();
    assert_eq!(back.element, ElementType::I8);
    assert_eq!(back.data, t.data);

    // i1 writes numpy's bool; stray nonzero bytes become 1.
    let b = HostTensor {
        element: ElementType::I1,
        shape: vec![3],
        data: vec![0, 1, 7],
    };
    let bytes = npy_bytes(&b).unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("'|b1'"));
    assert_eq!(read_npy_bytes(&bytes).unwrap().data, vec![0, 1, 1]);

    let bf = HostTensor::zeros(ElementType::BF16, vec![2]).unwrap();
    let e = write_npy(&path, &bf).unwrap_err();
    assert!(e.message().contains("bf16"), "{e}");
    assert_eq!(e.kind(), ErrorKind::Unimplemented);
    assert!(npy_bytes(&bf).unwrap_err().message().contains("bf16"));

    let broken = HostTensor {
        element: ElementType::F32,
        shape: vec![2],
        data: vec![0; 7],
    };
    let e = npy_bytes(&broken).unwrap_err();
    assert!(e.message().contains("7 bytes"), "{e}");
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);

    let e = write_npy(&dir.path().join("no/such/dir.npy"), &t).unwrap_err();
    assert!(e.message().starts_with("cannot write '"), "{e}");
    assert_eq!(e.kind(), ErrorKind::NotFound);
    let e = read_npy(&dir.path().join("missing.npy")).unwrap_err();
    assert!(
        e.message().starts_with("cannot read '") && e.message().contains("missing.npy"),
        "{e}"
    );
    assert_eq!(e.kind(), ErrorKind::NotFound);
    // A malformed file keeps its kind through the path's context.
    std::fs::write(dir.path().join("bad.npy"), b"not numpy").unwrap();
    let e = read_npy(&dir.path().join("bad.npy")).unwrap_err();
    assert!(
        e.message()
            .ends_with("bad.npy': not an npy file (bad magic)"),
        "{e}"
    );
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}

#[test]
fn reads_concatenated_arrays() {
    let a = std::fs::read(data_dir().join("int8_5.npy")).unwrap();
    let b = std::fs::read(data_dir().join("v2_f32_2x2.npy")).unwrap();
    let mut both = a.clone();
    both.extend_from_slice(&b);
    let all = read_npy_all_bytes(&both).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0], read_npy_bytes(&a).unwrap());
    assert_eq!(all[1], read_npy_bytes(&b).unwrap());
    assert!(read_npy_all_bytes(&[]).unwrap().is_empty());
    let e = read_npy_all_bytes(&both[..both.len() - 1]).unwrap_err();
    assert!(e.message().starts_with("array 1: "), "{e}");
}

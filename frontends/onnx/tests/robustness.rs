//! Hostile input: the example model with bytes flipped, cut short or
//! overwritten, and models with absurd shapes, must give `Ok` or an error,
//! never a panic or an allocation the size of the claimed shape.

use prost::Message;
use xir_onnx::onnx::ModelProto;
use xir_onnx::{import, Options};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn block() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/onnx/block.onnx"
    ))
    .unwrap()
}

fn no_panic(bytes: &[u8], what: &str) {
    let r = std::panic::catch_unwind(|| import(bytes, &Options::default()));
    assert!(r.is_ok(), "{what}: the importer panicked");
}

#[test]
fn mutated_models_do_not_panic() {
    let base = block();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for i in 0..600 {
        let mut b = base.clone();
        match i % 3 {
            0 => {
                for _ in 0..1 + rng.next() % 4 {
                    let k = (rng.next() as usize) % b.len();
                    b[k] ^= 1 << (rng.next() % 8);
                }
            }
            1 => b.truncate((rng.next() as usize) % b.len()),
            _ => {
                let k = (rng.next() as usize) % b.len();
                b[k] = rng.next() as u8;
            }
        }
        no_panic(&b, &format!("mutation {i}"));
    }
}

#[test]
fn absurd_shapes_are_errors() {
    // Every dim of every value made huge: types, initializer dims.
    let mut m = ModelProto::decode(&block()[..]).unwrap();
    let g = m.graph.as_mut().unwrap();
    for t in &mut g.initializer {
        t.dims = vec![1 << 40, 1 << 40];
    }
    let e = import(&m.encode_to_vec(), &Options::default()).unwrap_err();
    assert!(e.contains("initializer 'ln1_g'"), "{e}");
    let mut m = ModelProto::decode(&block()[..]).unwrap();
    let g = m.graph.as_mut().unwrap();
    for vi in g.input.iter_mut().chain(g.output.iter_mut()) {
        if let Some(xir_onnx::onnx::type_proto::Value::TensorType(t)) =
            vi.r#type.as_mut().and_then(|t| t.value.as_mut())
        {
            for d in &mut t.shape.as_mut().unwrap().dim {
                d.value = Some(
                    xir_onnx::onnx::tensor_shape_proto::dimension::Value::DimValue(i64::MAX / 2),
                );
            }
        }
    }
    no_panic(&m.encode_to_vec(), "huge input dims");
}

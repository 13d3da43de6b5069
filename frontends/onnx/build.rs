//! Compiles `proto/onnx.proto` with protox (a protobuf compiler in Rust), so
//! no system `protoc` is needed.
fn main() {
    println!("cargo:rerun-if-changed=proto/onnx.proto");
    let fds = protox::compile(["proto/onnx.proto"], ["proto"]).expect("onnx.proto compiles");
    // An initializer's raw_data is a `bytes::Bytes`: decoding a model held
    // in a `Bytes` (a mapped file) shares its weights instead of copying them.
    prost_build::Config::new()
        .bytes([".onnx.TensorProto.raw_data"])
        .compile_fds(fds)
        .expect("prost generates the onnx types");
}

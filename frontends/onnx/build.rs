//! Compiles `proto/onnx.proto` with protox (a protobuf compiler in Rust), so
//! no system `protoc` is needed.
fn main() {
    println!("cargo:rerun-if-changed=proto/onnx.proto");
    let fds = protox::compile(["proto/onnx.proto"], ["proto"]).expect("onnx.proto compiles");
    prost_build::Config::new()
        .compile_fds(fds)
        .expect("prost generates the onnx types");
}

// RUN: not xopt %s --split-input-file --verify-each=false 2>&1 | xcheck %s
// RUN: not xopt %s --split-input-file --verify-each=false --device-assignment-pipeline 2>&1 | xcheck %s
// RUN: not mlir-opt %s --split-input-file --verify-each=false 2>&1 | xcheck %s --check-prefix=MLIR

// `--verify-each=false` only skips verification after each pass: the parsed
// input is still verified, as mlir-opt does, so a pipeline never runs on (and
// never writes out) IR that does not verify.

// CHECK: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// MLIR: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
func.func @f(%a: i32) -> i64 {
  return %a : i32
}

// -----

// CHECK: error: 'func.func' op 'device.affinity' names undeclared device '@npu'; did you mean '@cpu'? (declared: @cpu)
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @g(%a: tensor<4xf32> {device.affinity = #device.affinity<@npu>}) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

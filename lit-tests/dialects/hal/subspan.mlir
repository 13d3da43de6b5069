// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt | xcheck %s

// hal.buffer.subspan: bytes of a buffer as a buffer (a planned result bound
// to its range of the slab); of an allocation, of another subspan, with
// dynamic offsets and lengths.

module {
  func.func @spans(%n: index, %dev: !hal.device) -> !hal.buffer {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %slab = hal.allocator.allocate device(%dev) size(%c128) : !hal.buffer
    %a = hal.buffer.subspan %slab[%c0, %c64] : !hal.buffer
    %b = hal.buffer.subspan %slab[%c64, %c64] {tag} : !hal.buffer
    %c = hal.buffer.subspan %b[%c0, %n] : !hal.buffer
    %d = hal.buffer.subspan %c[%n, %n] : !hal.buffer
    return %d : !hal.buffer
  }
}

// CHECK-LABEL: func.func @spans(%arg0: index, %arg1: !hal.device) -> !hal.buffer {
// CHECK: %0 = hal.allocator.allocate device(%arg1) size(%c128) : !hal.buffer
// CHECK-NEXT: %1 = hal.buffer.subspan %0[%c0, %c64] : !hal.buffer
// CHECK-NEXT: %2 = hal.buffer.subspan %0[%c64, %c64] {tag} : !hal.buffer
// CHECK-NEXT: %3 = hal.buffer.subspan %2[%c0, %arg0] : !hal.buffer
// CHECK-NEXT: %4 = hal.buffer.subspan %3[%arg0, %arg0] : !hal.buffer
// CHECK-NEXT: return %4 : !hal.buffer

// GEN: %3 = "hal.allocator.allocate"(%arg1, %2) : (!hal.device, index) -> !hal.buffer
// GEN-NEXT: %4 = "hal.buffer.subspan"(%3, %0, %1) : (!hal.buffer, index, index) -> !hal.buffer
// GEN-NEXT: %5 = "hal.buffer.subspan"(%3, %1, %1) {tag} : (!hal.buffer, index, index) -> !hal.buffer
// GEN-NEXT: %6 = "hal.buffer.subspan"(%5, %0, %arg0) : (!hal.buffer, index, index) -> !hal.buffer
// GEN-NEXT: %7 = "hal.buffer.subspan"(%6, %arg0, %arg0) : (!hal.buffer, index, index) -> !hal.buffer

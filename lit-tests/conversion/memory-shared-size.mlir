// RUN: xopt %s --device-assignment-pipeline --device-plan=auto-transfer=true --compile-to=stream | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan=auto-transfer=true --compile-to=hal -o /dev/null

// A slab size also used by a tensor converted before the slabs are made: the
// size constant is hoisted above the allocas (it used to stay below them:
// "operand #0 does not dominate this use"). Found by the end-to-end oracle's
// wider programs, where the slabs were 128 bytes on cpu and on gpu; since
// graph -> flow erases unused ops, most of this program is dead: one slab is
// left, on gpu, 128 bytes (kept by %s1).

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @helper(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = graph.relu %x : tensor<4x4xf32>
    %1 = graph.constant dense<5.0e-01> : tensor<4x4xf32>
    %2 = graph.add %0, %1 : tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
  func.func @main(%a: tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32>, %c: i1) -> (tensor<4x4xf32>, tensor<8xf32>) {
    %x0 = graph.exp %b : tensor<4xf32>
    %c1 = graph.concat %a, %a axis = 0 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %x1 = graph.slice %c1 start = [1, 0] strides = [2, 1] : tensor<8x4xf32> -> tensor<4x4xf32>
    // A second reader keeps %c1 materialized (the slice alone would fuse
    // with the concat), so the gpu slab stays 128 bytes.
    %s1 = graph.reduce_sum %c1 axes = [1] : tensor<8x4xf32> -> tensor<8xf32>
    %x2 = graph.constant dense<2.0> : tensor<4x4xf32>
    %x3 = graph.exp %b : tensor<4xf32>
    %x4 = graph.mul %x3, %x3 : tensor<4xf32>
    %x5 = graph.sub %x1, %x1 : tensor<4x4xf32>
    %x6 = graph.reduce_sum %a axes = [1] : tensor<4x4xf32> -> tensor<4xf32>
    %x7 = graph.sub %x2, %x1 : tensor<4x4xf32>
    %x8 = graph.if %c -> (tensor<4x4xf32>) {
      %x9 = graph.reduce_max %x1 axes = [1] : tensor<4x4xf32> -> tensor<4xf32>
      %x10 = graph.constant dense<2.0> : tensor<4x4xf32>
      graph.yield %x2 : tensor<4x4xf32>
    } else {
      %x11 = graph.transfer %x7 to #device.affinity<@gpu> : tensor<4x4xf32>
      graph.yield %x7 : tensor<4x4xf32>
    }
    %x12 = graph.exp %x4 : tensor<4xf32>
    %x13 = graph.tanh %b : tensor<4xf32>
    %x14 = graph.if %c -> (tensor<4x4xf32>) {
      %x15 = graph.reduce_sum %x1 axes = [1] : tensor<4x4xf32> -> tensor<4xf32>
      %x16 = graph.if %c -> (tensor<4x4xf32>) {
        %x17 = graph.transfer %x1 to #device.affinity<@gpu> : tensor<4x4xf32>
        %x18 = graph.constant dense<1.0> : tensor<4xf32>
        %x19 = graph.div %x13, %x13 : tensor<4xf32>
        graph.yield %x5 : tensor<4x4xf32>
      } else {
        %x20 = graph.neg %x2 : tensor<4x4xf32>
        graph.yield %x8 : tensor<4x4xf32>
      }
      %x21 = graph.tanh %x4 : tensor<4xf32>
      graph.yield %x7 : tensor<4x4xf32>
    } else {
      %c22 = graph.concat %x5, %a axis = 0 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
      %x22 = graph.slice %c22 start = [1, 0] strides = [2, 1] : tensor<8x4xf32> -> tensor<4x4xf32>
      %x23 = graph.neg %x5 : tensor<4x4xf32>
      graph.yield %x1 : tensor<4x4xf32>
    }
    return %x14, %s1 : tensor<4x4xf32>, tensor<8xf32>
  }
}

// CHECK-LABEL: func.func @main(
// CHECK: %c128 = arith.constant 128 : index
// CHECK-NEXT: stream.resource.alloca on(#device.affinity<@gpu>) : !stream.resource<transient>{%c128}
// CHECK-NOT: stream.resource.alloca

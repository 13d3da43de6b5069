// RUN: xopt %s --flow-to-stream --stream-to-hal | xcheck %s

// Dispatch grids (xir_hal::grid, shared with the runtime): the workgroup
// counts come from the shape of the kernel's first result, x = ceil(d[n-1] /
// 64) tiles of the innermost dim, y = d[n-2] rows, z = the product of the
// outer dims; a missing dim counts 1, a 0 dim empties its count. Static
// shapes give constants; dynamic dims are the dispatch's dim operands (its
// `constants`, the kernel's trailing index arguments: the arguments' dims,
// then the results') and the counts index arithmetic on them.

module {
  device.global @cpu = #device.target<"local">
  flow.executable private @scalar {
    flow.executable.export @scalar
    builtin.module {
      func.func @scalar(%a: tensor<4xf32>) -> tensor<f32> {
        %0 = graph.reduce_sum %a axes = [0] : tensor<4xf32> -> tensor<f32>
        return %0 : tensor<f32>
      }
    }
  }
  flow.executable private @vec {
    flow.executable.export @vec
    builtin.module {
      func.func @vec(%a: tensor<130xf32>) -> tensor<130xf32> {
        %0 = graph.relu %a : tensor<130xf32>
        return %0 : tensor<130xf32>
      }
    }
  }
  flow.executable private @cube {
    flow.executable.export @cube
    builtin.module {
      func.func @cube(%a: tensor<2x3x130xf32>) -> tensor<2x3x130xf32> {
        %0 = graph.relu %a : tensor<2x3x130xf32>
        return %0 : tensor<2x3x130xf32>
      }
    }
  }
  flow.executable private @empty {
    flow.executable.export @empty
    builtin.module {
      func.func @empty(%a: tensor<0x3x4xf32>) -> tensor<0x3x4xf32> {
        %0 = graph.relu %a : tensor<0x3x4xf32>
        return %0 : tensor<0x3x4xf32>
      }
    }
  }
  flow.executable private @dyn {
    flow.executable.export @dyn
    builtin.module {
      func.func @dyn(%a: tensor<5x?x?xf32>, %a1: index, %a2: index, %r1: index, %r2: index) -> tensor<5x?x?xf32> {
        %0 = graph.relu %a : tensor<5x?x?xf32>
        return %0 : tensor<5x?x?xf32>
      }
    }
  }
  flow.executable private @outer {
    flow.executable.export @outer
    builtin.module {
      func.func @outer(%a: tensor<?x3x?x4xf32>, %a0: index, %a2: index, %r0: index, %r2: index) -> tensor<?x3x?x4xf32> {
        %0 = graph.relu %a : tensor<?x3x?x4xf32>
        return %0 : tensor<?x3x?x4xf32>
      }
    }
  }
  func.func @grids(%v4: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %v: tensor<130xf32> {device.affinity = #device.affinity<@cpu>}, %c: tensor<2x3x130xf32> {device.affinity = #device.affinity<@cpu>}, %e: tensor<0x3x4xf32> {device.affinity = #device.affinity<@cpu>}, %d: tensor<5x?x?xf32> {device.affinity = #device.affinity<@cpu>}, %o: tensor<?x3x?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<f32>, tensor<130xf32>, tensor<2x3x130xf32>, tensor<0x3x4xf32>, tensor<5x?x?xf32>, tensor<?x3x?x4xf32>) {
    %0 = flow.dispatch @scalar::@scalar(%v4) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<f32>
    %1 = flow.dispatch @vec::@vec(%v) on(#device.affinity<@cpu>) : (tensor<130xf32>) -> tensor<130xf32>
    %2 = flow.dispatch @cube::@cube(%c) on(#device.affinity<@cpu>) : (tensor<2x3x130xf32>) -> tensor<2x3x130xf32>
    %3 = flow.dispatch @empty::@empty(%e) on(#device.affinity<@cpu>) : (tensor<0x3x4xf32>) -> tensor<0x3x4xf32>
    %d1 = graph.dim %d, 1 : tensor<5x?x?xf32>
    %d2 = graph.dim %d, 2 : tensor<5x?x?xf32>
    %4 = flow.dispatch @dyn::@dyn(%d) on(#device.affinity<@cpu>) : (tensor<5x?x?xf32>{%d1, %d2}) -> tensor<5x?x?xf32>{%d1, %d2}
    %o0 = graph.dim %o, 0 : tensor<?x3x?x4xf32>
    %o2 = graph.dim %o, 2 : tensor<?x3x?x4xf32>
    %5 = flow.dispatch @outer::@outer(%o) on(#device.affinity<@cpu>) : (tensor<?x3x?x4xf32>{%o0, %o2}) -> tensor<?x3x?x4xf32>{%o0, %o2}
    return %0, %1, %2, %3, %4, %5 : tensor<f32>, tensor<130xf32>, tensor<2x3x130xf32>, tensor<0x3x4xf32>, tensor<5x?x?xf32>, tensor<?x3x?x4xf32>
  }
}

// CHECK-LABEL: func.func @grids(
// CHECK: %[[D1:.+]] = hal.buffer_view.dim %arg4[1] : index
// CHECK-NEXT: %[[D2:.+]] = hal.buffer_view.dim %arg4[2] : index
// CHECK-NEXT: %[[O0:.+]] = hal.buffer_view.dim %arg5[0] : index
// CHECK-NEXT: %[[O2:.+]] = hal.buffer_view.dim %arg5[2] : index
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG: %[[C5:.+]] = arith.constant 5 : index
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// A 0-d result: one workgroup.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @scalar::@local::@scalar workgroups(%[[C1]], %[[C1]], %[[C1]])
// A 1-d result of 130: three tiles of 64.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @vec::@local::@vec workgroups(%[[C3]], %[[C1]], %[[C1]])
// 2x3x130: three tiles of each of 3 rows of each of 2 slices.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @cube::@local::@cube workgroups(%[[C3]], %[[C3]], %[[C2]])
// 0x3x4: no slice, so no workgroup along z.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @empty::@local::@empty workgroups(%[[C1]], %[[C3]], %[[C0]])
// 5x?x?: ceil(d2 / 64) tiles of each of d1 rows of each of 5 slices; the
// result's dims are the last two constants.
// CHECK: %[[X:.+]] = arith.ceildivui %[[D2]], %[[C64]] : index
// CHECK-NEXT: hal.command_buffer.dispatch %{{.+}}, @dyn::@local::@dyn workgroups(%[[X]], %[[D1]], %[[C5]]) constants(%[[D1]], %[[D2]], %[[D1]], %[[D2]])
// ?x3x?x4: one tile of each of d2 rows of each of d0 * 3 slices (the static
// outer dims folded into one factor).
// CHECK: %[[Z:.+]] = arith.muli %[[C3]], %[[O0]] : index
// CHECK-NEXT: hal.command_buffer.dispatch %{{.+}}, @outer::@local::@outer workgroups(%[[C1]], %[[O2]], %[[Z]]) constants(%[[O0]], %[[O2]], %[[O0]], %[[O2]])

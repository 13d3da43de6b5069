// --diagnostics=pretty draws a placement conflict with ariadne: the source lines
// of both pins and of every use along the chain between them, each labelled, in
// source order. stderr is not a terminal here, so there is no colour.
// RUN: not xopt %s --device-plan --diagnostics=pretty 2>&1 | xcheck %s
// RUN: not xrun %s --input=4xf32=1 --input=4xf32=2 --diagnostics=pretty 2>&1 | xcheck %s --check-prefix=EXEC
// The default stays mlir-opt's format.
// RUN: not xopt %s --device-plan 2>&1 | xcheck %s --check-prefix=MLIR

// CHECK: Error: conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'
// CHECK-NEXT: ╭─[ {{.*}}pretty.mlir:33:10 ]
// CHECK: 30 │   func.func @f(
// CHECK: ╰{{.*}} pinned to #device.affinity<@cpu> by argument #0 of @f
// CHECK: ╰── pinned to #device.affinity<@gpu> by argument #1 of @f
// CHECK-NEXT: 31 │     %0 = graph.relu %a : tensor<4xf32>
// CHECK: ╰────── step 2 of the chain: 'graph.relu'
// CHECK-NEXT: 32 │     %1 = graph.exp %0 : tensor<4xf32>
// CHECK: ╰────── step 3 of the chain: 'graph.exp'
// CHECK-NEXT: 33 │     %2 = graph.add %1, %b : tensor<4xf32>
// CHECK: ╰────── here
// CHECK: ╰────── chain of uses: argument #0 of @f (line 30) -> 'graph.relu' (line 31) -> 'graph.exp' (line 32) -> 'graph.add' (line 33) -> argument #1 of @f (line 30)
// CHECK-NEXT: ───╯

// MLIR: pretty.mlir:33:10: error: conflicting placements

// xrun compiles the program first and draws the same error.
// EXEC: Error: conflicting placements {{.*}} meet at this 'graph.add'
// EXEC-NEXT: ╭─[ {{.*}}pretty.mlir:33:10 ]

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.add %1, %b : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

// A small program in generic form: a function-like op with a region, blocks with
// arguments, successors, properties and attributes. Placement attributes are plain
// attributes until the device dialect is registered.
"builtin.module"() ({
  "demo.func"() <{sym_name = "mlp", function_type = (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>}> ({
  ^bb0(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>):
    %y = "demo.matmul"(%x, %w) {placement = "gpu"} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %c = "demo.cond"() : () -> i1
    "demo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %r = "demo.relu"(%y) {placement = "cpu"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    "demo.return"(%r) : (tensor<4x2xf32>) -> ()
  ^bb2:
    "demo.return"(%y) : (tensor<4x2xf32>) -> ()
  }) : () -> ()
}) {test.devices = ["cpu", "gpu"]} : () -> ()

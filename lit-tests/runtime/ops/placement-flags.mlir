// A program whose devices come only from --target-device: @a and @b are
// promised in the IR and both given as `local` targets. Run on the default
// devices (local serves @a, reference @b: it serves every kind), on two
// local devices, and on one local device serving both. The transfers there
// and back keep the numbers; the negation runs on @b.

// RUN: xrun %s --target-device=a=local --target-device=b=local --input="3xf32=1 -2 0.5" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xrun %s --target-device=a=local --target-device=b=local --device=local --device=local --input="3xf32=1 -2 0.5" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xrun %s --target-device=a=local --target-device=b=local --device=local --input="3xf32=1 -2 0.5" | xcheck %s --check-prefix=OUT --match-full-lines
// OUT:      EXEC @f
// OUT-NEXT: result[0]: hal.buffer_view
// OUT-NEXT: 3xf32=-1 2 -0.5
// OUT-NEXT: result[1]: hal.buffer_view
// OUT-NEXT: 3xf32=1 -2 0.5
func.func @f(%x: tensor<3xf32> {device.affinity = #device.promise<@a>}) -> (tensor<3xf32> {device.affinity = #device.promise<@a>}, tensor<3xf32> {device.affinity = #device.promise<@b>}) {
  %g = graph.transfer %x to #device.promise<@b> : tensor<3xf32>
  %n = graph.neg %g : tensor<3xf32>
  %c = graph.transfer %n to #device.promise<@a> : tensor<3xf32>
  return %c, %g : tensor<3xf32>, tensor<3xf32>
}

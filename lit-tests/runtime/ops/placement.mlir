// graph.on_device and graph.transfer run end to end on a two-device program:
// @cpu is a `local` target, @gpu a `vulkan` one. With --device=local
// --device=reference the local device serves @cpu and the reference device
// (which serves every target kind) serves @gpu, so the kernels placed on
// @gpu really run on the second device and every transfer copies between
// two devices. The numbers must be those of a one-device run. Pins that
// collide (an @cpu argument read by an op whose result graph.on_device puts
// on @gpu) are cut by device-plan{auto-transfer=true}, as for the MLP.

// An argument without an affinity that graph.on_device pins to @gpu: xrun
// must create the input on the device the argument lives on.
// RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=unpinned_arg --input="4xi32=1 2 3 4" | xcheck %s --check-prefix=UNPINNED --match-full-lines
// UNPINNED: 4xi32=2 4 6 8

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {

  // relu on the cpu, pinned to the gpu for a matmul, back to the cpu for
  // the add: relu([[1 -2][3 4]]) = [[1 0][3 4]]; x [[1 1][0 1]] = [[1 1][3 7]].
  // RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=pinned --input="2x2xf32=[1 -2][3 4]" --input="2x2xf32=[1 1][0 1]" | xcheck %s --check-prefix=PIN --match-full-lines
  // The same with the default devices (every device found: local, then
  // reference), and with one reference device serving both globals.
  // RUN: xrun %s --device-plan=auto-transfer=true --function=pinned --input="2x2xf32=[1 -2][3 4]" --input="2x2xf32=[1 1][0 1]" | xcheck %s --check-prefix=PIN --match-full-lines
  // RUN: xrun %s --device=reference --device-plan=auto-transfer=true --function=pinned --input="2x2xf32=[1 -2][3 4]" --input="2x2xf32=[1 1][0 1]" | xcheck %s --check-prefix=PIN --match-full-lines
  // PIN:      EXEC @pinned
  // PIN-NEXT: result[0]: hal.buffer_view
  // PIN-NEXT: 2x2xf32=[2 2][6 14]
  // PIN-EMPTY:
  func.func @pinned(%x: tensor<2x2xf32> {device.affinity = #device.affinity<@cpu>}, %w: tensor<2x2xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<2x2xf32> {device.affinity = #device.affinity<@cpu>}) {
    %h = graph.relu %x : tensor<2x2xf32>
    %g = graph.on_device %h on #device.affinity<@gpu> : tensor<2x2xf32>
    %m = graph.matmul %g, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %b = graph.transfer %m to #device.affinity<@cpu> : tensor<2x2xf32>
    %o = graph.add %b, %b : tensor<2x2xf32>
    return %o : tensor<2x2xf32>
  }

  // Explicit transfers there and back with nothing in between, on i8, on an
  // f16 rank-0 tensor and on a 0-sized tensor: the bytes arrive unchanged.
  // RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=round_trip --input="5xi8=-128 -1 0 1 127" --input="f16=0.1" --input="0x3xf32=" | xcheck %s --check-prefix=TRIP --match-full-lines
  // TRIP:      result[0]: hal.buffer_view
  // TRIP-NEXT: 5xi8=-128 -1 0 1 127
  // TRIP-NEXT: result[1]: hal.buffer_view
  // TRIP-NEXT: f16=0.0999756
  // TRIP-NEXT: result[2]: hal.buffer_view
  // TRIP-NEXT: 0x3xf32=
  func.func @round_trip(%a: tensor<5xi8> {device.affinity = #device.affinity<@cpu>}, %b: tensor<f16> {device.affinity = #device.affinity<@cpu>}, %c: tensor<0x3xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<5xi8> {device.affinity = #device.affinity<@cpu>}, tensor<f16> {device.affinity = #device.affinity<@cpu>}, tensor<0x3xf32> {device.affinity = #device.affinity<@cpu>}) {
    %a1 = graph.transfer %a to #device.affinity<@gpu> : tensor<5xi8>
    %a2 = graph.transfer %a1 to #device.affinity<@cpu> : tensor<5xi8>
    %b1 = graph.transfer %b to #device.affinity<@gpu> : tensor<f16>
    %b2 = graph.transfer %b1 to #device.affinity<@cpu> : tensor<f16>
    %c1 = graph.transfer %c to #device.affinity<@gpu> : tensor<0x3xf32>
    %c2 = graph.transfer %c1 to #device.affinity<@cpu> : tensor<0x3xf32>
    return %a2, %b2, %c2 : tensor<5xi8>, tensor<f16>, tensor<0x3xf32>
  }

  // An argument that lives on the gpu, a result that lives on the gpu, and a
  // dynamic dim crossing devices: x (cpu) is negated on the gpu, y is read
  // there directly.
  // RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=gpu_io --input="3x2xf32=[1 2][3 4][5 6]" --input="3x2xf32=0.5" | xcheck %s --check-prefix=GPU3 --match-full-lines
  // GPU3:      result[0]: hal.buffer_view
  // GPU3-NEXT: 3x2xf32=[-0.5 -1.5][-2.5 -3.5][-4.5 -5.5]
  // RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=gpu_io --input="1x2xf32=[1 2]" --input="1x2xf32=3" | xcheck %s --check-prefix=GPU1 --match-full-lines
  // GPU1: 1x2xf32=[2 1]
  func.func @gpu_io(%x: tensor<?x2xf32> {device.affinity = #device.affinity<@cpu>}, %y: tensor<?x2xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<?x2xf32> {device.affinity = #device.affinity<@gpu>}) {
    %g = graph.transfer %x to #device.affinity<@gpu> : tensor<?x2xf32>
    %n = graph.neg %g : tensor<?x2xf32>
    %s = graph.add %n, %y : tensor<?x2xf32>
    return %s : tensor<?x2xf32>
  }

  // A ping-pong chain: each step runs on the other device (the last one by
  // graph.on_device).
  // ((x + 1) * 2 on gpu) - 3 on cpu, then exp on gpu.
  // RUN: xrun %s --device=local --device=reference --device-plan=auto-transfer=true --function=ping_pong --input="3xf32=0 0.5 -1" | xcheck %s --check-prefix=PING --match-full-lines
  // PING: 3xf32=0.367879 1 0.0497871
  func.func @ping_pong(%x: tensor<3xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<3xf32> {device.affinity = #device.affinity<@cpu>}) {
    %one = graph.constant dense<1.0> : tensor<3xf32>
    %two = graph.constant dense<2.0> : tensor<3xf32>
    %three = graph.constant dense<3.0> : tensor<3xf32>
    %a = graph.add %x, %one : tensor<3xf32>
    %ag = graph.transfer %a to #device.affinity<@gpu> : tensor<3xf32>
    %b = graph.mul %ag, %two : tensor<3xf32>
    %bc = graph.transfer %b to #device.affinity<@cpu> : tensor<3xf32>
    %c = graph.sub %bc, %three : tensor<3xf32>
    %cg = graph.on_device %c on #device.affinity<@gpu> : tensor<3xf32>
    %d = graph.exp %cg : tensor<3xf32>
    %dc = graph.transfer %d to #device.affinity<@cpu> : tensor<3xf32>
    return %dc : tensor<3xf32>
  }

  func.func @unpinned_arg(%x: tensor<4xi32>) -> (tensor<4xi32> {device.affinity = #device.affinity<@cpu>}) {
    %g = graph.on_device %x on #device.affinity<@gpu> : tensor<4xi32>
    %d = graph.add %g, %g : tensor<4xi32>
    %c = graph.transfer %d to #device.affinity<@cpu> : tensor<4xi32>
    return %c : tensor<4xi32>
  }
}

// REQUIRES: vulkan
// graph.sin and graph.cos on the vulkan backend (GLSL.std.450 Sin/Cos, f32
// only), as ops/sin-cos.mlir runs them on local and the reference, printed
// to 6 digits. lavapipe's built-ins are within 1.5 ulps for |x| <= 100 and
// 7.7e-8 absolute up to 1e5 (docs/backends.md); past ~1e6 they lose the
// argument (sin(1e30) = ±1), so those inputs are not run here.

// RUN: xrun %s --function=trig --target-device=vulkan --device=vulkan --input="13xf32=0 -0 1 -1 1.5707964 3.1415927 100 -100000 inf -inf nan 1e-30 0.5" | xcheck %s --check-prefix=T --match-full-lines
// T:      EXEC @trig
// T-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// T-NEXT: 13xf32=0 -0 0.841471 -0.841471 1 -8.74228E-08 -0.506366 -0.0357488 {{-?}}NAN {{-?}}NAN {{-?}}NAN 1E-30 0.479426
// T-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// T-NEXT: 13xf32=1 1 0.540302 0.540302 -4.37114E-08 -1 0.862319 -0.999361 {{-?}}NAN {{-?}}NAN {{-?}}NAN 1 0.877583
// RUN: xrun %s --function=vec4 --target-device=vulkan --device=vulkan --input="2x8xf32=[0 0.25 0.5 0.75 1 1.25 1.5 1.75][-2 -4 -8 -16 -32 -64 -128 -256]" | xcheck %s --check-prefix=V --match-full-lines
// V:      EXEC @vec4
// V-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// V-NEXT: 2x8xf32=[0 0.247404 0.479426 0.681639 0.841471 0.948985 0.997495 0.983986][-0.909297 0.756802 -0.989358 0.287903 -0.551427 -0.920026 -0.721038 0.999208]

func.func @trig(%a: tensor<13xf32>) -> (tensor<13xf32>, tensor<13xf32>) {
  %0 = graph.sin %a : tensor<13xf32>
  %1 = graph.cos %a : tensor<13xf32>
  return %0, %1 : tensor<13xf32>, tensor<13xf32>
}
func.func @vec4(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = graph.sin %a : tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// graph.iota: each element its index along `dimension` (ONNX Range(0, n)),
// its dynamic dims given by graph.dim of an input. On local (default),
// reference and vulkan; sizes 0, 1, 7, 70 (past a vector and a 64-wide
// workgroup) and 1000; i64, i32 and f32; 1-d, and 2-d along dim 0 and dim 1;
// an iota read by an elementwise consumer, and static iotas (a small one
// folds to a constant, a large one is fused into its consumer's kernel).

// RUN: xrun %s --function=range_i64 --input="0xf32=" | xcheck %s --check-prefix=RI640 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i64 --input="0xf32=" | xcheck %s --check-prefix=RI640 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i64 --input="0xf32=" | xcheck %s --check-prefix=RI640 --match-full-lines
// RI640: 0xi64=
// RUN: xrun %s --function=range_i64 --input="1xf32=0" | xcheck %s --check-prefix=RI641 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i64 --input="1xf32=0" | xcheck %s --check-prefix=RI641 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i64 --input="1xf32=0" | xcheck %s --check-prefix=RI641 --match-full-lines
// RI641: 1xi64=0
// RUN: xrun %s --function=range_i64 --input="7xf32=0" | xcheck %s --check-prefix=RI647 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i64 --input="7xf32=0" | xcheck %s --check-prefix=RI647 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i64 --input="7xf32=0" | xcheck %s --check-prefix=RI647 --match-full-lines
// RI647: 7xi64=0 1 2 3 4 5 6
// RUN: xrun %s --function=range_i64 --input="70xf32=0" | xcheck %s --check-prefix=RI6470 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i64 --input="70xf32=0" | xcheck %s --check-prefix=RI6470 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i64 --input="70xf32=0" | xcheck %s --check-prefix=RI6470 --match-full-lines
// RI6470: 70xi64=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69
// RUN: xrun %s --function=range_i64 --input="1000xf32=0" | xcheck %s --check-prefix=RI641000 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i64 --input="1000xf32=0" | xcheck %s --check-prefix=RI641000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i64 --input="1000xf32=0" | xcheck %s --check-prefix=RI641000 --match-full-lines
// RI641000: 1000xi64=0 1 2 3 4 5 6 7 {{.*}} 63 64 65 {{.*}} 997 998 999
func.func @range_i64(%x: tensor<?xf32>) -> tensor<?xi64> {
  %n = graph.dim %x, 0 : tensor<?xf32>
  %r = graph.iota [%n] dimension = 0 : tensor<?xi64>
  return %r : tensor<?xi64>
}

// RUN: xrun %s --function=range_i32 --input="0xf32=" | xcheck %s --check-prefix=RI320 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i32 --input="0xf32=" | xcheck %s --check-prefix=RI320 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i32 --input="0xf32=" | xcheck %s --check-prefix=RI320 --match-full-lines
// RI320: 0xi32=
// RUN: xrun %s --function=range_i32 --input="1xf32=0" | xcheck %s --check-prefix=RI321 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i32 --input="1xf32=0" | xcheck %s --check-prefix=RI321 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i32 --input="1xf32=0" | xcheck %s --check-prefix=RI321 --match-full-lines
// RI321: 1xi32=0
// RUN: xrun %s --function=range_i32 --input="7xf32=0" | xcheck %s --check-prefix=RI327 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i32 --input="7xf32=0" | xcheck %s --check-prefix=RI327 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i32 --input="7xf32=0" | xcheck %s --check-prefix=RI327 --match-full-lines
// RI327: 7xi32=0 1 2 3 4 5 6
// RUN: xrun %s --function=range_i32 --input="70xf32=0" | xcheck %s --check-prefix=RI3270 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i32 --input="70xf32=0" | xcheck %s --check-prefix=RI3270 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i32 --input="70xf32=0" | xcheck %s --check-prefix=RI3270 --match-full-lines
// RI3270: 70xi32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69
// RUN: xrun %s --function=range_i32 --input="1000xf32=0" | xcheck %s --check-prefix=RI321000 --match-full-lines
// RUN: xrun --device=reference %s --function=range_i32 --input="1000xf32=0" | xcheck %s --check-prefix=RI321000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_i32 --input="1000xf32=0" | xcheck %s --check-prefix=RI321000 --match-full-lines
// RI321000: 1000xi32=0 1 2 3 4 5 6 7 {{.*}} 63 64 65 {{.*}} 997 998 999
func.func @range_i32(%x: tensor<?xf32>) -> tensor<?xi32> {
  %n = graph.dim %x, 0 : tensor<?xf32>
  %r = graph.iota [%n] dimension = 0 : tensor<?xi32>
  return %r : tensor<?xi32>
}

// RUN: xrun %s --function=range_f32 --input="0xf32=" | xcheck %s --check-prefix=RF320 --match-full-lines
// RUN: xrun --device=reference %s --function=range_f32 --input="0xf32=" | xcheck %s --check-prefix=RF320 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_f32 --input="0xf32=" | xcheck %s --check-prefix=RF320 --match-full-lines
// RF320: 0xf32=
// RUN: xrun %s --function=range_f32 --input="1xf32=0" | xcheck %s --check-prefix=RF321 --match-full-lines
// RUN: xrun --device=reference %s --function=range_f32 --input="1xf32=0" | xcheck %s --check-prefix=RF321 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_f32 --input="1xf32=0" | xcheck %s --check-prefix=RF321 --match-full-lines
// RF321: 1xf32=0
// RUN: xrun %s --function=range_f32 --input="7xf32=0" | xcheck %s --check-prefix=RF327 --match-full-lines
// RUN: xrun --device=reference %s --function=range_f32 --input="7xf32=0" | xcheck %s --check-prefix=RF327 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_f32 --input="7xf32=0" | xcheck %s --check-prefix=RF327 --match-full-lines
// RF327: 7xf32=0 1 2 3 4 5 6
// RUN: xrun %s --function=range_f32 --input="70xf32=0" | xcheck %s --check-prefix=RF3270 --match-full-lines
// RUN: xrun --device=reference %s --function=range_f32 --input="70xf32=0" | xcheck %s --check-prefix=RF3270 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_f32 --input="70xf32=0" | xcheck %s --check-prefix=RF3270 --match-full-lines
// RF3270: 70xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69
// RUN: xrun %s --function=range_f32 --input="1000xf32=0" | xcheck %s --check-prefix=RF321000 --match-full-lines
// RUN: xrun --device=reference %s --function=range_f32 --input="1000xf32=0" | xcheck %s --check-prefix=RF321000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=range_f32 --input="1000xf32=0" | xcheck %s --check-prefix=RF321000 --match-full-lines
// RF321000: 1000xf32=0 1 2 3 4 5 6 7 {{.*}} 63 64 65 {{.*}} 997 998 999
func.func @range_f32(%x: tensor<?xf32>) -> tensor<?xf32> {
  %n = graph.dim %x, 0 : tensor<?xf32>
  %r = graph.iota [%n] dimension = 0 : tensor<?xf32>
  return %r : tensor<?xf32>
}

// RUN: xrun %s --function=mat_i64_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D0_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D0_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D0_2x3 --match-full-lines
// MI64D0_2x3: 2x3xi64=[0 0 0][1 1 1]
// RUN: xrun %s --function=mat_i64_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D0_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D0_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D0_3x70 --match-full-lines
// MI64D0_3x70: 3x70xi64=[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0][1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1][2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2]
// RUN: xrun %s --function=mat_i64_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D0_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D0_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D0_1x1 --match-full-lines
// MI64D0_1x1: 1x1xi64=[0]
// RUN: xrun %s --function=mat_i64_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D0_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D0_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D0_0x4 --match-full-lines
// MI64D0_0x4: 0x4xi64=
// RUN: xrun %s --function=mat_i64_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D0_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D0_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D0_2x1000 --match-full-lines
// MI64D0_2x1000: 2x1000xi64=[0 0 0 {{.*}} 0 0][1 1 1 1 {{.*}}
func.func @mat_i64_0(%x: tensor<?x?xf32>) -> tensor<?x?xi64> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 0 : tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

// RUN: xrun %s --function=mat_i64_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D1_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D1_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI64D1_2x3 --match-full-lines
// MI64D1_2x3: 2x3xi64=[0 1 2][0 1 2]
// RUN: xrun %s --function=mat_i64_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D1_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D1_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI64D1_3x70 --match-full-lines
// MI64D1_3x70: 3x70xi64=[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69]
// RUN: xrun %s --function=mat_i64_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D1_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D1_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI64D1_1x1 --match-full-lines
// MI64D1_1x1: 1x1xi64=[0]
// RUN: xrun %s --function=mat_i64_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D1_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D1_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI64D1_0x4 --match-full-lines
// MI64D1_0x4: 0x4xi64=
// RUN: xrun %s --function=mat_i64_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D1_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i64_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D1_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i64_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI64D1_2x1000 --match-full-lines
// MI64D1_2x1000: 2x1000xi64=[0 1 2 {{.*}} 998 999][0 1 2 3 {{.*}}
func.func @mat_i64_1(%x: tensor<?x?xf32>) -> tensor<?x?xi64> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 1 : tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

// RUN: xrun %s --function=mat_i32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D0_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D0_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D0_2x3 --match-full-lines
// MI32D0_2x3: 2x3xi32=[0 0 0][1 1 1]
// RUN: xrun %s --function=mat_i32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D0_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D0_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D0_3x70 --match-full-lines
// MI32D0_3x70: 3x70xi32=[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0][1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1][2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2]
// RUN: xrun %s --function=mat_i32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D0_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D0_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D0_1x1 --match-full-lines
// MI32D0_1x1: 1x1xi32=[0]
// RUN: xrun %s --function=mat_i32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D0_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D0_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D0_0x4 --match-full-lines
// MI32D0_0x4: 0x4xi32=
// RUN: xrun %s --function=mat_i32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D0_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D0_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D0_2x1000 --match-full-lines
// MI32D0_2x1000: 2x1000xi32=[0 0 0 {{.*}} 0 0][1 1 1 1 {{.*}}
func.func @mat_i32_0(%x: tensor<?x?xf32>) -> tensor<?x?xi32> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 0 : tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// RUN: xrun %s --function=mat_i32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D1_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D1_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MI32D1_2x3 --match-full-lines
// MI32D1_2x3: 2x3xi32=[0 1 2][0 1 2]
// RUN: xrun %s --function=mat_i32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D1_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D1_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MI32D1_3x70 --match-full-lines
// MI32D1_3x70: 3x70xi32=[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69]
// RUN: xrun %s --function=mat_i32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D1_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D1_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MI32D1_1x1 --match-full-lines
// MI32D1_1x1: 1x1xi32=[0]
// RUN: xrun %s --function=mat_i32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D1_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D1_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MI32D1_0x4 --match-full-lines
// MI32D1_0x4: 0x4xi32=
// RUN: xrun %s --function=mat_i32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D1_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_i32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D1_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_i32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MI32D1_2x1000 --match-full-lines
// MI32D1_2x1000: 2x1000xi32=[0 1 2 {{.*}} 998 999][0 1 2 3 {{.*}}
func.func @mat_i32_1(%x: tensor<?x?xf32>) -> tensor<?x?xi32> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 1 : tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// RUN: xrun %s --function=mat_f32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D0_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D0_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_0 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D0_2x3 --match-full-lines
// MF32D0_2x3: 2x3xf32=[0 0 0][1 1 1]
// RUN: xrun %s --function=mat_f32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D0_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D0_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_0 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D0_3x70 --match-full-lines
// MF32D0_3x70: 3x70xf32=[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0][1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1][2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2]
// RUN: xrun %s --function=mat_f32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D0_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D0_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_0 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D0_1x1 --match-full-lines
// MF32D0_1x1: 1x1xf32=[0]
// RUN: xrun %s --function=mat_f32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D0_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D0_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_0 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D0_0x4 --match-full-lines
// MF32D0_0x4: 0x4xf32=
// RUN: xrun %s --function=mat_f32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D0_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D0_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_0 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D0_2x1000 --match-full-lines
// MF32D0_2x1000: 2x1000xf32=[0 0 0 {{.*}} 0 0][1 1 1 1 {{.*}}
func.func @mat_f32_0(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 0 : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// RUN: xrun %s --function=mat_f32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D1_2x3 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D1_2x3 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_1 --input="2x3xf32=0" | xcheck %s --check-prefix=MF32D1_2x3 --match-full-lines
// MF32D1_2x3: 2x3xf32=[0 1 2][0 1 2]
// RUN: xrun %s --function=mat_f32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D1_3x70 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D1_3x70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_1 --input="3x70xf32=0" | xcheck %s --check-prefix=MF32D1_3x70 --match-full-lines
// MF32D1_3x70: 3x70xf32=[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69][0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69]
// RUN: xrun %s --function=mat_f32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D1_1x1 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D1_1x1 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_1 --input="1x1xf32=0" | xcheck %s --check-prefix=MF32D1_1x1 --match-full-lines
// MF32D1_1x1: 1x1xf32=[0]
// RUN: xrun %s --function=mat_f32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D1_0x4 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D1_0x4 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_1 --input="0x4xf32=" | xcheck %s --check-prefix=MF32D1_0x4 --match-full-lines
// MF32D1_0x4: 0x4xf32=
// RUN: xrun %s --function=mat_f32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D1_2x1000 --match-full-lines
// RUN: xrun --device=reference %s --function=mat_f32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D1_2x1000 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=mat_f32_1 --input="2x1000xf32=0" | xcheck %s --check-prefix=MF32D1_2x1000 --match-full-lines
// MF32D1_2x1000: 2x1000xf32=[0 1 2 {{.*}} 998 999][0 1 2 3 {{.*}}
func.func @mat_f32_1(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %r = graph.iota [%n, %m] dimension = 1 : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Position ids plus a tensor: the iota is its own dispatch, the add reads it.
// RUN: xrun %s --function=plus --input="2x3xf32=[10 20 30][40 50 60]" | xcheck %s --check-prefix=PLUS --match-full-lines
// RUN: xrun --device=reference %s --function=plus --input="2x3xf32=[10 20 30][40 50 60]" | xcheck %s --check-prefix=PLUS --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=plus --input="2x3xf32=[10 20 30][40 50 60]" | xcheck %s --check-prefix=PLUS --match-full-lines
// PLUS: 2x3xf32=[10 21 32][40 51 62]
// RUN: xrun %s --function=plus --input="3x70xf32=100" | xcheck %s --check-prefix=PLUS70 --match-full-lines
// RUN: xrun --device=reference %s --function=plus --input="3x70xf32=100" | xcheck %s --check-prefix=PLUS70 --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=plus --input="3x70xf32=100" | xcheck %s --check-prefix=PLUS70 --match-full-lines
// PLUS70: 3x70xf32=[100 101 102 {{.*}} 168 169][100 101 {{.*}} 169][100 101 {{.*}} 168 169]
func.func @plus(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %n = graph.dim %x, 0 : tensor<?x?xf32>
  %m = graph.dim %x, 1 : tensor<?x?xf32>
  %i = graph.iota [%n, %m] dimension = 1 : tensor<?x?xf32>
  %r = graph.add %i, %x : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Static iotas: a small one (folded to a constant) and one of 2x700 fused
// into the add that reads it (kernel.index in the add's body), i32 and f32.
// RUN: xrun %s --function=static_small | xcheck %s --check-prefix=SMALL --match-full-lines
// RUN: xrun --device=reference %s --function=static_small | xcheck %s --check-prefix=SMALL --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=static_small | xcheck %s --check-prefix=SMALL --match-full-lines
// SMALL: 2x3xi32=[0 0 0][1 1 1]
func.func @static_small() -> tensor<2x3xi32> {
  %r = graph.iota dimension = 0 : tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// RUN: xrun %s --function=static_fused --input="2x700xf32=0.5" --input="2x700xi32=1" | xcheck %s --check-prefix=FUSED --match-full-lines
// RUN: xrun --device=reference %s --function=static_fused --input="2x700xf32=0.5" --input="2x700xi32=1" | xcheck %s --check-prefix=FUSED --match-full-lines
// RUN: xrun --target-device=vulkan --device=vulkan %s --function=static_fused --input="2x700xf32=0.5" --input="2x700xi32=1" | xcheck %s --check-prefix=FUSED --match-full-lines
// FUSED: 2x700xf32=[0.5 1.5 2.5 {{.*}} 698.5 699.5][0.5 1.5 {{.*}}
// FUSED: 2x700xi32=[1 1 1 {{.*}} 1 1][2 2 2 {{.*}}
func.func @static_fused(%x: tensor<2x700xf32>, %y: tensor<2x700xi32>) -> (tensor<2x700xf32>, tensor<2x700xi32>) {
  %i = graph.iota dimension = 1 : tensor<2x700xf32>
  %r = graph.add %i, %x : tensor<2x700xf32>
  %j = graph.iota dimension = 0 : tensor<2x700xi32>
  %s = graph.add %j, %y : tensor<2x700xi32>
  return %r, %s : tensor<2x700xf32>, tensor<2x700xi32>
}

// A static iota read through a transpose, and summed by a reduction: the
// index is the one the consumer's map composes to.
// RUN: xrun %s --function=through | xcheck %s --check-prefix=THROUGH --match-full-lines
// RUN: xrun %s --device=reference --function=through | xcheck %s --check-prefix=THROUGH --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=through | xcheck %s --check-prefix=THROUGH --match-full-lines
// THROUGH: 700x2xi64=[0 1][0 1][0 1]{{.*}}
// THROUGH: 2xi64=244650 244650
func.func @through() -> (tensor<700x2xi64>, tensor<2xi64>) {
  %i = graph.iota dimension = 0 : tensor<2x700xi64>
  %t = graph.transpose %i permutation = [1, 0] : tensor<2x700xi64> -> tensor<700x2xi64>
  %j = graph.iota dimension = 1 : tensor<2x700xi64>
  %s = graph.reduce_sum %j axes = [1] : tensor<2x700xi64> -> tensor<2xi64>
  return %t, %s : tensor<700x2xi64>, tensor<2xi64>
}

// Printed results stop after --output-max-element-count elements (1024 by
// default, as iree-run-module's --output_max_element_count), each cut row
// ending in `...`; a result written with --output=@FILE.npy keeps them all.
// RUN: xrun %s --input="1100xf32=2" | xcheck %s --check-prefix=DEFAULT
// RUN: xrun %s --input="1100xf32=2" | grep -o "4" | wc -l | xcheck %s --check-prefix=COUNT
// RUN: xrun %s --output-max-element-count=3 --input="1100xf32=2" | xcheck %s --check-prefix=THREE --match-full-lines
// RUN: xrun %s --output-max-element-count=0 --input="1100xf32=2" | xcheck %s --check-prefix=NONE --match-full-lines
// iree-run-module's spelling is accepted too.
// RUN: xrun %s --output_max_element_count=3 --input="1100xf32=2" | xcheck %s --check-prefix=THREE --match-full-lines
// RUN: xrun %s --output=@%t.npy --input="1100xf32=2" && xrun %S/output-elision.mlir --output-max-element-count=2000 --input=@%t.npy | grep -o "8" | wc -l | xcheck %s --check-prefix=ALL
// DEFAULT: 1100xf32=4 4 4
// DEFAULT-SAME: 4 4 4...
// COUNT: 1024
// THREE: 1100xf32=4 4 4...
// NONE: 1100xf32=...
// ALL: 1100
func.func @main(%x: tensor<1100xf32>) -> tensor<1100xf32> {
  %0 = graph.add %x, %x : tensor<1100xf32>
  return %0 : tensor<1100xf32>
}

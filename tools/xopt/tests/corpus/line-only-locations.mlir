// "f":87 (no column) and "f":87:0 print alike but are different locations in
// MLIR, so each gets its own alias (found by bridges/mlir's round trip, seed 2324).
"xa.a"() : () -> () loc("dir/f.py":87:0)
"xa.b"() : () -> () loc(fused["a.mlir":1:2, "dir/f.py":87])
"xa.c"() : () -> () loc("dir/f.py":87)
"xa.d"() : () -> () loc(fused["a.mlir":1:2, "dir/f.py":87:0])

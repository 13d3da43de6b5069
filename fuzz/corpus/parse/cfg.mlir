"xa.func"() ({
^bb0(%arg: i32, %flag: i1):
  "xa.cond_br"(%flag, %arg)[^bb2, ^bb1] : (i1, i32) -> ()
^bb1:
  %a = "xa.add"(%arg, %arg) : (i32, i32) -> i32
  "xa.br"(%a)[^bb3] : (i32) -> ()
^bb2:
  %b:2 = "xa.pair"() : () -> (i32, f32)
  "xa.br"(%b#0)[^bb3] : (i32) -> ()
^bb3(%r: i32):
  "xa.switch"(%r)[^bb1, ^bb2, ^bb3, ^bb4] : (i32) -> ()
^bb4:
  "xa.return"(%r) : (i32) -> ()
}) {sym_name = "f"} : () -> ()

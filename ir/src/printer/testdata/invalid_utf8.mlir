"xa.op"() {s = "ÿş", t = #xa<"qÿ">, u = #xa.b<"ÿ">, v = !xa.c<"ş">} : () -> () loc("fÿg":1:2)
// ÿş in a comment; U+10FFFF stays itself
"xa.op"() {s = "Ã©", t = "ô¿¿", u = "ô¾€ÿ", v = #xa<"ô¿¿ş">} : () -> () loc("aş":3:4)

// Two functions on the same devices: a digraph each, so each has its own
// cluster_cpu (Graphviz would merge same-named clusters of one graph).
// RUN: xopt %s --allow-unregistered-dialect --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=TWO
// TWO:      digraph "@first" {
// TWO:        subgraph cluster_cpu {
// TWO:          [[F:v[0-9]+]] [label = "graph.exp\ntensor<4xf32>"];
// TWO:      digraph "@second" {
// TWO:        subgraph cluster_cpu {
// TWO:          [[S:v[0-9]+]] [label = "graph.neg\ntensor<4xf32>"];
// TWO-NOT:  digraph

module {
  device.global @cpu = #device.alias<"local">
  func.func @first(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    %e = graph.exp %a {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    return %e : tensor<4xf32>
  }
  func.func @second(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    %n = graph.neg %a {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    return %n : tensor<4xf32>
  }
}

// Plans of the input shapes that make a naive renderer quadratic: one resource
// `shape_thing.big` updated in a single place inside one very large value. Each comes
// with the provider schemas it is rendered against (ShapeSchemasText).
//
//   long_list        a list(string) of 100,000 elements, one element changed
//   multiline_string a 10 MB multi-line string, one line changed
//   json_string      a 5 MB JSON policy document held in a string, one statement changed
//   object_set       a set(object) attribute of 50,000 objects, one object changed
//   block_set        a set-nested block of 50,000 blocks, one block changed
//   replace_paths_list  a list(string) of 20,000 elements, one changed, and a replace path
//                    into every element
//   paths_map        a map(string) of 40,000 keys, one changed, a replace path into every
//                    key, and the same resource drifted with a relevant attribute per key
//   drift_relevant   20,000 drifted resources, each named by its own relevant attribute
//                    (and the big resource's 3-element list changed)
//   drift_any        the same with 20,000 relevant attributes naming no resource (each
//                    applies to every drifted resource)
//
// `scale` multiplies the element counts (1 gives the sizes above; tests use small
// scales). Output is compact JSON and a pure function of the arguments.
#ifndef PLANVIEW_BENCH_SHAPE_PLANS_H_
#define PLANVIEW_BENCH_SHAPE_PLANS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planview::bench {

// The names above, in that order.
const std::vector<std::string_view>& ShapeNames();

// The plan of shape `name`, or nullopt for an unknown name.
std::optional<std::string> GenerateShapePlan(std::string_view name, double scale = 1.0);

// The `tofu providers schema -json` document for every shape plan.
std::string ShapeSchemasText();

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_SHAPE_PLANS_H_

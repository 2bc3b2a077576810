// Upstream's collections package: how a collection's action follows from its elements',
// and the element-by-element diff of maps and lists that the differ and the JSON diff
// share.
#ifndef PLANVIEW_CHANGE_COLLECTIONS_H_
#define PLANVIEW_CHANGE_COLLECTIONS_H_

#include <cstddef>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "change/diff.h"
#include "change/profile.h"
#include "change/renderers/renderers.h"
#include "structured/action.h"
#include "structured/json_value.h"

namespace planview::change {

// Folds an element's action into its collection's: NoOp elements change nothing, an
// element that disagrees with the collection makes it an Update.
inline Action CompareActions(Action current, Action next) {
  if (next == Action::kNoOp) return current;
  return current == next ? current : Action::kUpdate;
}

// A map's diff built entry by entry, for a caller that walks the keys itself
// (structured::MapValue::ForEachChild): Add each key's diff, in increasing key order,
// then Finish (`expected` entries are reserved). The action starts as Delete when only `before` is an object, Create when
// only `after` is, else NoOp, and folds in every entry's.
class MapTransform {
 public:
  MapTransform(structured::Value before, structured::Value after, size_t expected);
  void Add(std::string_view key, Diff diff);
  std::pair<renderers::DiffMap, Action> Finish() && { return {std::move(elements_), action_}; }

 private:
  renderers::DiffMap elements_;
  Action action_;
};

// Diffs the entry at each of `keys` with `process(key)` (a MapTransform). The action starts as Delete when
// only `before` is an object, Create when only `after` is, else NoOp, and folds in every
// entry's.
std::pair<renderers::DiffMap, Action> TransformMap(structured::Value before, structured::Value after,
                                                   const std::vector<std::string_view>& keys,
                                                   const std::function<Diff(std::string_view)>& process);

// Aligns two arrays (change/process_slice.h) and diffs each pair with
// `process(before_index, after_index)` (an index equal to its side's size means none).
// `should_diff(before_index, after_index)` says whether a deleted and a created element
// are shown as one update; `profile` decides the rest of the pairing. The action starts as for TransformMap, with arrays.
std::pair<std::vector<Diff>, Action> TransformSlice(structured::Value before, structured::Value after,
                                                    const Profile& profile,
                                                    const std::function<bool(size_t, size_t)>& should_diff,
                                                    const std::function<Diff(size_t, size_t)>& process);

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_COLLECTIONS_H_

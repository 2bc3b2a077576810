// Tuples: elements paired by position, one per element type.
#include "differ/internal/walk.h"

namespace planview::differ::internal {

Diff DiffTuple(const Change& change, const std::vector<structured::Type>& element_types, Path& path) {
  if (!ExpectContainer(change, path, structured::Kind::kArray, "a tuple (an array)")) return Diff();
  std::vector<Diff> elements;
  Action current = change.DefaultActionForIteration();
  structured::SliceValue value = ChildSlice(change);
  for (size_t i = 0; i < element_types.size(); ++i) {
    int64_t index = static_cast<int64_t>(i);
    path.PushIndex(index, index);
    PathStep step(path);
    Change child = value.GetChild(index, index);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    elements.push_back(DiffType(child, element_types[i], path));
    if (path.failed()) return Diff();
    current = CompareActions(current, elements.back().action());
  }
  return Diff(change::renderers::List(std::move(elements)), current, change.replace_paths.Matches());
}

}  // namespace planview::differ::internal

// Matches attribute paths (replace_paths, relevant_attributes) while a diff walks a value.
//
// A matcher holds paths such as ["tags", "Name"] or ["list", 0]. Stepping into a child by
// key or index keeps the paths whose first step matches, minus that step. An empty
// remaining path means "this node matches"; with `propagate` it also matches every
// descendant. `Always()` matches everything (used when no filtering applies).
//
// The remaining paths of a node are indexed by their next step (sorted once when the node
// is made), so stepping into a child costs a binary search plus the paths it keeps: a walk
// over n children of a node holding n paths is n log n, not n x n. Copies share the index.
#ifndef PLANVIEW_STRUCTURED_PATH_MATCHER_H_
#define PLANVIEW_STRUCTURED_PATH_MATCHER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "structured/json_value.h"

namespace planview::structured {

class PathMatcher {
 public:
  // Matches nothing.
  PathMatcher() = default;
  static PathMatcher Always();
  static PathMatcher Empty(bool propagate) {
    PathMatcher m;
    m.propagate_ = propagate;
    return m;
  }
  // `paths` is a JSON array of paths (each an array of keys and indices); null or
  // anything that is not an array adds nothing. Elements that are not arrays are skipped.
  static PathMatcher FromPaths(Value paths, bool propagate);
  // The same from a list of paths (each an array of steps; other values are skipped).
  static PathMatcher FromPathList(const std::vector<Value>& paths, bool propagate);
  // Matches where `a` or `b` matches (both built with the same `propagate`, neither a
  // union itself). Shares both indexes: no path is copied.
  static PathMatcher Union(const PathMatcher& a, const PathMatcher& b);

  // True when some path ends here.
  bool Matches() const;
  // True when some path ends here or below.
  bool MatchesPartial() const;
  bool always() const { return always_; }
  bool propagate() const { return propagate_; }

  PathMatcher ChildWithKey(std::string_view key) const;
  PathMatcher ChildWithIndex(int64_t index) const;

 private:
  struct Level;
  static constexpr size_t kMaxLevels = 2;
  bool always_ = false;
  bool propagate_ = false;
  // A path ended at an ancestor and `propagate` carries it to this node.
  bool inherited_ = false;
  // The paths that reach this node, in at most two shared indexes (two after Union).
  std::array<std::shared_ptr<const Level>, kMaxLevels> levels_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_PATH_MATCHER_H_

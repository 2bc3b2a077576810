// Matches attribute paths (replace_paths, relevant_attributes) while a diff walks a value.
//
// A matcher holds paths such as ["tags", "Name"] or ["list", 0]. Stepping into a child by
// key or index keeps the paths whose first step matches, minus that step. An empty
// remaining path means "this node matches"; with `propagate` it also matches every
// descendant. `Always()` matches everything (used when no filtering applies).
#ifndef PLANVIEW_STRUCTURED_PATH_MATCHER_H_
#define PLANVIEW_STRUCTURED_PATH_MATCHER_H_

#include <cstddef>
#include <cstdint>
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

  // Adds one path (an array of steps).
  void AddPath(Value path);

  // True when some path ends here.
  bool Matches() const;
  // True when some path ends here or below.
  bool MatchesPartial() const { return always_ || !paths_.empty(); }
  bool always() const { return always_; }
  bool propagate() const { return propagate_; }

  PathMatcher ChildWithKey(std::string_view key) const;
  PathMatcher ChildWithIndex(int64_t index) const;

 private:
  struct Ref {
    Value path;
    uint32_t offset;  // steps before it are consumed
    bool done() const { return offset >= path.size(); }
  };
  bool always_ = false;
  bool propagate_ = false;
  std::vector<Ref> paths_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_PATH_MATCHER_H_

#include "structured/path_matcher.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace planview::structured {
namespace {

// A path with the number of its steps already consumed.
struct Ref {
  Value path;
  uint32_t offset;
  bool done() const { return offset >= path.size(); }
  Value step() const { return path.at(offset); }
};

// Upstream reads a path step as a float64 (or a string parsed as one) and truncates it;
// nullopt when the step can never equal an index.
std::optional<double> StepAsIndex(Value step) {
  if (!step.is_number() && !step.is_string()) return std::nullopt;
  std::string text(step.text());
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || std::isnan(d) || std::isinf(d)) return std::nullopt;
  return std::trunc(d);
}

}  // namespace

// The paths that reach one node, indexed by their next step.
struct PathMatcher::Level {
  bool ends_here = false;  // some path has no step left
  // Paths whose next step is a string, sorted by it.
  std::vector<std::pair<std::string_view, Ref>> by_key;
  // Paths whose next step reads as an index, sorted by its truncated value.
  std::vector<std::pair<double, Ref>> by_index;

  // Indexes `refs` (which are not empty); paths whose next step is neither kind still
  // count (they make the node a partial match) but lead nowhere.
  static std::shared_ptr<const Level> Make(const std::vector<Ref>& refs) {
    auto level = std::make_shared<Level>();
    for (const Ref& r : refs) {
      if (r.done()) {
        level->ends_here = true;
        continue;
      }
      Value step = r.step();
      if (step.is_string()) level->by_key.emplace_back(step.text(), r);
      if (std::optional<double> index = StepAsIndex(step)) level->by_index.emplace_back(*index, r);
    }
    auto by_first = [](const auto& a, const auto& b) { return a.first < b.first; };
    std::stable_sort(level->by_key.begin(), level->by_key.end(), by_first);
    std::stable_sort(level->by_index.begin(), level->by_index.end(), by_first);
    return level;
  }

  // A child of many paths is indexed once and shared by every walk that reaches it (many
  // drifted resources share the relevant attributes that name no resource); smaller ones
  // are cheaper to rebuild than to look up.
  static constexpr size_t kSharedChildPaths = 16;
  mutable std::mutex shared_mutex;
  mutable std::unordered_map<size_t, std::shared_ptr<const Level>> shared_by_key, shared_by_index;

  std::shared_ptr<const Level> ChildWithKey(std::string_view key) const {
    return Child(by_key, key, shared_by_key);
  }
  std::shared_ptr<const Level> ChildWithIndex(double index) const {
    return Child(by_index, index, shared_by_index);
  }

 private:
  // The next level's paths: those whose next step is `step`, minus that step.
  template <typename Entries, typename Step>
  std::shared_ptr<const Level> Child(const Entries& entries, const Step& step,
                                     std::unordered_map<size_t, std::shared_ptr<const Level>>& shared) const {
    auto range = std::equal_range(entries.begin(), entries.end(), typename Entries::value_type{step, Ref{}},
                                  [](const auto& a, const auto& b) { return a.first < b.first; });
    if (range.first == range.second) return nullptr;
    size_t count = static_cast<size_t>(range.second - range.first);
    auto make = [&] {
      std::vector<Ref> refs;
      refs.reserve(count);
      for (auto it = range.first; it != range.second; ++it) refs.push_back(Ref{it->second.path, it->second.offset + 1});
      return Make(refs);
    };
    if (count < kSharedChildPaths) return make();
    size_t slot = static_cast<size_t>(range.first - entries.begin());
    std::lock_guard<std::mutex> lock(shared_mutex);
    std::shared_ptr<const Level>& child = shared[slot];
    if (!child) child = make();
    return child;
  }
};

PathMatcher PathMatcher::Always() {
  PathMatcher m;
  m.always_ = true;
  return m;
}

PathMatcher PathMatcher::FromPaths(Value paths, bool propagate) {
  std::vector<Value> list;
  if (paths.is_array()) {
    list.reserve(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) list.push_back(paths.at(i));
  }
  return FromPathList(list, propagate);
}

PathMatcher PathMatcher::FromPathList(const std::vector<Value>& paths, bool propagate) {
  PathMatcher m = Empty(propagate);
  std::vector<Ref> refs;
  for (Value path : paths) {
    if (path.is_array()) refs.push_back(Ref{path, 0});
  }
  if (!refs.empty()) m.levels_[0] = Level::Make(refs);
  return m;
}

PathMatcher PathMatcher::Union(const PathMatcher& a, const PathMatcher& b) {
  if (a.always_ || !b.MatchesPartial()) return a;
  if (b.always_ || !a.MatchesPartial()) return b;
  PathMatcher m = Empty(a.propagate_);
  m.inherited_ = a.inherited_ || b.inherited_;
  m.levels_ = {a.levels_[0], b.levels_[0]};
  return m;
}

bool PathMatcher::Matches() const {
  if (always_ || inherited_) return true;
  for (const auto& level : levels_) {
    if (level && level->ends_here) return true;
  }
  return false;
}

bool PathMatcher::MatchesPartial() const {
  if (always_ || inherited_) return true;
  for (const auto& level : levels_) {
    if (level) return true;
  }
  return false;
}

PathMatcher PathMatcher::ChildWithKey(std::string_view key) const {
  if (always_) return *this;
  PathMatcher child = Empty(propagate_);
  child.inherited_ = propagate_ && Matches();
  for (size_t i = 0; i < kMaxLevels; ++i) {
    if (levels_[i]) child.levels_[i] = levels_[i]->ChildWithKey(key);
  }
  return child;
}

PathMatcher PathMatcher::ChildWithIndex(int64_t index) const {
  if (always_) return *this;
  PathMatcher child = Empty(propagate_);
  child.inherited_ = propagate_ && Matches();
  for (size_t i = 0; i < kMaxLevels; ++i) {
    if (levels_[i]) child.levels_[i] = levels_[i]->ChildWithIndex(static_cast<double>(index));
  }
  return child;
}

}  // namespace planview::structured

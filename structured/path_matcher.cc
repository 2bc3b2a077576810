#include "structured/path_matcher.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace planview::structured {
namespace {

// Upstream reads a path step as a float64 (or a string parsed as one) and truncates it.
bool StepIsIndex(Value step, int64_t index) {
  if (!step.is_number() && !step.is_string()) return false;
  std::string text(step.text());
  if (text.empty()) return false;
  char* end = nullptr;
  double d = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || std::isnan(d) || std::isinf(d)) return false;
  return std::trunc(d) == static_cast<double>(index);
}

}  // namespace

PathMatcher PathMatcher::Always() {
  PathMatcher m;
  m.always_ = true;
  return m;
}

PathMatcher PathMatcher::FromPaths(Value paths, bool propagate) {
  PathMatcher m;
  m.propagate_ = propagate;
  for (size_t i = 0; i < paths.size() && paths.is_array(); ++i) m.AddPath(paths.at(i));
  return m;
}

void PathMatcher::AddPath(Value path) {
  if (!path.is_array()) return;
  paths_.push_back(Ref{path, 0});
}

bool PathMatcher::Matches() const {
  if (always_) return true;
  for (const Ref& r : paths_) {
    if (r.done()) return true;
  }
  return false;
}

PathMatcher PathMatcher::ChildWithKey(std::string_view key) const {
  if (always_) return *this;
  PathMatcher child = Empty(propagate_);
  for (const Ref& r : paths_) {
    if (r.done()) {
      if (propagate_) child.paths_.push_back(r);
      continue;
    }
    Value step = r.path.at(r.offset);
    if (step.is_string() && step.text() == key) child.paths_.push_back(Ref{r.path, r.offset + 1});
  }
  return child;
}

PathMatcher PathMatcher::ChildWithIndex(int64_t index) const {
  if (always_) return *this;
  PathMatcher child = Empty(propagate_);
  for (const Ref& r : paths_) {
    if (r.done()) {
      if (propagate_) child.paths_.push_back(r);
      continue;
    }
    if (StepIsIndex(r.path.at(r.offset), index)) child.paths_.push_back(Ref{r.path, r.offset + 1});
  }
  return child;
}

}  // namespace planview::structured

// Where the differ is inside a change, for error messages: `.rule[2].port`, `.tags["Name"]`,
// and the walk's first error.
//
// Steps are attribute or block names (`.name`), map keys (always `["key"]`) and list, set
// or tuple elements. An element step remembers its index on both sides, because the
// differ pairs before element i with after element j; an error about one side names that
// side's index. Names are views: the schema and the change's documents outlive the walk.
#ifndef PLANVIEW_DIFFER_INTERNAL_PATH_H_
#define PLANVIEW_DIFFER_INTERNAL_PATH_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.h"
#include "change/profile.h"

namespace planview::differ::internal {

enum class Side { kBefore, kAfter };

// The walk's position, for error messages, and the profile of the renderer reproduced
// (change/profile.h), which every step of the walk may consult.
class Path {
 public:
  explicit Path(const change::Profile& profile = change::OpenTofuProfile()) : profile_(&profile) {}
  const change::Profile& profile() const { return *profile_; }

  void PushAttribute(std::string_view name) { steps_.push_back({Step::kAttribute, name, -1, -1}); }
  void PushKey(std::string_view key) { steps_.push_back({Step::kKey, key, -1, -1}); }
  // -1 for a side that has no element here.
  void PushIndex(int64_t before, int64_t after) { steps_.push_back({Step::kIndex, {}, before, after}); }
  void Pop() { steps_.pop_back(); }

  // The path as seen from `side`.
  std::string Format(Side side) const;

  // Inside a value sensitive as a whole, shapes are not checked: upstream renders such a
  // value as "(sensitive value)" whatever it holds (Terraform Cloud's redacted plans turn
  // sensitive values into strings of any type).
  void EnterSensitive() { ++sensitive_depth_; }
  void LeaveSensitive() { --sensitive_depth_; }
  bool in_sensitive() const { return sensitive_depth_ > 0; }

  // The walk's first error: "PATH: message" (just the message at the top), the path as
  // seen from `side`. Later ones are dropped: once one is recorded every walk function
  // returns at once, with an empty Diff, and the entry point reports it.
  void Fail(Side side, std::string_view message);
  bool failed() const { return error_.has_value(); }
  const std::optional<base::Error>& error() const { return error_; }

 private:
  struct Step {
    enum Kind { kAttribute, kKey, kIndex } kind;
    std::string_view name;
    int64_t before;
    int64_t after;
  };
  const change::Profile* profile_;
  std::vector<Step> steps_;
  int sensitive_depth_ = 0;
  std::optional<base::Error> error_;
};

// Pops the step its creator pushed when it goes out of scope.
class PathStep {
 public:
  explicit PathStep(Path& path) : path_(path) {}
  PathStep(const PathStep&) = delete;
  PathStep& operator=(const PathStep&) = delete;
  ~PathStep() { path_.Pop(); }

 private:
  Path& path_;
};

// Marks the walk as inside a sensitive value while it lives.
class SensitiveScope {
 public:
  explicit SensitiveScope(Path& path) : path_(path) { path_.EnterSensitive(); }
  SensitiveScope(const SensitiveScope&) = delete;
  SensitiveScope& operator=(const SensitiveScope&) = delete;
  ~SensitiveScope() { path_.LeaveSensitive(); }

 private:
  Path& path_;
};

}  // namespace planview::differ::internal

#endif  // PLANVIEW_DIFFER_INTERNAL_PATH_H_

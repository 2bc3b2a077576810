#include "differ/schema_mismatch.h"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "structured/json_path.h"

namespace planview::differ {
namespace {

using structured::Attribute;
using structured::Block;
using structured::Kind;
using structured::NestedType;
using structured::NestingMode;
using structured::Type;
using structured::Value;

// The entries of a schema's name-sorted map for keys asked mostly in increasing order (an
// object's members as OpenTofu writes them): one walk forward instead of a search per key.
// A key below the largest asked so far is searched for.
template <typename Map>
class SortedFinder {
 public:
  explicit SortedFinder(const Map& map) : map_(map), next_(map.begin()) {}

  const typename Map::mapped_type* Find(std::string_view key) {
    typename Map::const_iterator it;
    if (key < bound_) {
      it = map_.find(key);
    } else {
      while (next_ != map_.end() && std::string_view(next_->first) < key) ++next_;
      bound_ = key;
      it = next_;
    }
    return it != map_.end() && it->first == key ? &it->second : nullptr;
  }

 private:
  const Map& map_;
  typename Map::const_iterator next_;  // every entry before it is named below bound_
  std::string_view bound_;
};

// Walks one side's value against the schema; stops at the first mismatch.
class Checker {
 public:
  explicit Checker(std::string_view side) : side_(side) {}

  const std::optional<std::string>& found() const { return found_; }

  // Containers only: a primitive of another kind is the diff's own error. A container of
  // another kind renders as an empty one (differ/internal/walk.h, ExpectContainer).
  void CheckType(Value value, const Type& type) {
    if (found_ || value.is_null() || !IsContainer(type)) return;
    CheckContainer(value, type);
  }

  void CheckBlock(Value value, const Block& block) {
    SortedFinder attributes(block.attributes);
    SortedFinder block_types(block.block_types);
    CheckMembers(value, [&](std::string_view key, Value member) {
      if (const Attribute* a = attributes.Find(key)) {
        CheckAttribute(member, *a);
      } else if (const structured::BlockType* b = block_types.Find(key)) {
        CheckNested(member, b->nesting_mode, [&](Value v) { CheckBlock(v, *b->block); });
      } else {
        Report("is set, but the schema has no such attribute or block");
      }
    });
  }

 private:
  void CheckAttribute(Value value, const Attribute& attribute) {
    if (attribute.nested_type) {
      const NestedType& nested = *attribute.nested_type;
      CheckNested(value, nested.nesting_mode, [&](Value v) { CheckNestedObject(v, nested); });
    } else if (attribute.type) {
      CheckType(value, *attribute.type);
    }
  }

  void CheckNestedObject(Value value, const NestedType& nested) {
    SortedFinder attributes(nested.attributes);
    CheckMembers(value, [&](std::string_view key, Value member) {
      if (const Attribute* a = attributes.Find(key)) {
        CheckAttribute(member, *a);
      } else {
        Report("is set, but the schema has no such attribute");
      }
    });
  }

  // An object of a block or nested type: `member(key, value)` checks each of its members.
  template <typename Member>
  void CheckMembers(Value value, const Member& member) {
    if (found_ || value.is_null()) return;
    if (!value.is_object()) return Report(fmt::format("is {}, but the schema expects an object", Article(value)));
    for (size_t i = 0; i < value.size() && !found_; ++i) {
      structured::Member m = value.member(i);
      Keyed(m.key, [&] { member(m.key, m.value); });
    }
  }

  // A nested block or nested attribute type: one object, or a list, set or map of them.
  template <typename Element>
  void CheckNested(Value value, NestingMode mode, const Element& element) {
    if (found_ || value.is_null()) return;
    switch (mode) {
      case NestingMode::kSingle:
      case NestingMode::kGroup:
        return element(value);
      case NestingMode::kList:
      case NestingMode::kSet:
        if (!value.is_array()) return Report(fmt::format("is {}, but the schema expects an array", Article(value)));
        for (size_t i = 0; i < value.size() && !found_; ++i) Indexed(i, [&] { element(value.at(i)); });
        return;
      case NestingMode::kMap:
        if (!value.is_object()) return Report(fmt::format("is {}, but the schema expects an object", Article(value)));
        for (size_t i = 0; i < value.size() && !found_; ++i) {
          structured::Member m = value.member(i);
          Keyed(m.key, [&] { element(m.value); });
        }
        return;
    }
  }

  static bool IsContainer(const Type& type) {
    switch (type.kind()) {
      case Type::Kind::kObject:
      case Type::Kind::kTuple:
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kMap:
        return true;
      default:
        return false;
    }
  }

  void CheckContainer(Value value, const Type& type) {
    switch (type.kind()) {
      case Type::Kind::kObject:
        if (!value.is_object()) return Report(fmt::format("is {}, but the schema expects an object", Article(value)));
        for (size_t i = 0; i < value.size() && !found_; ++i) {
          structured::Member m = value.member(i);
          Keyed(m.key, [&] {
            if (const Type* t = type.attribute(m.key)) {
              CheckType(m.value, *t);
            } else {
              Report("is set, but the object type has no such attribute");
            }
          });
        }
        return;
      case Type::Kind::kTuple:
        if (!value.is_array()) return Report(fmt::format("is {}, but the schema expects a tuple (an array)", Article(value)));
        if (value.size() != type.elements().size()) {
          return Report(fmt::format("has {} elements, but the schema's tuple has {}", value.size(),
                                    type.elements().size()));
        }
        for (size_t i = 0; i < value.size() && !found_; ++i) Indexed(i, [&] { CheckType(value.at(i), type.elements()[i]); });
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
        if (!value.is_array()) {
          return Report(fmt::format("is {}, but the schema expects {}", Article(value),
                                    type.kind() == Type::Kind::kList ? "a list (an array)" : "a set (an array)"));
        }
        if (!IsContainer(type.element())) return;
        for (size_t i = 0; i < value.size() && !found_; ++i) Indexed(i, [&] { CheckType(value.at(i), type.element()); });
        return;
      case Type::Kind::kMap:
        if (!value.is_object()) return Report(fmt::format("is {}, but the schema expects a map (an object)", Article(value)));
        if (!IsContainer(type.element())) return;
        for (size_t i = 0; i < value.size() && !found_; ++i) {
          structured::Member m = value.member(i);
          Keyed(m.key, [&] { CheckType(m.value, type.element()); });
        }
        return;
      default:
        return;
    }
  }

  // The path is kept as steps and only written out for a report.
  struct Step {
    bool is_index;
    std::string_view key;
    size_t index;
  };
  template <typename Run>
  void Keyed(std::string_view key, const Run& run) {
    steps_.push_back({false, key, 0});
    run();
    steps_.pop_back();
  }
  template <typename Run>
  void Indexed(size_t index, const Run& run) {
    steps_.push_back({true, {}, index});
    run();
    steps_.pop_back();
  }

  static std::string Article(Value value) {
    Kind kind = value.kind();
    return fmt::format("{} {}", kind == Kind::kArray || kind == Kind::kObject ? "an" : "a", structured::KindName(kind));
  }

  void Report(std::string_view what) {
    if (found_) return;
    std::string path;
    for (const Step& step : steps_) {
      if (step.is_index) {
        path += fmt::format("[{}]", step.index);
      } else {
        structured::AppendKeyStep(path, step.key);
      }
    }
    found_ = path.empty() ? fmt::format("the {} value {}", side_, what)
                          : fmt::format("{}: the {} value {}", path, side_, what);
  }

  std::string_view side_;
  std::vector<Step> steps_;
  std::optional<std::string> found_;
};

}  // namespace

namespace {

// The first mismatch of the before value, else of the after value, `check(checker, side)`
// walking one side.
template <typename Check>
std::optional<std::string> FindInSides(const structured::Change& change, const Check& check) {
  Checker before("before");
  check(before, change.before);
  if (before.found()) return before.found();
  // The same node on both sides (a state's values): no mismatch in one, none in the other.
  if (change.after.IsSameNode(change.before)) {
    return std::nullopt;
  }
  Checker after("after");
  check(after, change.after);
  return after.found();
}

}  // namespace

std::optional<std::string> FindSchemaMismatch(const structured::Change& change, const structured::Block& block) {
  return FindInSides(change, [&](Checker& checker, Value value) { checker.CheckBlock(value, block); });
}

std::optional<std::string> FindTypeMismatch(const structured::Change& change, const structured::Type& type) {
  return FindInSides(change, [&](Checker& checker, Value value) { checker.CheckType(value, type); });
}

}  // namespace planview::differ

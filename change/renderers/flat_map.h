// A small map from string keys to values, kept as one vector sorted by key.
//
// Contract: the subset of std::map<std::string, V, std::less<>> the diff trees use
// (emplace, operator[], find, ordered iteration over pair<string, V>), with the same
// results: iteration in bytewise key order, emplace keeps the existing value for a key it
// already holds. Keys mostly arrive in order (schemas and JSON objects are sorted), so an
// insert is usually an append: no node per entry as in a tree. The entries live in the
// thread's diff arena while the differ builds a tree (change/diff_arena.h).
#ifndef PLANVIEW_CHANGE_RENDERERS_FLAT_MAP_H_
#define PLANVIEW_CHANGE_RENDERERS_FLAT_MAP_H_

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "change/diff_arena.h"

namespace planview::change::renderers {

template <typename V>
class FlatMap {
 public:
  using value_type = std::pair<std::string, V>;
  using Entries = std::vector<value_type, ArenaAllocator<value_type>>;
  using iterator = typename Entries::iterator;
  using const_iterator = typename Entries::const_iterator;

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  void reserve(size_t n) { entries_.reserve(n); }

  iterator find(std::string_view key) {
    iterator at = LowerBound(key);
    return at != entries_.end() && at->first == key ? at : entries_.end();
  }
  const_iterator find(std::string_view key) const {
    auto at = std::lower_bound(entries_.begin(), entries_.end(), key, KeyBelow);
    return at != entries_.end() && at->first == key ? at : entries_.end();
  }
  bool contains(std::string_view key) const { return find(key) != end(); }

  // Adds `key` with a value made from `args` unless the key is there already.
  template <typename... Args>
  std::pair<iterator, bool> emplace(std::string_view key, Args&&... args) {
    iterator at = LowerBound(key);
    if (at != entries_.end() && at->first == key) return {at, false};
    at = entries_.emplace(at, std::piecewise_construct, std::forward_as_tuple(key),
                          std::forward_as_tuple(std::forward<Args>(args)...));
    return {at, true};
  }

  V& operator[](std::string_view key) { return emplace(key).first->second; }

 private:
  static bool KeyBelow(const value_type& entry, std::string_view key) { return entry.first < key; }

  // Where `key` is or would go; checks the end first, where sorted input lands.
  iterator LowerBound(std::string_view key) {
    if (entries_.empty() || entries_.back().first < key) return entries_.end();
    return std::lower_bound(entries_.begin(), entries_.end(), key, KeyBelow);
  }

  Entries entries_;
};

}  // namespace planview::change::renderers

#endif  // PLANVIEW_CHANGE_RENDERERS_FLAT_MAP_H_

#include "structured/json_value.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace planview::structured {
namespace {

// Objects with more members than this get a key-sorted index for lookups.
constexpr uint32_t kIndexedObjectSize = internal::kIndexedObjectSize;
// The index word of a large object whose members are already in key order (as Go
// writes maps and cty objects); otherwise the index is the sorted member order.
constexpr uint32_t kAlreadySorted = internal::kAlreadySortedIndex;

using internal::LengthOf;
using internal::TagOf;
}  // namespace


std::string_view KindName(Kind kind) {
  switch (kind) {
    case Kind::kNull: return "null";
    case Kind::kBool: return "bool";
    case Kind::kNumber: return "number";
    case Kind::kString: return "string";
    case Kind::kArray: return "array";
    case Kind::kObject: return "object";
  }
  return "unknown";
}

Value Value::find(std::string_view key) const {
  if (doc_ == nullptr) return {};
  uint32_t h = head();
  if (TagOf(h) != internal::kTagObject) return {};
  uint32_t count = LengthOf(h);
  const uint32_t* words = doc_->words_.get();
  uint32_t first = data();
  if (count > kIndexedObjectSize) {
    // The index lists every member; equal keys sit together in parse order.
    auto key_of = [&](uint32_t m) { return doc_->KeyAt(words[first + 3 * m]); };
    const uint32_t* order = words + first + 3 * count;
    if (*order == kAlreadySorted) {
      uint32_t lo = 0, hi = count;  // first member with a key > `key`
      while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (key < key_of(mid)) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      if (lo > 0 && key_of(lo - 1) == key) return Value(doc_, first + 3 * (lo - 1) + 1);
      return {};
    }
    const uint32_t* hit = std::upper_bound(order, order + count, key,
                                           [&](std::string_view k, uint32_t m) { return k < key_of(m); });
    if (hit != order && key_of(*(hit - 1)) == key) return Value(doc_, first + 3 * *(hit - 1) + 1);
    return {};
  }
  // Keys compared in place (a source key has no '"' and ends at one): this loop is the
  // differ's hottest (every attribute of every block looks itself up in five objects).
  // Whether `key` has a '"' (then no key in the source is it): asked at the first member
  // that matches it otherwise, as most lookups (of absent keys) never get there.
  enum { kUnasked, kNoQuote, kQuote } quote = kUnasked;
  const char* source = doc_->source_.data();
  const size_t source_size = doc_->source_.size();
  for (uint32_t i = count; i-- > 0;) {
    uint32_t offset = words[first + 3 * i];
    if (offset < source_size) {
      if (key.size() >= source_size - offset) continue;
      const char* start = source + offset;
      if (start[key.size()] != '"') continue;
      if (key.empty() || (start[0] == key[0] && std::memcmp(start, key.data(), key.size()) == 0)) {
        if (quote == kUnasked) quote = key.find('"') == std::string_view::npos ? kNoQuote : kQuote;
        if (quote == kQuote) continue;
        return Value(doc_, first + 3 * i + 1);
      }
    } else if (doc_->KeyAt(offset) == key) {
      return Value(doc_, first + 3 * i + 1);
    }
  }
  return {};
}

std::vector<uint32_t> Value::SortedMemberIndices() const {
  std::vector<uint32_t> order;
  size_t count = is_object() ? size() : 0;
  if (count == 0) return order;
  const uint32_t* words = doc_->words_.get();
  uint32_t first = data();
  auto key_of = [&](uint32_t m) { return doc_->KeyAt(words[first + 3 * m]); };
  if (count > kIndexedObjectSize && words[first + 3 * count] == kAlreadySorted) {
    order.resize(count);
    for (uint32_t i = 0; i < count; ++i) order[i] = i;
  } else if (count > kIndexedObjectSize) {
    order.assign(words + first + 3 * count, words + first + 4 * count);
  } else {
    order.resize(count);
    for (uint32_t i = 0; i < count; ++i) order[i] = i;
    if (KeysIncrease()) return order;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key_of(a) < key_of(b); });
  }
  // Keep only the last of equal keys.
  size_t kept = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() && key_of(order[i]) == key_of(order[i + 1])) continue;
    order[kept++] = order[i];
  }
  order.resize(kept);
  return order;
}

bool Value::Equals(const Value& other) const {
  // One node of one (immutable) document: equal without a look inside (a state's values
  // are diffed against themselves).
  if (doc_ == other.doc_ && index_ == other.index_) return true;
  Kind k = kind();
  if (k != other.kind()) return false;
  switch (k) {
    case Kind::kNull: return true;
    case Kind::kBool: return as_bool() == other.as_bool();
    case Kind::kNumber:
    case Kind::kString: return text() == other.text();
    case Kind::kArray: {
      size_t n = size();
      if (n != other.size()) return false;
      for (size_t i = 0; i < n; ++i) {
        if (!at(i).Equals(other.at(i))) return false;
      }
      return true;
    }
    case Kind::kObject: {
      if (KeysIncrease() && other.KeysIncrease()) {
        // Both in key order without repeats: member by member.
        size_t n = size();
        if (n != other.size()) return false;
        for (size_t i = 0; i < n; ++i) {
          Member a = member(i);
          Member b = other.member(i);
          if (a.key != b.key || !a.value.Equals(b.value)) return false;
        }
        return true;
      }
      std::vector<uint32_t> mine = SortedMemberIndices();
      std::vector<uint32_t> theirs = other.SortedMemberIndices();
      if (mine.size() != theirs.size()) return false;
      for (size_t i = 0; i < mine.size(); ++i) {
        Member a = member(mine[i]);
        Member b = other.member(theirs[i]);
        if (a.key != b.key || !a.value.Equals(b.value)) return false;
      }
      return true;
    }
  }
  return false;
}

std::string_view Document::KeyAt(uint32_t offset) const {
  if (offset < source_.size()) {
    const char* start = source_.data() + offset;
    const void* quote = std::memchr(start, '"', source_.size() - offset);
    size_t length = quote != nullptr ? static_cast<size_t>(static_cast<const char*>(quote) - start)
                                     : source_.size() - offset;
    return std::string_view(start, length);
  }
  size_t at = offset - source_.size();
  uint32_t length;
  std::memcpy(&length, arena_.data() + at - sizeof length, sizeof length);
  return std::string_view(arena_).substr(at, length);
}

void Document::FreeWords::operator()(uint32_t* words) const { std::free(words); }

Value Document::root() const {
  if (word_count_ == 0) return {};
  return Value(this, root_);
}

size_t Document::MemoryUsage() const {
  // The arena's text (its capacity may be reserved address space that was never used).
  return source_.size() + arena_.size() + word_capacity_ * sizeof(uint32_t);
}

namespace {

int Sign(int c) { return (c > 0) - (c < 0); }

// Compares two keys in the source.
int CompareSourceKeys(const char* a, const char* b) {
  for (size_t i = 0;; ++i) {
    unsigned char x = static_cast<unsigned char>(a[i]);
    unsigned char y = static_cast<unsigned char>(b[i]);
    if (x == '"' || y == '"') return (y == '"') - (x == '"');
    if (x != y) return x < y ? -1 : 1;
  }
}

}  // namespace

bool Value::KeysIncrease() const {
  if (!is_object()) return false;
  uint32_t count = LengthOf(head());
  const uint32_t* words = doc_->words_.get();
  uint32_t first = data();
  const char* source = doc_->source_.data();
  const size_t source_size = doc_->source_.size();
  for (uint32_t i = 1; i < count; ++i) {
    uint32_t a = words[first + 3 * (i - 1)];
    uint32_t b = words[first + 3 * i];
    int order = a < source_size && b < source_size ? CompareSourceKeys(source + a, source + b)
                                                   : Sign(doc_->KeyAt(a).compare(doc_->KeyAt(b)));
    if (order >= 0) return false;
  }
  return true;
}

}  // namespace planview::structured

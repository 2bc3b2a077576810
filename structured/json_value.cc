#include "structured/json_value.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace planview::structured {
namespace {
using internal::Tag;

// Objects with more members than this get a key-sorted index for lookups.
constexpr uint32_t kIndexedObjectSize = internal::kIndexedObjectSize;
// The index word of a large object whose members are already in key order (as Go
// writes maps and cty objects); otherwise the index is the sorted member order.
constexpr uint32_t kAlreadySorted = internal::kAlreadySortedIndex;

using internal::LengthOf;
using internal::TagOf;
}  // namespace

namespace internal {

WordBuffer::~WordBuffer() { std::free(data_); }

void WordBuffer::Reserve(size_t words) {
  if (words <= capacity_) return;
  void* grown = std::realloc(data_, words * sizeof(uint32_t));
  if (grown == nullptr) throw std::bad_alloc();
  data_ = static_cast<uint32_t*>(grown);
  capacity_ = words;
#if defined(MADV_HUGEPAGE)
  // Large buffers fill front to back: huge pages save most of the page faults.
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data_) + kHuge - 1) & ~(kHuge - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data_) + words * sizeof(uint32_t)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

void WordBuffer::Grow(size_t more) { Reserve(std::max(size_ + more, capacity_ + capacity_ / 2 + 64)); }

void WordBuffer::Append(const uint32_t* words, size_t count) {
  if (size_ + count > capacity_) Grow(count);
  if (count > 0) std::memcpy(data_ + size_, words, count * sizeof(uint32_t));
  size_ += count;
}

void WordBuffer::ShrinkToFit() {
  if (size_ == capacity_) return;
  if (size_ == 0) {
    std::free(data_);
    data_ = nullptr;
    capacity_ = 0;
    return;
  }
  // Shrinking a large block in place releases its tail without copying.
  void* shrunk = std::realloc(data_, size_ * sizeof(uint32_t));
  if (shrunk == nullptr) return;
  data_ = static_cast<uint32_t*>(shrunk);
  capacity_ = size_;
}

}  // namespace internal

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
  const uint32_t* words = doc_->words_.data();
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
  bool has_quote = key.find('"') != std::string_view::npos;
  const char* source = doc_->source_.data();
  const size_t source_size = doc_->source_.size();
  for (uint32_t i = count; i-- > 0;) {
    uint32_t offset = words[first + 3 * i];
    if (offset < source_size) {
      if (has_quote || key.size() >= source_size - offset) continue;
      const char* start = source + offset;
      if (start[key.size()] != '"') continue;
      if (key.empty() || (start[0] == key[0] && std::memcmp(start, key.data(), key.size()) == 0)) {
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
  const uint32_t* words = doc_->words_.data();
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

Value Document::root() const {
  if (words_.size() == 0) return {};
  return Value(this, root_);
}

size_t Document::MemoryUsage() const {
  // An empty arena is the string's inline buffer, part of the Document itself.
  return source_.size() + (arena_.empty() ? 0 : arena_.capacity()) + words_.capacity() * sizeof(uint32_t);
}

DocumentBuilder::DocumentBuilder() : doc_(std::make_shared<Document>(Document::Passkey())) {}

DocumentBuilder::DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner)
    : doc_(std::make_shared<Document>(Document::Passkey())) {
  doc_->source_ = source;
  doc_->owned_source_ = std::move(owner);
}

void DocumentBuilder::TooLarge(size_t length) {
  if (length > internal::kMaxLength) throw std::length_error("string longer than 512 MiB");
  throw std::length_error("JSON document too large for planview (4 GiB of text at most)");
}

uint32_t DocumentBuilder::ArenaText(std::string_view text) {
  size_t offset = doc_->source_.size() + doc_->arena_.size();
  if (text.size() > internal::kMaxLength || offset + text.size() > UINT32_MAX) {
    throw std::length_error("JSON document too large for planview (4 GiB of text at most)");
  }
  doc_->arena_.append(text);
  return static_cast<uint32_t>(offset);
}

void DocumentBuilder::Reserve(size_t values) {
  // At most three words per value (object members).
  doc_->words_.Reserve(3 * values + 2);
}

void DocumentBuilder::Number(std::string_view text) {
  uint32_t offset = ArenaText(text);
  Push(internal::kTagNumber, static_cast<uint32_t>(text.size()), offset);
}

void DocumentBuilder::String(std::string_view text) {
  uint32_t offset = ArenaText(text);
  Push(internal::kTagString, static_cast<uint32_t>(text.size()), offset);
}

void DocumentBuilder::Key(std::string_view key) { Key(StoreKey(key)); }

DocumentBuilder::KeyId DocumentBuilder::StoreKey(std::string_view key) {
  if (key.size() > internal::kMaxLength) throw std::length_error("JSON object key longer than 512 MiB");
  uint32_t length = static_cast<uint32_t>(key.size());
  char prefix[sizeof length];
  std::memcpy(prefix, &length, sizeof length);
  ArenaText(std::string_view(prefix, sizeof prefix));
  return static_cast<KeyId>(ArenaText(key));
}

void DocumentBuilder::SourceKey(size_t offset, size_t length) {
  std::string_view source = doc_->source_;
  bool in_place = offset + length < source.size() && source[offset + length] == '"';
  for (size_t i = 0; in_place && i < length; ++i) in_place = source[offset + i] != '"';
  if (!in_place) {
    Key(source.substr(offset, length));
    return;
  }
  if (length > internal::kMaxLength) throw std::length_error("JSON object key longer than 512 MiB");
  pending_.Push(static_cast<uint32_t>(offset));
}

DocumentBuilder::Placement DocumentBuilder::EndKeeping(std::span<const uint32_t> order, bool object) {
  size_t first = open_.back();
  size_t width = object ? 3 : 2;
  size_t count = (pending_.size() - first) / width;
  std::vector<uint32_t>& kept = keep_scratch_;
  kept.clear();
  for (uint32_t position : order) {
    if (position >= count) throw std::logic_error("DocumentBuilder: kept child position out of range");
    const uint32_t* words = pending_.data() + first + width * position;
    kept.insert(kept.end(), words, words + width);
  }
  pending_.Truncate(first);
  pending_.Append(kept.data(), kept.size());
  return End(object ? internal::kTagObject : internal::kTagArray);
}

DocumentBuilder::Placement DocumentBuilder::Close(bool object) {
  size_t first = open_.back();
  open_.pop_back();
  size_t words = pending_.size() - first;
  size_t count = object ? words / 3 : words / 2;
  internal::WordBuffer& out = doc_->words_;
  bool indexed = object && count > kIndexedObjectSize;
  if (out.size() + words + (indexed ? count : 0) + 2 > UINT32_MAX) {
    throw std::length_error("JSON document has too many values");
  }
  if (count > internal::kMaxLength) throw std::length_error("JSON container has too many elements");
  uint32_t start = static_cast<uint32_t>(out.size());
  if (words <= 24) {
    // Most containers are small: a plain loop beats a memcpy call.
    uint32_t* to = out.Extend(words);
    const uint32_t* from = pending_.data() + first;
    for (size_t i = 0; i < words; ++i) to[i] = from[i];
  } else {
    out.Append(pending_.data() + first, words);
  }
  pending_.Truncate(first);
  if (indexed) {
    // Member order by key, for binary search; stable, so equal keys stay in parse order.
    std::vector<std::pair<std::string_view, uint32_t>>& keys = sort_scratch_;
    keys.resize(count);
    const uint32_t* members = out.data() + start;
    bool sorted = true;
    for (uint32_t i = 0; i < count; ++i) {
      keys[i] = {doc_->KeyAt(members[3 * i]), i};
      sorted = sorted && (i == 0 || !(keys[i].first < keys[i - 1].first));
    }
    if (sorted) {
      out.Push(kAlreadySorted);
    } else {
      std::sort(keys.begin(), keys.end());  // ties broken by member index: stable
      for (uint32_t i = 0; i < count; ++i) out.Push(keys[i].second);
    }
  }
  Push(object ? internal::kTagObject : internal::kTagArray, static_cast<uint32_t>(count), start);
  return Placement{object ? start + 1 : start, object ? 3u : 2u};
}

void DocumentBuilder::TooMany() { throw std::length_error("JSON document has too many values"); }

std::pair<uint32_t, uint32_t> DocumentBuilder::StoreIntegerText(int64_t value) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, value);
  uint32_t length = static_cast<uint32_t>(res.ptr - buf);
  uint32_t offset = ArenaText(std::string_view(buf, length));
  if (integers_ == nullptr) integers_ = std::make_unique<CachedInteger[]>(size_t{1} << kIntegerCacheBits);
  integers_[IntegerSlot(value)] = CachedInteger{value, offset, length};
  return {offset, length};
}

std::shared_ptr<const Document> DocumentBuilder::FinishAt(uint32_t root) {
  if (!open_.empty() || pending_.size() != 0 || static_cast<size_t>(root) + 2 > doc_->words_.size()) {
    throw std::logic_error("DocumentBuilder::FinishAt needs a complete document written in place");
  }
  doc_->root_ = root;
  doc_->words_.ShrinkToFit();
  std::shared_ptr<const Document> done = std::move(doc_);
  doc_ = std::make_shared<Document>(Document::Passkey());
  integers_.reset();
  return done;
}

DocumentBuilder::Size DocumentBuilder::size() const { return Size{doc_->words_.size(), doc_->arena_.size()}; }

void DocumentBuilder::Rewind(Size size) {
  if (!open_.empty() || pending_.size() != 0 || size.words > doc_->words_.size() ||
      size.text > doc_->arena_.size()) {
    throw std::logic_error("DocumentBuilder::Rewind needs a builder writing in place, and a size it had");
  }
  doc_->words_.Truncate(size.words);
  doc_->arena_.resize(size.text);
  integers_.reset();
}

DocumentBuilder::Grafted DocumentBuilder::Graft(DocumentBuilder& part, size_t slots, size_t first_slot, size_t count,
                                                uint32_t to) {
  Document& from = *part.doc_;
  Document& into = *doc_;
  if (from.source_.data() != into.source_.data() || from.source_.size() != into.source_.size() ||
      !part.open_.empty() || part.pending_.size() != 0 || first_slot > slots || count > slots - first_slot ||
      2 * slots > from.words_.size() || static_cast<size_t>(to) + 2 * count > into.words_.size()) {
    throw std::logic_error("DocumentBuilder::Graft needs a part written in place over the same source");
  }
  size_t rest = from.words_.size() - 2 * slots;  // the part's words after its slots
  if (into.words_.size() + rest > UINT32_MAX ||
      into.source_.size() + into.arena_.size() + from.arena_.size() > UINT32_MAX) {
    throw std::length_error("JSON document too large for planview (4 GiB of text at most)");
  }
  Grafted g;
  g.slots_begin = static_cast<uint32_t>(2 * first_slot);
  g.region_end = static_cast<uint32_t>(2 * slots);
  g.to = to;
  g.shift = static_cast<uint32_t>(into.words_.size()) - g.region_end;
  uint32_t text_shift = static_cast<uint32_t>(into.arena_.size());
  uint32_t source_size = static_cast<uint32_t>(into.source_.size());
  into.arena_.append(from.arena_);
  if (rest != 0) into.words_.Extend(rest);
  const uint32_t* src = from.words_.data();
  uint32_t* w = into.words_.data();

  // Every value is reached once from the moved slots, depth first in child order (so
  // front to back in both buffers: containers' children were reserved in that order).
  // The current run of values: where the next value (or member key) is read and written,
  // how many are left, and the stride (2: array elements; 3: object members, key first);
  // the runs of the containers above it wait on a stack.
  struct Run {
    const uint32_t* in;
    uint32_t* out;
    uint32_t left;
    uint32_t stride;
  };
  std::vector<Run> above;
  Run run{src + g.slots_begin, w + to, static_cast<uint32_t>(count), 2};
  for (;;) {
    if (run.left == 0) {
      if (above.empty()) break;
      run = above.back();
      above.pop_back();
      continue;
    }
    --run.left;
    const uint32_t* v = run.in;
    uint32_t* o = run.out;
    run.in += run.stride;
    run.out += run.stride;
    if (run.stride == 3) {
      uint32_t key = v[0];
      o[0] = key + (key >= source_size ? text_shift : 0);
      ++v;
      ++o;
    }
    uint32_t head = v[0];
    uint32_t data = v[1];
    internal::Tag tag = internal::TagOf(head);
    o[0] = head;
    if (tag < internal::kTagArray) {
      bool text = tag >= internal::kTagNumber && data >= source_size;
      o[1] = data + (text ? text_shift : 0);
      continue;
    }
    uint32_t length = internal::LengthOf(head);
    o[1] = g.Index(data);
    if (length == 0) continue;
    if (tag == internal::kTagObject && length > internal::kIndexedObjectSize) {
      // The key index after the members: member positions, or one word.
      uint32_t index = data + 3 * length;
      size_t words = src[index] == internal::kAlreadySortedIndex ? 1 : length;
      std::memcpy(w + g.Index(index), src + index, words * sizeof(uint32_t));
    }
    above.push_back(run);
    run = Run{src + data, w + g.Index(data), length, tag == internal::kTagArray ? 2u : 3u};
  }
  part.doc_ = std::make_shared<Document>(Document::Passkey());
  part.doc_->source_ = into.source_;
  part.doc_->owned_source_ = into.owned_source_;
  part.integers_.reset();
  return g;
}

std::shared_ptr<const Document> DocumentBuilder::Finish() {
  if (!open_.empty() || pending_.size() != 2) {
    throw std::logic_error("DocumentBuilder::Finish needs exactly one complete top-level value");
  }
  internal::WordBuffer& out = doc_->words_;
  doc_->root_ = static_cast<uint32_t>(out.size());
  out.Append(pending_.data(), 2);
  out.ShrinkToFit();
  pending_.Clear();
  std::shared_ptr<const Document> done = std::move(doc_);
  doc_ = std::make_shared<Document>(Document::Passkey());
  integers_.reset();
  return done;
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
  const uint32_t* words = doc_->words_.data();
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

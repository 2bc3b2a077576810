// A compact, immutable JSON document for plan values.
//
// Contract:
// - Numbers keep their exact text ("1.50", "123456789012345678901234567890", "1e3").
// - Object members keep the order they were parsed in; `SortedMemberIndices()` gives them by key.
// - Strings are views into the source text wherever possible (escaped ones are unescaped
//   in place by the parser); nothing is copied.
// - A value takes 8 bytes, plus 4 for its key when it is an object member; children of a
//   container are contiguous, so element access is O(1) and key lookup is a scan (small
//   objects) or a binary search (large ones).
// - A `Value` is a cheap handle (document pointer + node index). A default `Value` is
//   "absent"; absent and JSON null both answer `is_null()`, the way a Go nil does upstream.
// - Documents are immutable after building and safe to read from several threads.
#ifndef PLANVIEW_STRUCTURED_JSON_VALUE_H_
#define PLANVIEW_STRUCTURED_JSON_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planview::structured {

enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

std::string_view KindName(Kind kind);

class Document;
class Value;

namespace internal {
enum Tag : uint32_t {
  kTagNull = 0,
  kTagFalse = 1,
  kTagTrue = 2,
  kTagNumber = 3,
  kTagString = 4,
  kTagArray = 5,
  kTagObject = 6,
};
inline constexpr uint32_t kTagBits = 3;
inline constexpr uint32_t kMaxLength = (uint32_t{1} << (32 - kTagBits)) - 1;
constexpr Tag TagOf(uint32_t head) { return static_cast<Tag>(head & ((1u << kTagBits) - 1)); }
constexpr uint32_t LengthOf(uint32_t head) { return head >> kTagBits; }
// Objects with more members than this are followed by a key index (see Document), which
// is this one word when the members are in key order already.
inline constexpr uint32_t kIndexedObjectSize = 16;
inline constexpr uint32_t kAlreadySortedIndex = UINT32_MAX;

// Growable uint32_t storage that grows with realloc: big buffers are moved by the kernel
// (mremap) instead of being copied, so growing never holds two copies.
class WordBuffer {
 public:
  WordBuffer() = default;
  WordBuffer(const WordBuffer&) = delete;
  WordBuffer& operator=(const WordBuffer&) = delete;
  WordBuffer(WordBuffer&& other) noexcept { Swap(other); }
  WordBuffer& operator=(WordBuffer&& other) noexcept {
    WordBuffer gone(std::move(other));
    Swap(gone);
    return *this;
  }
  ~WordBuffer();

  const uint32_t* data() const { return data_; }
  uint32_t* data() { return data_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  void Reserve(size_t words);
  void Append(const uint32_t* words, size_t count);
  void Push(uint32_t word) {
    if (size_ == capacity_) Grow(1);
    data_[size_++] = word;
  }
  void Push(uint32_t first, uint32_t second) {
    if (size_ + 2 > capacity_) Grow(2);
    data_[size_] = first;
    data_[size_ + 1] = second;
    size_ += 2;
  }
  // Grows by `count` words and returns where they start, for the caller to fill.
  uint32_t* Extend(size_t count) {
    if (size_ + count > capacity_) Grow(count);
    uint32_t* at = data_ + size_;
    size_ += count;
    return at;
  }
  // Drops the words from `size` on.
  void Truncate(size_t size) { size_ = size < size_ ? size : size_; }
  void Clear() { size_ = 0; }
  void ShrinkToFit();

 private:
  void Grow(size_t more);
  void Swap(WordBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  uint32_t* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};
}  // namespace internal

struct Member;

class Value {
 public:
  Value() = default;

  // True when this handle refers to no node at all (a missing key, an index past the end).
  bool absent() const { return doc_ == nullptr; }
  // Absent or JSON null.
  bool is_null() const { return doc_ == nullptr || tag() == internal::kTagNull; }
  Kind kind() const;
  bool is_bool() const { return kind() == Kind::kBool; }
  bool is_number() const { return kind() == Kind::kNumber; }
  bool is_string() const { return kind() == Kind::kString; }
  bool is_array() const { return kind() == Kind::kArray; }
  bool is_object() const { return kind() == Kind::kObject; }

  // Booleans: the value; anything else is false.
  bool as_bool() const { return doc_ != nullptr && tag() == internal::kTagTrue; }
  // True only for the JSON literal `true` (upstream's "whole value is sensitive/unknown").
  bool is_true() const { return as_bool(); }
  // Numbers: the exact source text. Strings: the unescaped text. Empty otherwise.
  std::string_view text() const;

  // Arrays: element count. Objects: member count. 0 otherwise.
  size_t size() const;
  bool empty() const { return size() == 0; }
  // Arrays: element i, absent when out of range or not an array.
  Value at(size_t index) const;
  // Objects: member i in parse order.
  Member member(size_t index) const;
  // Objects: the value under `key`, absent when missing or not an object. Duplicate keys:
  // the last one wins, as Go's encoding/json does.
  Value find(std::string_view key) const;
  // Objects: member indices ordered by key (bytewise), duplicates keep the last one only.
  std::vector<uint32_t> SortedMemberIndices() const;
  // Objects: true when the member keys strictly increase (bytewise), so member order is
  // key order and no key repeats, as in every object OpenTofu writes. False otherwise.
  bool KeysIncrease() const;


  // Deep structural equality; numbers compare by exact text, objects ignore member order.
  bool Equals(const Value& other) const;

  const Document* document() const { return doc_; }
  // Unique within the document (a position in its node storage).
  uint32_t index() const { return index_; }

 private:
  friend class Document;
  Value(const Document* doc, uint32_t index) : doc_(doc), index_(index) {}
  internal::Tag tag() const;
  uint32_t head() const;
  uint32_t data() const;

  const Document* doc_ = nullptr;
  uint32_t index_ = 0;
};

struct Member {
  std::string_view key;
  Value value;
};

class Document {
  struct Passkey {
    explicit Passkey() = default;
  };

 public:
  // Only DocumentBuilder makes documents.
  explicit Document(Passkey) {}
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  Value root() const;
  // Bytes held: source text, own arena and nodes.
  size_t MemoryUsage() const;

 private:
  friend class Value;
  friend class DocumentBuilder;

  // Layout of words_: a value is two words, head (tag in the low bits, length above:
  // bytes for text, elements or members for containers) and data (text offset, or the
  // word index of the first child). An array's elements are consecutive 2-word values;
  // an object's members are consecutive 3-word [key, head, data] triples, where key is
  // a key text offset. Objects with more than 16 members are followed by their member
  // indices sorted by key, or by one word UINT32_MAX when they are in key order already.
  // Text offsets below source_.size() point into the source, others into arena_ (after
  // the source). A key in the source ends at the next '"'; a key in the arena is
  // preceded by its length (4 bytes).
  std::string_view TextAt(uint32_t offset, uint32_t length) const {
    if (offset >= source_.size()) return std::string_view(arena_).substr(offset - source_.size(), length);
    return source_.substr(offset, length);
  }
  std::string_view KeyAt(uint32_t offset) const;

  std::string_view source_;                   // view into owned_source_ (or empty)
  std::shared_ptr<const void> owned_source_;  // keeps the source bytes alive
  std::string arena_;                         // unescaped and builder-made text
  internal::WordBuffer words_;
  uint32_t root_ = 0;
};

// Builds a Document bottom-up. Containers are opened, filled and closed; an object's
// members are `Key()` followed by one value. Used by the JSON parser, the wire decoder and
// tests. Not thread-safe.
class DocumentBuilder {
 public:
  DocumentBuilder();
  // A builder whose strings and numbers may point into `source` (kept alive by `owner`).
  DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner);

  void Null() { Push(internal::kTagNull, 0, 0); }
  void Bool(bool value) { Push(value ? internal::kTagTrue : internal::kTagFalse, 0, 0); }
  // `text` must be a valid JSON number; it is kept as written.
  void Number(std::string_view text);
  void String(std::string_view text);
  // Text already in the source: offset and length into it, no copy.
  void SourceNumber(size_t offset, size_t length) { PushSource(internal::kTagNumber, offset, length); }
  void SourceString(size_t offset, size_t length) { PushSource(internal::kTagString, offset, length); }
  void Key(std::string_view key);
  // A key's text stored once: `Key(id)` then adds that key as often as needed without
  // copying it again (for keys that repeat, such as the attributes of an object type).
  enum class KeyId : uint32_t {};
  KeyId StoreKey(std::string_view key);
  void Key(KeyId key) { pending_.Push(static_cast<uint32_t>(key)); }
  // A key in the source. Copied unless it is directly followed by '"' and has none inside
  // (as JSON keys without escapes are).
  void SourceKey(size_t offset, size_t length);
  // A key in the source that ends at the first '"' at or after `offset` (a JSON key
  // without escapes, as a JSON scanner finds it). Nothing else is checked.
  void SourceKeyBeforeQuote(size_t offset) {
    if (offset > UINT32_MAX) TooLarge(0);
    pending_.Push(static_cast<uint32_t>(offset));
  }
  // Where the children of a closed container are: in the finished document, the i-th
  // child (an object's i-th member value) has Value::index() `ChildIndex(i)`.
  struct Placement {
    uint32_t first = 0;
    uint32_t stride = 0;
    uint32_t ChildIndex(size_t i) const { return first + static_cast<uint32_t>(i) * stride; }
  };
  void BeginArray() { open_.push_back(pending_.size()); }
  Placement EndArray() { return End(internal::kTagArray); }
  void BeginObject() { open_.push_back(pending_.size()); }
  Placement EndObject() { return End(internal::kTagObject); }
  // Closes the innermost container keeping only the children at positions `order` (in
  // the order they were added), in that order: for sorting and deduplicating after the
  // fact. Positions must be in range.
  Placement EndArray(std::span<const uint32_t> order) { return EndKeeping(order, false); }
  Placement EndObject(std::span<const uint32_t> order) { return EndKeeping(order, true); }

  // An integer, its text written without a std::string (recent values stored once).
  void Integer(int64_t value) {
    auto [offset, length] = IntegerText(value);
    Push(internal::kTagNumber, length, offset);
  }

  // Writing in place, for producers that know a container's size before its children (as
  // MessagePack does): nothing is copied when the container ends.
  // - `ReserveArray(n)` / `ReserveObject(n)` append the container's child slots to the
  //   document and return the first one; the caller then fills every slot with `Put*`. An
  //   array's element i is the value at `first + 2 * i`; an object's member i is a key at
  //   `first + 3 * i` (`PutKey`) and its value at `first + 3 * i + 1`. Object members must
  //   come in key order without duplicates (ReserveObject writes the key index of a large
  //   object as "already sorted").
  // - The container itself goes in its parent's slot (`PutArray`, `PutObject`).
  // - `ReserveValue()` reserves one slot outside any container, for the top-level value;
  //   `FinishAt` finishes the document with that value as its root.
  // Documents are written either this way or the ordinary way (Begin/End), not both.
  uint32_t ReserveValue() { return ReserveWords(2); }
  uint32_t ReserveArray(size_t count) {
    if (count > internal::kMaxLength) TooMany();
    return ReserveWords(2 * count);
  }
  uint32_t ReserveObject(size_t count) {
    if (count > internal::kMaxLength) TooMany();
    if (count <= internal::kIndexedObjectSize) return ReserveWords(3 * count);
    uint32_t first = ReserveWords(3 * count + 1);
    doc_->words_.data()[first + 3 * count] = internal::kAlreadySortedIndex;
    return first;
  }
  void PutNull(uint32_t at) { Put(at, internal::kTagNull, 0, 0); }
  void PutBool(uint32_t at, bool value) { Put(at, value ? internal::kTagTrue : internal::kTagFalse, 0, 0); }
  void PutInteger(uint32_t at, int64_t value) {
    auto [offset, length] = IntegerText(value);
    Put(at, internal::kTagNumber, length, offset);
  }
  void PutNumber(uint32_t at, std::string_view text) {
    Put(at, internal::kTagNumber, static_cast<uint32_t>(text.size()), ArenaText(text));
  }
  void PutString(uint32_t at, std::string_view text) {
    Put(at, internal::kTagString, static_cast<uint32_t>(text.size()), ArenaText(text));
  }
  void PutSourceString(uint32_t at, size_t offset, size_t length) {
    if (length > internal::kMaxLength || offset + length > UINT32_MAX) TooLarge(length);
    Put(at, internal::kTagString, static_cast<uint32_t>(length), static_cast<uint32_t>(offset));
  }
  void PutKey(uint32_t at, KeyId key) { doc_->words_.data()[at] = static_cast<uint32_t>(key); }
  void PutArray(uint32_t at, uint32_t first, size_t count) {
    Put(at, internal::kTagArray, static_cast<uint32_t>(count), first);
  }
  void PutObject(uint32_t at, uint32_t first, size_t count) {
    Put(at, internal::kTagObject, static_cast<uint32_t>(count), first);
  }
  std::shared_ptr<const Document> FinishAt(uint32_t root);

  // How much a builder writing in place holds, and going back to it (the integer cache
  // is cleared): for producers that undo a value that failed halfway.
  struct Size {
    size_t words = 0;
    size_t text = 0;
  };
  Size size() const;
  void Rewind(Size size);

  // Parts, for producers that write one document on several threads. Another thread
  // writes a part in place with a builder of its own over the same source, whose first
  // words are `ReserveArray(slots)`, for the values it makes. `Graft` appends the part's
  // words and arena text here, every child index and arena offset shifted to where it
  // lands, and moves the part's `count` values from slot `first` on into this builder's
  // reserved, unwritten slots `to`, `to + 2`, ... (the part's other slots are not copied,
  // and nothing may refer to them). The part's builder is left empty.
  struct Grafted {
    uint32_t slots_begin = 0;  // the moved slots were the part's indices from here on
    uint32_t region_end = 0;   // the part's slots end here, its other words begin
    uint32_t to = 0;          // the moved slots are from `to` on now
    uint32_t shift = 0;       // every index from region_end on moved by this (modulo 2^32)
    uint32_t Index(uint32_t part_index) const {
      return part_index < region_end ? to + (part_index - slots_begin) : part_index + shift;
    }
  };
  Grafted Graft(DocumentBuilder& part, size_t slots, size_t first, size_t count, uint32_t to);

  // Capacity hint: the number of values the document will hold.
  void Reserve(size_t values);
  // The open-container depth.
  size_t depth() const { return open_.size(); }
  // Finishes the document; exactly one top-level value must have been added.
  std::shared_ptr<const Document> Finish();

 private:
  void Push(internal::Tag tag, uint32_t length, uint32_t data) { pending_.Push((length << internal::kTagBits) | tag, data); }
  Placement End(internal::Tag tag) {
    if (open_.back() == pending_.size()) {
      // Empty containers ({} and [] are common in plans) need no copying.
      open_.pop_back();
      Push(tag, 0, static_cast<uint32_t>(doc_->words_.size()));
      return {};
    }
    return Close(tag == internal::kTagObject);
  }
  Placement EndKeeping(std::span<const uint32_t> order, bool object);
  void PushSource(internal::Tag tag, size_t offset, size_t length) {
    if (length > internal::kMaxLength || offset + length > UINT32_MAX) TooLarge(length);
    Push(tag, static_cast<uint32_t>(length), static_cast<uint32_t>(offset));
  }
  [[noreturn]] static void TooLarge(size_t length);
  uint32_t ArenaText(std::string_view text);
  Placement Close(bool object);
  void Put(uint32_t at, internal::Tag tag, uint32_t length, uint32_t data) {
    uint32_t* slot = doc_->words_.data() + at;
    slot[0] = (length << internal::kTagBits) | tag;
    slot[1] = data;
  }
  uint32_t ReserveWords(size_t words) {
    internal::WordBuffer& out = doc_->words_;
    if (out.size() + words > UINT32_MAX) TooMany();
    uint32_t first = static_cast<uint32_t>(out.size());
    out.Extend(words);
    return first;
  }
  [[noreturn]] static void TooMany();
  // Text offset and length of an integer's decimal text in the arena.
  std::pair<uint32_t, uint32_t> IntegerText(int64_t value) {
    if (integers_ != nullptr) {
      const CachedInteger& c = integers_[IntegerSlot(value)];
      if (c.value == value && c.length != 0) return {c.offset, c.length};
    }
    return StoreIntegerText(value);
  }
  static size_t IntegerSlot(int64_t value) {
    return static_cast<size_t>((static_cast<uint64_t>(value) * 0x9e3779b97f4a7c15ull) >> (64 - kIntegerCacheBits));
  }
  std::pair<uint32_t, uint32_t> StoreIntegerText(int64_t value);

  std::shared_ptr<Document> doc_;
  internal::WordBuffer pending_;    // words of the children of open containers, in order
  std::vector<size_t> open_;       // per open container: where its children start in pending_
  std::vector<std::pair<std::string_view, uint32_t>> sort_scratch_;
  std::vector<uint32_t> keep_scratch_;
  // Integer/PutInteger: the arena text of recent integers, by a hash of the value
  // (allocated on first use; length 0: empty).
  struct CachedInteger {
    int64_t value = 0;
    uint32_t offset = 0;
    uint32_t length = 0;
  };
  static constexpr int kIntegerCacheBits = 10;
  std::unique_ptr<CachedInteger[]> integers_;
};

// The accessors every walk over a document calls, inline.
inline uint32_t Value::head() const { return doc_->words_.data()[index_]; }
inline uint32_t Value::data() const { return doc_->words_.data()[index_ + 1]; }
inline internal::Tag Value::tag() const { return internal::TagOf(head()); }

inline Kind Value::kind() const {
  if (doc_ == nullptr) return Kind::kNull;
  switch (tag()) {
    case internal::kTagNull: return Kind::kNull;
    case internal::kTagFalse:
    case internal::kTagTrue: return Kind::kBool;
    case internal::kTagNumber: return Kind::kNumber;
    case internal::kTagString: return Kind::kString;
    case internal::kTagArray: return Kind::kArray;
    case internal::kTagObject: return Kind::kObject;
  }
  return Kind::kNull;
}

inline std::string_view Value::text() const {
  if (doc_ == nullptr) return {};
  uint32_t h = head();
  internal::Tag t = internal::TagOf(h);
  if (t != internal::kTagNumber && t != internal::kTagString) return {};
  return doc_->TextAt(data(), internal::LengthOf(h));
}

inline size_t Value::size() const {
  if (doc_ == nullptr) return 0;
  uint32_t h = head();
  internal::Tag t = internal::TagOf(h);
  if (t != internal::kTagArray && t != internal::kTagObject) return 0;
  return internal::LengthOf(h);
}

inline Value Value::at(size_t index) const {
  if (doc_ == nullptr) return {};
  uint32_t h = head();
  if (internal::TagOf(h) != internal::kTagArray || index >= internal::LengthOf(h)) return {};
  return Value(doc_, data() + 2 * static_cast<uint32_t>(index));
}

inline Member Value::member(size_t index) const {
  if (doc_ == nullptr) return {};
  uint32_t h = head();
  if (internal::TagOf(h) != internal::kTagObject || index >= internal::LengthOf(h)) return {};
  uint32_t at = data() + 3 * static_cast<uint32_t>(index);
  return Member{doc_->KeyAt(doc_->words_.data()[at]), Value(doc_, at + 1)};
}

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_VALUE_H_

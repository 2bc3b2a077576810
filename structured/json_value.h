// A compact, immutable JSON document for plan values.
//
// Contract:
// - Numbers keep their exact text ("1.50", "123456789012345678901234567890", "1e3").
// - Object members keep the order they were parsed in; `SortedMemberIndices()` gives them by key.
// - Strings are views into the source text wherever possible; only escaped ones are
//   copied (unescaped) into the document.
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

#include "structured/internal/value_layout.h"

namespace planview::structured {

enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

std::string_view KindName(Kind kind);

class Document;
class OrderedLookup;
class Value;

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

  // The same node of the same document (not absent): what one is, the other is.
  bool IsSameNode(const Value& other) const { return doc_ != nullptr && doc_ == other.doc_ && index_ == other.index_; }

  const Document* document() const { return doc_; }
  // Unique within the document (a position in its node storage).
  uint32_t index() const { return index_; }

 private:
  friend class Document;
  friend class OrderedLookup;
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
  // Only DocumentBuilder (structured/document_builder.h) makes documents.
  explicit Document(Passkey) {}
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  Value root() const;
  // Bytes held: source text, own arena and nodes.
  size_t MemoryUsage() const;
  // The text the document was parsed from (empty for one built otherwise); it may end
  // at the end of readable memory (a borrowed input: structured/input_text.h).
  std::string_view source() const { return source_; }

 private:
  friend class Value;
  friend class DocumentBuilder;
  friend class OrderedLookup;

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
  // The sign of KeyAt(offset) compared with `key`, a key in the source compared in place.
  int CompareKeyAt(uint32_t offset, std::string_view key) const;

  std::string_view source_;                   // view into owned_source_ (or empty)
  std::shared_ptr<const void> owned_source_;  // keeps the source bytes alive
  std::string arena_;                         // unescaped and builder-made text
  struct FreeWords {
    void operator()(uint32_t* words) const;
  };
  std::unique_ptr<uint32_t, FreeWords> words_;  // the words, from std::malloc
  size_t word_count_ = 0;
  size_t word_capacity_ = 0;
  uint32_t root_ = 0;
};

// The accessors every walk over a document calls, inline.
inline uint32_t Value::head() const { return doc_->words_.get()[index_]; }
inline uint32_t Value::data() const { return doc_->words_.get()[index_ + 1]; }
inline internal::Tag Value::tag() const { return internal::TagOf(head()); }

inline int Document::CompareKeyAt(uint32_t offset, std::string_view key) const {
  if (offset < source_.size() && source_.size() - offset > key.size()) {
    // A key in the source has no '"' and ends at one: no need to find its end first.
    const char* start = source_.data() + offset;
    size_t i = 0;
    while (i < key.size() && start[i] == key[i] && start[i] != '"') ++i;
    if (i == key.size()) return start[i] == '"' ? 0 : 1;
    if (start[i] == '"') return -1;  // the stored key is a prefix of `key`
    return static_cast<unsigned char>(start[i]) < static_cast<unsigned char>(key[i]) ? -1 : 1;
  }
  int c = KeyAt(offset).compare(key);
  return (c > 0) - (c < 0);
}

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
  return Member{doc_->KeyAt(doc_->words_.get()[at]), Value(doc_, at + 1)};
}

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_VALUE_H_

// A compact, immutable JSON document for plan values.
//
// Contract:
// - Numbers keep their exact text ("1.50", "123456789012345678901234567890", "1e3").
// - Object members keep the order they were parsed in; `SortedMembers()` gives them by key.
// - Strings without escapes are views into the source text; nothing is copied.
// - Every node is 8 bytes; children of a container are contiguous, so element access is O(1)
//   and key lookup is a scan (small objects) or a binary search (large ones).
// - A `Value` is a cheap handle (document pointer + node index). A default `Value` is
//   "absent"; absent and JSON null both answer `is_null()`, the way a Go nil does upstream.
// - Documents are immutable after building and safe to read from several threads.
#ifndef PLANVIEW_STRUCTURED_JSON_VALUE_H_
#define PLANVIEW_STRUCTURED_JSON_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
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

// head: tag in the low 3 bits, length above (bytes for text, elements or members for
// containers). data: text offset (source first, then the document's own arena) or the
// index of the first child node.
struct Node {
  uint32_t head;
  uint32_t data;
  Tag tag() const { return static_cast<Tag>(head & ((1u << kTagBits) - 1)); }
  uint32_t length() const { return head >> kTagBits; }
};
static_assert(sizeof(Node) == 8);
}  // namespace internal

struct Member;

class Value {
 public:
  Value() = default;

  // True when this handle refers to no node at all (a missing key, an index past the end).
  bool absent() const { return doc_ == nullptr; }
  // Absent or JSON null.
  bool is_null() const { return doc_ == nullptr || node().tag() == internal::kTagNull; }
  Kind kind() const;
  bool is_bool() const { return kind() == Kind::kBool; }
  bool is_number() const { return kind() == Kind::kNumber; }
  bool is_string() const { return kind() == Kind::kString; }
  bool is_array() const { return kind() == Kind::kArray; }
  bool is_object() const { return kind() == Kind::kObject; }

  // Booleans: the value; anything else is false.
  bool as_bool() const { return doc_ != nullptr && node().tag() == internal::kTagTrue; }
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

  // Deep structural equality; numbers compare by exact text, objects ignore member order.
  bool Equals(const Value& other) const;

  const Document* document() const { return doc_; }
  uint32_t index() const { return index_; }

 private:
  friend class Document;
  Value(const Document* doc, uint32_t index) : doc_(doc), index_(index) {}
  const internal::Node& node() const;

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
  // Bytes held: source text, own arena, nodes and indexes.
  size_t MemoryUsage() const;

 private:
  friend class Value;
  friend class DocumentBuilder;

  std::string_view TextAt(uint32_t offset, uint32_t length) const {
    if (offset >= source_.size()) return std::string_view(arena_).substr(offset - source_.size(), length);
    return source_.substr(offset, length);
  }

  std::string_view source_;           // view into owned_source_ (or empty)
  std::shared_ptr<const void> owned_source_;  // keeps the source bytes alive
  std::string arena_;                 // unescaped and builder-made text
  std::vector<internal::Node> nodes_;
  // Large objects: node index -> start of its member indices sorted by key in sorted_.
  std::unordered_map<uint32_t, uint32_t> sorted_start_;
  std::vector<uint32_t> sorted_;
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

  void Null();
  void Bool(bool value);
  // `text` must be a valid JSON number; it is kept as written.
  void Number(std::string_view text);
  void String(std::string_view text);
  // Text already in the source: offset and length into it, no copy.
  void SourceNumber(size_t offset, size_t length);
  void SourceString(size_t offset, size_t length);
  void Key(std::string_view key);
  void SourceKey(size_t offset, size_t length);
  void BeginArray();
  void EndArray();
  void BeginObject();
  void EndObject();

  // Capacity hint: the number of values the document will hold.
  void Reserve(size_t values);
  // The open-container depth.
  size_t depth() const { return open_.size(); }
  // Finishes the document; exactly one top-level value must have been added.
  std::shared_ptr<const Document> Finish();

 private:
  void Push(internal::Tag tag, uint32_t length, uint32_t data);
  uint32_t ArenaText(std::string_view text);
  void Close(internal::Tag tag);

  std::shared_ptr<Document> doc_;
  std::vector<internal::Node> pending_;  // children of open containers, in order
  std::vector<size_t> open_;             // per open container: its first pending child
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_VALUE_H_

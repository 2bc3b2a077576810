// Builds a Document (structured/json_value.h): for producers of documents (the JSON
// parser, the wire decoders, tests). Readers include json_value.h only.
#ifndef PLANVIEW_STRUCTURED_DOCUMENT_BUILDER_H_
#define PLANVIEW_STRUCTURED_DOCUMENT_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "structured/internal/value_layout.h"
#include "structured/internal/word_buffer.h"
#include "structured/json_value.h"

namespace planview::structured {

// Builds a Document bottom-up. Containers are opened, filled and closed; an object's
// members are `Key()` followed by one value. Used by the JSON parser, the wire decoder and
// tests. Not thread-safe.
//
// Capacity: a document holds at most 4 GiB of text (source and arena), 2^32 words, and
// strings, keys and containers of at most kMaxLength bytes or children. Going past a limit
// throws nothing: the builder keeps the first such error (`error()`), and from then on
// every call is memory-safe but builds nothing usable: Finish/FinishAt return null. Its
// producer checks `failed()` at cheap points (after each container, before finishing),
// and after every Reserve* call before writing the reserved slots.
class DocumentBuilder {
 public:
  DocumentBuilder();
  // A builder whose strings and numbers may point into `source` (kept alive by `owner`).
  DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner);
  // Lower limits than the document format's, for tests of what happens at them.
  struct Limits {
    size_t words = UINT32_MAX;                // words in the document
    size_t children = internal::kMaxLength;  // children of one container
  };
  DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner, Limits limits);

  // Whether a capacity limit was passed, and the first one's message (one line, e.g.
  // "JSON document has too many values"); null when none was.
  bool failed() const { return error_ != nullptr; }
  const char* error() const { return error_; }

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
  // The id of a key already in the source: it ends at the first '"' at or after `offset`
  // (nothing else is checked), for Key(id) and PutKey. Builders over the same source share
  // such keys, which Graft leaves where they are.
  KeyId SourceKeyId(size_t offset) {
    if (offset > UINT32_MAX) TooLarge(0);
    return static_cast<KeyId>(offset);
  }
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
  // A reservation past a limit reserves nothing (check failed() before writing).
  uint32_t ReserveArray(size_t count) {
    if (count > limits_.children) return TooMany();
    return ReserveWords(2 * count);
  }
  uint32_t ReserveObject(size_t count) {
    if (count > limits_.children) return TooMany();
    if (count <= internal::kIndexedObjectSize) return ReserveWords(3 * count);
    uint32_t first = ReserveWords(3 * count + 1);
    if (error_ == nullptr) words_.data()[first + 3 * count] = internal::kAlreadySortedIndex;
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
  void PutKey(uint32_t at, KeyId key) { words_.data()[at] = static_cast<uint32_t>(key); }
  void PutArray(uint32_t at, uint32_t first, size_t count) {
    Put(at, internal::kTagArray, static_cast<uint32_t>(count), first);
  }
  void PutObject(uint32_t at, uint32_t first, size_t count) {
    Put(at, internal::kTagObject, static_cast<uint32_t>(count), first);
  }
  std::shared_ptr<const Document> FinishAt(uint32_t root);
  // Moves the value written in slot `from` to the reserved slot `to` (a container's
  // children stay where they are): for producers that write a value before they know
  // where it goes, such as the members of an object whose count is known only at its end.
  // Nothing may refer to `from` afterwards.
  void MoveValue(uint32_t from, uint32_t to) {
    uint32_t* w = words_.data();
    w[to] = w[from];
    w[to + 1] = w[from + 1];
  }

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
  // Appends the elements of the one array a part has finished (built the ordinary way,
  // over the same source, by another thread) to this builder's innermost open container,
  // an array, as if they had been added here; words and arena text move as Graft moves
  // them. The part's builder is left empty.
  void GraftElements(DocumentBuilder& part);

  // Capacity hint: the number of values the document will hold.
  void Reserve(size_t values);
  // Capacity hint: bytes of text (String, Key, Number...) the document will copy.
  void ReserveText(size_t bytes);
  // The same for a big document's text, written front to back: on huge pages where the
  // system has them (as the words are), one page fault per 2 MiB instead of per 4 KiB.
  void ReserveBigText(size_t bytes);
  // The open-container depth.
  size_t depth() const { return open_.size(); }
  // Finishes the document; exactly one top-level value must have been added. Null when
  // the builder failed.
  std::shared_ptr<const Document> Finish();

 private:
  void Push(internal::Tag tag, uint32_t length, uint32_t data) { pending_.Push((length << internal::kTagBits) | tag, data); }
  Placement End(internal::Tag tag) {
    if (open_.back() == pending_.size()) {
      // Empty containers ({} and [] are common in plans) need no copying.
      open_.pop_back();
      Push(tag, 0, static_cast<uint32_t>(words_.size()));
      return {};
    }
    return Close(tag == internal::kTagObject);
  }
  Placement EndKeeping(std::span<const uint32_t> order, bool object);
  void PushSource(internal::Tag tag, size_t offset, size_t length) {
    if (length > internal::kMaxLength || offset + length > UINT32_MAX) TooLarge(length);
    Push(tag, static_cast<uint32_t>(length), static_cast<uint32_t>(offset));
  }
  // Keeps the first error; the builder has failed from then on.
  void Fail(const char* message) {
    if (error_ == nullptr) error_ = message;
  }
  void TooLarge(size_t length);
  uint32_t ArenaText(std::string_view text);
  Placement Close(bool object);
  void Put(uint32_t at, internal::Tag tag, uint32_t length, uint32_t data) {
    uint32_t* slot = words_.data() + at;
    slot[0] = (length << internal::kTagBits) | tag;
    slot[1] = data;
  }
  uint32_t ReserveWords(size_t words) {
    internal::WordBuffer& out = words_;
    if (out.size() + words > limits_.words) return TooMany();
    uint32_t first = static_cast<uint32_t>(out.size());
    out.Extend(words);
    return first;
  }
  // Fails with "too many values"; returns 0 for a reservation that reserved nothing.
  uint32_t TooMany();
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

  // Graft's steps: whether `part` reads the same source; appending its words after its
  // slots and its arena text (setting g.shift and the text's shift; false when the
  // document would grow past a limit); copying `count` values from its slot g.slots_begin
  // on to `top`, every index and arena offset shifted; leaving it empty.
  bool SameSource(const DocumentBuilder& part) const;
  bool AppendPart(DocumentBuilder& part, Grafted& g, uint32_t& text_shift);
  void CopyPartValues(const DocumentBuilder& part, const Grafted& g, uint32_t text_shift, size_t count, uint32_t* top);
  void ResetPart(DocumentBuilder& part) const;

  // Finishes the document with its root at `root`: hands it the words and starts a new one.
  std::shared_ptr<const Document> Done(uint32_t root);

  std::shared_ptr<Document> doc_;  // source, owner and arena text of the document being built
  internal::WordBuffer words_;     // its words, handed to it when it is finished
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
  Limits limits_;
  const char* error_ = nullptr;  // the first limit passed

 public:
  // Copies a value of another document (a decoded one) into the reserved slot `at`, as
  // it is, for producers writing in place: its containers' children go into slots it
  // reserves (objects' members in the order they have, which must be key order), the
  // text of its strings and numbers into the arena, and each key is the one `keys` gives
  // for its text. Nothing is checked.
  class KeyMap {
   public:
    virtual KeyId Map(std::string_view key) = 0;

   protected:
    ~KeyMap() = default;
  };
  void PutCopy(uint32_t at, Value value, KeyMap& keys);

  // The arena text written since the builder's size was `since` (as size() gave it), and
  // appending such text again: keys StoreKey wrote in it then have the ids they had, moved
  // by as much as the text lands further on (for storing the same keys in one go).
  std::string_view TextSince(Size since) const;
  void StoreText(std::string_view text) { ArenaText(text); }

 private:
  struct CopyRun {
    uint32_t in;    // the next value (or member key) to read, in the other document
    uint32_t out;   // where it goes
    uint32_t left;  // values left in this run
    uint32_t stride;  // 2: array elements; 3: object members, key first
  };
  std::vector<CopyRun> copy_stack_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_DOCUMENT_BUILDER_H_

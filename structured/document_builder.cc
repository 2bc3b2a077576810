#include "structured/document_builder.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "base/huge_pages.h"

namespace planview::structured {
namespace {
constexpr uint32_t kIndexedObjectSize = internal::kIndexedObjectSize;
constexpr uint32_t kAlreadySorted = internal::kAlreadySortedIndex;
constexpr const char* kTooLarge = "JSON document too large for planview (4 GiB of text at most)";
constexpr const char* kKeyTooLong = "JSON object key longer than 512 MiB";

// A call that breaks the builder's contract is a bug in its producer, not bad input: one
// line on standard error, then abort (as base::Expected does when misused).
[[noreturn]] void Misuse(const char* what) {
  std::fprintf(stderr, "%s\n", what);
  std::abort();
}
}  // namespace

DocumentBuilder::DocumentBuilder() : doc_(std::make_shared<Document>(Document::Passkey())) {}

DocumentBuilder::DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner)
    : DocumentBuilder(source, std::move(owner), Limits{}) {}

DocumentBuilder::DocumentBuilder(std::string_view source, std::shared_ptr<const void> owner, Limits limits)
    : doc_(std::make_shared<Document>(Document::Passkey())), limits_(limits) {
  doc_->source_ = source;
  doc_->owned_source_ = std::move(owner);
}

void DocumentBuilder::TooLarge(size_t length) {
  Fail(length > internal::kMaxLength ? "string longer than 512 MiB" : kTooLarge);
}

uint32_t DocumentBuilder::ArenaText(std::string_view text) {
  size_t offset = doc_->source_.size() + doc_->arena_.size();
  if (text.size() > internal::kMaxLength || offset + text.size() > UINT32_MAX) {
    Fail(kTooLarge);
    return 0;
  }
  doc_->arena_.append(text);
  return static_cast<uint32_t>(offset);
}

void DocumentBuilder::Reserve(size_t values) {
  // At most three words per value (object members).
  words_.Reserve(3 * values + 2);
}

void DocumentBuilder::ReserveText(size_t bytes) { doc_->arena_.reserve(doc_->arena_.size() + bytes); }

void DocumentBuilder::ReserveBigText(size_t bytes) {
  ReserveText(bytes);
  base::AdviseHugePages(doc_->arena_.data(), doc_->arena_.capacity());
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
  if (key.size() > internal::kMaxLength) {
    Fail(kKeyTooLong);
    return KeyId{0};
  }
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
  if (length > internal::kMaxLength) Fail(kKeyTooLong);
  pending_.Push(static_cast<uint32_t>(offset));
}

DocumentBuilder::Placement DocumentBuilder::EndKeeping(std::span<const uint32_t> order, bool object) {
  size_t first = open_.back();
  size_t width = object ? 3 : 2;
  size_t count = (pending_.size() - first) / width;
  std::vector<uint32_t>& kept = keep_scratch_;
  kept.clear();
  for (uint32_t position : order) {
    if (position >= count) Misuse("DocumentBuilder: kept child position out of range");
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
  internal::WordBuffer& out = words_;
  bool indexed = object && count > kIndexedObjectSize;
  if (out.size() + words + (indexed ? count : 0) + 2 > limits_.words) {
    Fail("JSON document has too many values");
  } else if (count > limits_.children) {
    Fail("JSON container has too many elements");
  }
  if (error_ != nullptr) {
    // Failed (now or before): the children may not even be whole values. The container
    // stands in its parent as an empty one; nothing reads it.
    pending_.Truncate(first);
    Push(object ? internal::kTagObject : internal::kTagArray, 0, 0);
    return {};
  }
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

uint32_t DocumentBuilder::TooMany() {
  Fail("JSON document has too many values");
  return 0;
}

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
  if (error_ != nullptr) return nullptr;
  if (!open_.empty() || pending_.size() != 0 || static_cast<size_t>(root) + 2 > words_.size()) {
    Misuse("DocumentBuilder::FinishAt needs a complete document written in place");
  }
  return Done(root);
}

std::shared_ptr<const Document> DocumentBuilder::Done(uint32_t root) {
  words_.ShrinkToFit();
  doc_->root_ = root;
  doc_->word_count_ = words_.size();
  doc_->word_capacity_ = words_.capacity();
  doc_->words_.reset(words_.Release());
  std::shared_ptr<const Document> done = std::move(doc_);
  doc_ = std::make_shared<Document>(Document::Passkey());
  integers_.reset();
  return done;
}

DocumentBuilder::Size DocumentBuilder::size() const { return Size{words_.size(), doc_->arena_.size()}; }

void DocumentBuilder::Rewind(Size size) {
  if (!open_.empty() || pending_.size() != 0 || size.words > words_.size() ||
      size.text > doc_->arena_.size()) {
    Misuse("DocumentBuilder::Rewind needs a builder writing in place, and a size it had");
  }
  words_.Truncate(size.words);
  doc_->arena_.resize(size.text);
  integers_.reset();
}

DocumentBuilder::Grafted DocumentBuilder::Graft(DocumentBuilder& part, size_t slots, size_t first_slot, size_t count,
                                                uint32_t to) {
  if (!SameSource(part) || !part.open_.empty() || part.pending_.size() != 0 || first_slot > slots ||
      count > slots - first_slot || 2 * slots > part.words_.size() ||
      static_cast<size_t>(to) + 2 * count > words_.size()) {
    Misuse("DocumentBuilder::Graft needs a part written in place over the same source");
  }
  Grafted g;
  g.slots_begin = static_cast<uint32_t>(2 * first_slot);
  g.region_end = static_cast<uint32_t>(2 * slots);
  g.to = to;
  uint32_t text_shift = 0;
  if (!AppendPart(part, g, text_shift)) return {};
  CopyPartValues(part, g, text_shift, count, words_.data() + to);
  ResetPart(part);
  return g;
}

void DocumentBuilder::GraftElements(DocumentBuilder& part) {
  if (!SameSource(part) || !part.open_.empty() || part.pending_.size() != 2 ||
      internal::TagOf(part.pending_.data()[0]) != internal::kTagArray || open_.empty()) {
    Misuse("DocumentBuilder::GraftElements needs a part that finished one array over the same source, and an open array");
  }
  const uint32_t count = internal::LengthOf(part.pending_.data()[0]);
  Grafted g;
  g.slots_begin = part.pending_.data()[1];  // the elements; region_end 0: every index moves
  uint32_t text_shift = 0;
  if (!AppendPart(part, g, text_shift)) return;
  CopyPartValues(part, g, text_shift, count, pending_.Extend(2 * count));
  part.pending_.Clear();
  ResetPart(part);
}

bool DocumentBuilder::SameSource(const DocumentBuilder& part) const {
  return part.doc_->source_.data() == doc_->source_.data() && part.doc_->source_.size() == doc_->source_.size();
}

bool DocumentBuilder::AppendPart(DocumentBuilder& part, Grafted& g, uint32_t& text_shift) {
  Document& from = *part.doc_;
  Document& into = *doc_;
  size_t rest = part.words_.size() - g.region_end;  // the part's words after its slots
  if (words_.size() + rest > limits_.words ||
      into.source_.size() + into.arena_.size() + from.arena_.size() > UINT32_MAX) {
    Fail(kTooLarge);
    return false;
  }
  g.shift = static_cast<uint32_t>(words_.size()) - g.region_end;
  text_shift = static_cast<uint32_t>(into.arena_.size());
  into.arena_.append(from.arena_);
  if (rest != 0) words_.Extend(rest);
  return true;
}

void DocumentBuilder::CopyPartValues(const DocumentBuilder& part, const Grafted& g, uint32_t text_shift, size_t count,
                                     uint32_t* top) {
  const uint32_t source_size = static_cast<uint32_t>(doc_->source_.size());
  const uint32_t* src = part.words_.data();
  uint32_t* w = words_.data();

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
  Run run{src + g.slots_begin, top, static_cast<uint32_t>(count), 2};
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
}

void DocumentBuilder::ResetPart(DocumentBuilder& part) const {
  part.doc_ = std::make_shared<Document>(Document::Passkey());
  part.words_ = internal::WordBuffer();
  part.doc_->source_ = doc_->source_;
  part.doc_->owned_source_ = doc_->owned_source_;
  part.integers_.reset();
}

std::shared_ptr<const Document> DocumentBuilder::Finish() {
  if (error_ != nullptr) return nullptr;
  if (!open_.empty() || pending_.size() != 2) {
    Misuse("DocumentBuilder::Finish needs exactly one complete top-level value");
  }
  uint32_t root = static_cast<uint32_t>(words_.size());
  words_.Append(pending_.data(), 2);
  pending_.Clear();
  return Done(root);
}

std::string_view DocumentBuilder::TextSince(Size since) const {
  return std::string_view(doc_->arena_).substr(std::min(since.text, doc_->arena_.size()));
}

void DocumentBuilder::PutCopy(uint32_t at, Value value, KeyMap& keys) {
  const Document& from = *value.document();
  const uint32_t* src = from.words_.get();
  // Depth first in child order, as a producer writing in place reserves: the current run
  // of values, and the runs of the containers above it on copy_stack_.
  copy_stack_.clear();
  CopyRun run{value.index(), at, 1, 2};
  for (;;) {
    if (run.left == 0) {
      if (copy_stack_.empty()) break;
      run = copy_stack_.back();
      copy_stack_.pop_back();
      continue;
    }
    --run.left;
    uint32_t in = run.in;
    uint32_t out = run.out;
    run.in += run.stride;
    run.out += run.stride;
    if (run.stride == 3) {
      const uint32_t key = static_cast<uint32_t>(keys.Map(from.KeyAt(src[in])));
      words_.data()[out] = key;
      ++in;
      ++out;
    }
    const uint32_t head = src[in];
    const uint32_t data = src[in + 1];
    const internal::Tag tag = internal::TagOf(head);
    if (tag < internal::kTagArray) {
      const uint32_t text = tag >= internal::kTagNumber ? ArenaText(from.TextAt(data, internal::LengthOf(head))) : data;
      uint32_t* o = words_.data() + out;
      o[0] = head;
      o[1] = text;
      continue;
    }
    const uint32_t length = internal::LengthOf(head);
    const uint32_t first = tag == internal::kTagArray ? ReserveArray(length) : ReserveObject(length);
    if (failed()) return;
    uint32_t* o = words_.data() + out;
    o[0] = head;
    o[1] = first;
    if (length == 0) continue;
    copy_stack_.push_back(run);
    run = CopyRun{data, first, length, tag == internal::kTagArray ? 2u : 3u};
  }
}

}  // namespace planview::structured

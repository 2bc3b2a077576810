// The canonical fast path (canonical_decoder.h) decodes long lists of blocks on two
// threads of the executor. Every element of such a list begins with the same bytes: its
// map header and its first attribute's key. This thread looks for them from about the
// middle of the rest of the input and hands a task to the executor that decodes elements
// from there on, with a decoder and documents of its own, not yet knowing their indices,
// while this thread decodes from the front. If it arrives exactly where the task started,
// that was an element's start, and if the task decoded exactly the rest of the list, its
// documents are grafted into these (DocumentBuilder::Graft: the value document on this
// thread and the marker document on a helper at the same time), its side tables
// renumbered and its first element's dynamic types checked against this thread's first
// element. Otherwise (the bytes were inside a value, the task's elements do not end with
// the list, or no helper had begun the task) this thread decodes the rest itself, and the
// result is the same either way.
//
// What the task made is read once it is waited for; the one thing the threads share while
// both run is `limit`: whether the task has begun, and how many elements it may decode
// (this thread lowers it when it arrives, or stops the task).
#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/executor.h"
#include "structured/json_value.h"
#include "wire/internal/canonical_decoder.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/type_plan.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

namespace {

// Lists shorter than this are not worth a thread (nor one of the few tries).
constexpr uint64_t kMinShareElements = 64;
constexpr int kMaxShares = 4;

// The bytes every element of a list of objects begins with in canonical form (empty:
// none to look for).
std::string ElementStart(const TypePlan& element) {
  std::string bytes;
  if (element.kind != Type::Kind::kObject || element.attributes.empty()) return bytes;
  size_t n = element.attributes.size();
  std::string_view name = element.attributes.front().name;
  if (n > 0xffff || name.size() > 0xff) return bytes;
  if (n <= 15) {
    bytes += static_cast<char>(0x80 | n);
  } else {
    bytes += {'\xde', static_cast<char>(n >> 8), static_cast<char>(n & 0xff)};
  }
  if (name.size() <= 31) {
    bytes += static_cast<char>(0xa0 | name.size());
  } else {
    bytes += {'\xd9', static_cast<char>(name.size())};
  }
  bytes += name;
  return bytes;
}

// A dynamic value in the helper's first element, relative to that element.
struct RelativeSig {
  uint32_t seq;          // from the element's first value
  const Type* type;      // of the dynamic value, or null for a null or unknown
  const Type* declared;  // the dynamic position's declared type
};

}  // namespace

// A decoder's sizes, to go back to after an element that failed halfway.
struct CanonicalDecoder::Snapshot {
  size_t pos = 0;
  DocumentBuilder::Size value;
  DocumentBuilder::Size marker;
  size_t refinements = 0;
  size_t dynamic_types = 0;
  size_t float64_numbers = 0;
};

// One shared list: the task that decodes its back part and what the task made.
struct CanonicalDecoder::Helper {
  // `limit` before the task begins (lists are shorter: kMaxLength).
  static constexpr uint32_t kNotBegun = UINT32_MAX;
  Helper(uint32_t count, size_t start) : count(count), start(start) {}
  ~Helper() {
    // The task stops at its next element, or returns at once if it begins now (`task`
    // waits for it).
    limit.store(0, std::memory_order_relaxed);
  }
  // True when the task had not begun: it never will.
  bool Withdraw() {
    uint32_t expected = kNotBegun;
    return limit.compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }
  const uint32_t count;
  const size_t start;  // where the task's first element begins
  // kNotBegun; then how many elements the task may decode: the list's length (the task
  // sets it when it begins), until this thread arrives where the task started (then what
  // is left of the list) or gives it up (0).
  std::atomic<uint32_t> limit{kNotBegun};
  // What the task made, read after it is waited for.
  std::unique_ptr<CanonicalDecoder> decoder;
  uint32_t decoded = 0;  // elements decoded in full
  Snapshot after;        // the task's decoder after them
  std::vector<RelativeSig> signature;  // its first element's, when the list unifies
  base::Executor::Task task;  // last: destroyed (waited for) first
};

bool CanonicalDecoder::MayShare(const Reader& r, uint64_t n) const {
  return executor_ != nullptr && n >= kMinShareElements && n <= structured::internal::kMaxLength &&
         r.left() >= share_min_bytes_ && keyed_ == 0 && unify_depth_ == 0 && !sharing_ && shares_ < kMaxShares &&
         executor_->helpers() > 0;
}

bool CanonicalDecoder::SharedList(Reader& r, const TypePlan& element, uint64_t n, uint32_t first,
                                  uint32_t marker_first, bool unify, int depth) {
  ++shares_;
  sharing_ = true;  // lists inside this one stay with their thread
  std::string element_start = ElementStart(element);
  size_t from = r.pos();
  size_t start = element_start.empty() ? std::string_view::npos
                                       : data_.find(element_start, from + (data_.size() - from) / 2);
  Helper h(static_cast<uint32_t>(n), start);
  bool watching = start != std::string_view::npos;  // until this thread reaches where the task starts
  if (watching) {
    h.task = executor_->Start([this, &h, &element, unify, depth] { RunHelper(h, *element.type, unify, depth); });
  }
  Unification u;
  if (unify) BeginUnify(u);
  MarkerAt em;
  for (uint64_t i = 0; i < n; ++i) {
    if (watching && r.pos() >= start) {
      watching = false;
      if (r.pos() == start && i > 0 &&
          TakeHelperShare(r, h, static_cast<uint32_t>(i), n, first, marker_first, unify ? &u : nullptr)) {
        break;
      }
      h.limit.store(0, std::memory_order_relaxed);
    }
    uint32_t k = static_cast<uint32_t>(i);
    em.slot = marker_first + 2 * k;
    if (!ListElement(r, element, first + 2 * k, em, depth + 1, unify, u, i)) return false;
  }
  if (unify) EndUnify();
  sharing_ = false;
  return true;
}

// The task, with `this` the decoder that shares its list (of which it reads only data_
// and owner_): elements from h.start, on a decoder of its own. Running out of memory here
// throws std::bad_alloc to TakeHelperShare's Wait, as it would on this thread.
void CanonicalDecoder::RunHelper(Helper& h, const Type& element_type, bool unify, int depth) {
  uint32_t expected = Helper::kNotBegun;
  if (!h.limit.compare_exchange_strong(expected, h.count, std::memory_order_relaxed)) return;  // withdrawn
  h.decoder = std::make_unique<CanonicalDecoder>(data_, owner_, nullptr, SIZE_MAX, data_.size() - h.start);
  h.decoder->DecodeFrom(h, element_type, unify, depth);
}

// In the task: elements from h.start, the j-th in slot j of slots for up to all the
// list's elements (the first words of both documents, as Graft needs), until h.limit
// are done or an element fails.
void CanonicalDecoder::DecodeFrom(Helper& h, const Type& element_type, bool unify, int depth) {
  const TypePlan& element = plans_.For(element_type);
  uint32_t slots = value_.ReserveArray(h.count);
  uint32_t marker_slots = marker_.ReserveArray(h.count);
  if (slots != 0 || marker_slots != 0 || value_.failed() || marker_.failed()) return;
  Reader r(data_, h.start, data_.size());
  Unification u;
  if (unify) BeginUnify(u);
  Snapshot after = Snap(r.pos());
  uint32_t decoded = 0;
  MarkerAt em;
  while (decoded < h.limit.load(std::memory_order_relaxed)) {
    em.slot = marker_slots + 2 * decoded;
    // A failure: past the list's end, or an error that the other thread will meet as well.
    if (!ListElement(r, element, slots + 2 * decoded, em, depth + 1, unify, u, decoded)) break;
    ++decoded;
    after = Snap(r.pos());
  }
  // Back to the end of the last whole element.
  value_.Rewind(after.value);
  marker_.Rewind(after.marker);
  refinements_.resize(after.refinements);
  dynamic_types_.resize(after.dynamic_types);
  float64_numbers_.resize(after.float64_numbers);
  if (unify && decoded > 0) {
    for (uint32_t j = u.first_sig; j < u.first_sig_end; ++j) {
      const SigEntry& e = signature_[j];
      const Type* type = e.slot < 0 ? nullptr : &plans_.types()[static_cast<size_t>(e.slot)];
      h.signature.push_back(RelativeSig{e.seq - u.first_seq, type, e.declared->type});
    }
  }
  h.decoded = decoded;
  h.after = after;
}

CanonicalDecoder::Snapshot CanonicalDecoder::Snap(size_t pos) const {
  return Snapshot{pos,       value_.size(), marker_.size(), refinements_.size(), dynamic_types_.size(),
                  float64_numbers_.size()};
}

// This thread, arrived at element `first` where the task started: true when the task's
// elements are the rest of the list and are now in these documents, with `r` after the
// list; false when this thread is to decode them itself.
bool CanonicalDecoder::TakeHelperShare(Reader& r, Helper& h, uint32_t first, uint64_t n, uint32_t value_first,
                                       uint32_t marker_first, const Unification* u) {
  if (h.Withdraw()) return false;  // no helper began it: decoding it here is no faster
  h.limit.store(static_cast<uint32_t>(n - first), std::memory_order_relaxed);
  h.task.Wait();
  if (h.decoded != n - first) return false;
  CanonicalDecoder& other = *h.decoder;
  if (u != nullptr) {
    // Its first element has the dynamic types this thread's first element has (else
    // this thread gives up when it decodes the elements itself).
    uint32_t size = u->first_sig_end - u->first_sig;
    if (size != h.signature.size()) return false;
    for (uint32_t j = 0; j < size; ++j) {
      const SigEntry& a = signature_[u->first_sig + j];
      const RelativeSig& b = h.signature[j];
      const Type* type = a.slot < 0 ? nullptr : &plans_.types()[static_cast<size_t>(a.slot)];
      if (a.seq - u->first_seq != b.seq || a.declared->type != b.declared ||
          (type == nullptr) != (b.type == nullptr) || (type != nullptr && !(*type == *b.type))) {
        return false;
      }
    }
  }
  // The two documents are grafted at the same time, the marker one by a helper.
  base::Executor::Task marker_graft = executor_->Start(
      [&] { marker_.Graft(other.marker_, n, 0, n - first, marker_first + 2 * first); });
  DocumentBuilder::Grafted g = value_.Graft(other.value_, n, 0, n - first, value_first + 2 * first);
  marker_graft.Wait();
  // Its side tables, renumbered; its dynamic types, by equal type here.
  std::vector<Type>& types = plans_.types();
  std::vector<Type>& other_types = other.plans_.types();
  std::vector<uint32_t> slots(other_types.size(), UINT32_MAX);
  for (auto [node, slot] : other.dynamic_types_) {
    if (slots[slot] == UINT32_MAX) {
      auto same = std::find(types.begin(), types.end(), other_types[slot]);
      slots[slot] =
          same != types.end() ? static_cast<uint32_t>(same - types.begin()) : plans_.Slot(other_types[slot]);
    }
    dynamic_types_.emplace_back(g.Index(node), slots[slot]);
  }
  for (auto& [node, refinements] : other.refinements_) {
    refinements_.emplace_back(g.Index(node), std::move(refinements));
  }
  for (uint32_t node : other.float64_numbers_) float64_numbers_.push_back(g.Index(node));
  json_exact_ = json_exact_ && other.json_exact_ && other.plans_.keys_valid_utf8();
  shared_elements_ += n - first;
  r.Advance(h.after.pos - r.pos());
  return true;
}

}  // namespace planview::wire::internal

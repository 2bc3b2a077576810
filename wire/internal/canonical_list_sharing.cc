// The canonical fast path (canonical_decoder.h) decodes long lists of blocks with two
// threads. Every element of such a list begins
// with the same bytes: its map header and its first attribute's key. A helper thread
// looks for them from about the middle of the rest of the input, then decodes elements
// from there on, with a decoder and documents of its own, not yet knowing their
// indices. This thread decodes from the front. If it arrives exactly where the helper
// started, that was an element's start, and if the helper decoded exactly the rest of
// the list, its documents are grafted into these (DocumentBuilder::Graft: the value
// document on this thread and the marker document on the helper's at the same time),
// its side tables renumbered and its first element's dynamic types checked against this
// thread's first element. Otherwise (the bytes were inside a value, or the helper's
// elements do not end with the list) this thread decodes the rest itself, and the
// result is the same either way.
#include <atomic>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

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

void Signal(std::atomic<bool>& flag) {
  flag.store(true, std::memory_order_release);
  flag.notify_all();
}
void Await(const std::atomic<bool>& flag) { flag.wait(false, std::memory_order_acquire); }

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

struct CanonicalDecoder::Helper {
  explicit Helper(uint32_t count) : count(count) {}
  ~Helper() {
    stop.store(true, std::memory_order_relaxed);
    Signal(decided);  // a helper waiting for the decision gives up
    if (thread.joinable()) thread.join();
  }
  const uint32_t count;
  // Set by the helper once: where its first element begins (0: none yet).
  std::atomic<size_t> start{0};
  // Set by this thread once: its first element's index, when this thread arrived there.
  std::atomic<uint32_t> first{0};
  std::atomic<bool> stop{false};     // the helper's work is not wanted
  std::atomic<bool> finished{false};  // the helper decodes no more
  std::atomic<bool> decided{false};   // this thread took the helper's elements, or not (`stop`)
  // What the helper made, read once `finished` is set.
  std::unique_ptr<CanonicalDecoder> decoder;
  uint32_t decoded = 0;  // elements decoded in full
  Snapshot after;        // the helper's decoder after them
  std::vector<RelativeSig> signature;  // its first element's, when the list unifies
  std::exception_ptr graft_error;      // the marker graft's, read after join
  std::thread thread;
};

bool CanonicalDecoder::MayShare(const Reader& r, uint64_t n) const {
  return n >= kMinShareElements && n <= structured::internal::kMaxLength && r.left() >= share_min_bytes_ &&
         keyed_ == 0 && unify_depth_ == 0 && !sharing_ && shares_ < kMaxShares;
}

void CanonicalDecoder::SharedList(Reader& r, const TypePlan& element, uint64_t n, uint32_t first,
                                  uint32_t marker_first, bool unify, int depth) {
  ++shares_;
  sharing_ = true;  // lists inside this one stay with their thread
  Helper h(static_cast<uint32_t>(n));
  std::string element_start = ElementStart(element);
  if (!element_start.empty()) {
    try {
      h.thread = std::thread([this, &h, &element, bytes = std::move(element_start), from = r.pos(),
                              marker_first, unify, depth] {
        RunHelper(h, *element.type, bytes, from, marker_first, unify, depth);
      });
    } catch (const std::system_error&) {
      // No thread to be had: this one decodes every element.
    }
  }
  Unification u;
  if (unify) BeginUnify(u);
  MarkerAt em;
  bool watching = h.thread.joinable();  // until this thread reaches where the helper started
  for (uint64_t i = 0; i < n; ++i) {
    if (watching) {
      size_t meet = h.start.load(std::memory_order_acquire);
      if (meet != 0 && r.pos() >= meet) {
        watching = false;
        if (r.pos() == meet && i > 0 && TakeHelperShare(r, h, static_cast<uint32_t>(i), n, first,
                                                        unify ? &u : nullptr)) {
          break;
        }
        h.stop.store(true, std::memory_order_relaxed);
        Signal(h.decided);
      }
    }
    uint32_t k = static_cast<uint32_t>(i);
    em.slot = marker_first + 2 * k;
    ListElement(r, element, first + 2 * k, em, depth + 1, unify, u, i);
  }
  if (unify) EndUnify();
  sharing_ = false;
}

// On the helper thread, with `this` the decoder that shares its list (of which it reads
// only data_ and owner_ until that thread has decided, then grafts into marker_):
// elements from the first place after the middle of the rest of the input that looks
// like an element's start.
void CanonicalDecoder::RunHelper(Helper& h, const Type& element_type, std::string_view element_start,
                                 size_t list_start, uint32_t marker_first, bool unify, int depth) {
  size_t start = data_.find(element_start, list_start + (data_.size() - list_start) / 2);
  if (start == std::string_view::npos) {
    Signal(h.finished);
    return;
  }
  try {
    h.decoder = std::make_unique<CanonicalDecoder>(data_, owner_, SIZE_MAX, (data_.size() - start));
    h.decoder->DecodeFrom(h, start, element_type, unify, depth);
  } catch (...) {
    // No memory for a decoder: h.decoded stays 0, and the share is not taken.
  }
  Signal(h.finished);
  // Graft the marker document if this thread takes the elements.
  Await(h.decided);
  if (h.stop.load(std::memory_order_relaxed)) return;
  uint32_t first = h.first.load(std::memory_order_relaxed);
  try {
    marker_.Graft(h.decoder->marker_, h.count, 0, h.count - first, marker_first + 2 * first);
  } catch (...) {
    h.graft_error = std::current_exception();
  }
}

// On the helper thread: elements from `start`, the j-th in slot j of slots for up to
// all the list's elements (the first words of both documents, as Graft needs), until
// the rest of the list is done or an element fails.
void CanonicalDecoder::DecodeFrom(Helper& h, size_t start, const Type& element_type, bool unify, int depth) {
  const TypePlan& element = plans_.For(element_type);
  uint32_t slots = value_.ReserveArray(h.count);
  uint32_t marker_slots = marker_.ReserveArray(h.count);
  if (slots != 0 || marker_slots != 0) return;
  Reader r(data_, start, data_.size());
  h.start.store(start, std::memory_order_release);
  Unification u;
  if (unify) BeginUnify(u);
  Snapshot after = Snap(r.pos());
  uint32_t decoded = 0;
  MarkerAt em;
  try {
    while (decoded < h.count && !h.stop.load(std::memory_order_relaxed)) {
      uint32_t first = h.first.load(std::memory_order_acquire);
      if (first != 0 && decoded >= h.count - first) break;
      em.slot = marker_slots + 2 * decoded;
      ListElement(r, element, slots + 2 * decoded, em, depth + 1, unify, u, decoded);
      ++decoded;
      after = Snap(r.pos());
    }
  } catch (...) {
    // Past the list's end, or an error that the other thread will meet as well.
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

// This thread, arrived at element `first` where the helper started: true when the
// helper's elements are the rest of the list and are now in these documents, with `r`
// after the list; false when this thread is to decode them itself.
bool CanonicalDecoder::TakeHelperShare(Reader& r, Helper& h, uint32_t first, uint64_t n, uint32_t value_first,
                                       const Unification* u) {
  h.first.store(first, std::memory_order_release);
  Await(h.finished);
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
  Signal(h.decided);  // the helper grafts the marker document meanwhile
  DocumentBuilder::Grafted g = value_.Graft(other.value_, n, 0, n - first, value_first + 2 * first);
  h.thread.join();
  if (h.graft_error) std::rethrow_exception(h.graft_error);
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
  shared_elements_ += n - first;
  r.Advance(h.after.pos - r.pos());
  return true;
}

}  // namespace planview::wire::internal

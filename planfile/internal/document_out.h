// Writing the `show -json` document of a plan file in place (structured::DocumentBuilder's
// Reserve/Put style, which is what lets resource changes be written on several threads and
// grafted): member names stored once per builder, and objects whose members are written
// one after another, each into a slot of its own, before their count is known.
//
// Failure: once the builder has failed (a capacity limit), reservations reserve nothing;
// every writer here checks `failed()` after reserving several slots and then writes
// nothing more, and the producer reports the builder's error.
#ifndef PLANVIEW_PLANFILE_INTERNAL_DOCUMENT_OUT_H_
#define PLANVIEW_PLANFILE_INTERNAL_DOCUMENT_OUT_H_

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "structured/document_builder.h"

namespace planview::planfile::internal {

// The source every builder of a plan's document is made over: the member names planfile
// writes, each followed by '"', so that each is a key of the source (DocumentOut::Name),
// stored once for the document and all its parts.
std::string_view PlanNames();

// Writes into a builder made over PlanNames().
class DocumentOut {
 public:
  explicit DocumentOut(structured::DocumentBuilder& builder) : b_(builder) {}
  DocumentOut(const DocumentOut&) = delete;
  DocumentOut& operator=(const DocumentOut&) = delete;

  structured::DocumentBuilder& b() { return b_; }
  bool failed() const { return b_.failed(); }
  // A member name the program writes: a key of PlanNames(), else its text stored.
  structured::DocumentBuilder::KeyId Name(std::string_view name);
  // A string array at `at`.
  void PutStrings(uint32_t at, const std::vector<std::string_view>& strings);

 private:
  structured::DocumentBuilder& b_;
};

// An object written member after member; `End` puts it at its slot. Members keep the
// order they were added in. An object of more than 16 members (the document format
// indexes those by key) must get them in key order.
class ObjectOut {
 public:
  explicit ObjectOut(DocumentOut& out) : out_(out) {}
  // The slot to write the value of member `name` (a literal) into.
  uint32_t Member(std::string_view name) { return Add(out_.Name(name)); }
  // The same for a key from the input (its text copied).
  uint32_t MemberKey(std::string_view key) { return Add(out_.b().StoreKey(key)); }
  void End(uint32_t at);

 private:
  uint32_t Add(structured::DocumentBuilder::KeyId key) {
    uint32_t slot = out_.b().ReserveValue();
    members_.emplace_back(key, slot);
    return slot;
  }
  DocumentOut& out_;
  std::vector<std::pair<structured::DocumentBuilder::KeyId, uint32_t>> members_;
};

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_DOCUMENT_OUT_H_

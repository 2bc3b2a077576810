// Looks up members of one object for keys asked in increasing order, as a walk over a
// schema's sorted names does.
//
// Contract:
// - `Find(key)` answers exactly what `object.find(key)` answers (absent when the key is
//   missing or the value is not an object; the last of repeated keys).
// - Keys must be asked in strictly increasing bytewise order; `Restart()` begins a new
//   increasing run. Asking out of order gives unspecified (but memory-safe) answers.
// - When the members are in key order without repeats (every object OpenTofu, Terraform
//   and planview's own builders write), all the lookups of one run together take one pass
//   over the members; otherwise each is a `Value::find`.
#ifndef PLANVIEW_STRUCTURED_ORDERED_LOOKUP_H_
#define PLANVIEW_STRUCTURED_ORDERED_LOOKUP_H_

#include <cstdint>
#include <string_view>

#include "structured/json_value.h"

namespace planview::structured {

class OrderedLookup {
 public:
  explicit OrderedLookup(Value object);

  Value Find(std::string_view key);
  void Restart() { next_ = 0; }

 private:
  Value object_;
  enum class Mode : uint8_t { kNone, kWalk, kFind };
  Mode mode_ = Mode::kNone;  // no members / in key order without repeats / otherwise
  uint32_t next_ = 0;        // the first member whose key may still be asked for
  uint32_t count_ = 0;       // members, when walking
  const uint32_t* members_ = nullptr;  // the members' [key, head, data] words
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_ORDERED_LOOKUP_H_

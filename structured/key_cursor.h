// Looks up many keys of one JSON object, for walks that ask in increasing key order (the
// differ goes through a schema's sorted attribute names).
//
// Contract: `Find(object, key)` answers exactly as `object.find(key)` does, for any object
// and any order of keys. When the object is large enough and its keys strictly increase
// (Value::KeysIncrease, true of every object OpenTofu writes), a cursor follows the
// requests and a lookup costs a comparison or two instead of a scan; otherwise it is
// `Value::find`. A cursor belongs to one object: use a new one for another.
#ifndef PLANVIEW_STRUCTURED_KEY_CURSOR_H_
#define PLANVIEW_STRUCTURED_KEY_CURSOR_H_

#include <cstdint>
#include <string_view>

#include "structured/json_value.h"

namespace planview::structured {

class KeyCursor {
 public:
  Value Find(Value object, std::string_view key);

 private:
  enum class Order : uint8_t { kUnchecked, kIncreasing, kOther };
  Order order_ = Order::kUnchecked;
  uint32_t next_ = 0;      // members before it have keys below the last key asked
  std::string_view last_;  // the last key asked
  bool asked_ = false;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_KEY_CURSOR_H_

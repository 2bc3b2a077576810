// A structural hash of a JSON value that agrees with structured::Value::Equals: equal
// values hash alike (numbers by exact text, object members in any order, null and
// absent alike). Used to skip most deep comparisons when aligning lists and pairing set
// elements.
#ifndef PLANVIEW_CHANGE_VALUE_HASH_H_
#define PLANVIEW_CHANGE_VALUE_HASH_H_

#include <cstdint>

#include "structured/json_value.h"

namespace planview::change {

uint64_t HashValue(structured::Value value);

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_VALUE_HASH_H_

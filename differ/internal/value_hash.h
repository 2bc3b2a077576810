// A structural hash of a JSON value that agrees with structured::Value::Equals: equal
// values hash alike (numbers by exact text, object members in any order, null and
// absent alike). Used to skip most deep comparisons when aligning lists and sets.
#ifndef PLANVIEW_DIFFER_INTERNAL_VALUE_HASH_H_
#define PLANVIEW_DIFFER_INTERNAL_VALUE_HASH_H_

#include <cstdint>

#include "structured/json_value.h"

namespace planview::differ::internal {

uint64_t HashValue(structured::Value value);

}  // namespace planview::differ::internal

#endif  // PLANVIEW_DIFFER_INTERNAL_VALUE_HASH_H_

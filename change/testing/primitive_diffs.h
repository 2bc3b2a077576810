// Test helper: primitive diffs from JSON literal text (nullptr: no value on that side).
#ifndef PLANVIEW_CHANGE_TESTING_PRIMITIVE_DIFFS_H_
#define PLANVIEW_CHANGE_TESTING_PRIMITIVE_DIFFS_H_

#include "change/diff.h"
#include "change/renderers/renderers.h"
#include "change/testing/json_values.h"
#include "structured/action.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"

namespace planview::change::testing {

inline Diff PrimitiveDiff(const char* before, const char* after, structured::Type type, Action action) {
  structured::Value b = before != nullptr ? Json(before) : structured::Value();
  structured::Value a = after != nullptr ? Json(after) : structured::Value();
  return Diff(renderers::Primitive(b, a, std::move(type)), action, false);
}

inline Diff Str(const char* before, const char* after, Action action) {
  return PrimitiveDiff(before, after, structured::Type::String(), action);
}

inline Diff Num(const char* before, const char* after, Action action) {
  return PrimitiveDiff(before, after, structured::Type::Number(), action);
}

}  // namespace planview::change::testing

#endif  // PLANVIEW_CHANGE_TESTING_PRIMITIVE_DIFFS_H_

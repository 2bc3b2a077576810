// Strings, numbers and bools.
#include "differ/internal/walk.h"

namespace planview::differ::internal {

Diff DiffPrimitive(const Change& change, const structured::Type& type, Path& path) {
  bool fits = false;
  switch (type.kind()) {
    case structured::Type::Kind::kString:
      fits = ExpectKind(change, path, structured::Kind::kString, "a string");
      break;
    case structured::Type::Kind::kNumber:
      fits = ExpectKind(change, path, structured::Kind::kNumber, "a number");
      break;
    default:
      fits = ExpectKind(change, path, structured::Kind::kBool, "a bool");
      break;
  }
  if (!fits) return Diff();
  return AsDiff(change, change::renderers::Primitive(change.before, change.after, type));
}

}  // namespace planview::differ::internal

// Strings, numbers and bools.
#include "differ/internal/walk.h"

namespace planview::differ::internal {

Diff DiffPrimitive(const Change& change, const structured::Type& type, Path& path) {
  switch (type.kind()) {
    case structured::Type::Kind::kString:
      ExpectKind(change, path, structured::Kind::kString, "a string");
      break;
    case structured::Type::Kind::kNumber:
      ExpectKind(change, path, structured::Kind::kNumber, "a number");
      break;
    default:
      ExpectKind(change, path, structured::Kind::kBool, "a bool");
      break;
  }
  return AsDiff(change, change::renderers::Primitive(change.before, change.after, type));
}

}  // namespace planview::differ::internal

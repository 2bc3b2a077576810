// Values that disagree with their schema in ways the diff renders anyway.
//
// Upstream renders these without a word, and planview renders them the same way, but the
// output then hides a real change: an attribute the schema does not declare (schemas of
// another provider version) is counted as hidden, a tuple whose length is not the type's
// shows as unchanged, a resource value that is not an object shows every attribute as
// removed or added, a block given an array renders as null. FindSchemaMismatch names the
// first such place so the caller can warn; it does not change what is rendered.
//
// Kinds the diff itself rejects (a string where the schema says list, ...) are its
// errors, not repeated here. Lists, sets and maps of primitives are not walked.
#ifndef PLANVIEW_DIFFER_SCHEMA_MISMATCH_H_
#define PLANVIEW_DIFFER_SCHEMA_MISMATCH_H_

#include <optional>
#include <string>

#include "structured/change.h"
#include "structured/schema.h"

namespace planview::differ {

// "PATH: what" (cty-style path, `.tags["Name"]`, `[2].port`; no path at the resource's
// own value) for the first mismatch of the before value, else of the after value.
std::optional<std::string> FindSchemaMismatch(const structured::Change& change, const structured::Block& block);

}  // namespace planview::differ

#endif  // PLANVIEW_DIFFER_SCHEMA_MISMATCH_H_

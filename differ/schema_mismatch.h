// Values that disagree with their schema in ways the diff renders anyway.
//
// Upstream renders these without a word, and planview renders them the same way, but the
// output then hides a real change: an attribute the schema does not declare (schemas of
// another provider version) is counted as hidden, a tuple whose length is not the type's
// shows as unchanged, a resource value that is not an object shows every attribute as
// removed or added, a block given an array renders as null, a collection or object given
// a value of another kind (the same on both sides) renders as an empty one. FindSchemaMismatch
// names the first such place so the caller can warn; it does not change what is rendered.
//
// Kinds the diff itself rejects (a number where the schema says string, ...) are its
// errors, not repeated here. Elements of lists, sets and maps of primitives are not walked.
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
// The same for a value of a type (a state's output): collections and objects only.
std::optional<std::string> FindTypeMismatch(const structured::Change& change, const structured::Type& type);

}  // namespace planview::differ

#endif  // PLANVIEW_DIFFER_SCHEMA_MISMATCH_H_

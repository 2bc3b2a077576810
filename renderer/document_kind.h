// What an input file holds, told from its content.
#ifndef PLANVIEW_RENDERER_DOCUMENT_KIND_H_
#define PLANVIEW_RENDERER_DOCUMENT_KIND_H_

#include <optional>
#include <string_view>

#include "structured/json_value.h"

namespace planview::renderer {

enum class DocumentKind { kPlan, kState, kLog };

std::optional<DocumentKind> DocumentKindFromName(std::string_view name);  // "plan", "state", "log"
std::string_view DocumentKindName(DocumentKind kind);

// A JSON-lines log: the text holds more than one non-blank line and its first one is a
// complete JSON object, or one of its first ten is an object with "@message" or "@level"
// (plain text before the messages). A single line is left to KindOfDocument. Looks at the
// first ten lines only (and whether an eleventh follows).
bool LooksLikeLog(std::string_view text);

// LooksLikeLog's answer from the text's first `budget` bytes alone, or nullopt when they
// do not settle it (a line it looks at goes on past them). A JSON value that does not
// span lines (json_parse.h's spans_lines) is never a log: it is a single non-blank line.
std::optional<bool> LooksLikeLogWithin(std::string_view text, size_t budget);

// LooksLikeLog's answer from the start of a text that is still coming in (`at_end`: the
// start is the whole text) as soon as that start settles it, nullopt until then: true
// once the first non-blank line is a whole JSON object and a non-blank byte follows it
// (or a later one of the first ten is a message), false once ten non-blank lines have
// come and none says so. What is not yet settled waits for more lines, so a log that
// comes down a pipe is known for one as soon as its second line begins.
std::optional<bool> LooksLikeLogSoFar(std::string_view start, bool at_end);

// How much of an input LooksLikeLogWithin reads before the parse: a JSON log's first lines
// fit. A mapped input whose first lines run longer (a plan on one line) is settled by its
// parse, which says whether the value spans lines (one that does not is no log).
inline constexpr size_t kLogLookBytes = size_t{1} << 20;

// The kind of one parsed JSON document (not a log): a plan when it has any of the keys a
// plan has (`resource_changes`, `planned_values`, `output_changes`, ..., or a redacted
// plan's `plan_format_version` / `provider_schemas`), a state when it has `values` or
// only version keys (`{"format_version":"1.0"}` is an empty state), a log message when it
// has `@message` or `@level`; nullopt otherwise.
std::optional<DocumentKind> KindOfDocument(structured::Value root);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_DOCUMENT_KIND_H_

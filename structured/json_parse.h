// Parses JSON text into a Document in one pass, keeping number text exactly.
//
// Strict JSON (RFC 8259): no comments, no trailing commas, UTF-8 only, control characters
// escaped. Invalid \u surrogates become U+FFFD as Go's encoding/json does. Nesting deeper
// than `max_depth` is an error, not a stack overflow.
#ifndef PLANVIEW_STRUCTURED_JSON_PARSE_H_
#define PLANVIEW_STRUCTURED_JSON_PARSE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/executor.h"
#include "base/expected.h"
#include "structured/input_text.h"
#include "structured/json_value.h"
#include "structured/parse_error.h"
#include "structured/read_input.h"

namespace planview::structured {

struct ParseOptions {
  size_t max_depth = 512;
  // Members of the top-level object to leave out of the document (they are still
  // checked for well-formed structure, but not built).
  std::vector<std::string> skip_top_level_keys;
  // With one, the skipped members of a big text are checked on its threads while the
  // rest is built, and then the back part of a big kept top-level array (such as
  // resource_changes) is built there too (the result, errors included, is the same).
  base::Executor* executor = nullptr;
  // Members of the top-level object whose value, when it is an object, is checked but
  // not built: an empty object stands in its place, and its text is listed in `*unbuilt`
  // (when set), for a reader that builds it a part at a time (a state's `values`). Not
  // for keys also in skip_top_level_keys.
  std::vector<std::string> unbuilt_top_level_keys;
  struct Unbuilt {
    uint32_t member;  // the root's member(member) is the stand-in
    size_t offset;    // the object's text in the source (Document::source())
    size_t length;
  };
  std::vector<Unbuilt>* unbuilt = nullptr;
  // When set, called for each unbuilt value with the text (Document::source()) and where
  // the value begins; it reads the value as it needs (json_spans.h: it must stay within
  // the text whatever the text holds) and gives where the value ends. With an executor
  // and a big text it runs on the building thread while another thread checks the value
  // (so it may be called on text the parse then refuses: what it read is for nothing
  // then), in place of a pass that only finds the value's end; the parse fails unless
  // the end given is the checked one. Otherwise it is called once the value is checked.
  std::function<size_t(std::string_view text, size_t begin)> read_unbuilt;
  // When set and the parse succeeds: whether the value spans lines, that is, a line break
  // separates two of its tokens (the white space before and after it does not count).
  bool* spans_lines = nullptr;
};

// The document (never null), or why the text is not one: ParseError keeps the byte offset,
// line and column besides the path (ToError gives the one-line base::Error).
using ParseResult = base::Expected<std::shared_ptr<const Document>, ParseError>;

// Takes ownership of `text` (a string or a mapped file) and only reads it; string values
// without escapes stay views into it, escaped ones are unescaped into the document. Peak
// memory is the text, the escaped strings, and about 12 bytes per object member and 8
// per array element.
ParseResult ParseJson(InputText text, const ParseOptions& options = {});
ParseResult ParseJson(std::string text, const ParseOptions& options = {});


}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_JSON_PARSE_H_

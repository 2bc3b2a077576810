// Compact JSON text of a parsed value: no spaces, numbers as their source text. The one
// compact JSON writer: renderers, the diff dump and `planview wire decode --format json`
// all write through it, each with its own style.
#ifndef PLANVIEW_STRUCTURED_COMPACT_JSON_H_
#define PLANVIEW_STRUCTURED_COMPACT_JSON_H_

#include <functional>
#include <string>
#include <string_view>

#include "structured/json_value.h"

namespace planview::structured {

struct CompactJsonStyle {
  // Strings as Go's encoding/json writes them (AppendGoJsonString), or only what JSON
  // requires escaped (AppendJsonString).
  bool go_strings = true;
  // Object members by key (bytewise; of duplicate keys the last), or in parse order.
  bool sorted_keys = false;
  // Numbers whose text is +Inf or -Inf (the wire decoder's infinities) as JSON strings, so
  // that the output stays JSON.
  bool quote_infinities = false;
  // When set, each string and key is passed through it before quoting (e.g. masking): it
  // returns the text to write, keeping any text it makes in `scratch`.
  std::function<std::string_view(std::string_view text, std::string& scratch)> rewrite = nullptr;
};

// Appends `value` (absent: null) as compact JSON.
void AppendCompactJson(std::string& out, const Value& value, const CompactJsonStyle& style = {});

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_COMPACT_JSON_H_

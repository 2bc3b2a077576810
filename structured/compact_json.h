// Compact JSON text of a parsed value: no spaces, numbers as their source text.
#ifndef PLANVIEW_STRUCTURED_COMPACT_JSON_H_
#define PLANVIEW_STRUCTURED_COMPACT_JSON_H_

#include <string>

#include "structured/json_value.h"

namespace planview::structured {

struct CompactJsonStyle {
  // Strings as Go's encoding/json writes them (AppendGoJsonString), or only what JSON
  // requires escaped (AppendJsonString).
  bool go_strings = true;
  // Object members by key (bytewise; of duplicate keys the last), or in parse order.
  bool sorted_keys = false;
};

// Appends `value` (absent: null) as compact JSON.
void AppendCompactJson(std::string& out, const Value& value, CompactJsonStyle style = {});

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_COMPACT_JSON_H_

#include "renderer/log_shape.h"

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace planview::renderer {

namespace {

using structured::Value;

using Check = bool (*)(Value);

// One field of a Go struct and the check its JSON must pass.
struct Field {
  std::string_view key;
  Check fits;
};

// Each field's check on its value (a missing field passes every check, as Go leaves the
// field zero). One pass over the object's members, last to first: a key met again
// earlier in the object is a duplicate that the last one overrides (Go's decoder keeps
// the last), so only the first met counts. Lookups key by key cost a scan of the members
// per field, and most fields are absent from most messages.
bool FitsFields(Value object, std::initializer_list<Field> fields) {
  if (fields.size() > 32) {  // more than `seen` has bits for (no message type has)
    for (const Field& f : fields) {
      if (!f.fits(object.find(f.key))) return false;
    }
    return true;
  }
  uint32_t seen = 0;
  for (size_t i = object.size(); i-- > 0;) {
    structured::Member m = object.member(i);
    uint32_t bit = 1;
    const Field* f = fields.begin();
    for (; f != fields.end(); ++f, bit <<= 1) {
      // The first bytes first: most keys differ there, without a call to compare.
      if (f->key.size() == m.key.size() && f->key[0] == m.key[0] && f->key == m.key) break;
    }
    if (f == fields.end() || (seen & bit) != 0) continue;
    seen |= bit;
    if (!f->fits(m.value)) return false;
  }
  return true;
}

bool IsString(Value v) { return v.is_null() || v.is_string(); }
bool IsBool(Value v) { return v.is_null() || v.is_bool(); }
bool IsInt(Value v) {
  if (v.is_null()) return true;
  if (!v.is_number()) return false;
  std::string_view text = v.text();
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return ec == std::errc() && end == text.data() + text.size();
}
bool IsAnyObject(Value v) { return v.is_null() || v.is_object(); }
template <Check element>
bool IsArrayOf(Value v) {
  if (v.is_null()) return true;
  if (!v.is_array()) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!element(v.at(i))) return false;
  }
  return true;
}
template <Check member>
bool IsMapOf(Value v) {
  if (v.is_null()) return true;
  if (!v.is_object()) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!member(v.member(i).value)) return false;
  }
  return true;
}

bool IsPos(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"line", IsInt}, {"column", IsInt}, {"byte", IsInt}});
}
bool IsRange(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"filename", IsString}, {"start", IsPos}, {"end", IsPos}});
}
bool IsFunctionParam(Value v) {
  return IsAnyObject(v) &&
         FitsFields(v, {{"name", IsString}, {"description", IsString}, {"description_kind", IsString}});
}
bool IsFunction(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"name", IsString},
                                          {"description", IsString},
                                          {"description_kind", IsString},
                                          {"params", IsArrayOf<IsFunctionParam>},
                                          {"variadic_param", IsFunctionParam}});
}
bool IsExpressionValue(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"traversal", IsString}, {"statement", IsString}});
}
bool IsFunctionCall(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"called_as", IsString}, {"signature", IsFunction}});
}
bool IsTestAssertion(Value v) {
  return IsAnyObject(v) &&
         FitsFields(v, {{"lhs", IsString}, {"rhs", IsString}, {"warning", IsString}, {"show_verbose", IsBool}});
}
// The snippet fields both products have.
bool FitsSnippet(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"context", IsString},
                                          {"code", IsString},
                                          {"start_line", IsInt},
                                          {"highlight_start_offset", IsInt},
                                          {"highlight_end_offset", IsInt},
                                          {"values", IsArrayOf<IsExpressionValue>},
                                          {"function_call", IsFunctionCall}});
}
bool IsTerraformSnippet(Value v) { return FitsSnippet(v) && FitsFields(v, {{"test_assertion_expr", IsTestAssertion}}); }
bool IsPlanChange(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"actions", IsArrayOf<IsString>},
                                          {"generated_config", IsString},
                                          {"importing", [](Value i) {
                                             return IsAnyObject(i) && FitsFields(i, {{"id", IsString}});
                                           }}});
}
// The diagnostic fields both products have.
bool FitsDiagnostic(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"severity", IsString},
                                          {"summary", IsString},
                                          {"detail", IsString},
                                          {"address", IsString},
                                          {"range", IsRange}});
}
bool IsOpenTofuDiagnostic(Value v) {
  return FitsDiagnostic(v) && FitsFields(v, {{"snippet", FitsSnippet}, {"difference", IsPlanChange}});
}
bool IsTerraformDiagnostic(Value v) {
  return FitsDiagnostic(v) && FitsFields(v, {{"snippet", IsTerraformSnippet},
                                             {"deprecation_origin_description", IsString},
                                             {"policy_range", IsRange},
                                             {"policy_snippet", IsTerraformSnippet}});
}
bool IsOpenTofuOutput(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"sensitive", IsBool}, {"deprecated", IsString}, {"action", IsString}});
}
bool IsTerraformOutput(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"sensitive", IsBool}, {"action", IsString}});
}

bool IsFailedResource(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"instance", IsString}, {"deposed_key", IsString}});
}
bool IsTestFile(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"path", IsString}, {"progress", IsString}, {"status", IsString}});
}
bool IsTestRun(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"path", IsString},
                                          {"run", IsString},
                                          {"progress", IsString},
                                          {"elapsed", IsInt},
                                          {"status", IsString}});
}
bool IsTestCleanup(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"failed_resources", IsArrayOf<IsFailedResource>}});
}
bool IsTestSummary(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"status", IsString},
                                          {"passed", IsInt},
                                          {"failed", IsInt},
                                          {"errored", IsInt},
                                          {"skipped", IsInt}});
}
bool IsTestInterrupt(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"state", IsArrayOf<IsFailedResource>},
                                          {"states", IsMapOf<IsArrayOf<IsFailedResource>>},
                                          {"planned", IsArrayOf<IsString>}});
}
bool IsListStart(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"address", IsString},
                                          {"resource_type", IsString},
                                          {"input_config", IsAnyObject},
                                          {"sensitive_attribute_paths", IsArrayOf<IsString>}});
}
bool IsListResourceFound(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"address", IsString},
                                          {"display_name", IsString},
                                          {"identity", IsAnyObject},
                                          {"identity_version", IsInt},
                                          {"resource_type", IsString},
                                          {"resource_object", IsAnyObject},
                                          {"config", IsString},
                                          {"import_config", IsString}});
}
bool IsListComplete(Value v) {
  return IsAnyObject(v) && FitsFields(v, {{"address", IsString}, {"resource_type", IsString}, {"total", IsInt}});
}

}  // namespace

bool FitsOpenTofuLogMessage(Value m) {
  return IsAnyObject(m) && FitsFields(m, {{"@message", IsString},
                                          {"type", IsString},
                                          {"diagnostic", IsOpenTofuDiagnostic},
                                          {"outputs", IsMapOf<IsOpenTofuOutput>},
                                          {"hook", IsAnyObject}});
}

bool FitsTerraformLogMessage(Value m) {
  return IsAnyObject(m) && FitsFields(m, {{"@message", IsString},
                                          {"type", IsString},
                                          {"diagnostic", IsTerraformDiagnostic},
                                          {"outputs", IsMapOf<IsTerraformOutput>},
                                          {"hook", IsAnyObject},
                                          {"@testrun", IsString},
                                          {"@testfile", IsString},
                                          {"test_file", IsTestFile},
                                          {"test_run", IsTestRun},
                                          {"test_cleanup", IsTestCleanup},
                                          {"test_summary", IsTestSummary},
                                          {"test_interrupt", IsTestInterrupt},
                                          {"test_state", IsAnyObject},
                                          {"test_plan", IsAnyObject},
                                          {"list_start", IsListStart},
                                          {"list_resource_found", IsListResourceFound},
                                          {"list_complete", IsListComplete}});
}

}  // namespace planview::renderer

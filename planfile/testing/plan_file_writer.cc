#include "planfile/testing/plan_file_writer.h"

#include <zip.h>

#include <charconv>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "planproto/planfile.pb.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/encode.h"
#include "wire/implied_type.h"
#include "wire/wire_value.h"

namespace planview::planfile::testing {

namespace {

using structured::Type;
using structured::Value;

base::Expected<std::shared_ptr<const structured::Document>> Parse(std::string text) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) return base::Error(parsed.error().ToString("<json>"));
  return parsed.value();
}

// JSON text of a value, with `null` added for members `unknown` marks unknown that the
// value (as `show -json` writes it) leaves out.
void AppendWithUnknowns(Value v, Value unknown, std::string& out) {
  if (v.is_object()) {
    out += '{';
    bool first = true;
    for (size_t i = 0; i < v.size(); ++i) {
      structured::Member m = v.member(i);
      if (!first) out += ',';
      first = false;
      structured::AppendJsonString(out, m.key);
      out += ':';
      AppendWithUnknowns(m.value, wire::UnknownChild(unknown, m.key), out);
    }
    if (unknown.is_object()) {
      for (size_t i = 0; i < unknown.size(); ++i) {
        structured::Member m = unknown.member(i);
        if (!m.value.is_true() || !v.find(m.key).absent()) continue;
        if (!first) out += ',';
        first = false;
        structured::AppendJsonString(out, m.key);
        out += ":null";
      }
    }
    out += '}';
  } else if (v.is_array()) {
    out += '[';
    for (size_t i = 0; i < v.size(); ++i) {
      if (i > 0) out += ',';
      AppendWithUnknowns(v.at(i), wire::UnknownChild(unknown, i), out);
    }
    out += ']';
  } else if (v.is_string()) {
    structured::AppendJsonString(out, v.text());
  } else if (v.is_number()) {
    out += v.text();
  } else if (v.is_bool()) {
    out += v.as_bool() ? "true" : "false";
  } else {
    out += "null";
  }
}

base::Expected<std::string> Encode(Value value, Value unknown, const Type* declared) {
  std::string text;
  AppendWithUnknowns(value, unknown, text);
  std::string unknown_text;
  AppendWithUnknowns(unknown, Value(), unknown_text);
  if (unknown.absent()) unknown_text = "false";
  base::Expected<std::shared_ptr<const structured::Document>> parsed_value = Parse(text);
  if (!parsed_value) return parsed_value.error();
  base::Expected<std::shared_ptr<const structured::Document>> parsed_unknown = Parse(unknown_text);
  if (!parsed_unknown) return parsed_unknown.error();
  wire::WireValue wv;
  wv.value = std::move(*parsed_value);
  wv.unknown = std::move(*parsed_unknown);
  Type type = declared ? *declared : wire::ImpliedType(wv.root());
  wire::EncodeResult encoded = wire::EncodeMsgpack(wv, type);
  if (!encoded.ok()) return base::Error(encoded.error->ToString());
  // Terraform marshals cty values, so a set's elements are in cty's order; the JSON lists
  // them in its own. Decoding once puts them in cty's order (and removes duplicates).
  wire::DecodeResult normal = wire::DecodeMsgpack(std::move(encoded.bytes), type);
  if (!normal.ok()) return base::Error(normal.error->ToString());
  encoded = wire::EncodeMsgpack(*normal.value, type);
  if (!encoded.ok()) return base::Error(encoded.error->ToString());
  return std::move(encoded.bytes);
}

// An index key: an int64.
std::string MsgpackIndexKey(long long n) {
  std::string out;
  out += static_cast<char>(0xd3);
  for (int i = 7; i >= 0; --i) out += static_cast<char>((static_cast<unsigned long long>(n) >> (8 * i)) & 0xff);
  return out;
}

// A number (its leading whole number; 0 when out of range) or string key.
std::string MsgpackKey(Value key) {
  std::string out;
  if (key.is_number()) {
    long long n = 0;
    std::from_chars(key.text().data(), key.text().data() + key.text().size(), n);
    out = MsgpackIndexKey(n);
  } else {
    std::string_view s = key.text();
    out += static_cast<char>(0xdb);
    for (int i = 3; i >= 0; --i) out += static_cast<char>((s.size() >> (8 * i)) & 0xff);
    out += s;
  }
  return out;
}

// A `show -json` path ([step, ...]) as a Path message.
void PathFromJson(Value steps, planproto::Path* path) {
  for (size_t i = 0; i < steps.size(); ++i) {
    Value step = steps.at(i);
    planproto::Path::Step* s = path->add_steps();
    if (step.is_string()) {
      s->set_attribute_name(std::string(step.text()));
    } else {
      s->mutable_element_key()->set_msgpack(MsgpackKey(step));
    }
  }
}

// One step of a path being walked: an attribute name or an index.
struct Step {
  std::string name;
  long long index = -1;  // >= 0: an index
};

// Sensitivity markers as paths: attributes for object members, keys for array indices.
void SensitivePaths(Value marker, std::vector<Step>& steps, google::protobuf::RepeatedPtrField<planproto::Path>* out) {
  if (marker.is_true()) {
    planproto::Path* path = out->Add();
    for (const Step& step : steps) {
      planproto::Path::Step* s = path->add_steps();
      if (step.index >= 0) {
        s->mutable_element_key()->set_msgpack(MsgpackIndexKey(step.index));
      } else {
        s->set_attribute_name(step.name);
      }
    }
    return;
  }
  if (marker.is_object()) {
    for (size_t i = 0; i < marker.size(); ++i) {
      structured::Member m = marker.member(i);
      steps.push_back(Step{std::string(m.key)});
      SensitivePaths(m.value, steps, out);
      steps.pop_back();
    }
  } else if (marker.is_array()) {
    for (size_t i = 0; i < marker.size(); ++i) {
      steps.push_back(Step{{}, static_cast<long long>(i)});
      SensitivePaths(marker.at(i), steps, out);
      steps.pop_back();
    }
  }
}

void AddSensitivePaths(Value marker, google::protobuf::RepeatedPtrField<planproto::Path>* out) {
  std::vector<Step> steps;
  SensitivePaths(marker, steps, out);
}

base::Expected<planproto::Action> ActionFromJson(Value actions) {
  std::string joined;
  for (size_t i = 0; i < actions.size(); ++i) joined += (i ? "," : "") + std::string(actions.at(i).text());
  static const std::map<std::string, planproto::Action> kActions = {
      {"no-op", planproto::NOOP},
      {"create", planproto::CREATE},
      {"read", planproto::READ},
      {"update", planproto::UPDATE},
      {"delete", planproto::DELETE},
      {"delete,create", planproto::DELETE_THEN_CREATE},
      {"create,delete", planproto::CREATE_THEN_DELETE},
      {"forget", planproto::FORGET},
      {"create,forget", planproto::CREATE_THEN_FORGET},
      {"forget,create", planproto::FORGET_THEN_CREATE},
  };
  auto it = kActions.find(joined);
  if (it == kActions.end()) return base::Error("unknown actions " + joined);
  return it->second;
}

base::Expected<planproto::ResourceInstanceActionReason> ReasonFromJson(std::string_view name) {
  const google::protobuf::EnumDescriptor* d = planproto::ResourceInstanceActionReason_descriptor();
  for (int i = 0; i < d->value_count(); ++i) {
    std::string upper(name);
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (d->value(i)->name() == upper) return static_cast<planproto::ResourceInstanceActionReason>(d->value(i)->number());
  }
  return base::Error(fmt::format("unknown action reason {}", name));
}

// Which values the message holds for an action: before and/or after.
std::pair<bool, bool> ValuesOf(planproto::Action action) {
  switch (action) {
    case planproto::CREATE: return {false, true};
    case planproto::DELETE:
    case planproto::FORGET:
    case planproto::NOOP: return {true, false};
    default: return {true, true};
  }
}

base::Expected<void> ChangeFromJson(Value change, const Type* type, bool sensitivity, planproto::Change* out) {
  base::Expected<planproto::Action> action = ActionFromJson(change.find("actions"));
  if (!action) return action.error();
  out->set_action(*action);
  auto [has_before, has_after] = ValuesOf(*action);
  if (has_before) {
    base::Expected<std::string> before = Encode(change.find("before"), Value(), type);
    if (!before) return before.error();
    out->add_values()->set_msgpack(std::move(*before));
  }
  if (has_after) {
    base::Expected<std::string> after = Encode(change.find("after"), change.find("after_unknown"), type);
    if (!after) return after.error();
    out->add_values()->set_msgpack(std::move(*after));
  }
  if (sensitivity) {
    AddSensitivePaths(change.find("before_sensitive"), out->mutable_before_sensitive_paths());
    AddSensitivePaths(change.find("after_sensitive"), out->mutable_after_sensitive_paths());
  }
  Value importing = change.find("importing");
  if (importing.is_object()) {
    Value id = importing.find("id");
    out->mutable_importing()->set_id(id.is_string() ? std::string(id.text()) : "");
    out->mutable_importing()->set_unknown(importing.find("unknown").is_true());
  }
  Value generated = change.find("generated_config");
  if (generated.is_string()) out->set_generated_config(std::string(generated.text()));
  return {};
}

base::Expected<void> ResourceFromJson(Value rc, const structured::ProviderSchemas* schemas, planproto::ResourceInstanceChange* out) {
  out->set_addr(std::string(rc.find("address").text()));
  Value previous = rc.find("previous_address");
  if (previous.is_string()) out->set_prev_run_addr(std::string(previous.text()));
  Value deposed = rc.find("deposed");
  if (deposed.is_string()) out->set_deposed_key(std::string(deposed.text()));
  const std::string provider(rc.find("provider_name").text());
  out->set_provider(fmt::format("provider[\"{}\"]", provider));
  std::optional<Type> type;
  if (schemas != nullptr) {
    base::Expected<const structured::Schema*> found =
        schemas->Find(provider, rc.find("mode").text() == "data" ? structured::ResourceMode::kData
                                                                 : structured::ResourceMode::kManaged,
                      rc.find("type").text());
    const structured::Schema* schema = found ? *found : nullptr;
    if (schema != nullptr && schema->block) type = wire::ImpliedType(*schema->block);
  }
  base::Expected<void> change = ChangeFromJson(rc.find("change"), type ? &*type : nullptr, true, out->mutable_change());
  if (!change) return change;
  Value replace = rc.find("change").find("replace_paths");
  for (size_t i = 0; replace.is_array() && i < replace.size(); ++i) PathFromJson(replace.at(i), out->add_required_replace());
  Value reason = rc.find("action_reason");
  if (reason.is_string()) {
    base::Expected<planproto::ResourceInstanceActionReason> found = ReasonFromJson(reason.text());
    if (!found) return found.error();
    out->set_action_reason(*found);
  }
  return {};
}

}  // namespace

std::string ZipArchiveOf(const std::vector<std::pair<std::string, std::string>>& members, bool deflate) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_source_keep(buffer);
  zip_t* zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  for (const auto& [name, content] : members) {
    zip_source_t* data = zip_source_buffer(zip, content.data(), content.size(), 0);
    zip_int64_t index = zip_file_add(zip, name.c_str(), data, ZIP_FL_ENC_UTF_8);
    zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 1);
  }
  zip_close(zip);
  std::string out;
  zip_source_open(buffer);
  zip_stat_t st;
  zip_source_stat(buffer, &st);
  out.resize(st.size);
  zip_source_read(buffer, out.data(), st.size);
  zip_source_close(buffer);
  zip_source_free(buffer);
  zip_error_fini(&error);
  return out;
}

base::Expected<std::string> TfplanFromJson(std::string_view plan_json, const structured::ProviderSchemas* schemas,
                                           UiMode mode) {
  base::Expected<std::shared_ptr<const structured::Document>> doc = Parse(std::string(plan_json));
  if (!doc) return doc.error();
  Value root = (*doc)->root();
  planproto::Plan plan;
  plan.set_version(3);
  Value version = root.find("terraform_version");
  plan.set_terraform_version(version.is_string() ? std::string(version.text()) : "1.9.0");
  Value timestamp = root.find("timestamp");
  if (timestamp.is_string()) plan.set_timestamp(std::string(timestamp.text()));
  plan.set_errored(root.find("errored").is_true());
  plan.set_ui_mode(mode == UiMode::kDestroy       ? planproto::DESTROY
                   : mode == UiMode::kRefreshOnly ? planproto::REFRESH_ONLY
                                                  : planproto::NORMAL);
  Value relevant = root.find("relevant_attributes");
  for (size_t i = 0; relevant.is_array() && i < relevant.size(); ++i) {
    planproto::ResourceAttr attr;
    attr.set_resource(std::string(relevant.at(i).find("resource").text()));
    PathFromJson(relevant.at(i).find("attribute"), attr.mutable_attr());
    plan.add_field_15(attr.SerializeAsString());
  }
  for (const char* section : {"resource_changes", "resource_drift"}) {
    Value list = root.find(section);
    for (size_t i = 0; list.is_array() && i < list.size(); ++i) {
      base::Expected<void> added =
          ResourceFromJson(list.at(i), schemas,
                           std::string(section) == "resource_changes" ? plan.add_resource_changes()
                                                                      : plan.add_resource_drift());
      if (!added) return added.error();
    }
  }
  Value outputs = root.find("output_changes");
  for (size_t i = 0; outputs.is_object() && i < outputs.size(); ++i) {
    structured::Member m = outputs.member(i);
    planproto::OutputChange* oc = plan.add_output_changes();
    oc->set_name(std::string(m.key));
    Type dynamic = Type::Dynamic();
    base::Expected<void> added = ChangeFromJson(m.value, &dynamic, false, oc->mutable_change());
    if (!added) return added.error();
    oc->set_sensitive(m.value.find("after_sensitive").is_true() || m.value.find("before_sensitive").is_true());
  }
  return plan.SerializeAsString();
}

base::Expected<std::string> PlanFileFromJson(std::string_view plan_json, const structured::ProviderSchemas* schemas,
                                             UiMode mode) {
  base::Expected<std::string> tfplan = TfplanFromJson(plan_json, schemas, mode);
  if (!tfplan) return tfplan.error();
  return ZipArchiveOf({{"tfplan", *tfplan}});
}

}  // namespace planview::planfile::testing

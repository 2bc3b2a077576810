#include "planfile/internal/change_json.h"

#include <charconv>
#include <optional>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "planfile/internal/address.h"
#include "planfile/internal/untyped_msgpack.h"
#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/implied_type.h"

namespace planview::planfile::internal {

namespace {

using planproto::Action;

// What each action is called in `show -json`, and which of the change's values are its
// before and after (-1: none, a null value).
struct ActionInfo {
  std::vector<std::string_view> names;
  int before = -1;
  int after = -1;
};

base::Expected<ActionInfo> ActionOf(int action, const std::string& where) {
  switch (action) {
    case planproto::NOOP: return ActionInfo{{"no-op"}, 0, 0};
    case planproto::CREATE: return ActionInfo{{"create"}, -1, 0};
    case planproto::READ: return ActionInfo{{"read"}, 0, 1};
    case planproto::UPDATE: return ActionInfo{{"update"}, 0, 1};
    case planproto::DELETE: return ActionInfo{{"delete"}, 0, -1};
    case planproto::DELETE_THEN_CREATE: return ActionInfo{{"delete", "create"}, 0, 1};
    case planproto::CREATE_THEN_DELETE: return ActionInfo{{"create", "delete"}, 0, 1};
    case planproto::FORGET: return ActionInfo{{"forget"}, 0, -1};
    case planproto::CREATE_THEN_FORGET: return ActionInfo{{"create", "forget"}, 0, 1};
    case planproto::FORGET_THEN_CREATE: return ActionInfo{{"forget", "create"}, 0, 1};
    default: return base::Error(fmt::format("{}: unknown change action {}", where, action));
  }
}

base::Expected<std::string_view> ActionReasonName(int reason, const std::string& where) {
  switch (reason) {
    case planproto::NONE: return std::string_view();
    case planproto::REPLACE_BECAUSE_TAINTED: return "replace_because_tainted";
    case planproto::REPLACE_BY_REQUEST: return "replace_by_request";
    case planproto::REPLACE_BECAUSE_CANNOT_UPDATE: return "replace_because_cannot_update";
    case planproto::DELETE_BECAUSE_NO_RESOURCE_CONFIG: return "delete_because_no_resource_config";
    case planproto::DELETE_BECAUSE_WRONG_REPETITION: return "delete_because_wrong_repetition";
    case planproto::DELETE_BECAUSE_COUNT_INDEX: return "delete_because_count_index";
    case planproto::DELETE_BECAUSE_EACH_KEY: return "delete_because_each_key";
    case planproto::DELETE_BECAUSE_NO_MODULE: return "delete_because_no_module";
    case planproto::REPLACE_BY_TRIGGERS: return "replace_by_triggers";
    case planproto::READ_BECAUSE_CONFIG_UNKNOWN: return "read_because_config_unknown";
    case planproto::READ_BECAUSE_DEPENDENCY_PENDING: return "read_because_dependency_pending";
    case planproto::DELETE_BECAUSE_NO_MOVE_TARGET: return "delete_because_no_move_target";
    case planproto::READ_BECAUSE_CHECK_NESTED: return "read_because_check_nested";
    case planproto::DELETE_BECAUSE_ENABLED_FALSE: return "delete_because_enabled_false";
    case planproto::FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_STATE: return "forgot_because_lifecycle_destroy_in_state";
    case planproto::FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_CONFIG: return "forgot_because_lifecycle_destroy_in_config";
    default: return base::Error(fmt::format("{}: unknown action reason {}", where, reason));
  }
}

// A change's before and after values (none where its action has none), each decoded by
// `decode(value, where)`.
struct BeforeAfter {
  std::optional<Node> before;
  std::optional<Node> after;
};
template <typename Decode>
base::Expected<BeforeAfter> DecodeValues(const planproto::Change& c, const ActionInfo& action, const std::string& here,
                                         const Decode& decode) {
  BeforeAfter values;
  for (auto [index, which, value] :
       {std::tuple(action.before, "before", &values.before), std::tuple(action.after, "after", &values.after)}) {
    if (index < 0) continue;
    if (index >= c.values_size()) {
      return base::Error(
          fmt::format("{}: {} values for a {} change", here, c.values_size(), fmt::join(action.names, "-")));
    }
    base::Expected<Node> decoded = decode(c.values(index), fmt::format("{}: {} value", here, which));
    if (!decoded) return decoded.error();
    *value = std::move(*decoded);
  }
  return values;
}

using structured::AppendGoJsonString;

// Marks what the schema marks sensitive: attributes (also inside nested attribute types)
// and, recursively, nested blocks.
template <typename Attributes>
void MarkSensitiveAttributes(Node& node, const Attributes& attributes);
void MarkSensitiveBlock(Node& node, const structured::Block& block);

template <typename Visit>
void ForEachNested(Node& node, structured::NestingMode mode, const Visit& visit) {
  switch (mode) {
    case structured::NestingMode::kSingle:
    case structured::NestingMode::kGroup:
      if (node.kind == Node::Kind::kObject) visit(node);
      return;
    case structured::NestingMode::kList:
    case structured::NestingMode::kSet:
      if (node.kind == Node::Kind::kArray) {
        for (Node& element : node.children) visit(element);
      }
      return;
    case structured::NestingMode::kMap:
      if (node.kind == Node::Kind::kObject) {
        for (Node& element : node.children) visit(element);
      }
      return;
  }
}

template <typename Attributes>
void MarkSensitiveAttributes(Node& node, const Attributes& attributes) {
  if (node.kind != Node::Kind::kObject) return;
  for (const auto& [name, attribute] : attributes) {
    Node* child = node.Member(name);
    if (child == nullptr) continue;
    if (attribute.sensitive) {
      child->sensitive = true;
    } else if (attribute.nested_type) {
      const structured::NestedType& nested = *attribute.nested_type;
      ForEachNested(*child, nested.nesting_mode, [&](Node& n) { MarkSensitiveAttributes(n, nested.attributes); });
    }
  }
}

void MarkSensitiveBlock(Node& node, const structured::Block& block) {
  MarkSensitiveAttributes(node, block.attributes);
  if (node.kind != Node::Kind::kObject) return;
  for (const auto& [name, block_type] : block.block_types) {
    Node* child = node.Member(name);
    if (child == nullptr || !block_type.block) continue;
    const structured::Block& inner = *block_type.block;
    ForEachNested(*child, block_type.nesting_mode, [&](Node& n) { MarkSensitiveBlock(n, inner); });
  }
}

// A resource value: typed by the schema when there is one, else from msgpack alone.
base::Expected<Node> DecodeResourceValue(const planproto::DynamicValue& value, const structured::Schema* schema,
                                         const std::string& where) {
  if (value.msgpack().empty()) return base::Error(fmt::format("{}: empty value", where));
  if (schema != nullptr && schema->block) {
    structured::Type type = wire::ImpliedType(*schema->block);
    wire::DecodeResult decoded = wire::DecodeMsgpack(value.msgpack(), type);
    if (!decoded.ok()) return base::Error(fmt::format("{}: {}", where, decoded.error->ToString()));
    Node node = FromWire(*decoded.value, type);
    MarkSensitiveBlock(node, *schema->block);
    return node;
  }
  UntypedResult decoded = DecodeUntypedMsgpack(value.msgpack());
  if (!decoded.node) return base::Error(fmt::format("{}: {}", where, decoded.error));
  return std::move(*decoded.node);
}

base::Expected<void> MarkPaths(Node& node, const google::protobuf::RepeatedPtrField<planproto::Path>& paths,
                               const std::string& where) {
  for (int i = 0; i < paths.size(); ++i) {
    std::vector<PathStep> steps;
    base::Expected<void> converted = ConvertPath(paths[i], fmt::format("{}[{}]", where, i), &steps, nullptr);
    if (!converted) return converted;
    MarkPath(node, steps);
  }
  return {};
}

// before, after, after_unknown, before/after_sensitive. `known_after_unknown` is what
// after_unknown is for a wholly known value: `{}` for resources, `false` for outputs.
void AppendValues(const std::optional<Node>& before, const std::optional<Node>& after,
                  std::string_view known_after_unknown, std::string& out) {
  out += ",\"before\":";
  if (before) AppendValueJson(*before, out);
  else out += "null";
  bool wholly_known = true;
  if (after) {
    wholly_known = !ContainsUnknown(*after);
    if (after->kind != Node::Kind::kUnknown) {
      out += ",\"after\":";
      AppendValueJson(*after, out);
    }
    out += ",\"after_unknown\":";
    if (wholly_known) out += known_after_unknown;
    else AppendUnknownJson(*after, out);
  } else {
    out += ",\"after\":null,\"after_unknown\":";
    out += known_after_unknown;
  }
}

}  // namespace

base::Expected<void> ConvertPath(const planproto::Path& path, const std::string& where,
                                 std::vector<PathStep>* steps, std::string* json) {
  if (json) *json += '[';
  for (int i = 0; i < path.steps_size(); ++i) {
    const planproto::Path::Step& step = path.steps(i);
    if (json && i > 0) *json += ',';
    PathStep out;
    if (step.has_element_key()) {
      UntypedResult key = DecodeUntypedMsgpack(step.element_key().msgpack());
      if (!key.node) return base::Error(fmt::format("{}: step {}: {}", where, i, key.error));
      if (key.node->kind == Node::Kind::kString) {
        out.name = key.node->text;
        if (json) AppendGoJsonString(*json, out.name);
      } else if (key.node->kind == Node::Kind::kNumber) {
        out.is_index = true;
        auto [end, ec] = std::from_chars(key.node->text.data(), key.node->text.data() + key.node->text.size(),
                                         out.index);
        if (ec != std::errc() || end != key.node->text.data() + key.node->text.size()) out.index = -1;
        if (json) *json += key.node->text;
      } else {
        return base::Error(fmt::format("{}: step {}: an index key must be a string or a number", where, i));
      }
    } else {
      out.name = step.attribute_name();
      if (json) AppendGoJsonString(*json, out.name);
    }
    if (steps) steps->push_back(std::move(out));
  }
  if (json) *json += ']';
  return {};
}

base::Expected<Node> DecodeDynamic(const planproto::DynamicValue& value, const std::string& where) {
  if (value.msgpack().empty()) return base::Error(fmt::format("{}: empty value", where));
  wire::DecodeResult decoded = wire::DecodeMsgpack(value.msgpack(), structured::Type::Dynamic());
  if (!decoded.ok()) return base::Error(fmt::format("{}: {}", where, decoded.error->ToString()));
  return FromWire(*decoded.value, structured::Type::Dynamic());
}

namespace {

base::Expected<InstanceAddress> AddressOf(const planproto::ResourceInstanceChange& change, const std::string& where) {
  InstanceAddress addr;
  if (!change.addr().empty()) {
    base::Expected<InstanceAddress> parsed = ParseInstanceAddress(change.addr());
    if (!parsed) return base::Error(fmt::format("{}: {}", where, parsed.error().message));
    addr = std::move(*parsed);
  } else {
    if (change.type().empty() || change.name().empty()) {
      return base::Error(fmt::format("{}: the change has no resource address", where));
    }
    const long long int_key = change.int_();
    addr = InstanceAddressFromParts(change.module_path(), change.mode() == planproto::ResourceInstanceChange::data,
                                    change.type(), change.name(),
                                    change.has_str() ? &change.str() : nullptr,
                                    change.has_int_() ? &int_key : nullptr);
  }
  return addr;
}

}  // namespace

base::Expected<const structured::Schema*> FindSchema(const planproto::ResourceInstanceChange& change,
                                                     const structured::ProviderSchemas* schemas,
                                                     const std::string& where) {
  if (schemas == nullptr) return static_cast<const structured::Schema*>(nullptr);
  base::Expected<InstanceAddress> addr = AddressOf(change, where);
  if (!addr) return addr.error();
  base::Expected<const structured::Schema*> schema =
      schemas->Find(ProviderName(change.provider()),
                    addr->data ? structured::ResourceMode::kData : structured::ResourceMode::kManaged, addr->type);
  if (!schema) {
    return base::Error(fmt::format("{} ({}): schema: {}", where, addr->address, schema.error().message));
  }
  return *schema;
}

void MarkSchemaSensitive(Node& node, const structured::Block& block) { MarkSensitiveBlock(node, block); }

base::Expected<ResourceChangeJson> ResourceChangeToJson(const planproto::ResourceInstanceChange& change,
                                                        const structured::Schema* schema, const std::string& where) {
  base::Expected<InstanceAddress> parsed_addr = AddressOf(change, where);
  if (!parsed_addr) return parsed_addr.error();
  const InstanceAddress& addr = *parsed_addr;
  const std::string here = fmt::format("{} ({})", where, addr.address);
  if (!change.has_change()) return base::Error(fmt::format("{}: no change", here));
  const planproto::Change& c = change.change();
  base::Expected<ActionInfo> found_action = ActionOf(c.action(), here);
  if (!found_action) return found_action.error();
  const ActionInfo& action = *found_action;

  ResourceChangeJson result;
  result.address = addr.address;
  result.deposed = change.deposed_key();
  if (addr.data && c.action() == planproto::DELETE) {
    result.skip = true;
    return result;
  }
  const std::string provider = ProviderName(change.provider());
  base::Expected<BeforeAfter> values =
      DecodeValues(c, action, here, [&](const planproto::DynamicValue& value, const std::string& value_where) {
        return DecodeResourceValue(value, schema, value_where);
      });
  if (!values) return values.error();
  std::optional<Node>& before = values->before;
  std::optional<Node>& after = values->after;
  if (before) {
    base::Expected<void> marked = MarkPaths(*before, c.before_sensitive_paths(), here + ": before_sensitive_paths");
    if (!marked) return marked.error();
  }
  if (after) {
    base::Expected<void> marked = MarkPaths(*after, c.after_sensitive_paths(), here + ": after_sensitive_paths");
    if (!marked) return marked.error();
  }

  std::string& out = result.json;
  out += "{\"address\":";
  AppendGoJsonString(out, addr.address);
  if (!change.prev_run_addr().empty() && change.prev_run_addr() != change.addr()) {
    out += ",\"previous_address\":";
    AppendGoJsonString(out, change.prev_run_addr());
  }
  if (!addr.module_address.empty()) {
    out += ",\"module_address\":";
    AppendGoJsonString(out, addr.module_address);
  }
  out += addr.data ? ",\"mode\":\"data\",\"type\":" : ",\"mode\":\"managed\",\"type\":";
  AppendGoJsonString(out, addr.type);
  out += ",\"name\":";
  AppendGoJsonString(out, addr.name);
  if (!addr.index_json.empty()) out += ",\"index\":" + addr.index_json;
  out += ",\"provider_name\":";
  AppendGoJsonString(out, provider);
  if (!change.deposed_key().empty()) {
    out += ",\"deposed\":";
    AppendGoJsonString(out, change.deposed_key());
  }
  out += ",\"change\":{\"actions\":[";
  for (size_t i = 0; i < action.names.size(); ++i) {
    if (i > 0) out += ',';
    AppendGoJsonString(out, action.names[i]);
  }
  out += ']';
  AppendValues(before, after, "{}", out);
  out += ",\"before_sensitive\":";
  if (before) AppendSensitiveJson(*before, out);
  else out += "false";
  out += ",\"after_sensitive\":";
  if (after) AppendSensitiveJson(*after, out);
  else out += "false";
  if (change.required_replace_size() > 0) {
    out += ",\"replace_paths\":[";
    for (int i = 0; i < change.required_replace_size(); ++i) {
      if (i > 0) out += ',';
      base::Expected<void> converted =
          ConvertPath(change.required_replace(i), fmt::format("{}: required_replace[{}]", here, i), nullptr, &out);
      if (!converted) return converted.error();
    }
    out += ']';
  }
  if (c.has_importing()) {
    const planproto::Importing& importing = c.importing();
    out += ",\"importing\":{";
    if (importing.unknown()) {
      out += "\"unknown\":true";
    } else if (!importing.id().empty()) {
      out += "\"id\":";
      AppendGoJsonString(out, importing.id());
    } else if (importing.has_identity()) {
      out += "\"identity\":";
      base::Expected<Node> identity = DecodeResourceValue(importing.identity(), nullptr, here + ": importing identity");
      if (!identity) return identity.error();
      AppendValueJson(*identity, out);
    }
    out += '}';
  }
  if (!c.generated_config().empty()) {
    out += ",\"generated_config\":";
    AppendGoJsonString(out, c.generated_config());
  }
  out += '}';
  base::Expected<std::string_view> reason = ActionReasonName(change.action_reason(), here);
  if (!reason) return reason.error();
  if (!reason->empty()) {
    out += ",\"action_reason\":";
    AppendGoJsonString(out, *reason);
  }
  out += '}';
  return result;
}

base::Expected<void> AppendOutputChangeJson(const planproto::OutputChange& change, const std::string& where,
                                            std::string& out) {
  const std::string here = fmt::format("{} ({})", where, change.name());
  if (!change.has_change()) return base::Error(fmt::format("{}: no change", here));
  const planproto::Change& c = change.change();
  base::Expected<ActionInfo> found_action = ActionOf(c.action(), here);
  if (!found_action) return found_action.error();
  const ActionInfo& action = *found_action;
  base::Expected<BeforeAfter> values = DecodeValues(c, action, here, DecodeDynamic);
  if (!values) return values.error();
  const std::optional<Node>& before = values->before;
  const std::optional<Node>& after = values->after;
  AppendGoJsonString(out, change.name());
  out += ":{\"actions\":[";
  for (size_t i = 0; i < action.names.size(); ++i) {
    if (i > 0) out += ',';
    AppendGoJsonString(out, action.names[i]);
  }
  out += ']';
  AppendValues(before, after, "false", out);
  const char* sensitive = change.sensitive() ? "true" : "false";
  out += fmt::format(",\"before_sensitive\":{0},\"after_sensitive\":{0}}}", sensitive);
  return {};
}

}  // namespace planview::planfile::internal

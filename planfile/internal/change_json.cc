#include "planfile/internal/change_json.h"

#include <charconv>
#include <optional>
#include <string_view>

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

ActionInfo ActionOf(int action, const std::string& where) {
  switch (action) {
    case planproto::NOOP: return {{"no-op"}, 0, 0};
    case planproto::CREATE: return {{"create"}, -1, 0};
    case planproto::READ: return {{"read"}, 0, 1};
    case planproto::UPDATE: return {{"update"}, 0, 1};
    case planproto::DELETE: return {{"delete"}, 0, -1};
    case planproto::DELETE_THEN_CREATE: return {{"delete", "create"}, 0, 1};
    case planproto::CREATE_THEN_DELETE: return {{"create", "delete"}, 0, 1};
    case planproto::FORGET: return {{"forget"}, 0, -1};
    case planproto::CREATE_THEN_FORGET: return {{"create", "forget"}, 0, 1};
    case planproto::FORGET_THEN_CREATE: return {{"forget", "create"}, 0, 1};
    default: throw ChangeError(fmt::format("{}: unknown change action {}", where, action));
  }
}

std::string_view ActionReasonName(int reason, const std::string& where) {
  switch (reason) {
    case planproto::NONE: return "";
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
    default: throw ChangeError(fmt::format("{}: unknown action reason {}", where, reason));
  }
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
Node DecodeResourceValue(const planproto::DynamicValue& value, const structured::Schema* schema,
                         const std::string& where) {
  if (value.msgpack().empty()) throw ChangeError(fmt::format("{}: empty value", where));
  if (schema != nullptr && schema->block) {
    structured::Type type = wire::ImpliedType(*schema->block);
    wire::DecodeResult decoded = wire::DecodeMsgpack(value.msgpack(), type);
    if (!decoded.ok()) throw ChangeError(fmt::format("{}: {}", where, decoded.error->ToString()));
    Node node = FromWire(*decoded.value, type);
    MarkSensitiveBlock(node, *schema->block);
    return node;
  }
  UntypedResult decoded = DecodeUntypedMsgpack(value.msgpack());
  if (!decoded.node) throw ChangeError(fmt::format("{}: {}", where, decoded.error));
  return std::move(*decoded.node);
}

void MarkPaths(Node& node, const google::protobuf::RepeatedPtrField<planproto::Path>& paths,
               const std::string& where) {
  for (int i = 0; i < paths.size(); ++i) {
    std::vector<PathStep> steps;
    ConvertPath(paths[i], fmt::format("{}[{}]", where, i), &steps, nullptr);
    MarkPath(node, steps);
  }
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

void ConvertPath(const planproto::Path& path, const std::string& where, std::vector<PathStep>* steps,
                 std::string* json) {
  if (json) *json += '[';
  for (int i = 0; i < path.steps_size(); ++i) {
    const planproto::Path::Step& step = path.steps(i);
    if (json && i > 0) *json += ',';
    PathStep out;
    if (step.has_element_key()) {
      UntypedResult key = DecodeUntypedMsgpack(step.element_key().msgpack());
      if (!key.node) throw ChangeError(fmt::format("{}: step {}: {}", where, i, key.error));
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
        throw ChangeError(fmt::format("{}: step {}: an index key must be a string or a number", where, i));
      }
    } else {
      out.name = step.attribute_name();
      if (json) AppendGoJsonString(*json, out.name);
    }
    if (steps) steps->push_back(std::move(out));
  }
  if (json) *json += ']';
}

Node DecodeDynamic(const planproto::DynamicValue& value, const std::string& where) {
  if (value.msgpack().empty()) throw ChangeError(fmt::format("{}: empty value", where));
  wire::DecodeResult decoded = wire::DecodeMsgpack(value.msgpack(), structured::Type::Dynamic());
  if (!decoded.ok()) throw ChangeError(fmt::format("{}: {}", where, decoded.error->ToString()));
  return FromWire(*decoded.value, structured::Type::Dynamic());
}

namespace {

InstanceAddress AddressOf(const planproto::ResourceInstanceChange& change, const std::string& where) {
  InstanceAddress addr;
  if (!change.addr().empty()) {
    base::Expected<InstanceAddress> parsed = ParseInstanceAddress(change.addr());
    if (!parsed) throw ChangeError(fmt::format("{}: {}", where, parsed.error().message));
    addr = std::move(*parsed);
  } else {
    if (change.type().empty() || change.name().empty()) {
      throw ChangeError(fmt::format("{}: the change has no resource address", where));
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

const structured::Schema* FindSchema(const planproto::ResourceInstanceChange& change,
                                     const structured::ProviderSchemas* schemas, const std::string& where) {
  if (schemas == nullptr) return nullptr;
  InstanceAddress addr = AddressOf(change, where);
  base::Expected<const structured::Schema*> schema =
      schemas->Find(ProviderName(change.provider()),
                    addr.data ? structured::ResourceMode::kData : structured::ResourceMode::kManaged, addr.type);
  if (!schema) throw ChangeError(fmt::format("{} ({}): schema: {}", where, addr.address, schema.error().message));
  return *schema;
}

void MarkSchemaSensitive(Node& node, const structured::Block& block) { MarkSensitiveBlock(node, block); }

ResourceChangeJson ResourceChangeToJson(const planproto::ResourceInstanceChange& change,
                                        const structured::Schema* schema, const std::string& where) {
  InstanceAddress addr = AddressOf(change, where);
  const std::string here = fmt::format("{} ({})", where, addr.address);
  if (!change.has_change()) throw ChangeError(fmt::format("{}: no change", here));
  const planproto::Change& c = change.change();
  ActionInfo action = ActionOf(c.action(), here);

  ResourceChangeJson result;
  result.address = addr.address;
  result.deposed = change.deposed_key();
  if (addr.data && c.action() == planproto::DELETE) {
    result.skip = true;
    return result;
  }
  const std::string provider = ProviderName(change.provider());
  auto value_at = [&](int index, std::string_view which) -> std::optional<Node> {
    if (index < 0) return std::nullopt;
    if (index >= c.values_size()) {
      throw ChangeError(fmt::format("{}: {} values for a {} change", here, c.values_size(),
                                    fmt::join(action.names, "-")));
    }
    return DecodeResourceValue(c.values(index), schema, fmt::format("{}: {} value", here, which));
  };
  std::optional<Node> before = value_at(action.before, "before");
  std::optional<Node> after = value_at(action.after, "after");
  if (before) MarkPaths(*before, c.before_sensitive_paths(), here + ": before_sensitive_paths");
  if (after) MarkPaths(*after, c.after_sensitive_paths(), here + ": after_sensitive_paths");

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
      ConvertPath(change.required_replace(i), fmt::format("{}: required_replace[{}]", here, i), nullptr, &out);
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
      AppendValueJson(DecodeResourceValue(importing.identity(), nullptr, here + ": importing identity"), out);
    }
    out += '}';
  }
  if (!c.generated_config().empty()) {
    out += ",\"generated_config\":";
    AppendGoJsonString(out, c.generated_config());
  }
  out += '}';
  std::string_view reason = ActionReasonName(change.action_reason(), here);
  if (!reason.empty()) {
    out += ",\"action_reason\":";
    AppendGoJsonString(out, reason);
  }
  out += '}';
  return result;
}

void AppendOutputChangeJson(const planproto::OutputChange& change, const std::string& where, std::string& out) {
  const std::string here = fmt::format("{} ({})", where, change.name());
  if (!change.has_change()) throw ChangeError(fmt::format("{}: no change", here));
  const planproto::Change& c = change.change();
  ActionInfo action = ActionOf(c.action(), here);
  auto value_at = [&](int index, std::string_view which) -> std::optional<Node> {
    if (index < 0) return std::nullopt;
    if (index >= c.values_size()) {
      throw ChangeError(fmt::format("{}: {} values for a {} change", here, c.values_size(),
                                    fmt::join(action.names, "-")));
    }
    return DecodeDynamic(c.values(index), fmt::format("{}: {} value", here, which));
  };
  std::optional<Node> before = value_at(action.before, "before");
  std::optional<Node> after = value_at(action.after, "after");
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
}

}  // namespace planview::planfile::internal

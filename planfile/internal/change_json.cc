#include "planfile/internal/change_json.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "planfile/internal/address.h"
#include "planfile/internal/sensitive_marks.h"
#include "planfile/internal/untyped_msgpack.h"
#include "planfile/internal/value_writer.h"
#include "wire/decode.h"

namespace planview::planfile::internal {

namespace {

using tfplan::Action;

// What each action is called in `show -json`, and which of the change's values are its
// before and after (-1: none, a null value).
struct ActionInfo {
  std::vector<std::string_view> names;
  int before = -1;
  int after = -1;
};

base::Expected<ActionInfo> ActionOf(int action, const std::string& where) {
  switch (action) {
    case tfplan::NOOP: return ActionInfo{{"no-op"}, 0, 0};
    case tfplan::CREATE: return ActionInfo{{"create"}, -1, 0};
    case tfplan::READ: return ActionInfo{{"read"}, 0, 1};
    case tfplan::UPDATE: return ActionInfo{{"update"}, 0, 1};
    case tfplan::DELETE: return ActionInfo{{"delete"}, 0, -1};
    case tfplan::DELETE_THEN_CREATE: return ActionInfo{{"delete", "create"}, 0, 1};
    case tfplan::CREATE_THEN_DELETE: return ActionInfo{{"create", "delete"}, 0, 1};
    case tfplan::FORGET: return ActionInfo{{"forget"}, 0, -1};
    case tfplan::CREATE_THEN_FORGET: return ActionInfo{{"create", "forget"}, 0, 1};
    case tfplan::FORGET_THEN_CREATE: return ActionInfo{{"forget", "create"}, 0, 1};
    default: return base::Error(fmt::format("{}: unknown change action {}", where, action));
  }
}

base::Expected<std::string_view> ActionReasonName(int reason, const std::string& where) {
  switch (reason) {
    case tfplan::NONE: return std::string_view();
    case tfplan::REPLACE_BECAUSE_TAINTED: return "replace_because_tainted";
    case tfplan::REPLACE_BY_REQUEST: return "replace_by_request";
    case tfplan::REPLACE_BECAUSE_CANNOT_UPDATE: return "replace_because_cannot_update";
    case tfplan::DELETE_BECAUSE_NO_RESOURCE_CONFIG: return "delete_because_no_resource_config";
    case tfplan::DELETE_BECAUSE_WRONG_REPETITION: return "delete_because_wrong_repetition";
    case tfplan::DELETE_BECAUSE_COUNT_INDEX: return "delete_because_count_index";
    case tfplan::DELETE_BECAUSE_EACH_KEY: return "delete_because_each_key";
    case tfplan::DELETE_BECAUSE_NO_MODULE: return "delete_because_no_module";
    case tfplan::REPLACE_BY_TRIGGERS: return "replace_by_triggers";
    case tfplan::READ_BECAUSE_CONFIG_UNKNOWN: return "read_because_config_unknown";
    case tfplan::READ_BECAUSE_DEPENDENCY_PENDING: return "read_because_dependency_pending";
    case tfplan::DELETE_BECAUSE_NO_MOVE_TARGET: return "delete_because_no_move_target";
    case tfplan::READ_BECAUSE_CHECK_NESTED: return "read_because_check_nested";
    case tfplan::DELETE_BECAUSE_ENABLED_FALSE: return "delete_because_enabled_false";
    case tfplan::FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_STATE: return "forgot_because_lifecycle_destroy_in_state";
    case tfplan::FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_CONFIG: return "forgot_because_lifecycle_destroy_in_config";
    default: return base::Error(fmt::format("{}: unknown action reason {}", where, reason));
  }
}

// A decoded value: typed (a wire decode, sensitivity as marked positions) or untyped (a
// Node tree, sensitivity in its nodes).
struct Decoded {
  std::optional<Node> node;
  MarkedValue typed;
  const structured::Type* type = nullptr;
  std::string where;  // "resource_changes[3] (aws_x.a): after value", for errors

  template <typename Fn>
  auto With(const Fn& fn) const {
    if (node) return fn(NodeView(*node));
    return fn(WireView(typed, *type));
  }
  void Mark(const std::vector<PathStep>& path) {
    if (node) MarkPath(NodeTarget(*node), path);
    else MarkPath(ValueTarget(typed.wire.root(), typed.marks), path);
  }
  // After the last Mark.
  void SortMarks() {
    std::vector<uint32_t>& marks = typed.marks;
    std::sort(marks.begin(), marks.end());
    marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
  }
};

// A value of dynamic type (outputs, variables).
base::Expected<Decoded> DecodeDynamicValue(const tfplan::DynamicValue& value, const std::string& where) {
  if (value.msgpack.empty()) return base::Error(fmt::format("{}: empty value", where));
  wire::DecodeResult decoded = wire::DecodeMsgpack(std::string(value.msgpack), DynamicType());
  if (!decoded.ok()) return base::Error(fmt::format("{}: {}", where, decoded.error->ToString()));
  Decoded out;
  out.typed.wire = std::move(*decoded.value);
  out.type = &DynamicType();
  out.where = where;
  return out;
}

// A resource value: typed by the schema when there is one (`type`: the type it implies),
// else from msgpack alone.
base::Expected<Decoded> DecodeResourceValue(const tfplan::DynamicValue& value, const structured::Schema* schema,
                                            const structured::Type* type, const std::string& where) {
  if (value.msgpack.empty()) return base::Error(fmt::format("{}: empty value", where));
  Decoded out;
  out.where = where;
  if (schema != nullptr && schema->block && type != nullptr) {
    wire::DecodeResult decoded = wire::DecodeMsgpack(std::string(value.msgpack), *type);
    if (!decoded.ok()) return base::Error(fmt::format("{}: {}", where, decoded.error->ToString()));
    out.typed.wire = std::move(*decoded.value);
    out.type = type;
    MarkSchemaSensitive(ValueTarget(out.typed.wire.root(), out.typed.marks), *schema->block);
    return out;
  }
  UntypedResult decoded = DecodeUntypedMsgpack(value.msgpack);
  if (!decoded.node) return base::Error(fmt::format("{}: {}", where, decoded.error));
  out.node = std::move(*decoded.node);
  return out;
}

// A change's before and after values (none where its action has none), each decoded by
// `decode(value, where)`.
struct BeforeAfter {
  std::optional<Decoded> before;
  std::optional<Decoded> after;
};
template <typename Decode>
base::Expected<BeforeAfter> DecodeValues(const tfplan::Change& c, const ActionInfo& action, const std::string& here,
                                         const Decode& decode) {
  BeforeAfter values;
  for (auto [index, which, value] :
       {std::tuple(action.before, "before", &values.before), std::tuple(action.after, "after", &values.after)}) {
    if (index < 0) continue;
    if (static_cast<size_t>(index) >= c.values.size()) {
      return base::Error(
          fmt::format("{}: {} values for a {} change", here, c.values.size(), fmt::join(action.names, "-")));
    }
    base::Expected<Decoded> decoded = decode(c.values[static_cast<size_t>(index)], fmt::format("{}: {} value", here, which));
    if (!decoded) return decoded.error();
    *value = std::move(*decoded);
  }
  return values;
}

base::Expected<void> MarkPaths(Decoded& value, const std::vector<tfplan::Path>& paths, const std::string& where) {
  for (size_t i = 0; i < paths.size(); ++i) {
    base::Expected<std::vector<PathStep>> steps = ConvertPath(paths[i], fmt::format("{}[{}]", where, i));
    if (!steps) return steps.error();
    value.Mark(*steps);
  }
  value.SortMarks();
  return {};
}

// What after_unknown is for a wholly known value: `{}` for resources, `false` for outputs.
enum class KnownMarker { kEmptyObject, kFalse };

void PutKnownMarker(structured::DocumentBuilder& b, uint32_t at, KnownMarker marker) {
  if (marker == KnownMarker::kEmptyObject) b.PutObject(at, b.ReserveObject(0), 0);
  else b.PutBool(at, false);
}

void PutActions(ObjectOut& object, DocumentOut& out, const ActionInfo& action) {
  out.PutStrings(object.Member("actions"), action.names);
}

// The value at `at`; the error names the value and where in it.
base::Expected<void> PutDecoded(ValueOut& out, uint32_t at, const Decoded& value) {
  base::Expected<void> put = value.With([&](const auto& view) { return PutValue(out, at, view); });
  if (!put) return base::Error(fmt::format("{}: {}", value.where, put.error().message));
  return {};
}

// before, after, after_unknown.
base::Expected<void> PutValues(ObjectOut& object, ValueOut& out, const std::optional<Decoded>& before,
                               const std::optional<Decoded>& after, KnownMarker known) {
  const uint32_t before_at = object.Member("before");
  if (before) {
    base::Expected<void> put = PutDecoded(out, before_at, *before);
    if (!put) return put;
  } else {
    out.b().PutNull(before_at);
  }
  if (!after) {
    out.b().PutNull(object.Member("after"));
    PutKnownMarker(out.b(), object.Member("after_unknown"), known);
    return {};
  }
  // A wholly unknown value has no `after`.
  if (after->With([](const auto& view) { return view.kind() != Node::Kind::kUnknown; })) {
    base::Expected<void> put = PutDecoded(out, object.Member("after"), *after);
    if (!put) return put;
  }
  after->With([&](const auto& view) {
    const uint32_t unknown_at = object.Member("after_unknown");
    if (!view.ContainsUnknown()) PutKnownMarker(out.b(), unknown_at, known);
    else PutUnknownMarkers(out, unknown_at, view);
  });
  return {};
}

void PutSensitive(ValueOut& out, uint32_t at, const std::optional<Decoded>& value) {
  if (value) value->With([&](const auto& view) { PutSensitiveMarkers(out, at, view); });
  else out.b().PutBool(at, false);
}

}  // namespace

base::Expected<std::vector<PathStep>> ConvertPath(const tfplan::Path& path, const std::string& where) {
  std::vector<PathStep> steps;
  steps.reserve(path.steps.size());
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const tfplan::Path::Step& step = path.steps[i];
    PathStep out;
    if (step.selector == tfplan::Path::Step::Selector::kElementKey) {
      UntypedResult key = DecodeUntypedMsgpack(step.element_key.msgpack);
      if (!key.node) return base::Error(fmt::format("{}: step {}: {}", where, i, key.error));
      if (key.node->kind == Node::Kind::kString) {
        out.name = std::move(key.node->text);
      } else if (key.node->kind == Node::Kind::kNumber) {
        out.is_index = true;
        out.name = std::move(key.node->text);
        auto [end, ec] = std::from_chars(out.name.data(), out.name.data() + out.name.size(), out.index);
        if (ec != std::errc() || end != out.name.data() + out.name.size()) out.index = -1;
      } else {
        return base::Error(fmt::format("{}: step {}: an index key must be a string or a number", where, i));
      }
    } else {
      out.name = step.attribute_name;
    }
    steps.push_back(std::move(out));
  }
  return steps;
}

void PutPath(DocumentOut& out, uint32_t at, const std::vector<PathStep>& steps) {
  structured::DocumentBuilder& b = out.b();
  uint32_t first = b.ReserveArray(steps.size());
  if (b.failed()) return;
  for (size_t i = 0; i < steps.size(); ++i) {
    const uint32_t slot = first + 2 * static_cast<uint32_t>(i);
    if (steps[i].is_index) b.PutNumber(slot, steps[i].name);
    else b.PutString(slot, steps[i].name);
  }
  b.PutArray(at, first, steps.size());
}

base::Expected<void> PutDynamic(DocumentOut& out, uint32_t at, const tfplan::DynamicValue& value,
                                const std::string& where) {
  base::Expected<Decoded> decoded = DecodeDynamicValue(value, where);
  if (!decoded) return decoded.error();
  ValueOut values(out);
  return PutDecoded(values, at, *decoded);
}

namespace {

base::Expected<InstanceAddress> AddressOf(const tfplan::ResourceInstanceChange& change, const std::string& where) {
  InstanceAddress addr;
  if (!change.addr.empty()) {
    base::Expected<InstanceAddress> parsed = ParseInstanceAddress(change.addr);
    if (!parsed) return base::Error(fmt::format("{}: {}", where, parsed.error().message));
    addr = std::move(*parsed);
  } else {
    if (change.type.empty() || change.name.empty()) {
      return base::Error(fmt::format("{}: the change has no resource address", where));
    }
    using InstanceKey = tfplan::ResourceInstanceChange::InstanceKey;
    const long long int_key = change.int_;
    const std::string string_key(change.str);
    addr = InstanceAddressFromParts(change.module_path, change.mode == tfplan::ResourceInstanceChange::data,
                                    change.type, change.name,
                                    change.instance_key == InstanceKey::kString ? &string_key : nullptr,
                                    change.instance_key == InstanceKey::kInt ? &int_key : nullptr);
  }
  return addr;
}

}  // namespace

namespace {

// The schema of the resource type at `addr`; `here` names the change and its address.
base::Expected<const structured::Schema*> SchemaAt(const tfplan::ResourceInstanceChange& change,
                                                   const InstanceAddress& addr,
                                                   const structured::ProviderSchemas& schemas, std::string_view here) {
  base::Expected<const structured::Schema*> schema =
      schemas.Find(ProviderName(change.provider),
                   addr.data ? structured::ResourceMode::kData : structured::ResourceMode::kManaged, addr.type);
  if (!schema) return base::Error(fmt::format("{}: schema: {}", here, schema.error().message));
  return *schema;
}

}  // namespace

base::Expected<const structured::Schema*> FindSchema(const tfplan::ResourceInstanceChange& change,
                                                     const structured::ProviderSchemas* schemas,
                                                     const std::string& where) {
  if (schemas == nullptr) return static_cast<const structured::Schema*>(nullptr);
  base::Expected<InstanceAddress> addr = AddressOf(change, where);
  if (!addr) return addr.error();
  return SchemaAt(change, *addr, *schemas, fmt::format("{} ({})", where, addr->address));
}

base::Expected<const structured::Schema*> FindSchema(const tfplan::ResourceInstanceChange& change,
                                                     const ChangeHead& head,
                                                     const structured::ProviderSchemas* schemas) {
  if (schemas == nullptr) return static_cast<const structured::Schema*>(nullptr);
  return SchemaAt(change, head.addr, *schemas, head.here);
}

base::Expected<ChangeHead> ReadChangeHead(const tfplan::ResourceInstanceChange& change, const std::string& where) {
  base::Expected<InstanceAddress> addr = AddressOf(change, where);
  if (!addr) return addr.error();
  ChangeHead head;
  head.here = fmt::format("{} ({})", where, addr->address);
  if (!change.has_change) return base::Error(fmt::format("{}: no change", head.here));
  const tfplan::Change& c = change.change;
  base::Expected<ActionInfo> action = ActionOf(c.action, head.here);
  if (!action) return action.error();
  head.action = c.action;
  head.skip = addr->data && c.action == tfplan::DELETE;
  head.addr = std::move(*addr);
  return head;
}

base::Expected<void> PutResourceChange(DocumentOut& out, uint32_t at, const tfplan::ResourceInstanceChange& change,
                                       const ChangeHead& head, const structured::Schema* schema,
                                       const structured::Type* type) {
  const std::string& here = head.here;
  const InstanceAddress& addr = head.addr;
  const tfplan::Change& c = change.change;
  const ActionInfo action = *ActionOf(head.action, here);
  base::Expected<BeforeAfter> values =
      DecodeValues(c, action, here, [&](const tfplan::DynamicValue& value, const std::string& value_where) {
        return DecodeResourceValue(value, schema, type, value_where);
      });
  if (!values) return values.error();
  std::optional<Decoded>& before = values->before;
  std::optional<Decoded>& after = values->after;
  if (before) {
    base::Expected<void> marked = MarkPaths(*before, c.before_sensitive_paths, here + ": before_sensitive_paths");
    if (!marked) return marked.error();
  }
  if (after) {
    base::Expected<void> marked = MarkPaths(*after, c.after_sensitive_paths, here + ": after_sensitive_paths");
    if (!marked) return marked.error();
  }

  structured::DocumentBuilder& b = out.b();
  ObjectOut object(out);
  b.PutString(object.Member("address"), addr.address);
  if (!change.prev_run_addr.empty() && change.prev_run_addr != change.addr) {
    b.PutString(object.Member("previous_address"), change.prev_run_addr);
  }
  if (!addr.module_address.empty()) b.PutString(object.Member("module_address"), addr.module_address);
  b.PutString(object.Member("mode"), addr.data ? "data" : "managed");
  b.PutString(object.Member("type"), addr.type);
  b.PutString(object.Member("name"), addr.name);
  if (addr.index == InstanceAddress::Index::kNumber) b.PutNumber(object.Member("index"), addr.index_key);
  if (addr.index == InstanceAddress::Index::kString) b.PutString(object.Member("index"), addr.index_key);
  b.PutString(object.Member("provider_name"), ProviderName(change.provider));
  if (!change.deposed_key.empty()) b.PutString(object.Member("deposed"), change.deposed_key);

  const uint32_t change_at = object.Member("change");
  ObjectOut inner(out);
  PutActions(inner, out, action);
  {
    // The keys of before, after and their marker trees are stored once.
    ValueOut values(out);
    base::Expected<void> put = PutValues(inner, values, before, after, KnownMarker::kEmptyObject);
    if (!put) return put;
    PutSensitive(values, inner.Member("before_sensitive"), before);
    PutSensitive(values, inner.Member("after_sensitive"), after);
  }
  if (!change.required_replace.empty()) {
    const uint32_t paths_at = inner.Member("replace_paths");
    uint32_t first = b.ReserveArray(change.required_replace.size());
    if (b.failed()) return base::Error(b.error());
    for (size_t i = 0; i < change.required_replace.size(); ++i) {
      base::Expected<std::vector<PathStep>> steps =
          ConvertPath(change.required_replace[i], fmt::format("{}: required_replace[{}]", here, i));
      if (!steps) return steps.error();
      PutPath(out, first + 2 * static_cast<uint32_t>(i), *steps);
    }
    b.PutArray(paths_at, first, change.required_replace.size());
  }
  if (c.has_importing) {
    const tfplan::Importing& importing = c.importing;
    ObjectOut imported(out);
    if (importing.unknown) {
      b.PutBool(imported.Member("unknown"), true);
    } else if (!importing.id.empty()) {
      b.PutString(imported.Member("id"), importing.id);
    } else if (importing.has_identity) {
      base::Expected<Decoded> identity =
          DecodeResourceValue(importing.identity, nullptr, nullptr, here + ": importing identity");
      if (!identity) return identity.error();
      ValueOut values(out);
      base::Expected<void> put = PutDecoded(values, imported.Member("identity"), *identity);
      if (!put) return put;
    }
    imported.End(inner.Member("importing"));
  }
  if (!c.generated_config.empty()) b.PutString(inner.Member("generated_config"), c.generated_config);
  inner.End(change_at);
  base::Expected<std::string_view> reason = ActionReasonName(change.action_reason, here);
  if (!reason) return reason.error();
  if (!reason->empty()) b.PutString(object.Member("action_reason"), *reason);
  object.End(at);
  return {};
}

base::Expected<void> PutOutputChange(DocumentOut& out, uint32_t at, const tfplan::OutputChange& change,
                                     const std::string& where) {
  const std::string here = fmt::format("{} ({})", where, change.name);
  if (!change.has_change) return base::Error(fmt::format("{}: no change", here));
  const tfplan::Change& c = change.change;
  base::Expected<ActionInfo> found_action = ActionOf(c.action, here);
  if (!found_action) return found_action.error();
  const ActionInfo& action = *found_action;
  base::Expected<BeforeAfter> values = DecodeValues(c, action, here, DecodeDynamicValue);
  if (!values) return values.error();
  ObjectOut object(out);
  PutActions(object, out, action);
  ValueOut value_out(out);
  base::Expected<void> put = PutValues(object, value_out, values->before, values->after, KnownMarker::kFalse);
  if (!put) return put;
  out.b().PutBool(object.Member("before_sensitive"), change.sensitive);
  out.b().PutBool(object.Member("after_sensitive"), change.sensitive);
  object.End(at);
  return {};
}

}  // namespace planview::planfile::internal

#include "planfile/internal/prior_state.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "base/expected.h"
#include "planfile/internal/address.h"
#include "planfile/internal/sensitive_marks.h"
#include "planfile/internal/value_node.h"
#include "planfile/internal/value_writer.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "structured/json_value.h"

namespace planview::planfile::internal {

namespace {

using structured::Value;

base::Error Fail(const std::string& where, std::string_view what) {
  return base::Error(fmt::format("tfstate: {}: {}", where, what));
}

using structured::AppendGoJsonString;

// A JSON value as a tree; object members sorted bytewise, as `show -json` writes them.
Node FromJson(Value v) {
  Node node = ScalarFromJson(v);
  switch (v.kind()) {
    case structured::Kind::kArray:
      node.kind = Node::Kind::kArray;
      node.children.reserve(v.size());
      for (size_t i = 0; i < v.size(); ++i) node.children.push_back(FromJson(v.at(i)));
      break;
    case structured::Kind::kObject: {
      node.kind = Node::Kind::kObject;
      std::vector<size_t> order(v.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v.member(a).key < v.member(b).key; });
      for (size_t i : order) {
        structured::Member m = v.member(i);
        node.keys.emplace_back(m.key);
        node.children.push_back(FromJson(m.value));
      }
      break;
    }
    default:
      break;
  }
  return node;
}

// A state's `sensitive_attributes` path: `[{"type":"get_attr","value":"a"},
// {"type":"index","value":{"value":0,"type":"number"}}]`.
base::Expected<std::vector<PathStep>> StatePath(Value path, const std::string& where) {
  if (!path.is_array()) return Fail(where, "a sensitive attribute path is not an array");
  std::vector<PathStep> steps;
  for (size_t i = 0; i < path.size(); ++i) {
    Value step = path.at(i);
    std::string_view type = step.find("type").is_string() ? step.find("type").text() : "";
    Value value = step.find("value");
    PathStep out;
    if (type == "get_attr" && value.is_string()) {
      out.name = std::string(value.text());
    } else if (type == "index" && value.find("value").is_string()) {
      out.name = std::string(value.find("value").text());
    } else if (type == "index" && value.find("value").is_number()) {
      const std::string_view text = value.find("value").text();
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out.index);
      if (ec != std::errc() || end != text.data() + text.size()) {
        return Fail(where, fmt::format("index {} is not a whole number", text));
      }
      out.is_index = true;
    } else {
      return Fail(where, "a sensitive attribute path step is neither get_attr nor index");
    }
    steps.push_back(std::move(out));
  }
  return steps;
}

// What decoding with the schema's type changes in a resource's attributes: an attribute or
// block the state leaves out is null, and where the schema types an attribute `dynamic`
// the state wraps its value with its type (`{"value":...,"type":...}`), which `show -json`
// writes alone.
void ApplySchema(Node& node, const structured::Block& block) {
  if (node.kind != Node::Kind::kObject) return;
  auto add_null = [&](const std::string& name) {
    auto at = std::lower_bound(node.keys.begin(), node.keys.end(), name);
    if (at != node.keys.end() && *at == name) return;
    node.children.insert(node.children.begin() + (at - node.keys.begin()), Node{});
    node.keys.insert(at, name);
  };
  for (const auto& entry : block.attributes) add_null(entry.first);
  for (const auto& entry : block.block_types) add_null(entry.first);
  for (const auto& [name, attribute] : block.attributes) {
    Node* child = node.Member(name);
    if (child == nullptr || !attribute.type || attribute.type->kind() != structured::Type::Kind::kDynamic) continue;
    if (child->kind == Node::Kind::kObject && child->keys == std::vector<std::string>{"type", "value"}) {
      Node inner = std::move(child->children[1]);
      *child = std::move(inner);
    }
  }
}

struct InstanceJson {
  int key_kind = 0;  // 0 none, 1 int, 2 string: none first, then int keys, then string keys
  long long int_key = 0;
  std::string string_key;
  std::string deposed;  // "" for the current object
  std::string json;
};

struct ResourceJson {
  bool data = false;
  std::string type;
  std::string name;
  std::vector<InstanceJson> instances;
};

struct ModuleJson {
  std::vector<ResourceJson> resources;
};

// The module instance addresses `module.a["x.y"].module.b` is inside of, outermost first,
// itself last.
std::vector<std::string> ModuleChain(std::string_view module) {
  std::vector<std::string> chain;
  bool quoted = false;
  for (size_t i = 0; i < module.size(); ++i) {
    const char c = module[i];
    if (quoted) {
      if (c == '\\') ++i;
      else if (c == '"') quoted = false;
      continue;
    }
    if (c == '"') quoted = true;
    if (c == '.' && module.substr(i + 1).starts_with("module.")) chain.emplace_back(module.substr(0, i));
  }
  chain.emplace_back(module);
  return chain;
}

base::Expected<InstanceJson> Instance(Value resource, Value instance, const std::string& module,
                                      const structured::Schema* schema, const std::string& where) {
  const bool data = resource.find("mode").text() == "data";
  const std::string type(resource.find("type").text());
  const std::string name(resource.find("name").text());
  InstanceJson out;
  Value key = instance.find("index_key");
  std::optional<std::string> string_key;
  std::optional<long long> int_key;
  if (key.is_string()) {
    out.key_kind = 2;
    out.string_key = std::string(key.text());
    string_key = out.string_key;
  } else if (key.is_number()) {
    out.key_kind = 1;
    // The leading whole number of the text ("1.5" reads as 1); out of range fails.
    const std::string_view text = key.text();
    if (std::from_chars(text.data(), text.data() + text.size(), out.int_key).ec != std::errc()) {
      return Fail(where, "index_key is not a whole number");
    }
    int_key = out.int_key;
  } else if (!key.is_null()) {
    return Fail(where, "index_key is neither a number nor a string");
  }
  const InstanceAddress address = InstanceAddressFromParts(module, data, type, name, string_key ? &*string_key : nullptr,
                                                           int_key ? &*int_key : nullptr);
  Value deposed = instance.find("deposed");
  if (deposed.is_string()) out.deposed = std::string(deposed.text());

  Value attributes = instance.find("attributes");
  if (!attributes.is_object() && !attributes.is_null()) return Fail(where, "attributes is not an object");
  Node value = attributes.is_object() ? FromJson(attributes) : Node{};
  if (schema != nullptr && schema->block) {
    ApplySchema(value, *schema->block);
    MarkSchemaSensitive(NodeTarget(value), *schema->block);
  }
  Value sensitive = instance.find("sensitive_attributes");
  if (sensitive.is_array()) {
    for (size_t i = 0; i < sensitive.size(); ++i) {
      base::Expected<std::vector<PathStep>> path =
          StatePath(sensitive.at(i), fmt::format("{}.sensitive_attributes[{}]", where, i));
      if (!path) return path.error();
      MarkPath(NodeTarget(value), *path);
    }
  }

  std::string& json = out.json;
  json += "{\"address\":";
  AppendGoJsonString(json, address.address);
  json += data ? ",\"mode\":\"data\"" : ",\"mode\":\"managed\"";
  json += ",\"type\":";
  AppendGoJsonString(json, type);
  json += ",\"name\":";
  AppendGoJsonString(json, name);
  if (address.index != InstanceAddress::Index::kNone) json += ",\"index\":" + address.IndexJson();
  json += ",\"provider_name\":";
  AppendGoJsonString(json, ProviderName(resource.find("provider").text()));
  // `show -json` copies only the address fields to a deposed object: its schema_version is 0.
  Value schema_version = instance.find("schema_version");
  json += ",\"schema_version\":";
  json += out.deposed.empty() && schema_version.is_number() ? std::string(schema_version.text()) : "0";
  if (value.kind == Node::Kind::kObject && !value.children.empty()) {
    json += ",\"values\":";
    AppendValueJson(value, json);
  }
  json += ",\"sensitive_values\":";
  AppendSensitiveJson(value, json);
  Value identity = instance.find("identity");
  if (out.deposed.empty() && identity.is_object()) {
    Value identity_version = instance.find("identity_schema_version");
    json += ",\"identity_schema_version\":";
    json += identity_version.is_number() ? std::string(identity_version.text()) : "0";
    json += ",\"identity\":";
    AppendValueJson(FromJson(identity), json);
  }
  Value dependencies = instance.find("dependencies");
  if (dependencies.is_array() && !dependencies.empty()) {
    json += ",\"depends_on\":";
    AppendValueJson(FromJson(dependencies), json);
  }
  if (instance.find("status").is_string() && instance.find("status").text() == "tainted") json += ",\"tainted\":true";
  if (!out.deposed.empty()) {
    json += ",\"deposed_key\":";
    AppendGoJsonString(json, out.deposed);
  }
  json += '}';
  return out;
}

std::string ResourceText(const ResourceJson& r) { return (r.data ? "data." : "") + r.type + "." + r.name; }

void AppendResources(std::vector<ResourceJson>& resources, ResourceOrder order, std::string& out) {
  // Data sources first, then by type and name (older versions: by the address text);
  // instances without a key, then int keys, then string keys; each current object before
  // its deposed ones.
  std::stable_sort(resources.begin(), resources.end(), [&](const ResourceJson& a, const ResourceJson& b) {
    if (order == ResourceOrder::kByAddressText) return ResourceText(a) < ResourceText(b);
    if (a.data != b.data) return a.data;
    return a.type != b.type ? a.type < b.type : a.name < b.name;
  });
  out += "\"resources\":[";
  bool first = true;
  for (ResourceJson& r : resources) {
    std::stable_sort(r.instances.begin(), r.instances.end(), [](const InstanceJson& a, const InstanceJson& b) {
      if (a.key_kind != b.key_kind) return a.key_kind < b.key_kind;
      if (a.int_key != b.int_key) return a.int_key < b.int_key;
      if (a.string_key != b.string_key) return a.string_key < b.string_key;
      return a.deposed < b.deposed;
    });
    for (const InstanceJson& i : r.instances) {
      if (!first) out += ',';
      first = false;
      out += i.json;
    }
  }
  out += ']';
}

void AppendChildModules(const std::string& parent, std::map<std::string, ModuleJson>& modules,
                        const std::map<std::string, std::set<std::string>>& children, ResourceOrder order,
                        std::string& out) {
  auto it = children.find(parent);
  if (it == children.end()) return;
  if (!parent.empty() || !out.ends_with('{')) out += ',';
  out += "\"child_modules\":[";
  bool first = true;
  for (const std::string& child : it->second) {  // by address, bytewise
    if (!first) out += ',';
    first = false;
    out += '{';
    ModuleJson& module = modules[child];
    if (!module.resources.empty()) {
      AppendResources(module.resources, order, out);
      out += ',';
    }
    out += "\"address\":";
    AppendGoJsonString(out, child);
    AppendChildModules(child, modules, children, order, out);
    out += '}';
  }
  out += ']';
}

}  // namespace

base::Expected<void> AppendPriorState(std::string_view tfstate, const structured::ProviderSchemas* schemas,
                                      ResourceOrder order, std::string& out) {
  structured::ParseResult parsed = structured::ParseJson(std::string(tfstate));
  if (!parsed.ok()) return base::Error("tfstate: " + parsed.error().ToString("tfstate"));
  Value root = parsed.value()->root();
  if (!root.is_object()) return Fail("$", "not a state (not a JSON object)");
  Value version = root.find("version");
  if (!version.is_number() || version.text() != "4") return Fail("$.version", "state format version 4 expected");

  Value outputs = root.find("outputs");
  Value resources = root.find("resources");
  if (!outputs.is_null() && !outputs.is_object()) return Fail("$.outputs", "not an object");
  if (!resources.is_null() && !resources.is_array()) return Fail("$.resources", "not an array");

  std::map<std::string, ModuleJson> modules;  // by module instance address ("" for the root)
  std::map<std::string, std::set<std::string>> children;  // module -> its child module instances
  size_t resource_count = resources.is_array() ? resources.size() : 0;
  for (size_t r = 0; r < resource_count; ++r) {
    const std::string where = fmt::format("$.resources[{}]", r);
    Value resource = resources.at(r);
    if (!resource.is_object() || !resource.find("type").is_string() || !resource.find("name").is_string() ||
        !resource.find("mode").is_string() || !resource.find("provider").is_string()) {
      return Fail(where, "a resource needs mode, type, name and provider strings");
    }
    Value instances = resource.find("instances");
    if (!instances.is_array()) return Fail(where + ".instances", "not an array");
    const std::string module(resource.find("module").is_string() ? resource.find("module").text() : "");
    const structured::Schema* schema = nullptr;
    if (schemas != nullptr) {
      base::Expected<const structured::Schema*> found =
          schemas->Find(ProviderName(resource.find("provider").text()),
                        resource.find("mode").text() == "data" ? structured::ResourceMode::kData
                                                               : structured::ResourceMode::kManaged,
                        resource.find("type").text());
      if (!found) return Fail(where, "schema: " + found.error().message);
      schema = *found;
    }
    ResourceJson converted;
    converted.data = resource.find("mode").text() == "data";
    converted.type = std::string(resource.find("type").text());
    converted.name = std::string(resource.find("name").text());
    for (size_t i = 0; i < instances.size(); ++i) {
      Value instance = instances.at(i);
      const std::string instance_where = fmt::format("{}.instances[{}]", where, i);
      if (!instance.is_object()) return Fail(instance_where, "not an object");
      base::Expected<InstanceJson> read = Instance(resource, instance, module, schema, instance_where);
      if (!read) return read.error();
      converted.instances.push_back(std::move(*read));
    }
    if (!module.empty()) {
      std::vector<std::string> chain = ModuleChain(module);
      for (size_t k = 0; k < chain.size(); ++k) {
        children[k == 0 ? "" : chain[k - 1]].insert(chain[k]);
      }
    }
    modules[module].resources.push_back(std::move(converted));
  }
  if (resource_count == 0 && (outputs.is_null() || outputs.empty())) return {};

  out += ",\"prior_state\":{\"format_version\":\"1.0\"";
  if (root.find("terraform_version").is_string()) {
    out += ",\"terraform_version\":";
    AppendGoJsonString(out, root.find("terraform_version").text());
  }
  out += ",\"values\":{";
  if (outputs.is_object() && !outputs.empty()) {
    Node sorted = FromJson(outputs);
    out += "\"outputs\":{";
    for (size_t i = 0; i < sorted.keys.size(); ++i) {
      Node& output = sorted.children[i];
      if (output.kind != Node::Kind::kObject) return Fail("$.outputs", "an output is not an object");
      if (i > 0) out += ',';
      AppendGoJsonString(out, sorted.keys[i]);
      const Node* sensitive = output.Member("sensitive");
      out += sensitive != nullptr && sensitive->text == "true" ? ":{\"sensitive\":true" : ":{\"sensitive\":false";
      if (const Node* v = output.Member("value")) {
        out += ",\"value\":";
        AppendValueJson(*v, out);
      }
      if (const Node* t = output.Member("type")) {
        out += ",\"type\":";
        AppendValueJson(*t, out);
      }
      out += '}';
    }
    out += "},";
  }
  out += "\"root_module\":{";
  if (!modules[""].resources.empty()) AppendResources(modules[""].resources, order, out);
  AppendChildModules("", modules, children, order, out);
  out += "}}}";
  return {};
}

}  // namespace planview::planfile::internal

#include "planfile/internal/checks.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "planfile/internal/address.h"
#include "structured/json_text.h"

namespace planview::planfile::internal {

namespace {

using structured::AppendGoJsonString;

std::string_view StatusName(int32_t status) {
  switch (status) {
    case tfplan::CheckResults::PASS: return "pass";
    case tfplan::CheckResults::FAIL: return "fail";
    case tfplan::CheckResults::ERROR: return "error";
    default: return "unknown";
  }
}

// The keyword before an object's name in its address, by kind ("" for resources).
std::string_view Keyword(int32_t kind) {
  switch (kind) {
    case tfplan::CheckResults::OUTPUT_VALUE: return "output";
    case tfplan::CheckResults::CHECK: return "check";
    case tfplan::CheckResults::INPUT_VARIABLE: return "var";
    default: return "";
  }
}

// `module.a[0].output.x` as module `module.a[0]` and name `x`: the keyword and name end
// the address (names are identifiers: no dots, no quotes).
bool SplitNamed(std::string_view address, std::string_view keyword, std::string& module, std::string& name) {
  const std::string head = fmt::format("{}.", keyword);
  size_t at = 0;
  if (!address.starts_with(head)) {
    const size_t dot = address.rfind(fmt::format(".{}.", keyword));
    if (dot == std::string_view::npos) return false;
    module = std::string(address.substr(0, dot));
    at = dot + 1;
  }
  name = std::string(address.substr(at + head.size()));
  return !name.empty() && name.find('.') == std::string::npos;
}

// An address object of `show -json`: members written in key order.
struct AddressJson {
  std::string display;
  std::string json;
};

// The static (configuration) address: kind, mode/type/name or name, module.
base::Expected<AddressJson> StaticAddress(const tfplan::CheckResults& result, const std::string& where) {
  AddressJson out{std::string(result.config_addr), ""};
  std::string module;
  std::string name;
  std::vector<std::pair<std::string, std::string>> members;  // key, JSON value
  auto quoted = [](std::string_view text) {
    std::string q;
    AppendGoJsonString(q, text);
    return q;
  };
  if (result.kind == tfplan::CheckResults::RESOURCE) {
    base::Expected<InstanceAddress> address = ParseInstanceAddress(result.config_addr);
    if (!address || address->index != InstanceAddress::Index::kNone) {
      return base::Error(fmt::format("{}: {:?} is not a resource address", where, result.config_addr));
    }
    members = {{"kind", quoted("resource")},
               {"mode", quoted(address->data ? "data" : "managed")},
               {"name", quoted(address->name)},
               {"type", quoted(address->type)}};
    module = address->module_address;
  } else if (std::string_view keyword = Keyword(result.kind); !keyword.empty()) {
    if (!SplitNamed(result.config_addr, keyword, module, name)) {
      return base::Error(fmt::format("{}: {:?} is not a {} address", where, result.config_addr, keyword));
    }
    members = {{"kind", quoted(keyword == "output" ? "output_value" : keyword)}, {"name", quoted(name)}};
  }
  if (!module.empty()) members.emplace_back("module", quoted(module));
  members.emplace_back("to_display", quoted(result.config_addr));
  std::sort(members.begin(), members.end());
  out.json += '{';
  for (size_t i = 0; i < members.size(); ++i) {
    if (i > 0) out.json += ',';
    out.json += fmt::format("\"{}\":{}", members[i].first, members[i].second);
  }
  out.json += '}';
  return out;
}

// The dynamic (instance) address: module and instance key where there are.
base::Expected<AddressJson> DynamicAddress(const tfplan::CheckResults& result, std::string_view object_addr,
                                           const std::string& where) {
  std::string module;
  std::string index;
  if (result.kind == tfplan::CheckResults::RESOURCE) {
    base::Expected<InstanceAddress> address = ParseInstanceAddress(object_addr);
    if (!address) {
      return base::Error(fmt::format("{}: {:?} is not a resource instance address", where, object_addr));
    }
    module = address->module_address;
    index = address->IndexJson();
  } else if (std::string_view keyword = Keyword(result.kind); !keyword.empty()) {
    std::string name;
    if (!SplitNamed(object_addr, keyword, module, name)) {
      return base::Error(fmt::format("{}: {:?} is not a {} address", where, object_addr, keyword));
    }
  }
  AddressJson out{std::string(object_addr), "{"};
  if (!index.empty()) out.json += "\"instance_key\":" + index + ",";
  if (!module.empty()) {
    out.json += "\"module\":";
    AppendGoJsonString(out.json, module);
    out.json += ',';
  }
  out.json += "\"to_display\":";
  AppendGoJsonString(out.json, object_addr);
  out.json += '}';
  return out;
}

}  // namespace

base::Expected<void> AppendChecks(const tfplan::Plan& plan, std::string& out) {
  if (plan.check_results.empty()) return {};
  std::vector<AddressJson> results;
  for (size_t i = 0; i < plan.check_results.size(); ++i) {
    const tfplan::CheckResults& result = plan.check_results[i];
    const std::string where = fmt::format("check_results[{}]", i);
    base::Expected<AddressJson> written = StaticAddress(result, where);
    if (!written) return written.error();
    std::string json = fmt::format("{{\"address\":{},\"status\":\"{}\"", written->json, StatusName(result.status));
    std::vector<AddressJson> objects;
    for (size_t k = 0; k < result.objects.size(); ++k) {
      const tfplan::CheckResults::ObjectResult& object = result.objects[k];
      base::Expected<AddressJson> address =
          DynamicAddress(result, object.object_addr, fmt::format("{}.objects[{}]", where, k));
      if (!address) return address.error();
      std::string object_json =
          fmt::format("{{\"address\":{},\"status\":\"{}\"", address->json, StatusName(object.status));
      std::vector<std::string> messages(object.failure_messages.begin(), object.failure_messages.end());
      std::sort(messages.begin(), messages.end());
      if (!messages.empty()) {
        object_json += ",\"problems\":[";
        for (size_t m = 0; m < messages.size(); ++m) {
          if (m > 0) object_json += ',';
          object_json += "{\"message\":";
          AppendGoJsonString(object_json, messages[m]);
          object_json += '}';
        }
        object_json += ']';
      }
      object_json += '}';
      objects.push_back({address->display, std::move(object_json)});
    }
    std::stable_sort(objects.begin(), objects.end(),
                     [](const AddressJson& a, const AddressJson& b) { return a.display < b.display; });
    if (!objects.empty()) {
      json += ",\"instances\":[";
      for (size_t k = 0; k < objects.size(); ++k) {
        if (k > 0) json += ',';
        json += objects[k].json;
      }
      json += ']';
    }
    json += '}';
    results.push_back({written->display, std::move(json)});
  }
  std::stable_sort(results.begin(), results.end(),
                   [](const AddressJson& a, const AddressJson& b) { return a.display < b.display; });
  out += ",\"checks\":[";
  for (size_t i = 0; i < results.size(); ++i) {
    if (i > 0) out += ',';
    out += results[i].json;
  }
  out += ']';
  return {};
}

}  // namespace planview::planfile::internal

#include "renderer/document_product.h"

#include <string>

#include "renderer/log_renderer.h"
#include "structured/json_parse.h"

namespace planview::renderer {

std::optional<Product> ProductOfLogMessage(structured::Value message) {
  if (!message.is_object()) return std::nullopt;
  if (message.find("type").is_string() && message.find("type").text() == "version") {
    if (message.find("terraform").is_string()) return Product::kTerraform;
    if (message.find("tofu").is_string()) return Product::kOpenTofu;
  }
  structured::Value module = message.find("@module");
  if (module.is_string()) {
    if (module.text() == "terraform.ui") return Product::kTerraform;
    if (module.text() == "tofu.ui") return Product::kOpenTofu;
  }
  return std::nullopt;
}

std::optional<Product> ProductOfLog(std::string_view text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.size() > kMaxLogLineBytes) continue;  // not rendered either
    // Only a line naming the key of a signal (or escaping some name) can hold one.
    if (line.find("@module") == std::string_view::npos && line.find("\"version\"") == std::string_view::npos &&
        line.find('\\') == std::string_view::npos) {
      continue;
    }
    structured::ParseResult parsed = structured::ParseJson(std::string(line));
    if (!parsed.ok()) continue;
    if (std::optional<Product> product = ProductOfLogMessage(parsed.value()->root())) return product;
  }
  return std::nullopt;
}

std::optional<Product> ProductOfProviderAddress(std::string_view address) {
  if (address.empty()) return std::nullopt;
  if (address.rfind("registry.opentofu.org/", 0) == 0) return Product::kOpenTofu;
  if (address.rfind("registry.terraform.io/", 0) == 0) return Product::kTerraform;
  // Before 0.13 providers had bare names ("aws"); only Terraform wrote those.
  if (address.find('/') == std::string_view::npos) return Product::kTerraform;
  return std::nullopt;  // another registry says nothing
}

namespace {

std::optional<Product> FirstInEntries(structured::Value entries) {
  for (size_t i = 0; i < entries.size(); ++i) {
    structured::Value name = entries.at(i).find("provider_name");
    if (!name.is_string()) continue;
    if (std::optional<Product> product = ProductOfProviderAddress(name.text())) return product;
  }
  return std::nullopt;
}

// A state's (or planned values') module and its children, depth first.
std::optional<Product> FirstInModule(structured::Value module, int depth) {
  if (!module.is_object() || depth > 64) return std::nullopt;
  if (std::optional<Product> product = FirstInEntries(module.find("resources"))) return product;
  structured::Value children = module.find("child_modules");
  for (size_t i = 0; i < children.size(); ++i) {
    if (std::optional<Product> product = FirstInModule(children.at(i), depth + 1)) return product;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Product> ProductOfPlanOrState(structured::Value root) {
  if (!root.is_object()) return std::nullopt;
  for (std::string_view key : {"resource_changes", "resource_drift", "deferred_changes"}) {
    structured::Value entries = root.find(key);
    if (key == "deferred_changes") {
      for (size_t i = 0; i < entries.size(); ++i) {
        structured::Value name = entries.at(i).find("resource_change").find("provider_name");
        if (!name.is_string()) continue;
        if (std::optional<Product> product = ProductOfProviderAddress(name.text())) return product;
      }
      continue;
    }
    if (std::optional<Product> product = FirstInEntries(entries)) return product;
  }
  // A state's values, or a plan's prior state and planned values.
  for (structured::Value values : {root.find("values"), root.find("prior_state").find("values"),
                                   root.find("planned_values")}) {
    if (std::optional<Product> product = FirstInModule(values.find("root_module"), 0)) return product;
  }
  return std::nullopt;
}

}  // namespace planview::renderer

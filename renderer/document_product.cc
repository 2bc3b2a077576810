#include "renderer/document_product.h"

#include <string>

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
    if (line.find("terraform") == std::string_view::npos && line.find("tofu") == std::string_view::npos &&
        line.find('\\') == std::string_view::npos) {
      continue;
    }
    structured::ParseResult parsed = structured::ParseJson(std::string(line));
    if (!parsed.ok()) continue;
    if (std::optional<Product> product = ProductOfLogMessage(parsed.document->root())) return product;
  }
  return std::nullopt;
}

std::optional<Product> ProductOfPlanOrState(structured::Value) { return std::nullopt; }

}  // namespace planview::renderer

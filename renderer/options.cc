#include "renderer/options.h"

#include <algorithm>

#include "renderer/text_escape.h"

namespace planview::renderer {

std::optional<Product> ProductFromName(std::string_view name) {
  if (name == "opentofu") return Product::kOpenTofu;
  if (name == "terraform") return Product::kTerraform;
  return std::nullopt;
}

const change::Profile& ProfileOf(Product product) {
  return product == Product::kTerraform ? change::TerraformProfile() : change::OpenTofuProfile();
}

const change::Profile& Options::profile() const { return ProfileOf(product); }

std::optional<PlanMode> PlanModeFromName(std::string_view name) {
  if (name == "normal") return PlanMode::kNormal;
  if (name == "destroy") return PlanMode::kDestroy;
  if (name == "refresh-only") return PlanMode::kRefreshOnly;
  return std::nullopt;
}

std::optional<DriftDisplay> DriftDisplayFromName(std::string_view name) {
  if (name == "show") return DriftDisplay::kShow;
  if (name == "summary") return DriftDisplay::kSummary;
  if (name == "hide") return DriftDisplay::kHide;
  return std::nullopt;
}

namespace {

void ReplaceAll(std::string& text, std::string_view from, std::string_view to) {
  size_t at = 0;
  while ((at = text.find(from, at)) != std::string::npos) {
    text.replace(at, from.size(), to);
    at += to.size();
  }
}

}  // namespace

std::string Wording(std::string_view text, Product product) {
  std::string out(text);
  if (product == Product::kTerraform) {
    ReplaceAll(out, "OpenTofu", "Terraform");
    ReplaceAll(out, "\"tofu ", "\"terraform ");
    ReplaceAll(out, " tofu ", " terraform ");
  }
  return out;
}

void Warnings::Add(std::string message) {
  messages_.push_back(SingleLine(message));
  once_.push_back(false);
}

void Warnings::AddOnce(std::string message) {
  std::string line = SingleLine(message);
  if (std::find(messages_.begin(), messages_.end(), line) != messages_.end()) return;
  messages_.push_back(std::move(line));
  once_.push_back(true);
}

void Warnings::Append(const Warnings& other) {
  for (size_t i = 0; i < other.messages_.size(); ++i) {
    const std::string& line = other.messages_[i];
    if (other.once_[i] && std::find(messages_.begin(), messages_.end(), line) != messages_.end()) continue;
    messages_.push_back(line);
    once_.push_back(other.once_[i]);
  }
}

}  // namespace planview::renderer

// Whose renderer a document is shown with when the request names no product (`--product
// auto`, the default). A log says who wrote it: the `version` message's "terraform" or
// "tofu" key, or any message's `@module` ("terraform.ui" or "tofu.ui"); the first line
// that says decides. A plan or state says it by its provider addresses: the first one on
// registry.opentofu.org means OpenTofu, on registry.terraform.io (or a bare pre-0.13 name
// like "aws") Terraform; other registries say nothing. A document without a signal is
// shown with OpenTofu's wording.
#ifndef PLANVIEW_RENDERER_DOCUMENT_PRODUCT_H_
#define PLANVIEW_RENDERER_DOCUMENT_PRODUCT_H_

#include <optional>
#include <string_view>

#include "renderer/options.h"
#include "structured/json_value.h"

namespace planview::renderer {

// The product used when a document gives no signal.
inline constexpr Product kDefaultProduct = Product::kOpenTofu;

// What one log message says about its writer; nullopt when nothing.
std::optional<Product> ProductOfLogMessage(structured::Value message);

// The first signal in a JSON-lines log; nullopt when no line gives one. Parses only lines
// that could hold one (they have "@module" or "version" in them, or an escape).
std::optional<Product> ProductOfLog(std::string_view text);

// What one provider address says ("registry.terraform.io/hashicorp/aws", "aws").
std::optional<Product> ProductOfProviderAddress(std::string_view address);

// What a `show -json` plan or state says about its writer: its resource changes, drift and
// deferred changes, then its state values / prior state / planned values, first address
// that says; nullopt when none does.
std::optional<Product> ProductOfPlanOrState(structured::Value root);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_DOCUMENT_PRODUCT_H_

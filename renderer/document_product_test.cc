#include "renderer/document_product.h"

#include <string>

#include "gtest/gtest.h"
#include "renderer/render_document.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

std::optional<Product> OfMessage(const std::string& json) {
  auto parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  return ProductOfLogMessage(parsed.value()->root());
}

TEST(ProductOfLogMessage, VersionKeyThenModule) {
  EXPECT_EQ(OfMessage(R"({"@message":"Terraform 1.9.0","type":"version","terraform":"1.9.0","ui":"1.2"})"),
            Product::kTerraform);
  EXPECT_EQ(OfMessage(R"({"@message":"OpenTofu 1.9.0","type":"version","tofu":"1.9.0","ui":"1.2"})"),
            Product::kOpenTofu);
  // The version key wins over a module that says otherwise.
  EXPECT_EQ(OfMessage(R"({"@module":"tofu.ui","type":"version","terraform":"1.9.0"})"), Product::kTerraform);
  EXPECT_EQ(OfMessage(R"({"@module":"terraform.ui","type":"apply_start"})"), Product::kTerraform);
  EXPECT_EQ(OfMessage(R"({"@module":"tofu.ui","type":"apply_start"})"), Product::kOpenTofu);
  // Only a version message's key counts; other modules and shapes say nothing.
  EXPECT_EQ(OfMessage(R"({"@module":"x.ui","type":"apply_start","terraform":"1"})"), std::nullopt);
  EXPECT_EQ(OfMessage(R"({"@module":7,"type":"version","terraform":1})"), std::nullopt);
  EXPECT_EQ(OfMessage(R"([1])"), std::nullopt);
}

TEST(ProductOfLog, FirstLineThatSays) {
  EXPECT_EQ(ProductOfLog("plain text\n{\"type\":\"x\"}\n{\"@module\":\"terraform.ui\"}\n{\"@module\":\"tofu.ui\"}\n"),
            Product::kTerraform);
  EXPECT_EQ(ProductOfLog("{\"@module\":\"tofu.ui\"}\n{\"@module\":\"terraform.ui\"}"), Product::kOpenTofu);
  // An escaped module name still counts.
  EXPECT_EQ(ProductOfLog("{\"@module\":\"terra\\u0066orm.ui\"}\n"), Product::kTerraform);
  EXPECT_EQ(ProductOfLog("terraform said hi\n{\"@message\":\"tofu\"\n{\"type\":\"apply_start\"}\n"), std::nullopt);
  EXPECT_EQ(ProductOfLog(""), std::nullopt);
}

TEST(RenderDocument, ProductFromTheLogUnlessRequested) {
  const std::string terraform_log =
      "{\"@module\":\"terraform.ui\",\"@message\":\"Terraform 1.9.0\",\"type\":\"version\",\"terraform\":\"1.9.0\"}\n"
      "{\"@module\":\"terraform.ui\",\"@message\":\"a: Creating...\",\"type\":\"apply_start\"}\n";
  DocumentRequest request;
  EXPECT_EQ(RenderDocument(terraform_log, "log", request).product, Product::kTerraform);
  EXPECT_EQ(RenderDocument("{\"@message\":\"a\",\"type\":\"apply_start\"}\n\n", "log", request).product,
            Product::kOpenTofu);
  EXPECT_EQ(RenderDocument(R"({"@module":"terraform.ui","@message":"a","type":"apply_start"})", "log", request).product,
            Product::kTerraform);
  // Plans and states say nothing yet: OpenTofu.
  EXPECT_EQ(RenderDocument(R"({"format_version":"1.0"})", "state", request).product, Product::kOpenTofu);
  request.product = Product::kOpenTofu;
  EXPECT_EQ(RenderDocument(terraform_log, "log", request).product, Product::kOpenTofu);
  request.product = Product::kTerraform;
  request.options.product = Product::kOpenTofu;  // not read
  EXPECT_EQ(RenderDocument(R"({"format_version":"1.0"})", "state", request).product, Product::kTerraform);
}

}  // namespace
}  // namespace planview::renderer

namespace planview::renderer {
namespace {

std::optional<Product> OfJson(const std::string& json) {
  structured::ParseResult parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  return ProductOfPlanOrState(parsed.value()->root());
}

TEST(ProductOfProviderAddress, RegistryOrBareName) {
  EXPECT_EQ(ProductOfProviderAddress("registry.opentofu.org/hashicorp/null"), Product::kOpenTofu);
  EXPECT_EQ(ProductOfProviderAddress("registry.terraform.io/hashicorp/aws"), Product::kTerraform);
  EXPECT_EQ(ProductOfProviderAddress("aws"), Product::kTerraform);
  EXPECT_EQ(ProductOfProviderAddress("example.com/acme/thing"), std::nullopt);
  EXPECT_EQ(ProductOfProviderAddress(""), std::nullopt);
}

TEST(ProductOfPlanOrState, FirstAddressThatSays) {
  EXPECT_EQ(OfJson(R"({"resource_changes":[{"provider_name":"example.com/a/b"},
                       {"provider_name":"registry.terraform.io/hashicorp/aws"}]})"),
            Product::kTerraform);
  EXPECT_EQ(OfJson(R"({"resource_changes":[],"resource_drift":[{"provider_name":"registry.opentofu.org/h/null"}]})"),
            Product::kOpenTofu);
  EXPECT_EQ(OfJson(R"({"deferred_changes":[{"reason":"x","resource_change":{"provider_name":"aws"}}]})"),
            Product::kTerraform);
  // A state: the root module's resources, then its children.
  EXPECT_EQ(OfJson(R"({"values":{"root_module":{"child_modules":[{"resources":[
                       {"provider_name":"registry.terraform.io/hashicorp/random"}]}]}}})"),
            Product::kTerraform);
  EXPECT_EQ(OfJson(R"({"format_version":"1.0"})"), std::nullopt);
  EXPECT_EQ(OfJson(R"({"resource_changes":[{"provider_name":7}]})"), std::nullopt);
}

TEST(RenderDocument, PlanProductFromItsProviders) {
  const std::string plan = R"({"format_version":"1.2","resource_changes":[
    {"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"registry.terraform.io/x/t",
     "change":{"actions":["create"],"before":null,"after":{"x":"1"}}}]})";
  DocumentRequest request;
  DocumentResult auto_result = RenderDocument(plan, "plan.json", request);
  EXPECT_EQ(auto_result.product, Product::kTerraform);
  EXPECT_NE(auto_result.output.find("\nTerraform will perform the following actions:\n"), std::string::npos)
      << auto_result.output;
  request.product = Product::kOpenTofu;
  DocumentResult forced = RenderDocument(plan, "plan.json", request);
  EXPECT_EQ(forced.product, Product::kOpenTofu);
  EXPECT_NE(forced.output.find("\nOpenTofu will perform the following actions:\n"), std::string::npos);
}

}  // namespace
}  // namespace planview::renderer

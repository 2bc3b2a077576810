#include "renderer/document_kind.h"

#include <string>

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

std::optional<DocumentKind> Kind(const std::string& json) {
  auto parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  return KindOfDocument(parsed.value()->root());
}

TEST(KindOfDocument, ByKeys) {
  EXPECT_EQ(Kind(R"({"format_version":"1.2","resource_changes":[]})"), DocumentKind::kPlan);
  EXPECT_EQ(Kind(R"({"plan_format_version":"1.2","provider_schemas":{}})"), DocumentKind::kPlan);
  EXPECT_EQ(Kind(R"({"format_version":"1.0","values":{}})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({"format_version":"1.0"})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({"@level":"info","@message":"hi","type":"version"})"), DocumentKind::kLog);
  EXPECT_EQ(Kind(R"({"something":"else"})"), std::nullopt);
  EXPECT_EQ(Kind(R"([1,2])"), std::nullopt);
}

TEST(LooksLikeLog, OneObjectPerLine) {
  EXPECT_TRUE(LooksLikeLog("{\"@message\":\"a\"}\n{\"@message\":\"b\"}\n"));
  EXPECT_TRUE(LooksLikeLog("{\"a\":1}\nnot json\n"));
  EXPECT_FALSE(LooksLikeLog("{\"format_version\":\"1.2\"}\n"));
  EXPECT_FALSE(LooksLikeLog("{\n  \"format_version\": \"1.2\"\n}\n"));
  EXPECT_FALSE(LooksLikeLog("[1]\n[2]\n"));
  EXPECT_FALSE(LooksLikeLog(""));
  EXPECT_TRUE(LooksLikeLog("Initializing...\n\n{\"@level\":\"info\",\"@message\":\"b\"}\n"));
  EXPECT_FALSE(LooksLikeLog("Initializing...\n{\"a\":1}\n"));
  EXPECT_FALSE(LooksLikeLog("{\"a\":1}\n\n   \n"));
}

}  // namespace
}  // namespace planview::renderer

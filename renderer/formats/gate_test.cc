#include "renderer/formats/gate.h"

#include <string>

#include <gtest/gtest.h>

#include "renderer/plan.h"
#include "structured/json_parse.h"

namespace planview::renderer::formats {
namespace {

std::string Entry(const std::string& address, const std::string& type, const std::string& actions,
                  const std::string& mode = "managed") {
  return R"({"address":")" + address + R"(","mode":")" + mode + R"(","type":")" + type +
         R"(","name":"n","provider_name":"p","change":{"actions":)" + actions +
         R"(,"before":{},"after":{},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})";
}

std::string Check(const Gate& gate) {
  std::string text = R"({"format_version":"1.2","resource_drift":[)" + Entry("aws_s3_bucket.logs", "aws_s3_bucket", R"(["update"])") +
                     "," + Entry("aws_s3_bucket.same", "aws_s3_bucket", R"(["no-op"])") + R"(],"resource_changes":[)" +
                     Entry("aws_db_instance.main", "aws_db_instance", R"(["delete","create"])") + "," +
                     Entry("module.prod.aws_instance.web", "aws_instance", R"(["delete"])") + "," +
                     Entry("data.aws_ami.x", "aws_ami", R"(["delete"])", "data") + "," +
                     Entry("aws_instance.new", "aws_instance", R"(["create"])") + "," +
                     Entry("aws_instance.up", "aws_instance", R"(["update"])") + "]}";
  auto parsed = structured::ParseJson(text);
  EXPECT_TRUE(parsed.ok());
  base::Expected<Plan> read = Plan::FromJson(parsed.value()->root());
  EXPECT_TRUE(read) << read.error().message;
  if (!read) return "";
  const Plan& plan = *read;
  std::string out;
  for (const GateViolation& v : CheckGate(gate, plan)) out += v.address + " " + v.reason + "\n";
  return out;
}

TEST(GateTest, ParsesFailOn) {
  Gate gate;
  EXPECT_TRUE(ParseFailOn("delete,drift", gate).ok());
  EXPECT_TRUE(gate.fail_on_delete && gate.fail_on_drift && !gate.fail_on_replace);
  EXPECT_TRUE(ParseFailOn("destroy", gate).ok());  // the word users say, as --action takes it
  base::Expected<void> bad = ParseFailOn("replace,", gate);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "--fail-on: unknown condition \"\" (want delete, replace or drift)");
  EXPECT_FALSE(Gate().Active());
}

TEST(GateTest, EachRule) {
  Gate gate;
  EXPECT_EQ(Check(gate), "");
  gate.fail_on_drift = true;
  EXPECT_EQ(Check(gate), "aws_s3_bucket.logs changed outside of the configuration (--fail-on drift)\n");
  gate = Gate();
  gate.fail_on_delete = true;  // a data source's delete destroys nothing; a replace is not a delete
  EXPECT_EQ(Check(gate), "module.prod.aws_instance.web is deleted (--fail-on delete)\n");
  gate = Gate();
  gate.fail_on_replace = true;
  EXPECT_EQ(Check(gate), "aws_db_instance.main is replaced (--fail-on replace)\n");
}

TEST(GateTest, ProtectMatchesAddressOrTypeAsAddressFilterDoes) {
  Gate gate;
  gate.protect = {"aws_db_*"};
  EXPECT_EQ(Check(gate), "aws_db_instance.main is replaced (--protect \"aws_db_*\")\n");
  gate.protect = {"module.prod.*", "aws_instance"};  // creates and updates are fine
  EXPECT_EQ(Check(gate), "module.prod.aws_instance.web is deleted (--protect \"module.prod.*\")\n");
  gate.fail_on_delete = true;  // one line per address: the protecting glob is named
  EXPECT_EQ(Check(gate), "module.prod.aws_instance.web is deleted (--protect \"module.prod.*\")\n");
}

}  // namespace
}  // namespace planview::renderer::formats

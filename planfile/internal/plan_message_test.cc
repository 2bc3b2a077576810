#include "planfile/internal/plan_message.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <gtest/gtest.h>

#include "base/executor.h"
#include "planfile/internal/zip_archive.h"
#include "renderer/testing/golden.h"

namespace planview::planfile::internal {
namespace {

// The message written back, unknown fields included (maps in key order).
std::string Serialized(const planproto::Plan& plan) {
  std::string out;
  google::protobuf::io::StringOutputStream stream(&out);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  plan.SerializeToCodedStream(&coded);
  coded.Trim();
  return out;
}

// What protobuf's own parse of the whole makes of `bytes`: nothing when it fails, else
// the message written back (unknown fields included).
std::optional<std::string> Protobuf(std::string_view bytes) {
  planproto::Plan plan;
  if (!plan.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return std::nullopt;
  return Serialized(plan);
}

std::optional<std::string> Split(std::string_view bytes, base::Executor* executor) {
  google::protobuf::Arena arena;
  const planproto::Plan* plan = ParsePlanMessage(bytes, executor, arena);
  if (plan == nullptr) return std::nullopt;
  return Serialized(*plan);
}

// Both parses, on one thread and on four, agree with protobuf's on `bytes`.
void ExpectSameAsProtobuf(std::string_view bytes, const std::string& what) {
  static base::Executor executor(4);
  const std::optional<std::string> expected = Protobuf(bytes);
  for (base::Executor* on : {static_cast<base::Executor*>(nullptr), &executor}) {
    const std::optional<std::string> got = Split(bytes, on);
    ASSERT_EQ(got.has_value(), expected.has_value()) << what << (on ? " (threads)" : "");
    if (expected) {
      ASSERT_TRUE(*got == *expected) << what << (on ? " (threads)" : "") << ": the messages differ";
    }
  }
}

// Protobuf's wire format, written by hand for the cases the generated code cannot write.
std::string Varint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
  return out;
}
std::string Tag(uint32_t number, uint32_t wire_type) { return Varint((uint64_t{number} << 3) | wire_type); }
std::string Bytes(uint32_t number, std::string_view value) {
  return Tag(number, 2) + Varint(value.size()) + std::string(value);
}

// A plan with resource changes and drift between its other fields, and unknown fields.
std::string ExamplePlan() {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.9.0");
  for (int i = 0; i < 150; ++i) {
    planproto::ResourceInstanceChange* c = i % 5 == 0 ? plan.add_resource_drift() : plan.add_resource_changes();
    c->set_addr("aws_instance.web[" + std::to_string(i) + "]");
    c->set_provider("provider[\"registry.terraform.io/hashicorp/aws\"]");
    c->mutable_change()->set_action(i % 3 == 0 ? planproto::UPDATE : planproto::CREATE);
    c->mutable_change()->add_values()->set_msgpack(std::string("\x81\xa2id\xa1x", 6));
    c->mutable_change()->add_values()->set_msgpack(std::string("\x81\xa2id\xa1y", 6));
    c->add_required_replace()->add_steps()->set_attribute_name("ami");
  }
  planproto::OutputChange* out = plan.add_output_changes();
  out->set_name("ip");
  out->mutable_change()->set_action(planproto::CREATE);
  plan.set_timestamp("2026-12-02T00:00:00Z");
  std::string bytes = plan.SerializeAsString();
  // Unknown fields at the top level and inside a change.
  bytes += Tag(99, 0) + Varint(7);
  bytes += Bytes(3, Tag(77, 5) + "abcd" + Bytes(13, "aws_s3_bucket.b"));
  bytes += Tag(100, 1) + "12345678";
  return bytes;
}

// protobuf logs each message it fails to parse; the verdicts are what is compared.
const bool kQuiet = [] {
  google::protobuf::SetLogHandler(nullptr);
  return true;
}();

TEST(ParsePlanMessage, RealPlanFilesAsProtobufReadsThem) {
  int files = 0;
  int changes = 0;
  for (const char* dir : {"testdata/planfiles/pairs", "testdata/planfiles/solo"}) {
    for (const std::string& pair : renderer::testing::ListDirs(dir)) {
      const std::string path = pair + "/plan.bin";
      bool read = false;
      const std::string file = renderer::testing::ReadFile(path, &read);
      if (!read) continue;
      auto zip = ZipArchive::Open(file, 1 << 30);
      ASSERT_TRUE(zip) << path;
      base::Expected<MemberBytes> tfplan = (*zip)->Read("tfplan");
      ASSERT_TRUE(tfplan) << path;
      ExpectSameAsProtobuf(tfplan->view(), path);
      google::protobuf::Arena arena;
      const planproto::Plan* plan = ParsePlanMessage(tfplan->view(), nullptr, arena);
      ASSERT_NE(plan, nullptr) << path;
      changes += plan->resource_changes_size() + plan->resource_drift_size();
      ++files;
    }
  }
  EXPECT_GT(files, 20);
  EXPECT_GT(changes, 100);
}

TEST(ParsePlanMessage, KeepsOrderAndUnknownFields) {
  const std::string bytes = ExamplePlan();
  ExpectSameAsProtobuf(bytes, "example");
  google::protobuf::Arena arena;
  const planproto::Plan* plan = ParsePlanMessage(bytes, nullptr, arena);
  ASSERT_NE(plan, nullptr);
  ASSERT_EQ(plan->resource_changes_size(), 121);
  ASSERT_EQ(plan->resource_drift_size(), 30);
  EXPECT_EQ(plan->resource_changes(0).addr(), "aws_instance.web[1]");
  EXPECT_EQ(plan->resource_drift(1).addr(), "aws_instance.web[5]");
  EXPECT_EQ(plan->resource_changes(120).addr(), "aws_s3_bucket.b");
  EXPECT_EQ(plan->timestamp(), "2026-12-02T00:00:00Z");
}

// Fields of a change's number that are not messages, groups, numbers 0 and cut fields.
TEST(ParsePlanMessage, OddFieldsAsProtobufReadsThem) {
  const std::string change = Bytes(1, "aws_instance.a");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"empty", ""},
      {"a change as a varint", Tag(3, 0) + Varint(5) + Bytes(3, change)},
      {"drift as a fixed32", Tag(18, 5) + "wxyz" + Bytes(18, change)},
      {"a group at the top", Tag(50, 3) + Tag(1, 0) + Varint(1) + Tag(50, 4) + Bytes(3, change)},
      {"an unmatched end of group", Bytes(3, change) + Tag(50, 4)},
      {"field number 0", Tag(0, 0) + Varint(1)},
      {"a tag past 32 bits", Varint(uint64_t{1} << 35) + Varint(1)},
      {"a cut length", Bytes(3, change).substr(0, 5)},
      {"a length past the end", Tag(3, 2) + Varint(1000) + change},
      {"a cut varint", Tag(1, 0) + "\x80"},
      {"a varint of 11 bytes", Tag(1, 0) + std::string(10, '\x80') + "\x01"},
      {"a cut fixed64", Tag(9, 1) + "1234"},
      {"wire type 6", Tag(9, 6)},
      {"a change that is not a message", Bytes(3, "\xff\xff")},
      {"a change ending with an end of group", Bytes(3, change + Tag(60, 4))},
      {"a change with a zero tag", Bytes(3, change + std::string(1, '\0'))},
      {"a change with invalid UTF-8", Bytes(3, Bytes(1, "\xc3\x28"))},
      {"the version twice", Tag(1, 0) + Varint(2) + Bytes(3, change) + Tag(1, 0) + Varint(3)},
  };
  for (const auto& [name, bytes] : cases) ExpectSameAsProtobuf(bytes, name);
}

// A change one message down in the whole has one level less of protobuf's recursion limit:
// groups nested inside it fail at the same depth either way.
TEST(ParsePlanMessage, RecursionLimitAsInTheWhole) {
  bool some_failed = false;
  bool some_parsed = false;
  for (int depth = 90; depth <= 110; ++depth) {
    std::string groups;
    for (int i = 0; i < depth; ++i) groups += Tag(70, 3);
    for (int i = 0; i < depth; ++i) groups += Tag(70, 4);
    const std::string bytes = Bytes(3, Bytes(1, "aws_instance.a") + groups);
    ExpectSameAsProtobuf(bytes, "depth " + std::to_string(depth));
    (Protobuf(bytes) ? some_parsed : some_failed) = true;
  }
  EXPECT_TRUE(some_parsed);
  EXPECT_TRUE(some_failed);
}

// Random damage to a plan: bytes changed, cut, removed or repeated.
TEST(ParsePlanMessage, DamagedPlansAsProtobufReadsThem) {
  const std::string plan = ExamplePlan();
  std::mt19937 rng(20261202);
  int failed = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bytes = plan;
    const int edits = round % 4 == 0 ? 2 : 1;
    for (int e = 0; e < edits && !bytes.empty(); ++e) {
      const size_t at = rng() % bytes.size();
      switch (rng() % 4) {
        case 0: bytes[at] = static_cast<char>(rng()); break;
        case 1: bytes.resize(at); break;
        case 2: bytes.erase(at, 1 + rng() % 8); break;
        case 3: bytes.insert(at, bytes.substr(at, 1 + rng() % 16)); break;
      }
    }
    ExpectSameAsProtobuf(bytes, "round " + std::to_string(round));
    if (!Protobuf(bytes)) ++failed;
  }
  // Both verdicts were exercised.
  EXPECT_GT(failed, 300);
  EXPECT_GT(3000 - failed, 100) << "too few damaged plans parsed";
}

}  // namespace
}  // namespace planview::planfile::internal

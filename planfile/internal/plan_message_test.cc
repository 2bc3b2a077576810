#include "planfile/internal/plan_message.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <gtest/gtest.h>

#include "base/executor.h"
#include "planfile/internal/zip_archive.h"

namespace planview::planfile::internal {
namespace {

// The message in one byte order for every equal message (map entries sorted).
std::string Canonical(const planproto::Plan& plan) {
  std::string out;
  {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    plan.SerializeToCodedStream(&coded);
  }
  return out;
}

// The split result put back together as one plan.
std::string Joined(const PlanMessage& message) {
  planproto::Plan plan = message.plan;
  for (const auto& change : message.changes) *plan.add_resource_changes() = *change;
  for (const auto& change : message.drift) *plan.add_resource_drift() = *change;
  return Canonical(plan);
}

// ParsePlanMessage, on one thread and on two, against one parse of the whole: the same
// verdict and, when the bytes are a plan, the same message.
void ExpectSameAsWholeParse(std::string_view bytes, const std::string& what) {
  planproto::Plan whole;
  const bool whole_ok = whole.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  base::Executor two(2);
  for (base::Executor* executor : {static_cast<base::Executor*>(nullptr), &two}) {
    PlanMessage split;
    const bool split_ok = ParsePlanMessage(bytes, executor, split);
    ASSERT_EQ(split_ok, whole_ok) << what << (executor ? " (two threads)" : "");
    if (whole_ok) {
      ASSERT_EQ(Joined(split), Canonical(whole)) << what;
    }
  }
}

std::string Varint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
  return out;
}

std::string Tag(uint32_t field, uint32_t wire_type) { return Varint(uint64_t{field} << 3 | wire_type); }

std::string LengthDelimited(uint32_t field, std::string_view payload) {
  return Tag(field, 2) + Varint(payload.size()) + std::string(payload);
}

planproto::ResourceInstanceChange Change(const std::string& name, planproto::Action action) {
  planproto::ResourceInstanceChange change;
  change.set_type("null_resource");
  change.set_name(name);
  change.set_provider("provider[\"registry.terraform.io/hashicorp/null\"]");
  change.mutable_change()->set_action(action);
  change.mutable_change()->add_values()->set_msgpack(std::string("\x81\xa2id\xa1x", 6));
  return change;
}

// A plan with every kind of field around its changes, an unknown field between them and
// a field 3 that is not length-delimited (which protobuf keeps as an unknown field).
std::string SyntheticPlan() {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.9.0");
  (*plan.mutable_variables())["region"].set_msgpack("\xa1x");
  *plan.add_resource_changes() = Change("a", planproto::CREATE);
  *plan.add_resource_drift() = Change("d", planproto::UPDATE);
  plan.add_output_changes()->set_name("out");
  plan.set_timestamp("2024-01-01T00:00:00Z");
  std::string bytes = plan.SerializeAsString();
  bytes += LengthDelimited(3, Change("b", planproto::DELETE).SerializeAsString());
  bytes += Tag(99, 0) + Varint(7);
  bytes += Tag(3, 0) + Varint(5);
  bytes += LengthDelimited(18, Change("e", planproto::NOOP).SerializeAsString());
  bytes += LengthDelimited(3, Change("c", planproto::UPDATE).SerializeAsString());
  bytes += Tag(20, 0) + Varint(1);
  return bytes;
}

TEST(PlanMessage, SplitsChangesFromThePlan) {
  const std::string bytes = SyntheticPlan();
  PlanMessage message;
  ASSERT_TRUE(ParsePlanMessage(bytes, nullptr, message));
  ASSERT_EQ(message.changes.size(), 3u);
  EXPECT_EQ(message.changes[0]->name(), "a");
  EXPECT_EQ(message.changes[1]->name(), "b");
  EXPECT_EQ(message.changes[2]->name(), "c");
  ASSERT_EQ(message.drift.size(), 2u);
  EXPECT_EQ(message.drift[1]->name(), "e");
  EXPECT_EQ(message.plan.resource_changes_size(), 0);
  EXPECT_EQ(message.plan.terraform_version(), "1.9.0");
  EXPECT_TRUE(message.plan.errored());
  ExpectSameAsWholeParse(bytes, "synthetic plan");
}

// Every prefix of the plan (most are damaged messages) gets the whole parse's verdict.
TEST(PlanMessage, EveryPrefixAsTheWholeParse) {
  const std::string bytes = SyntheticPlan();
  for (size_t n = 0; n <= bytes.size(); ++n) ExpectSameAsWholeParse(bytes.substr(0, n), "prefix " + std::to_string(n));
}

TEST(PlanMessage, GroupsAndBadTagsAsTheWholeParse) {
  const std::string plan = SyntheticPlan();
  const std::string change = Change("x", planproto::CREATE).SerializeAsString();
  // A group at the top level (the ordinary parse takes the whole member).
  ExpectSameAsWholeParse(plan + Tag(7, 3) + Tag(1, 0) + Varint(1) + Tag(7, 4), "top-level group");
  ExpectSameAsWholeParse(plan + Tag(7, 4), "stray end of group at the top level");
  ExpectSameAsWholeParse(plan + Tag(7, 6), "wire type 6");
  ExpectSameAsWholeParse(plan + std::string("\x00", 1), "field 0");
  ExpectSameAsWholeParse(plan + std::string(11, '\xff'), "endless varint");
  // Inside a change: a stray end of group, a group, invalid UTF-8 in a string field.
  ExpectSameAsWholeParse(plan + LengthDelimited(3, change + Tag(1, 4)), "stray end of group in a change");
  ExpectSameAsWholeParse(plan + LengthDelimited(3, change + Tag(50, 3) + Tag(50, 4)), "group in a change");
  planproto::ResourceInstanceChange bad = Change("x", planproto::CREATE);
  bad.set_name("\xff");
  ExpectSameAsWholeParse(plan + LengthDelimited(18, bad.SerializePartialAsString()), "invalid UTF-8 in a change");
}

// Groups nested around the recursion limit inside a change: a change parsed on its own is
// one level shallower than inside the plan, and must still be refused where the plan is.
TEST(PlanMessage, NestingLimitAsTheWholeParse) {
  const std::string plan = SyntheticPlan();
  const std::string change = Change("x", planproto::CREATE).SerializeAsString();
  bool some_refused = false;
  bool some_taken = false;
  for (int depth = 95; depth <= 102; ++depth) {
    std::string nested;
    for (int i = 0; i < depth; ++i) nested += Tag(50, 3);
    for (int i = 0; i < depth; ++i) nested += Tag(50, 4);
    const std::string bytes = plan + LengthDelimited(3, change + nested);
    planproto::Plan whole;
    (whole.ParseFromString(bytes) ? some_taken : some_refused) = true;
    ExpectSameAsWholeParse(bytes, "groups nested " + std::to_string(depth) + " deep");
  }
  EXPECT_TRUE(some_refused);
  EXPECT_TRUE(some_taken);
}

// The tfplan member of every plan file in the corpus.
TEST(PlanMessage, CorpusAsTheWholeParse) {
  int read = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("testdata/planfiles")) {
    if (entry.path().extension() != ".bin") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    const std::string bytes = s.str();
    auto zip = ZipArchive::Open(bytes, 1 << 30);
    if (!zip || !(*zip)->Has("tfplan")) continue;
    base::Expected<std::string> tfplan = (*zip)->Read("tfplan");
    if (!tfplan) continue;
    ExpectSameAsWholeParse(*tfplan, entry.path().string());
    ++read;
  }
  EXPECT_GE(read, 40);
}

}  // namespace
}  // namespace planview::planfile::internal

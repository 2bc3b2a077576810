#include "planfile/internal/plan_message.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <google/protobuf/stubs/logging.h>
#include <gtest/gtest.h>

#include "base/testing/proto_wire.h"

#include "base/executor.h"
#include "planfile/internal/zip_archive.h"
#include "planproto/planfile.pb.h"
#include "renderer/testing/golden.h"

namespace planview::planfile::internal {
namespace {

// The fields planview reads, one per line, from protobuf's message and from ours: equal
// when both decodes read the same. Without `text` only a hash of the lines is kept (cheap
// enough for thousands of damaged plans); the text is made to show a difference.
class Dump {
 public:
  explicit Dump(bool text) : keep_text_(text) {}
  // name=length:bytes (numbers as text), so that no value can pass for another.
  void Line(std::string_view name, std::string_view value) {
    Add(std::string_view("        ").substr(0, static_cast<size_t>(std::min(indent_, 8))));
    Add(name);
    Add("=");
    Add(std::to_string(value.size()));
    Add(":");
    Add(value);
    Add("\n");
  }
  void Line(std::string_view name, const char* value) { Line(name, std::string_view(value)); }
  void Line(std::string_view name, const std::string& value) { Line(name, std::string_view(value)); }
  template <typename Number>
  void Line(std::string_view name, Number value) {
    Line(name, std::string_view(std::to_string(value)));
  }
  void Open(std::string_view name) {
    Add(name);
    Add(" {\n");
    indent_ += 2;
  }
  void Close() {
    indent_ -= 2;
    Add("}\n");
  }
  // The text, or the hash's digits.
  std::string result() const { return keep_text_ ? out_ : std::to_string(hash_); }

 private:
  void Add(std::string_view s) {
    if (keep_text_) out_ += s;
    for (char c : s) hash_ = (hash_ ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;  // FNV-1a
  }
  bool keep_text_;
  std::string out_;
  uint64_t hash_ = 0xcbf29ce484222325ull;
  int indent_ = 0;
};

void DumpPath(Dump& d, const planproto::Path& p) {
  d.Open("path");
  for (const planproto::Path::Step& s : p.steps()) {
    if (s.has_element_key()) d.Line("key", s.element_key().msgpack());
    else if (s.selector_case() == planproto::Path::Step::kAttributeName) d.Line("attr", s.attribute_name());
    else d.Line("none", "");
  }
  d.Close();
}
void DumpPath(Dump& d, const tfplan::Path& p) {
  d.Open("path");
  for (const tfplan::Path::Step& s : p.steps) {
    using Selector = tfplan::Path::Step::Selector;
    if (s.selector == Selector::kElementKey) d.Line("key", s.element_key.msgpack);
    else if (s.selector == Selector::kAttributeName) d.Line("attr", s.attribute_name);
    else d.Line("none", "");
  }
  d.Close();
}

void DumpChange(Dump& d, const planproto::Change& c) {
  d.Open("change");
  d.Line("action", static_cast<int>(c.action()));
  for (const auto& v : c.values()) d.Line("value", v.msgpack());
  for (const auto& p : c.before_sensitive_paths()) DumpPath(d, p);
  d.Line("--", "");
  for (const auto& p : c.after_sensitive_paths()) DumpPath(d, p);
  if (c.has_importing()) {
    d.Open("importing");
    d.Line("id", c.importing().id());
    d.Line("unknown", c.importing().unknown());
    if (c.importing().has_identity()) d.Line("identity", c.importing().identity().msgpack());
    d.Close();
  }
  d.Line("generated_config", c.generated_config());
  d.Close();
}
void DumpChange(Dump& d, const tfplan::Change& c) {
  d.Open("change");
  d.Line("action", c.action);
  for (const auto& v : c.values) d.Line("value", v.msgpack);
  for (const auto& p : c.before_sensitive_paths) DumpPath(d, p);
  d.Line("--", "");
  for (const auto& p : c.after_sensitive_paths) DumpPath(d, p);
  if (c.has_importing) {
    d.Open("importing");
    d.Line("id", c.importing.id);
    d.Line("unknown", c.importing.unknown);
    if (c.importing.has_identity) d.Line("identity", c.importing.identity.msgpack);
    d.Close();
  }
  d.Line("generated_config", c.generated_config);
  d.Close();
}

void DumpResourceChange(Dump& d, const planproto::ResourceInstanceChange& c) {
  d.Open("resource");
  d.Line("module_path", c.module_path());
  d.Line("mode", static_cast<int>(c.mode()));
  d.Line("type", c.type());
  d.Line("name", c.name());
  if (c.has_str()) d.Line("str", c.str());
  if (c.has_int_()) d.Line("int", c.int_());
  d.Line("deposed_key", c.deposed_key());
  d.Line("provider", c.provider());
  if (c.has_change()) DumpChange(d, c.change());
  for (const auto& p : c.required_replace()) DumpPath(d, p);
  d.Line("action_reason", static_cast<int>(c.action_reason()));
  d.Line("addr", c.addr());
  d.Line("prev_run_addr", c.prev_run_addr());
  d.Close();
}
void DumpResourceChange(Dump& d, const tfplan::ResourceInstanceChange& c) {
  using InstanceKey = tfplan::ResourceInstanceChange::InstanceKey;
  d.Open("resource");
  d.Line("module_path", c.module_path);
  d.Line("mode", c.mode);
  d.Line("type", c.type);
  d.Line("name", c.name);
  if (c.instance_key == InstanceKey::kString) d.Line("str", c.str);
  if (c.instance_key == InstanceKey::kInt) d.Line("int", c.int_);
  d.Line("deposed_key", c.deposed_key);
  d.Line("provider", c.provider);
  if (c.has_change) DumpChange(d, c.change);
  for (const auto& p : c.required_replace) DumpPath(d, p);
  d.Line("action_reason", c.action_reason);
  d.Line("addr", c.addr);
  d.Line("prev_run_addr", c.prev_run_addr);
  d.Close();
}

std::string DumpPlan(const planproto::Plan& plan, bool text) {
  Dump d(text);
  d.Line("version", plan.version());
  std::map<std::string, std::string> variables;
  for (const auto& [name, value] : plan.variables()) variables[name] = value.msgpack();
  for (const auto& [name, value] : variables) d.Line("variable " + name, value);
  for (const auto& c : plan.resource_changes()) DumpResourceChange(d, c);
  for (const auto& o : plan.output_changes()) {
    d.Open("output");
    d.Line("name", o.name());
    if (o.has_change()) DumpChange(d, o.change());
    d.Line("sensitive", o.sensitive());
    d.Close();
  }
  d.Line("terraform_version", plan.terraform_version());
  for (const auto& f : plan.field_15()) d.Line("field_15", f);
  d.Line("ui_mode", static_cast<int>(plan.ui_mode()));
  d.Line("--", "");
  for (const auto& c : plan.resource_drift()) DumpResourceChange(d, c);
  for (const auto& r : plan.check_results()) {
    d.Open("check");
    d.Line("kind", static_cast<int>(r.kind()));
    d.Line("config_addr", r.config_addr());
    d.Line("status", static_cast<int>(r.status()));
    for (const auto& o : r.objects()) {
      d.Line("object_addr", o.object_addr());
      d.Line("status", static_cast<int>(o.status()));
      for (const auto& m : o.failure_messages()) d.Line("message", m);
    }
    d.Close();
  }
  d.Line("errored", plan.errored());
  d.Line("timestamp", plan.timestamp());
  d.Line("applyable", plan.applyable());
  d.Line("complete", plan.complete());
  return d.result();
}
std::string DumpPlan(const tfplan::Plan& plan, bool text) {
  Dump d(text);
  d.Line("version", plan.version);
  for (const auto& [name, value] : plan.variables) d.Line("variable " + std::string(name), value.msgpack);
  for (const auto& c : plan.resource_changes) DumpResourceChange(d, c);
  for (const auto& o : plan.output_changes) {
    d.Open("output");
    d.Line("name", o.name);
    if (o.has_change) DumpChange(d, o.change);
    d.Line("sensitive", o.sensitive);
    d.Close();
  }
  d.Line("terraform_version", plan.terraform_version);
  for (const auto& f : plan.field_15) d.Line("field_15", f);
  d.Line("ui_mode", plan.ui_mode);
  d.Line("--", "");
  for (const auto& c : plan.resource_drift) DumpResourceChange(d, c);
  for (const auto& r : plan.check_results) {
    d.Open("check");
    d.Line("kind", r.kind);
    d.Line("config_addr", r.config_addr);
    d.Line("status", r.status);
    for (const auto& o : r.objects) {
      d.Line("object_addr", o.object_addr);
      d.Line("status", o.status);
      for (const auto& m : o.failure_messages) d.Line("message", m);
    }
    d.Close();
  }
  d.Line("errored", plan.errored);
  d.Line("timestamp", plan.timestamp);
  d.Line("applyable", plan.applyable);
  d.Line("complete", plan.complete);
  return d.result();
}

// What libprotobuf's parse of the whole makes of `bytes` (the reference): nothing when
// it fails, else the fields planview reads (their text or its hash).
std::optional<std::string> Protobuf(std::string_view bytes, bool text = false) {
  planproto::Plan plan;
  if (!plan.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return std::nullopt;
  return DumpPlan(plan, text);
}

std::optional<std::string> Ours(std::string_view bytes, base::Executor* executor, bool text = false) {
  base::Expected<tfplan::Plan> plan = ParsePlanMessage(bytes, executor);
  if (!plan) {
    EXPECT_FALSE(plan.error().message.empty());
    return std::nullopt;
  }
  return DumpPlan(*plan, text);
}

// Our decode, on one thread and (unless `threads` is false) on four, agrees with
// libprotobuf's on `bytes`.
void ExpectSameAsProtobuf(std::string_view bytes, const std::string& what, bool threads = true) {
  static base::Executor executor(4);
  const std::optional<std::string> expected = Protobuf(bytes);
  for (base::Executor* on : {static_cast<base::Executor*>(nullptr), &executor}) {
    if (on != nullptr && !threads) continue;
    const std::optional<std::string> got = Ours(bytes, on);
    ASSERT_EQ(got.has_value(), expected.has_value()) << what << (on ? " (threads)" : "");
    if (expected && *got != *expected) {
      ASSERT_EQ(*Ours(bytes, on, true), *Protobuf(bytes, true)) << what << (on ? " (threads)" : "") << ": the fields differ";
    }
  }
}

// Protobuf's wire format, written by hand for the cases the generated code cannot write.
using base::testing::Bytes;
using base::testing::Tag;
using base::testing::Varint;

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
      base::Expected<MemberBytes> member = (*zip)->Read("tfplan");
      ASSERT_TRUE(member) << path;
      ExpectSameAsProtobuf(member->view(), path);
      base::Expected<tfplan::Plan> plan = ParsePlanMessage(member->view(), nullptr);
      ASSERT_TRUE(plan) << path << ": " << plan.error().message;
      changes += static_cast<int>(plan->resource_changes.size() + plan->resource_drift.size());
      ++files;
    }
  }
  EXPECT_GT(files, 20);
  EXPECT_GT(changes, 100);
}

// A real plan's message cut at every byte and with every byte flipped: the same verdict
// and fields as libprotobuf's.
TEST(ParsePlanMessage, RealPlanCutAndFlippedAtEveryByte) {
  const std::string path = "testdata/planfiles/pairs/HeeSwrd__DevSecOps-Capstone__root/plan.bin";
  bool read = false;
  const std::string file = renderer::testing::ReadFile(path, &read);
  ASSERT_TRUE(read) << path;
  auto zip = ZipArchive::Open(file, 1 << 30);
  ASSERT_TRUE(zip) << path;
  base::Expected<MemberBytes> member = (*zip)->Read("tfplan");
  ASSERT_TRUE(member) << path;
  const std::string message(member->view());
  ASSERT_GT(message.size(), 500u);
  for (size_t cut = 0; cut < message.size(); ++cut) {
    ExpectSameAsProtobuf(message.substr(0, cut), "cut at " + std::to_string(cut), cut % 8 == 0);
    std::string flipped = message;
    flipped[cut] = static_cast<char>(flipped[cut] ^ 0x80);
    ExpectSameAsProtobuf(flipped, "flipped at " + std::to_string(cut), cut % 8 == 0);
  }
}

TEST(ParsePlanMessage, KeepsOrderAndUnknownFields) {
  const std::string bytes = ExamplePlan();
  ExpectSameAsProtobuf(bytes, "example");
  base::Expected<tfplan::Plan> plan = ParsePlanMessage(bytes, nullptr);
  ASSERT_TRUE(plan) << plan.error().message;
  ASSERT_EQ(plan->resource_changes.size(), 121u);
  ASSERT_EQ(plan->resource_drift.size(), 30u);
  EXPECT_EQ(plan->resource_changes[0].addr, "aws_instance.web[1]");
  EXPECT_EQ(plan->resource_drift[1].addr, "aws_instance.web[5]");
  EXPECT_EQ(plan->resource_changes[120].addr, "aws_s3_bucket.b");
  EXPECT_EQ(plan->timestamp, "2026-12-02T00:00:00Z");
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
      // Merging: a message field given twice is merged, a oneof keeps its last member, a
      // map its last entry of a key, repeated fields append.
      {"a change's change twice",
       Bytes(3, change + Bytes(9, Tag(1, 0) + Varint(3) + Bytes(2, Bytes(1, "a"))) +
                    Bytes(9, Bytes(2, Bytes(1, "b")) + Bytes(6, "cfg")))},
      {"a instance key as string then int then string",
       Bytes(3, Bytes(3, "t") + Bytes(4, "n") + Bytes(5, "k") + Tag(6, 0) + Varint(4) + Bytes(5, "z"))},
      {"an instance key as int last", Bytes(3, Bytes(3, "t") + Bytes(5, "k") + Tag(6, 0) + Varint(uint64_t{1} << 63))},
      {"a path step's oneof switching",
       Bytes(3, change + Bytes(11, Bytes(1, Bytes(1, "a") + Bytes(2, Bytes(1, "\xa1x")) + Bytes(2, "")) +
                                       Bytes(1, Bytes(2, Bytes(1, "\x01")) + Bytes(1, "b"))))},
      {"a variable twice",
       Bytes(2, Bytes(1, "v") + Bytes(2, Bytes(1, "one"))) + Bytes(2, Bytes(2, Bytes(1, "x")) + Bytes(1, "w")) +
           Bytes(2, Bytes(1, "v") + Bytes(2, Bytes(1, "two")) + Bytes(2, Tag(9, 0) + Varint(1)))},
      {"a variable with invalid UTF-8", Bytes(2, Bytes(1, "\xff"))},
      {"a variable whose value is not a message", Bytes(2, Bytes(1, "v") + Bytes(2, "\xff"))},
      {"known fields of other wire types",
       Tag(14, 0) + Varint(1) + Tag(1, 2) + Varint(0) + Bytes(3, Tag(9, 0) + Varint(1) + Tag(12, 5) + "abcd") +
           Bytes(4, Bytes(1, "o") + Tag(3, 2) + Varint(1) + "x")},
      {"importing with OpenTofu's identity message",
       Bytes(3, change + Bytes(9, Bytes(5, Bytes(2, Bytes(1, "id")) + Bytes(1, "i-1"))))},
      {"importing twice", Bytes(3, change + Bytes(9, Bytes(5, Tag(2, 0) + Varint(1))) +
                                   Bytes(9, Bytes(5, Bytes(3, Bytes(1, "\xc0")))))},
      {"a backend with invalid UTF-8", Bytes(13, Bytes(3, "\xe0\x80\x80"))},
      {"a backend config not a message", Bytes(13, Bytes(2, "\x0a\x05"))},
      {"a deferred change with a bad address", Bytes(27, Bytes(2, Bytes(13, "\xed\xa0\x80")))},
      {"a deferred change", Bytes(27, Bytes(1, Tag(1, 0) + Varint(2)) + Bytes(2, change))},
      {"target addresses with a surrogate", Bytes(5, "a") + Bytes(5, "\xed\xa0\x80")},
      {"apply-time variables past U+10FFFF", Bytes(28, "\xf4\x90\x80\x80")},
      {"a 4-byte character", Bytes(14, "1.9.0\xf0\x9f\x98\x80")},
      {"before identity not a message", Bytes(3, change + Bytes(9, Bytes(7, "\x0a")))},
      {"bytes fields with any bytes", Bytes(22, "\xff") + Bytes(15, "\xff") + Bytes(3, Bytes(10, "\xff"))},
      {"checks", Bytes(19, Tag(1, 0) + Varint(1) + Bytes(2, "aws_x.a") + Tag(3, 0) + Varint(2) +
                               Bytes(4, Bytes(1, "aws_x.a[0]") + Tag(2, 0) + Varint(3) + Bytes(3, "m1") + Bytes(3, "m2")))},
      {"a check message not UTF-8", Bytes(19, Bytes(4, Bytes(3, "\x80")))},
      {"an enum past 32 bits", Tag(17, 0) + Varint(0xffffffff00000002ull)},
      {"a length in 6 bytes", Tag(14, 2) + std::string("\x81\x80\x80\x80\x80\x00", 6) + "x"},
      {"a length in 5 bytes", Tag(14, 2) + std::string("\x81\x80\x80\x80\x00", 5) + "x"},
      {"a tag in 5 bytes", std::string("\xf0\x80\x80\x80\x00", 5) + Varint(1)},
      {"a group in a change's path", Bytes(3, change + Bytes(11, Tag(5, 3) + Bytes(1, "x") + Tag(5, 4)))},
      {"a group ended by another number", Tag(50, 3) + Tag(51, 4)},
      {"a group cut short", Tag(50, 3) + Tag(1, 0)},
      {"a group holding a zero tag", Tag(50, 3) + std::string(1, '\0') + Tag(50, 4)},
      {"a group holding wire type 7", Tag(50, 3) + Tag(1, 7) + Tag(50, 4)},
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

// Random damage to a plan: bytes changed, cut, removed or repeated (1500 rounds: under
// ASan each decode's fresh allocations cost page faults, and the test is one of many).
TEST(ParsePlanMessage, DamagedPlansAsProtobufReadsThem) {
  const std::string plan = ExamplePlan();
  std::mt19937 rng(20261202);
  int failed = 0;
  for (int round = 0; round < 1500; ++round) {
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
    // The threads decode each change as one thread does; every eighth round on them.
    ExpectSameAsProtobuf(bytes, "round " + std::to_string(round), round % 8 == 0);
    if (!Protobuf(bytes)) ++failed;
  }
  // Both verdicts were exercised.
  EXPECT_GT(failed, 150);
  EXPECT_GT(1500 - failed, 50) << "too few damaged plans parsed";
}

}  // namespace
}  // namespace planview::planfile::internal

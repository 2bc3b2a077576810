// Golden tests for `planview wire decode|diff`: inputs and expected outputs are in
// testdata/wire/cmd (msgpack, JSON and protobuf DynamicValue inputs, a provider schema).
#include "cmd/wire/wire_command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace planview::cmd {
namespace {

const std::string kDir = "testdata/wire/cmd/";

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string ReadAll(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  return out;
}

struct WireRun {
  int code;
  std::string out;
  std::string err;
};

WireRun Wire(std::vector<std::string> args) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  int code = RunWireCommand(args, out, err);
  WireRun r{code, ReadAll(out), ReadAll(err)};
  std::fclose(out);
  std::fclose(err);
  return r;
}

TEST(WireDecode, SchemaDrivenText) {
  WireRun r = Wire({"decode", "--schemas", kDir + "schemas.json", "--resource", "example_server", kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "decode_planned.txt"));
}

TEST(WireDecode, ProtobufDynamicValueAsJson) {
  WireRun r = Wire({"decode", "--schemas", kDir + "schemas.json", "--resource", "example_server", "--format", "json",
                kDir + "planned.dynamicvalue"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "decode_planned.json"));
}

TEST(WireDecode, TypeDrivenWithDynamicAndRefinedSet) {
  WireRun r = Wire({"decode", "--type", R"(["tuple",["string","dynamic",["set","string"]]])", kDir + "typed.msgpack"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "decode_typed.txt"));
}

TEST(WireDecode, ErrorNamesPathAndOffset) {
  WireRun r = Wire({"decode", "--type", R"(["object",{"tags":["map","number"]}])", kDir + "bad.msgpack"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, Slurp(kDir + "error.txt"));
}

TEST(WireDecode, UsageErrors) {
  WireRun r = Wire({"decode", kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "planview wire: decode needs either --type or --schemas with --resource");
  r = Wire({"frobnicate"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "planview wire: unknown subcommand \"frobnicate\"");
}

TEST(WireDecode, UsageErrorsAreOneLineWithAHint) {
  WireRun r = Wire({"decode", "--format", "yaml", "--type", "\"string\"", kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "planview wire: --format must be text or json\nRun 'planview wire decode --help' for usage.\n");
  r = Wire({"diff", "--input", "xml", "a", "b"});
  EXPECT_EQ(r.err, "planview wire: --input must be auto, msgpack, json or proto\nRun 'planview wire diff --help' for usage.\n");
  r = Wire({"decode", "--type"});
  EXPECT_EQ(r.err, "planview wire: --type needs a value\nRun 'planview wire decode --help' for usage.\n");
  r = Wire({"diff", "--format", "json", "a", "b"});  // decode's option
  EXPECT_EQ(r.err, "planview wire: unknown option --format\nRun 'planview wire diff --help' for usage.\n");
  r = Wire({"diff", "--schemas", "s.json", "--resource", "t", "a"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "planview wire: diff needs two input files (PRIOR PLANNED)\nRun 'planview wire diff --help' for usage.\n");
  r = Wire({});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "planview wire: missing subcommand (decode or diff)\nRun 'planview wire --help' for usage.\n");
}

// Options take one or two dashes and `=`, as the other commands' do.
TEST(WireDecode, OptionSpellings) {
  WireRun r = Wire({"decode", "-schemas=" + kDir + "schemas.json", "--resource=example_server", "-input", "msgpack",
                    kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "decode_planned.txt"));
}

TEST(WireHelp, EachSubcommandHasItsOwn) {
  WireRun top = Wire({"--help"});
  WireRun decode = Wire({"decode", "-h"});
  WireRun diff = Wire({"diff", "--schemas", "x", "-help"});
  for (const WireRun* r : {&top, &decode, &diff}) {
    EXPECT_EQ(r->code, 0);
    EXPECT_EQ(r->err, "");
    EXPECT_EQ(r->out.rfind("usage: planview wire decode ", 0), 0u) << r->out;
  }
  EXPECT_NE(top.out.find("`planview wire decode --help`"), std::string::npos) << top.out;
  EXPECT_NE(decode.out.find("  --type JSON "), std::string::npos) << decode.out;
  EXPECT_EQ(diff.out.find("  --type JSON "), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("  --resource TYPE "), std::string::npos) << diff.out;
}

TEST(WireDiff, RendersLikeAPlan) {
  // The prior value is JSON (a state's values), the planned one msgpack.
  WireRun r = Wire({"diff", "--schemas", kDir + "schemas.json", "--resource", "example_server", kDir + "prior.json",
                kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "diff.txt"));
  // The same change from the msgpack prior.
  r = Wire({"diff", "--schemas", kDir + "schemas.json", "--resource", "example_server", kDir + "prior.msgpack",
            kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, Slurp(kDir + "diff.txt"));
}

// More changes, each as `planview show` renders the same change in a plan: a provider on
// registry.terraform.io (Terraform's wording), sets, sensitive attributes inside nested
// blocks, unknowns on either side (an unknown map element or attribute of the prior is
// left out, as a plan's `before` has none), creation, deletion and no change at all.
TEST(WireDiff, Goldens) {
  const std::string rich = kDir + "rich_schemas.json";
  const std::string server = kDir + "schemas.json";
  struct Case {
    std::string schemas, resource, prior, planned, golden;
  };
  for (const Case& c : std::vector<Case>{
           {rich, "rich_thing", "null.msgpack", "rich_create.msgpack", "diff_create.txt"},
           {rich, "rich_thing", "rich_prior.json", "rich_planned.msgpack", "diff_sets_and_sensitive_blocks.txt"},
           {rich, "rich_thing", "rich_prior.json", "null.msgpack", "diff_delete.txt"},
           {rich, "rich_thing", "rich_prior.json", "rich_prior.json", "diff_no_changes.txt"},
           {rich, "rich_thing", "rich_prior.json", "unknown.msgpack", "diff_wholly_unknown.txt"},
           {server, "example_server", "srv_b.msgpack", "srv_a.msgpack", "diff_unknowns_in_prior.txt"},
           {server, "example_server", "srv_a.msgpack", "srv_b.msgpack", "diff_unknowns_in_planned.txt"},
           {server, "example_server", "srv_a.msgpack", "srv_inf.msgpack", "diff_infinity.txt"}}) {
    WireRun r = Wire({"diff", "--schemas", c.schemas, "--resource", c.resource, kDir + c.prior, kDir + c.planned});
    EXPECT_EQ(r.code, 0) << c.golden << ": " << r.err;
    EXPECT_EQ(r.err, "") << c.golden;
    EXPECT_EQ(r.out, Slurp(kDir + c.golden)) << c.golden;
  }
}

TEST(WireDiff, UnknownResourceType) {
  WireRun r = Wire({"diff", "--schemas", kDir + "schemas.json", "--resource", "nope", kDir + "prior.json",
                    kDir + "planned.msgpack"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "planview wire: " + kDir + "schemas.json: no provider has a resource type \"nope\"\n");
}

}  // namespace
}  // namespace planview::cmd

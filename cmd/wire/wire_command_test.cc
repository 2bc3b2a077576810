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

}  // namespace
}  // namespace planview::cmd

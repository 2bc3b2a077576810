// DecodeMsgpack on hostile headers: a container or refinement map that claims billions of
// members stops at the first one missing, with the general decoder's message and path
// (the first failure is kept; nothing loops on after it).
#include <gtest/gtest.h>

#include <string>

#include "structured/json_parse.h"
#include "wire/decode.h"

namespace planview::wire {
namespace {

structured::Type TypeFromJson(const std::string& text) {
  structured::ParseResult parsed = structured::ParseJson(text);
  base::Expected<structured::Type> t = structured::ParseType(parsed.value()->root());
  EXPECT_TRUE(t.ok()) << text;
  return t.ok() ? *t : structured::Type();
}

std::string Unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

struct Case {
  const char* type;
  const char* hex;
  const char* error;
};

TEST(MsgpackDecode, HugeCountsStopAtTheFirstMissingMember) {
  const Case cases[] = {
      // array32 / map32 of 2^32-1 members, none there
      {R"(["list","string"])", "ddffffffff", "at [0] (byte 5): unexpected end of input"},
      {R"(["set","number"])", "ddffffffff", "at [0] (byte 5): unexpected end of input"},
      {R"(["map","string"])", "dfffffffff", "at the value (byte 5): unexpected end of input"},
      {R"(["list",["map","bool"]])", "91dfffffffff", "at [0] (byte 6): unexpected end of input"},
      // one member there, then the end
      {R"(["list","string"])", "dd7fffffffa161", "at [1] (byte 7): unexpected end of input"},
      {R"(["map","string"])", "df7fffffffa161a162", "at the value (byte 9): unexpected end of input"},
      // a key that is not a string after a huge map header
      {R"(["map","string"])", "dfffffffff01", "at the value (byte 5): map keys must be strings"},
      // an unknown whose refinements claim 2^32-1 entries
      {R"("string")", "c7050cdfffffffff", "at the value (byte 8): unexpected end of input"},
      // an unknown refinement (key 7) holding a huge array: skipped until it runs out
      {R"("string")", "c7070c8107ddffffffff", "at the value (byte 10): unexpected end of input"},
      // a dynamic value whose value is a huge list
      {R"("dynamic")", "92b15b226c697374222c22737472696e67225dddffffffff", "at [0] (byte 24): unexpected end of input"},
  };
  for (const Case& c : cases) {
    DecodeResult r = DecodeMsgpack(Unhex(c.hex), TypeFromJson(c.type));
    ASSERT_FALSE(r.ok()) << c.hex;
    EXPECT_EQ(r.error->ToString(), c.error) << c.type << " " << c.hex;
  }
}

}  // namespace
}  // namespace planview::wire

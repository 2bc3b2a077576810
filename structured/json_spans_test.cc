#include "structured/json_spans.h"

#include <string>

#include <gtest/gtest.h>

namespace planview::structured {
namespace {

// Spans are read from text followed by the parser's padding.
std::string Padded(std::string text) { return text + std::string(64, '\0'); }

std::string_view Text(std::string_view padded, size_t size) { return padded.substr(0, size); }

TEST(JsonSpans, MembersWithKeysUnescapedAndValuesOfEveryKind) {
  const std::string json = R"( {"a" : [1, {"x": "]"}] , "b\u0063":"s\"}", "n":-1.5e3,"t":true, "o":{"k":[]}} )";
  const std::string padded = Padded(json);
  std::string_view text = Text(padded, json.size());
  std::vector<MemberSpan> members = ObjectMembers(text, 1);
  ASSERT_EQ(members.size(), 5u);
  auto value = [&](size_t i) {
    return std::string(text.substr(members[i].value.begin, members[i].value.end - members[i].value.begin));
  };
  EXPECT_EQ(members[0].key, "a");
  EXPECT_EQ(value(0), R"([1, {"x": "]"}])");
  EXPECT_EQ(members[1].key, "bc");
  EXPECT_EQ(text.substr(members[1].raw_key.begin, members[1].raw_key.end - members[1].raw_key.begin),
            R"("b\u0063")");
  EXPECT_EQ(value(1), R"("s\"}")");
  EXPECT_EQ(value(2), "-1.5e3");
  EXPECT_EQ(value(3), "true");
  EXPECT_EQ(members[4].key, "o");
  EXPECT_EQ(value(4), R"({"k":[]})");
  EXPECT_EQ(ValueEnd(text, 1), json.size() - 1);
  EXPECT_TRUE(ObjectMembers(text, 0).empty());  // not an object there
  EXPECT_TRUE(ObjectMembers(Text(padded, 0), 0).empty());
}

TEST(JsonSpans, ArrayElements) {
  const std::string json = R"([ {"a":[1,2]}, "x,]" ,3 ,null,[[]] ])";
  const std::string padded = Padded(json);
  std::string_view text = Text(padded, json.size());
  std::vector<Span> elements = ArrayElements(text, 0);
  ASSERT_EQ(elements.size(), 5u);
  std::vector<std::string> got;
  for (Span e : elements) got.emplace_back(text.substr(e.begin, e.end - e.begin));
  EXPECT_EQ(got, (std::vector<std::string>{R"({"a":[1,2]})", R"("x,]")", "3", "null", "[[]]"}));
  const std::string empty = Padded("[ \n ]");
  EXPECT_TRUE(ArrayElements(Text(empty, 5), 0).empty());
  EXPECT_TRUE(ArrayElements(text, 2).empty());  // not an array there
}

// Truncated text (which a parser would have refused) gives spans within the text.
TEST(JsonSpans, TruncatedTextStaysInBounds) {
  for (std::string json : {R"({"a":[1,2)", R"({"a":"xx)", R"({"a)", R"([1,{"b":)", R"(["\)"}) {
    const std::string padded = Padded(json);
    std::string_view text = Text(padded, json.size());
    for (const MemberSpan& m : ObjectMembers(text, 0)) {
      EXPECT_LE(m.value.end, text.size()) << json;
      EXPECT_LE(m.raw_key.end, text.size()) << json;
    }
    for (Span e : ArrayElements(text, 0)) EXPECT_LE(e.end, text.size()) << json;
    EXPECT_LE(ValueEnd(text, 0), text.size()) << json;
  }
}

}  // namespace
}  // namespace planview::structured

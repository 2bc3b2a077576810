// The hash text of strings (set_order.h): Go's strconv.Quote, runs of plain ASCII and
// the escaped runes between them.
#include "wire/internal/set_order.h"

#include <gtest/gtest.h>

#include <string>

namespace planview::wire::internal {
namespace {

std::string Quoted(std::string_view s) {
  std::string out;
  AppendHashString(out, s);
  return out;
}

TEST(AppendHashString, QuotesAsGoDoes) {
  EXPECT_EQ(Quoted(""), R"("")");
  EXPECT_EQ(Quoted("plain"), R"("plain")");
  EXPECT_EQ(Quoted("run \"quoted\" back\\slash"), R"("run \"quoted\" back\\slash")");
  // Control bytes, DEL, a printable and an unprintable rune, a byte that is not UTF-8,
  // a rune past the BMP; plain runs before, between and after.
  EXPECT_EQ(Quoted("a\n\t\a\x01\x7f" "caf\xc3\xa9 \xc2\xad" "b\xff" "c\xf0\x9f\x98\x80 end"),
            "\"a\\n\\t\\a\\x01\\x7fcaf\xc3\xa9 \\u00adb\\xffc\xf0\x9f\x98\x80 end\"");
}

}  // namespace
}  // namespace planview::wire::internal

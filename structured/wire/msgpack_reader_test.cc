// Skipping items (internal/msgpack_reader.h): the loop over headers (SkipItems) ends where
// the recursive Skip ends, and fails where it fails.
#include "structured/wire/internal/msgpack_reader.h"

#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <string>

#include "structured/json_parse.h"

namespace planview::structured::wire::internal {
namespace {

std::string Unhex(std::string_view hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  }
  return out;
}

// Where each way of skipping one item stops: nullopt when it fails.
std::optional<size_t> ByRecursion(std::string_view data) {
  try {
    Reader r(data, 0, data.size());
    r.Skip();
    return r.pos();
  } catch (const Failure&) {
    return std::nullopt;
  }
}
std::optional<size_t> ByLoop(std::string_view data) {
  try {
    Reader r(data, 0, data.size());
    r.SkipItems(1);
    return r.pos();
  } catch (const Failure&) {
    return std::nullopt;
  }
}

TEST(MsgpackReader, SkipItemsAgreesWithSkipOnEveryVectorAndPrefix) {
  int checked = 0;
  for (const char* file : {"primitives", "collections", "structural", "dynamic", "unknown", "refined", "blocks",
                           "decode_accepted", "decode_extensions", "decode_errors", "truncated", "random"}) {
    std::ifstream in(std::string("testdata/conformance/wire/") + file + ".jsonl");
    ASSERT_TRUE(in.good()) << file;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      ParseResult parsed = ParseJson(line);
      ASSERT_TRUE(parsed.document);
      Value hex = parsed.document->root().find("msgpack_hex");
      if (hex.absent()) continue;
      std::string bytes = Unhex(hex.text());
      for (size_t n = 0; n <= bytes.size(); ++n) {
        std::string_view prefix(bytes.data(), n);
        ASSERT_EQ(ByLoop(prefix), ByRecursion(prefix)) << file << ": " << hex.text() << " cut at " << n;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

TEST(MsgpackReader, SkipItemsHasNoDepthLimit) {
  std::string deep(100000, '\x91');  // [[[...[1]...]]]
  deep += '\x01';
  EXPECT_EQ(ByLoop(deep), deep.size());
  EXPECT_EQ(ByRecursion(deep), std::nullopt);  // "nesting too deep"
  EXPECT_EQ(ByLoop(deep.substr(0, deep.size() - 1)), std::nullopt);
}

}  // namespace
}  // namespace planview::structured::wire::internal

#include "structured/json_skip.h"

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured::internal {
namespace {

// The closing quote of the string whose opening quote is at `quote` (valid JSON).
size_t StringEnd(std::string_view text, size_t quote) {
  size_t i = quote + 1;
  while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
  return i;
}

// Where the container at `begin` ends, one byte at a time (exact for valid JSON).
size_t PlainEnd(std::string_view text, size_t begin) {
  int depth = 0;
  for (size_t i = begin; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = StringEnd(text, i);
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return kNoEnd;
}

// Every array and object of a valid JSON text, by the offset of its opening bracket.
std::vector<size_t> ContainerStarts(std::string_view text) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') {
      i = StringEnd(text, i);
    } else if (text[i] == '{' || text[i] == '[') {
      starts.push_back(i);
    }
  }
  return starts;
}

std::string Padded(std::string text) {
  text.append(kParsePadding, '\0');
  return text;
}

size_t Skip(const std::string& padded, size_t begin) {
  return SkipContainer(padded.data(), begin, padded.size() - kParsePadding);
}

TEST(SkipContainer, SimpleValues) {
  std::string text = Padded(R"({"a":[1,2,{"b":"}]"}],"c":"\"{"} tail)");
  EXPECT_EQ(Skip(text, 0), text.find(" tail"));
  EXPECT_EQ(Skip(text, 5), text.find(",\"c\""));
  EXPECT_EQ(Skip(Padded("[]"), 0), 2u);
  EXPECT_EQ(Skip(Padded("{}"), 0), 2u);
}

TEST(SkipContainer, BackslashRunsAcrossBlockBoundaries) {
  // A string whose backslash run ends at every position around the 64-byte boundaries,
  // with every run length up to 9: even runs leave the quote closing the string.
  for (size_t pad = 0; pad < 140; ++pad) {
    for (size_t run = 1; run <= 9; ++run) {
      std::string inner(pad, 'x');
      inner.append(run, '\\');
      if (run % 2 == 1) inner += '"';  // the run escapes a quote: the string goes on
      inner += "]}";
      std::string text = "[\"" + inner + "\",[1]]";
      std::string padded = Padded(text);
      EXPECT_EQ(Skip(padded, 0), text.size()) << "pad " << pad << " run " << run;
    }
  }
}

TEST(SkipContainer, UnterminatedIsNoEnd) {
  EXPECT_EQ(Skip(Padded("[1,2"), 0), kNoEnd);
  EXPECT_EQ(Skip(Padded("[\"]"), 0), kNoEnd);
  EXPECT_EQ(Skip(Padded("{\"a\":\"\\\"}"), 0), kNoEnd);
  EXPECT_EQ(Skip(Padded(std::string(200, '[')), 0), kNoEnd);
}

// Random valid JSON whose strings are full of quotes, backslashes, brackets and
// multi-byte characters.
class Generator {
 public:
  explicit Generator(uint32_t seed) : rng_(seed) {}

  void Value(std::string& out, int depth) {
    int pick = static_cast<int>(rng_() % (depth > 6 ? 3 : 6));
    switch (pick) {
      case 0: String(out); break;
      case 1: out += std::to_string(rng_() % 100000); break;
      case 2: out += (rng_() % 2) ? "true" : "null"; break;
      case 3:
      case 4: {
        bool object = pick == 4;
        out += object ? '{' : '[';
        size_t n = rng_() % 6;
        for (size_t i = 0; i < n; ++i) {
          if (i > 0) out += ',';
          if (object) {
            String(out);
            out += ':';
          }
          Value(out, depth + 1);
        }
        out += object ? '}' : ']';
        break;
      }
      default: String(out);
    }
  }

 private:
  void String(std::string& out) {
    static const char* const kPieces[] = {"a", "\\\\", "\\\"", "{", "}", "[", "]", "\\n", "\xC3\xA9", "\\u00e9",
                                          "xxxxxxxxxxxxxxxxxxxxxxxx", "\\\\\\\\\\\\"};
    out += '"';
    size_t n = rng_() % 40;
    for (size_t i = 0; i < n; ++i) out += kPieces[rng_() % (sizeof kPieces / sizeof *kPieces)];
    out += '"';
  }

  std::mt19937 rng_;
};

TEST(SkipContainer, MatchesAPlainScanOnRandomJson) {
  for (uint32_t seed = 0; seed < 300; ++seed) {
    Generator generator(seed);
    std::string text = "[";
    for (int i = 0; i < 8; ++i) {
      if (i > 0) text += ',';
      generator.Value(text, 0);
    }
    text += "]";
    ASSERT_TRUE(ParseJson(text).ok()) << "the generator made invalid JSON, seed " << seed;
    std::string padded = Padded(text);
    for (size_t start : ContainerStarts(text)) {
      ASSERT_EQ(Skip(padded, start), PlainEnd(text, start)) << "seed " << seed << " at " << start;
    }
  }
}

TEST(SkipContainer, GarbageStaysInBounds) {
  std::mt19937 rng(7);
  const char kBytes[] = "{}[]\"\\a \xff";
  for (int round = 0; round < 2000; ++round) {
    size_t size = 1 + rng() % 300;
    std::string text(size, ' ');
    for (char& c : text) c = kBytes[rng() % (sizeof kBytes - 1)];
    text[0] = '[';
    size_t end = Skip(Padded(text), 0);
    if (end != kNoEnd) {
      EXPECT_GT(end, 0u);
      EXPECT_LE(end, size);
    }
  }
}

}  // namespace
}  // namespace planview::structured::internal

// NFC against the Unicode 15.0 conformance file (testdata/unicode/NormalizationTest.txt.gz,
// every line), plus the cases planview adds around it: bytes that are not UTF-8, the quick
// check's answers, the boundary flags and hostile input.
#include "wire/internal/nfc.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

#include "structured/json_text.h"
#include "wire/internal/unicode.h"

namespace planview::wire {
namespace {

std::string Utf8(const std::vector<char32_t>& cps) {
  std::string out;
  for (char32_t c : cps) structured::AppendUtf8(out, c);
  return out;
}

std::string Nfc(const std::string& s) {
  std::string out;
  nfc::AppendNormalized(s, out);
  return out;
}

bool IsNfcChecked(const std::string& s) {
  bool valid = false;
  bool result = nfc::IsNormalized(s, valid);
  EXPECT_TRUE(valid);
  return result;
}

std::vector<char32_t> ParseColumn(const std::string& field) {
  std::vector<char32_t> out;
  size_t i = 0;
  while (i < field.size()) {
    while (i < field.size() && field[i] == ' ') ++i;
    if (i == field.size()) break;
    size_t used = 0;
    out.push_back(static_cast<char32_t>(std::stoul(field.substr(i), &used, 16)));
    i += used;
  }
  return out;
}

TEST(Nfc, EveryLineOfNormalizationTest) {
  gzFile file = gzopen("testdata/unicode/NormalizationTest.txt.gz", "rb");
  ASSERT_NE(file, nullptr);
  std::vector<bool> part1(0x110000);
  size_t part1_count = 0;
  bool in_part1 = false;
  int lines = 0, failures = 0;
  char buf[4096];
  while (gzgets(file, buf, sizeof buf) != nullptr) {
    std::string line(buf);
    if (line.rfind("@Part", 0) == 0) {
      in_part1 = line.rfind("@Part1", 0) == 0;
      continue;
    }
    line = line.substr(0, line.find('#'));
    if (line.find(';') == std::string::npos) continue;
    std::vector<std::string> s;
    for (int k = 0; k < 5; ++k) {
      size_t semi = line.find(';');
      ASSERT_NE(semi, std::string::npos) << line;
      std::vector<char32_t> cps = ParseColumn(line.substr(0, semi));
      if (in_part1 && k == 0 && cps.size() == 1 && !part1[cps[0]]) {
        part1[cps[0]] = true;
        ++part1_count;
      }
      s.push_back(Utf8(cps));
      line = line.substr(semi + 1);
    }
    ++lines;
    bool ok = Nfc(s[0]) == s[1] && Nfc(s[1]) == s[1] && Nfc(s[2]) == s[1] &&
              Nfc(s[3]) == s[3] && Nfc(s[4]) == s[3];
    // The quick check agrees with normalising: c2 and c4 are NFC; c1, c3, c5 are exactly
    // when they equal their NFC.
    ok = ok && IsNfcChecked(s[1]) && IsNfcChecked(s[3]);
    for (int k : {0, 2, 4}) ok = ok && IsNfcChecked(s[k]) == (Nfc(s[k]) == s[k]);
    // Through the public entry points too.
    ok = ok && NormalizeNfc(s[0]) == s[1] && IsNfc(s[1]);
    if (!ok && ++failures <= 10) ADD_FAILURE() << "line " << lines << ": " << buf;
  }
  gzclose(file);
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(lines, 19074);  // every line of the Unicode 15.0 file
  // Part 1 lists every code point with a decomposition; all others are their own NFC.
  ASSERT_GT(part1_count, 10000u);
  // In chunks of 4096, each character followed by a newline (a boundary on both sides).
  int others = 0;
  std::string chunk;
  std::vector<char32_t> in_chunk;
  auto check_chunk = [&] {
    if (Nfc(chunk) != chunk) {
      for (char32_t c : in_chunk) {
        std::string x = Utf8({c});
        if (Nfc(x) != x && ++failures <= 10) {
          ADD_FAILURE() << "U+" << std::hex << static_cast<uint32_t>(c);
        }
      }
    }
    chunk.clear();
    in_chunk.clear();
  };
  for (char32_t c = 0; c < 0x110000; ++c) {
    if ((c >= 0xD800 && c < 0xE000) || part1[c]) continue;
    structured::AppendUtf8(chunk, c);
    chunk += '\n';
    in_chunk.push_back(c);
    ++others;
    if (in_chunk.size() == 4096) check_chunk();
  }
  check_chunk();
  EXPECT_EQ(failures, 0);
  EXPECT_GT(others, 1000000);
}

TEST(Nfc, InvalidUtf8PassesThroughAsBoundaries) {
  // Each byte that is not UTF-8 is copied and splits the text: the accent after it is not
  // composed with the letter before it, and is its own NFC there.
  EXPECT_EQ(Nfc("e\xff\u0301"), "e\xff\u0301");
  EXPECT_EQ(Nfc("e\u0301\xff\u0301"), "\u00E9\xff\u0301");
  EXPECT_EQ(Nfc("a\u0323\u0302\xc3"), "\u1EAD\xc3");                // truncated at the end
  EXPECT_EQ(Nfc("\xed\xa0\x80" "e\u0301"), "\xed\xa0\x80\u00E9");  // a surrogate's encoding
  EXPECT_EQ(Nfc("\xc0\xaf" "A\u030A"), "\xc0\xaf\u00C5");            // overlong
  bool valid = true;
  EXPECT_TRUE(nfc::IsNormalized("e\xff\u0301", valid));
  EXPECT_FALSE(valid);
  EXPECT_FALSE(nfc::IsNormalized("e\u0301\xff", valid));
  EXPECT_FALSE(valid);
  // Not NFC, found before the invalid byte at the end: validity still covers all the text.
  EXPECT_FALSE(nfc::IsNormalized("\u212B and then \xf4\x90\x80\x80", valid));
  EXPECT_FALSE(valid);
  EXPECT_FALSE(nfc::IsNormalized("\u212B", valid));
  EXPECT_TRUE(valid);
}

TEST(Nfc, QuickCheckMaybeIsSettledBySegment) {
  // U+0BBE (Tamil vowel sign AA) is NFC_Quick_Check=Maybe: NFC after a consonant, composed
  // after U+0BC6.
  EXPECT_TRUE(IsNfcChecked("\u0B95\u0BBE\u0B95\u0BBE"));
  EXPECT_FALSE(IsNfcChecked("\u0B95\u0BC6\u0BBE"));
  EXPECT_EQ(Nfc("\u0B95\u0BC6\u0BBE"), "\u0B95\u0BCA");
  // Hangul: L V T composes algorithmically; an LV syllable takes a following T.
  EXPECT_EQ(Nfc("\u1100\u1161\u11A8"), "\uAC01");
  EXPECT_EQ(Nfc("\uAC00\u11A8"), "\uAC01");
  EXPECT_TRUE(IsNfcChecked("\uAC01\u11A8"));  // LVT + T stays
  // Out of canonical order: combining classes 230 then 220.
  EXPECT_FALSE(IsNfcChecked("x\u0301\u0316"));
  EXPECT_EQ(Nfc("x\u0301\u0316"), "x\u0316\u0301");
}

TEST(Nfc, BoundaryFlags) {
  EXPECT_TRUE(nfc::HasBoundaryBefore('a'));
  EXPECT_TRUE(nfc::HasBoundaryAfter('/'));
  EXPECT_FALSE(nfc::HasBoundaryAfter('a'));        // a + U+0301 composes
  EXPECT_FALSE(nfc::HasBoundaryBefore(0x0301));    // combines backward
  EXPECT_FALSE(nfc::HasBoundaryAfter(0x0301));     // a later mark may sort before it
  EXPECT_FALSE(nfc::HasBoundaryAfter(0xAC00));     // LV takes a T
  EXPECT_TRUE(nfc::HasBoundaryAfter(0xAC01));      // LVT
  EXPECT_FALSE(nfc::HasBoundaryAfter(0x212B));     // Angstrom sign: Å + U+0301 composes
  EXPECT_FALSE(nfc::HasBoundaryBefore(0x110000));  // out of range: no claim
}

TEST(Nfc, HostileInputStaysLinear) {
  // A long run of combining marks in reverse class order: one segment, sorted n log n.
  std::string marks = "a";
  for (int i = 0; i < 200000; ++i) marks += (i % 2 == 0) ? "\u0301" : "\u0316";
  std::string out = Nfc(marks);
  ASSERT_EQ(out.size(), marks.size() - 1);  // U+0301 composes with a: á (2 bytes) for 3
  EXPECT_EQ(out.substr(0, 2), "\u00E1");
  EXPECT_EQ(out.substr(2, 2), "\u0316");
  EXPECT_EQ(out.substr(out.size() - 2), "\u0301");
  EXPECT_FALSE(IsNfcChecked(marks));
  EXPECT_TRUE(IsNfcChecked(out));
  // Many Maybe characters in a row: each its own segment check.
  std::string tamil;
  for (int i = 0; i < 100000; ++i) tamil += "\u0BBE";
  EXPECT_TRUE(IsNfcChecked(tamil));
  EXPECT_EQ(Nfc(tamil), tamil);
}

}  // namespace
}  // namespace planview::wire

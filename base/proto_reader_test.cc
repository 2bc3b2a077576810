#include "base/proto_reader.h"

#include "base/testing/proto_wire.h"
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace planview::base {
namespace {

using Field = ProtoReader::Field;

// The wire format written by hand.
using testing::Bytes;
using testing::Tag;
using testing::Varint;

// Every field of `bytes` as "number:type:value" lines, or "error: ..." at the end.
std::string Fields(std::string_view bytes, int depth = ProtoReader::kMaxDepth) {
  ProtoReader r(bytes, depth);
  std::string out;
  Field f;
  while (r.Next(f)) {
    out += std::to_string(f.number) + ":" + std::to_string(f.wire_type) + ":";
    out += f.wire_type == ProtoReader::kLengthDelimited ? std::string(f.bytes) : std::to_string(f.value);
    out += "\n";
  }
  if (!r.ok()) out += "error: " + r.error();
  return out;
}

TEST(ProtoReader, EachWireType) {
  const std::string bytes = Tag(1, 0) + Varint(150) + Tag(2, 1) + std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8) +
                            Bytes(3, "hello") + Tag(4, 5) + std::string("\xff\xff\xff\x7f", 4) +
                            Tag(536870911, 0) + Varint(UINT64_MAX);
  EXPECT_EQ(Fields(bytes),
            "1:0:150\n"
            "2:1:578437695752307201\n"
            "3:2:hello\n"
            "4:5:2147483647\n"
            "536870911:0:18446744073709551615\n");
  EXPECT_EQ(Fields(""), "");
  EXPECT_EQ(Fields(Bytes(7, "")), "7:2:\n");
}

TEST(ProtoReader, VarintLimits) {
  // Ten bytes, the last holding the 64th bit alone.
  EXPECT_EQ(Fields(Tag(1, 0) + std::string(9, '\xff') + "\x01"), "1:0:18446744073709551615\n");
  // Non-minimal forms are read as protobuf reads them.
  EXPECT_EQ(Fields(Tag(1, 0) + std::string("\x81\x80\x80\x00", 4)), "1:0:1\n");
  EXPECT_EQ(Fields(Tag(1, 0) + std::string(9, '\xff') + "\x02"), "error: at byte 1: varint overflows 64 bits");
  EXPECT_EQ(Fields(Tag(1, 0) + std::string(10, '\x80') + "\x01"), "error: at byte 1: varint overflows 64 bits");
  EXPECT_EQ(Fields(Tag(1, 0) + std::string(9, '\x80') + "\x80"), "error: at byte 1: varint overflows 64 bits");
  EXPECT_EQ(Fields(Tag(1, 0) + "\x80\x80"), "error: at byte 1: varint cut short");
  // Tags: five bytes at most, within 32 bits, field number 1 on.
  EXPECT_EQ(Fields("\xf8\xff\xff\xff\x0f" + Varint(1)), "536870911:0:1\n");
  EXPECT_EQ(Fields("\xf8\xff\xff\xff\x1f" + Varint(1)), "error: at byte 0: tag overflows 32 bits");
  EXPECT_EQ(Fields(Varint(uint64_t{1} << 35) + Varint(1)), "error: at byte 0: tag longer than 5 bytes");
  EXPECT_EQ(Fields(Tag(0, 0) + Varint(1)), "error: at byte 0: field number 0");
  EXPECT_EQ(Fields(Tag(3, 0) + Varint(1) + std::string(1, '\0')), "3:0:1\nerror: at byte 2: field number 0");
  EXPECT_EQ(Fields("\x80"), "error: at byte 0: tag cut short");
  EXPECT_EQ(Fields(Tag(1, 6)), "error: at byte 0: wire type 6");
  EXPECT_EQ(Fields(Tag(1, 7)), "error: at byte 0: wire type 7");
}

TEST(ProtoReader, Lengths) {
  EXPECT_EQ(Fields(Tag(1, 2) + Varint(4) + "abc"), "error: at byte 1: length 4 past the end of the message");
  EXPECT_EQ(Fields(Tag(1, 2) + Varint(uint64_t{1} << 40)), "error: at byte 1: length longer than 5 bytes");
  EXPECT_EQ(Fields(Tag(1, 2) + Varint(uint64_t{1} << 31)), "error: at byte 1: length of 2 GiB or more");
  EXPECT_EQ(Fields(Tag(1, 2) + Varint(INT32_MAX - 16)), "error: at byte 1: length 2147483631 past the end of the message");
  EXPECT_EQ(Fields(Tag(1, 2) + std::string("\x82\x80\x80\x80\x00", 5) + "ab"), "1:2:ab\n");
  EXPECT_EQ(Fields(Tag(1, 2) + std::string("\x82\x80\x80\x80\x80\x00", 6) + "ab"), "error: at byte 1: length longer than 5 bytes");
  EXPECT_EQ(Fields(Tag(1, 2)), "error: at byte 1: length cut short");
  EXPECT_EQ(Fields(Tag(1, 1) + "1234567"), "error: at byte 0: fixed-size value cut short");
  EXPECT_EQ(Fields(Tag(1, 5) + "123"), "error: at byte 0: fixed-size value cut short");
}

TEST(ProtoReader, GroupsAreSkipped) {
  const std::string group = Tag(9, 3) + Tag(1, 0) + Varint(5) + Bytes(2, "in") + Tag(3, 1) + "12345678" +
                            Tag(4, 5) + "1234" + Tag(5, 3) + Tag(5, 4) + Tag(9, 4);
  EXPECT_EQ(Fields(Tag(1, 0) + Varint(1) + group + Bytes(2, "after")), "1:0:1\n2:2:after\n");
  EXPECT_EQ(Fields(Tag(9, 3) + Tag(8, 4)), "error: at byte 1: end of group 8 inside group 9");
  EXPECT_EQ(Fields(Tag(9, 3) + Tag(1, 0)), "error: at byte 2: varint cut short");
  EXPECT_EQ(Fields(Tag(9, 3)), "error: at byte 1: group 9 without its end");
  EXPECT_EQ(Fields(Tag(9, 3) + std::string(1, '\0') + Tag(9, 4)), "error: at byte 1: field number 0");
  EXPECT_EQ(Fields(Tag(9, 3) + Tag(1, 6) + Tag(9, 4)), "error: at byte 1: wire type 6");
  EXPECT_EQ(Fields(Bytes(1, "x") + Tag(9, 4)), "1:2:x\nerror: at byte 3: end of group 9 outside a group");
}

// protobuf's recursion limit: 100 levels below the outermost message, groups and
// messages alike.
std::string NestedGroups(int levels) {
  std::string out;
  for (int i = 0; i < levels; ++i) out += Tag(1, 3);
  for (int i = 0; i < levels; ++i) out += Tag(1, 4);
  return out;
}

bool ReadAllNested(ProtoReader& r) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type == ProtoReader::kLengthDelimited &&
        !r.Message(f.bytes, [](ProtoReader& m) { return ReadAllNested(m); })) {
      return false;
    }
  }
  return r.ok();
}

std::string NestedMessages(int levels) {
  std::string out;
  for (int i = 0; i < levels; ++i) out = Bytes(1, out);
  return out;
}

TEST(ProtoReader, NestingDepth) {
  EXPECT_EQ(Fields(NestedGroups(100)), "");
  EXPECT_EQ(Fields(NestedGroups(101)), "error: at byte 100: nested more than 100 levels deep");
  EXPECT_EQ(Fields(NestedGroups(99), 99), "");
  EXPECT_EQ(Fields(NestedGroups(100), 99), "error: at byte 99: nested more than 100 levels deep");
  // 100 nested messages below the outermost one, then one more.
  for (const auto& [levels, ok] : {std::pair(100, true), std::pair(101, false)}) {
    const std::string bytes = NestedMessages(levels);
    ProtoReader r(bytes);
    EXPECT_EQ(ReadAllNested(r), ok) << levels;
    // The innermost message starts at the end.
    EXPECT_EQ(r.error(), ok ? "" : "at byte " + std::to_string(bytes.size()) + ": nested more than 100 levels deep");
  }
  // A nested group at the deepest message.
  {
    std::string deepest = Tag(7, 3) + Tag(7, 4);
    for (int i = 0; i < 100; ++i) deepest = Bytes(1, deepest);
    ProtoReader r(deepest);
    EXPECT_FALSE(ReadAllNested(r));
    EXPECT_NE(r.error().find("nested more than 100 levels deep"), std::string::npos) << r.error();
  }
  // Deep input of any size is read without recursion past the limit.
  const std::string deep = std::string(1000000, '\x0b');  // field 1 start-group tags
  EXPECT_NE(Fields(deep).find("nested more than 100 levels deep"), std::string::npos);
}

TEST(ProtoReader, NestedErrorsNameTheOuterOffset) {
  const std::string bytes = Tag(1, 0) + Varint(300) + Bytes(2, Bytes(3, "") + Tag(4, 0) + "\x80");
  ProtoReader r(bytes);
  EXPECT_FALSE(ReadAllNested(r));
  EXPECT_EQ(r.error(), "at byte 8: varint cut short");
  // A reader of a part of a message, counting from the whole's start.
  const std::string whole = "0123" + Tag(4, 0);
  ProtoReader part(std::string_view(whole).substr(4), ProtoReader::kMaxDepth, whole.data());
  Field f;
  EXPECT_FALSE(part.Next(f));
  EXPECT_EQ(part.error(), "at byte 5: varint cut short");
}

TEST(ProtoReader, Strings) {
  const std::string bytes = Bytes(1, "caf\xc3\xa9") + Bytes(2, "\xf0\x9f\x98\x80") + Bytes(3, "\xc3\x28");
  ProtoReader r(bytes);
  Field f;
  std::string_view s;
  ASSERT_TRUE(r.Next(f));
  EXPECT_TRUE(r.String(f, s));
  EXPECT_EQ(s, "caf\xc3\xa9");
  ASSERT_TRUE(r.Next(f));
  EXPECT_TRUE(r.String(f, s));
  ASSERT_TRUE(r.Next(f));
  EXPECT_FALSE(r.String(f, s));
  EXPECT_EQ(r.error(), "at byte 15: string field 3 is not valid UTF-8");
  EXPECT_FALSE(r.Next(f));
}

TEST(IsValidUtf8, AsProtobufChecksStrings) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii text that is longer than eight bytes"));
  EXPECT_TRUE(IsValidUtf8("\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xf0\x90\x80\x80\xf4\x8f\xbf\xbf"));
  for (const char* bad : {"\x80", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xed\xbf\xbf",
                          "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xc3", "\xe2\x82",
                          "\xf0\x9f\x98", "\xc3\x28", "abcdefgh\xe2\x28\xa1"}) {
    EXPECT_FALSE(IsValidUtf8(bad)) << bad;
  }
  std::string nul("a\0b", 3);
  EXPECT_TRUE(IsValidUtf8(nul));
}

TEST(ProtoReader, PackedAndUnpackedRepeatedScalars) {
  // Field 4 repeated uint64: packed runs and single values, merged in order.
  const std::string bytes = Bytes(4, Varint(1) + Varint(300) + Varint(UINT64_MAX)) + Tag(4, 0) + Varint(7) +
                            Bytes(4, "") + Bytes(5, std::string("\x01\x00\x00\x00\x02\x00\x00\x00", 8)) +
                            Bytes(6, std::string("\x03\x00\x00\x00\x00\x00\x00\x80", 8));
  ProtoReader r(bytes);
  std::vector<uint64_t> varints;
  std::vector<uint32_t> fixed32;
  std::vector<uint64_t> fixed64;
  Field f;
  while (r.Next(f)) {
    if (f.number == 4 && f.wire_type == ProtoReader::kVarint) varints.push_back(f.value);
    if (f.number == 4 && f.wire_type == ProtoReader::kLengthDelimited) { ASSERT_TRUE(r.PackedVarints(f, varints)); }
    if (f.number == 5) { ASSERT_TRUE(r.PackedFixed32(f, fixed32)); }
    if (f.number == 6) { ASSERT_TRUE(r.PackedFixed64(f, fixed64)); }
  }
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(varints, (std::vector<uint64_t>{1, 300, UINT64_MAX, 7}));
  EXPECT_EQ(fixed32, (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(fixed64, (std::vector<uint64_t>{0x8000000000000003ull}));

  for (const auto& [packed, error] : {
           std::pair(Bytes(4, Varint(1) + "\x80"), "at byte 3: varint cut short"),
           std::pair(Bytes(5, "12345"), "at byte 2: packed fixed32 values cut short"),
           std::pair(Bytes(6, "1234"), "at byte 2: packed fixed64 values cut short"),
       }) {
    ProtoReader bad(packed);
    ASSERT_TRUE(bad.Next(f));
    std::vector<uint64_t> v64;
    std::vector<uint32_t> v32;
    const bool ok = f.number == 4 ? bad.PackedVarints(f, v64) : f.number == 5 ? bad.PackedFixed32(f, v32)
                                                                               : bad.PackedFixed64(f, v64);
    EXPECT_FALSE(ok);
    EXPECT_EQ(bad.error(), error);
  }
}

// Fields read as a message does: a scalar given twice, the last wins; a repeated field
// given twice, both.
TEST(ProtoReader, DuplicateAndRepeatedFields) {
  const std::string bytes = Tag(1, 0) + Varint(1) + Bytes(2, "a") + Tag(1, 0) + Varint(2) + Bytes(2, "b");
  ProtoReader r(bytes);
  uint64_t last = 0;
  std::vector<std::string_view> all;
  Field f;
  while (r.Next(f)) {
    if (f.number == 1) last = f.value;
    if (f.number == 2) all.push_back(f.bytes);
  }
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(last, 2u);
  EXPECT_EQ(all, (std::vector<std::string_view>{"a", "b"}));
}

// A message of every wire type (with a group and a nested message) cut at every byte:
// a cut between two fields reads those before it, any other cut is an error, never a
// read past the end (each prefix has its own buffer, for ASan).
TEST(ProtoReader, TruncatedAtEveryByte) {
  const std::vector<std::string> fields = {
      Tag(1, 0) + Varint(UINT64_MAX), Tag(2, 1) + "12345678", Bytes(3, ""), Tag(4, 5) + "1234",
      Tag(5, 3) + Tag(1, 0) + Varint(300) + Tag(5, 4), Bytes(6, Bytes(1, Tag(2, 0) + Varint(1))),
      Tag(100000, 0) + Varint(5)};
  std::string message;
  std::vector<size_t> boundaries = {0};
  for (const std::string& field : fields) {
    message += field;
    boundaries.push_back(message.size());
  }
  for (size_t cut = 0; cut <= message.size(); ++cut) {
    const std::string prefix = message.substr(0, cut);
    ProtoReader r(prefix);
    const bool read = ReadAllNested(r);
    const bool boundary = std::find(boundaries.begin(), boundaries.end(), cut) != boundaries.end();
    EXPECT_EQ(read, boundary) << "cut at " << cut << ": " << r.error();
    if (!read) { EXPECT_EQ(r.error().rfind("at byte ", 0), 0u) << r.error(); }
  }
}

}  // namespace
}  // namespace planview::base

#include "planfile/internal/zip_archive.h"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "planfile/testing/plan_file_writer.h"

namespace planview::planfile::internal {
namespace {

constexpr char kPlanFile[] = "testdata/planfiles/pairs/Goitom-Zeru__Terraform-localbuild__root/plan.bin";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

MemberBytes ReadOrDie(const std::string& bytes) {
  auto zip = ZipArchive::Open(bytes, 1 << 30);
  EXPECT_TRUE(zip);
  base::Expected<MemberBytes> read = (*zip)->Read("tfplan");
  EXPECT_TRUE(read);
  return read ? std::move(*read) : MemberBytes();
}

// The real plan file's tfplan member, as `unzip` lists it.
TEST(ZipArchive, ReadsARealPlanFile) {
  std::string bytes = ReadFile(kPlanFile);
  ASSERT_GT(bytes.size(), 100u);
  auto zip = ZipArchive::Open(bytes, 1 << 30);
  ASSERT_TRUE(zip) << zip.error().message;
  EXPECT_TRUE((*zip)->Has("tfplan"));
  EXPECT_TRUE((*zip)->Has("tfstate"));
  EXPECT_FALSE((*zip)->Has("tfplan2"));
  base::Expected<MemberBytes> tfplan = (*zip)->Read("tfplan");
  ASSERT_TRUE(tfplan) << tfplan.error().message;
  base::Expected<MemberBytes> nothing = (*zip)->Read("nothing");
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().message, "the ZIP archive has no nothing member");
}

TEST(ZipArchive, CapsWhatItInflates) {
  std::string bytes = ReadFile(kPlanFile);
  auto zip = ZipArchive::Open(bytes, 10);
  ASSERT_TRUE(zip) << zip.error().message;
  base::Expected<MemberBytes> tfplan = (*zip)->Read("tfplan");
  ASSERT_FALSE(tfplan);
  EXPECT_EQ(tfplan.error().message,
            "ZIP member tfplan inflates to more than the 10 bytes planview reads from a plan file");
}

TEST(ZipArchive, NotAZip) {
  auto zip = ZipArchive::Open("{\"format_version\":\"1.2\"}", 1 << 20);
  ASSERT_FALSE(zip);
  EXPECT_EQ(zip.error().message, "not a readable ZIP archive (Not a zip archive)");
}

// Every truncation and every single flipped byte: an error or the right bytes, never a
// crash or a read outside the input (the ASan run checks that).
TEST(ZipArchive, DamagedArchivesFailCleanly) {
  std::string bytes = ReadFile(kPlanFile);
  std::string good(ReadOrDie(bytes).view());
  for (size_t cut = 0; cut < bytes.size(); cut += 7) {
    std::string part = bytes.substr(0, cut);
    auto zip = ZipArchive::Open(part, 1 << 30);
    if (!zip) continue;
    base::Expected<MemberBytes> tfplan = (*zip)->Read("tfplan");
    if (tfplan) {
      EXPECT_EQ(tfplan->view(), good) << "cut at " << cut;
    }
  }
  int damaged = 0;
  for (size_t at = 0; at < bytes.size(); at += 13) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x5A);
    auto zip = ZipArchive::Open(flipped, 1 << 30);
    if (!zip) continue;
    base::Expected<MemberBytes> tfplan = (*zip)->Read("tfplan");
    if (tfplan) {
      EXPECT_EQ(tfplan->view(), good) << "flipped at " << at;
    } else {
      const std::string& error = tfplan.error().message;
      EXPECT_EQ(error.find('\n'), std::string::npos);
      damaged += error.rfind("ZIP member tfplan is damaged (", 0) == 0;
    }
  }
  EXPECT_GT(damaged, 0);
}

// A member's bytes as written, so a test can damage one field of its headers.
struct OneMember {
  std::string bytes;
  size_t central = 0;  // where the central directory entry starts

  explicit OneMember(const std::string& content, bool deflate = true)
      : bytes(testing::ZipArchiveOf({{"tfplan", content}}, deflate)),
        central(bytes.find(std::string("PK\x01\x02", 4))) {}
  // Writes `value` as 4 little-endian bytes at the local header's `local_at` and the
  // central directory entry's `central_at` (the same field in both).
  void Patch(size_t local_at, size_t central_at, uint32_t value) {
    for (size_t i = 0; i < 4; ++i) {
      bytes[local_at + i] = static_cast<char>(value >> (8 * i));
      bytes[central + central_at + i] = static_cast<char>(value >> (8 * i));
    }
  }
  std::string ReadError(uint64_t cap = 1 << 30) const {
    auto zip = ZipArchive::Open(bytes, cap);
    if (!zip) return zip.error().message;
    base::Expected<MemberBytes> read = (*zip)->Read("tfplan");
    return read ? "read " + std::to_string(read->size()) + " bytes" : read.error().message;
  }
};

constexpr size_t kLocalCrc = 14, kCentralCrc = 16;
constexpr size_t kLocalSize = 22, kCentralSize = 24;

std::string Text(size_t n) {
  std::string text;
  for (size_t i = 0; text.size() < n; ++i) text += "line " + std::to_string(i * 7919 % 100003) + "\n";
  text.resize(n);
  return text;
}

TEST(ZipArchive, ReadsDeflatedAndStoredMembers) {
  for (bool deflate : {true, false}) {
    for (size_t n : {size_t{0}, size_t{1}, size_t{70000}, size_t{300000}}) {
      std::string text = Text(n);
      OneMember member(text, deflate);
      auto zip = ZipArchive::Open(member.bytes, 1 << 30);
      ASSERT_TRUE(zip) << zip.error().message;
      base::Expected<MemberBytes> read = (*zip)->Read("tfplan");
      ASSERT_TRUE(read) << read.error().message;
      EXPECT_EQ(read->view(), text) << n << " deflate " << deflate;
    }
  }
}

// A recorded size that lies either way, a wrong CRC, damaged deflate data: each has its
// own message.
TEST(ZipArchive, LyingHeadersAndDamagedData) {
  std::string text = Text(200000);
  OneMember larger(text);
  larger.Patch(kLocalSize, kCentralSize, 200001);
  EXPECT_EQ(larger.ReadError(), "ZIP member tfplan is damaged (inflated size differs from its recorded size)");
  OneMember smaller(text);
  smaller.Patch(kLocalSize, kCentralSize, 100);
  // Inflating stops at the recorded size, so the CRC of what was read differs.
  EXPECT_EQ(smaller.ReadError(), "ZIP member tfplan is damaged (CRC error)");
  EXPECT_EQ(smaller.ReadError(1000), "ZIP member tfplan is damaged (CRC error)");
  OneMember crc(text);
  crc.Patch(kLocalCrc, kCentralCrc, 12345);
  EXPECT_EQ(crc.ReadError(), "ZIP member tfplan is damaged (CRC error)");
  OneMember stored_crc(text, false);
  stored_crc.Patch(kLocalCrc, kCentralCrc, 12345);
  EXPECT_EQ(stored_crc.ReadError(), "ZIP member tfplan is damaged (CRC error)");
  OneMember damaged(text);
  damaged.bytes[60] = static_cast<char>(0xff);
  damaged.bytes[61] = static_cast<char>(0xff);
  EXPECT_EQ(damaged.ReadError(), "ZIP member tfplan is damaged (invalid deflate data)");
  // The deflate stream cut short inside the archive: the recorded compressed size says
  // less than the stream needs.
  OneMember cut(text);
  cut.Patch(18, 20, 1000);
  EXPECT_EQ(cut.ReadError(), "ZIP member tfplan is damaged (incomplete deflate data)");
}

}  // namespace
}  // namespace planview::planfile::internal

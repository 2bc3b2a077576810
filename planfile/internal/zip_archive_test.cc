#include "planfile/internal/zip_archive.h"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace planview::planfile::internal {
namespace {

constexpr char kPlanFile[] = "testdata/planfiles/pairs/Goitom-Zeru__Terraform-localbuild__root/plan.bin";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
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
  base::Expected<std::string> tfplan = (*zip)->Read("tfplan");
  ASSERT_TRUE(tfplan) << tfplan.error().message;
  base::Expected<std::string> nothing = (*zip)->Read("nothing");
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().message, "the ZIP archive has no nothing member");
}

TEST(ZipArchive, CapsWhatItInflates) {
  std::string bytes = ReadFile(kPlanFile);
  auto zip = ZipArchive::Open(bytes, 10);
  ASSERT_TRUE(zip) << zip.error().message;
  base::Expected<std::string> tfplan = (*zip)->Read("tfplan");
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
  std::string good = *(*ZipArchive::Open(bytes, 1 << 30))->Read("tfplan");
  for (size_t cut = 0; cut < bytes.size(); cut += 7) {
    std::string part = bytes.substr(0, cut);
    auto zip = ZipArchive::Open(part, 1 << 30);
    if (!zip) continue;
    base::Expected<std::string> tfplan = (*zip)->Read("tfplan");
    if (tfplan) {
      EXPECT_EQ(*tfplan, good) << "cut at " << cut;
    }
  }
  int damaged = 0;
  for (size_t at = 0; at < bytes.size(); at += 13) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x5A);
    auto zip = ZipArchive::Open(flipped, 1 << 30);
    if (!zip) continue;
    base::Expected<std::string> tfplan = (*zip)->Read("tfplan");
    if (tfplan) {
      EXPECT_EQ(*tfplan, good) << "flipped at " << at;
    } else {
      const std::string& error = tfplan.error().message;
      EXPECT_EQ(error.find('\n'), std::string::npos);
      damaged += error.rfind("ZIP member tfplan is damaged (", 0) == 0;
    }
  }
  EXPECT_GT(damaged, 0);
}

}  // namespace
}  // namespace planview::planfile::internal

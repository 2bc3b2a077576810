// Reading input files: big regular files are mapped read-only, and parse exactly as the
// same bytes read into a string do.
#include "structured/read_input.h"

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "structured/input_text.h"
#include "structured/json_parse.h"

namespace planview::structured {
namespace {

std::filesystem::path WriteFile(const std::string& name, const std::string& content) {
  std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream out(path, std::ios::binary);
  out << content;
  return path;
}

// A plan-like document of at least `min_bytes`, dense with escaped strings (the parser
// unescapes them into the document, never into the text).
std::string EscapedDocument(size_t min_bytes) {
  std::string json = R"({"resource_changes": [)";
  for (int i = 0; json.size() < min_bytes; ++i) {
    json += (i ? "," : "") + std::string(R"({"address":"aws_iam_policy.p)") + std::to_string(i) +
            R"(","policy":"{\"Statement\":[{\"Effect\":\"Allow\"}]}\n\u00e9\ud83d\ude00","plain":"x"})";
  }
  return json + R"(], "prior_state": {"values": ["a\tb"]}})";
}

TEST(ReadInputText, BigRegularFilesAreMappedAndParseAsTheirBytesDo) {
  const std::string content = EscapedDocument(size_t{3} << 20);
  std::filesystem::path path = WriteFile("mapped.json", content);
  base::Expected<InputText> read = ReadInputText(path.string());
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_TRUE(read->mapped());
  EXPECT_TRUE(read->view() == content);

  ParseOptions options;
  options.skip_top_level_keys = {"prior_state"};
  base::Executor executor(2);
  options.executor = &executor;
  ParseResult from_map = ParseJson(std::move(*read), options);
  ParseResult from_string = ParseJson(content, options);
  ASSERT_TRUE(from_map.ok());
  ASSERT_TRUE(from_string.ok());
  EXPECT_TRUE(from_map.value()->root().Equals(from_string.value()->root()));
  Value first = from_map.value()->root().find("resource_changes").at(0);
  EXPECT_EQ(first.find("policy").text(), "{\"Statement\":[{\"Effect\":\"Allow\"}]}\n\u00e9\U0001F600");
  EXPECT_EQ(first.find("address").text(), "aws_iam_policy.p0");
}

TEST(ReadInputText, ThePaddingAfterAMappedFileIsZeros) {
  // A whole number of pages: the padding is the page after the file's last one.
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  std::string content = "[\"" + std::string(page * 512 - 4, 'a') + "\"]";
  ASSERT_EQ(content.size() % page, 0u);
  std::filesystem::path path = WriteFile("pages.json", content);
  base::Expected<InputText> read = ReadInputText(path.string());
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_TRUE(read->mapped());
  InputText::Shared shared = std::move(*read).Share(kParsePadding);
  ASSERT_EQ(shared.size, content.size());
  EXPECT_EQ(std::string(shared.data + shared.size, kParsePadding), std::string(kParsePadding, '\0'));
}

TEST(ReadInputText, SmallFilesAreReadAndLimitsAreTheSame) {
  std::filesystem::path path = WriteFile("small.json", "{\"a\": \"b\\n\"}");
  base::Expected<InputText> read = ReadInputText(path.string());
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_FALSE(read->mapped());
  EXPECT_EQ(read->view(), "{\"a\": \"b\\n\"}");

  std::filesystem::path big = WriteFile("over.json", EscapedDocument(size_t{2} << 20));
  ReadOptions options;
  options.max_bytes = size_t{1} << 20;
  options.name = "over.json";
  base::Expected<InputText> over = ReadInputText(big.string(), options);
  base::Expected<std::string> over_read = ReadInputFile(big.string(), options);
  ASSERT_FALSE(over);
  ASSERT_FALSE(over_read);
  EXPECT_EQ(over.error().message, "over.json: input is larger than 1048576 bytes (the --max-input-bytes limit)");
  EXPECT_EQ(over.error().message, over_read.error().message);
}

TEST(ReadInputTextDeathTest, AFileTruncatedWhileMappedEndsTheProcessWithOneLine) {
  std::filesystem::path path = WriteFile("shrinks.json", EscapedDocument(size_t{2} << 20));
  EXPECT_EXIT(
      {
        ReadOptions options;
        options.name = "shrinks.json";
        base::Expected<InputText> read = ReadInputText(path.string(), options);
        if (!read || !read->mapped()) std::_Exit(3);
        std::filesystem::resize_file(path, 0);
        const volatile char* byte = read->view().data() + (size_t{1} << 20);
        std::_Exit(*byte == 0 ? 4 : 5);  // never reached: reading the lost page faults
      },
      ::testing::ExitedWithCode(1), "^shrinks.json: read error: the file was truncated while it was being read\n$");
}

}  // namespace
}  // namespace planview::structured

// Reading input files: big regular files are mapped read-only, and parse exactly as the
// same bytes read into a string do.
#include "structured/read_input.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "structured/input_text.h"
#include "structured/internal/page_size.h"
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
  const size_t page = internal::PageSize();
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

// Kilobytes of the mapping that holds `inside` resident in this process (its smaps Rss).
size_t ResidentKb(const void* inside) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(inside);
  std::ifstream smaps("/proc/self/smaps");
  bool in = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long low = 0, high = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &low, &high) == 2) {
      in = low <= at && at < high;
    } else if (in && line.rfind("Rss:", 0) == 0) {
      return std::stoul(line.substr(4));
    }
  }
  return SIZE_MAX;
}

TEST(ReadInputText, TheCheckedPagesOfSkippedMembersLeaveMemory) {
  // 1 MB kept, 8 MB skipped: parsed with and without a thread to check the skipped one.
  const std::string kept = EscapedDocument(size_t{1} << 20);
  const std::string skipped = EscapedDocument(size_t{8} << 20);
  const std::string content = R"({"kept": )" + kept + R"(, "prior_state": )" + skipped + "}";
  std::filesystem::path path = WriteFile("skipping.json", content);
  base::Executor executor(2);
  for (base::Executor* with : {static_cast<base::Executor*>(nullptr), &executor}) {
    base::Expected<InputText> read = ReadInputText(path.string());
    ASSERT_TRUE(read) << read.error().message;
    ASSERT_TRUE(read->mapped());
    ParseOptions options;
    options.skip_top_level_keys = {"prior_state"};
    options.executor = with;
    ParseResult parsed = ParseJson(std::move(*read), options);
    ASSERT_TRUE(parsed.ok());
    Value address = parsed.value()->root().find("kept").find("resource_changes").at(0).find("address");
    EXPECT_EQ(address.text(), "aws_iam_policy.p0");
    // The kept member (and the partial pages at the ends of the skipped one) stay.
    EXPECT_LT(ResidentKb(address.text().data()), (kept.size() >> 10) + 64) << (with ? "two threads" : "one");
  }
}

TEST(ReadInputText, ABrokenMappedFileIsDiagnosedAsItsBytesAre) {
  // The skipped member is valid and checked (its pages dropped) before the kept one after
  // it fails: the diagnosis reads it again, from the file.
  const std::string content =
      R"({"prior_state": )" + EscapedDocument(size_t{6} << 20) + R"(, "kept": {"a": [1, 2,]}})";
  std::filesystem::path path = WriteFile("broken.json", content);
  base::Executor executor(2);
  for (base::Executor* with : {static_cast<base::Executor*>(nullptr), &executor}) {
    ParseOptions options;
    options.skip_top_level_keys = {"prior_state"};
    options.executor = with;
    base::Expected<InputText> read = ReadInputText(path.string());
    ASSERT_TRUE(read) << read.error().message;
    ParseResult from_map = ParseJson(std::move(*read), options);
    ParseResult from_string = ParseJson(content, options);
    ASSERT_FALSE(from_map.ok());
    ASSERT_FALSE(from_string.ok());
    EXPECT_EQ(from_map.error().ToString("broken.json"), from_string.error().ToString("broken.json"));
    EXPECT_EQ(from_map.error().path, "$.kept.a[2]");
  }
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

namespace planview::structured {
namespace {

// Every line NextLine hands over for `text` (read from a file), as "OFFSET:LENGTH:TEXT"
// or "OFFSET:LENGTH:too long".
std::vector<std::string> Lines(const std::string& text, size_t max_line_bytes) {
  std::filesystem::path path = WriteFile("lines.txt", text);
  base::Expected<InputReader> reader = InputReader::Open(path.string());
  EXPECT_TRUE(reader.ok());
  std::vector<std::string> lines;
  InputLine line;
  while (true) {
    base::Expected<bool> next = reader->NextLine(line, max_line_bytes);
    EXPECT_TRUE(next.ok());
    if (!next.ok() || !*next) break;
    lines.push_back(std::to_string(line.offset) + ":" + std::to_string(line.length) + ":" +
                    (line.too_long ? std::string("too long") : std::string(line.text)));
  }
  return lines;
}

TEST(InputReader, HandsOverEachLineWithItsOffsetAndALastLineWithoutNewline) {
  EXPECT_EQ(Lines("ab\n\ncd\r\nlast", 100), (std::vector<std::string>{"0:2:ab", "3:0:", "4:3:cd\r", "8:4:last"}));
  EXPECT_EQ(Lines("", 100), std::vector<std::string>{});
  EXPECT_EQ(Lines("\n", 100), std::vector<std::string>{"0:0:"});
}

TEST(InputReader, ALineOverTheLimitIsSkippedWithItsLength) {
  // Lines longer than a read (256 KiB) too: the skipped bytes are never held.
  const std::string long_line(700000, 'x');
  EXPECT_EQ(Lines("a\n" + long_line + "\nb\n" + long_line, 1000),
            (std::vector<std::string>{"0:1:a", "2:700000:too long", "700003:1:b", "700005:700000:too long"}));
  EXPECT_EQ(Lines("12345\n123456\n", 5), (std::vector<std::string>{"0:5:12345", "6:6:too long"}));
  // A long line within the limit comes whole.
  EXPECT_EQ(Lines(long_line + "\n", 1000000).at(0), "0:700000:" + long_line);
}

TEST(InputReader, PeekedBytesAreReadAgainWholeOrByLines) {
  std::filesystem::path path = WriteFile("peek.txt", "{\"a\":1}\n{\"b\":2}\n");
  base::Expected<InputReader> reader = InputReader::Open(path.string());
  ASSERT_TRUE(reader.ok());
  base::Expected<std::string_view> start = reader->PeekPastWhitespace(100);
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(*start, "{");
  base::Expected<InputText> whole = std::move(*reader).ReadAll();
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->view(), "{\"a\":1}\n{\"b\":2}\n");
}

// A pipe: a line is handed over as soon as it is whole, without waiting for more, and
// line_ready says whether the next one would wait.
TEST(InputReader, APipesLinesComeAsTheyAreWritten) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  base::Expected<InputReader> reader = InputReader::Open("/dev/fd/" + std::to_string(fds[0]), {.name = "pipe"});
  ASSERT_TRUE(reader.ok());
  close(fds[0]);  // the reader opened its own
  ASSERT_EQ(write(fds[1], "one\ntw", 6), 6);
  InputLine line;
  ASSERT_TRUE(*reader->NextLine(line, 100));
  EXPECT_EQ(line.text, "one");
  EXPECT_FALSE(reader->line_ready());
  ASSERT_EQ(write(fds[1], "o\nthree", 7), 7);
  ASSERT_TRUE(*reader->NextLine(line, 100));
  EXPECT_EQ(line.text, "two");
  close(fds[1]);
  ASSERT_TRUE(*reader->NextLine(line, 100));
  EXPECT_EQ(line.text, "three");
  EXPECT_TRUE(reader->line_ready());
  EXPECT_FALSE(*reader->NextLine(line, 100));
}

// Standard input handed over in memory (ReadOptions::standard_input) reads as a pipe
// holding those bytes would: lines, peeks, the whole and the limit, with nothing read
// from the process's own standard input.
// Only a pipe or a device may never end: a regular file's size is known, bytes in memory
// are all there.
TEST(InputReader, OnlyPipesAndDevicesMayBeEndless) {
  base::Expected<InputReader> file = InputReader::Open(WriteFile("endless.json", "{}").string(), {});
  ASSERT_TRUE(file.ok());
  EXPECT_FALSE(file->endless());
  base::Expected<InputReader> device = InputReader::Open("/dev/zero", {});
  ASSERT_TRUE(device.ok());
  EXPECT_TRUE(device->endless());
  base::Expected<InputReader> memory = InputReader::Open("-", {.name = "<stdin>", .standard_input = "{}"});
  ASSERT_TRUE(memory.ok());
  EXPECT_FALSE(memory->endless());
}

TEST(InputReader, StandardInputInMemoryReadsAsAPipeWould) {
  const std::string long_line(700000, 'x');
  const std::string text = "a\n" + long_line + "\nb\n" + long_line;
  base::Expected<InputReader> reader = InputReader::Open("-", {.name = "<stdin>", .standard_input = text});
  ASSERT_TRUE(reader.ok());
  std::vector<std::string> lines;
  InputLine line;
  while (true) {
    base::Expected<bool> next = reader->NextLine(line, 1000);
    ASSERT_TRUE(next.ok());
    if (!*next) break;
    lines.push_back(std::to_string(line.offset) + ":" + std::to_string(line.length) + ":" +
                    (line.too_long ? std::string("too long") : std::string(line.text)));
  }
  EXPECT_EQ(lines, Lines(text, 1000));

  // Peeked first, then read whole (past a read's size): the same bytes, padded.
  const std::string big = "  {\"a\":\"" + long_line + "\"}";
  base::Expected<InputReader> whole_reader = InputReader::Open("-", {.name = "<stdin>", .standard_input = big});
  ASSERT_TRUE(whole_reader.ok());
  EXPECT_EQ(*whole_reader->PeekPastWhitespace(100), "  {");
  base::Expected<InputText> whole = std::move(*whole_reader).ReadAll();
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->view(), big);
  base::Expected<std::string> file = ReadInputFile("-", {.name = "<stdin>", .standard_input = big});
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(*file, big);
  EXPECT_GE(file->capacity(), file->size() + kParsePadding);
  base::Expected<InputText> empty = ReadInputText("-", {.name = "<stdin>", .standard_input = std::string_view()});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->view(), "");

  // Over the limit: whole, after a peek, or a line at a time (a read, as of a pipe, takes
  // 256 KiB at most, so the first lines fit under a limit above that).
  const std::string limit_message = "<stdin>: input is larger than 300000 bytes (the --max-input-bytes limit)";
  const ReadOptions limited = {.max_bytes = 300000, .name = "<stdin>", .standard_input = text};
  EXPECT_EQ(ReadInputText("-", limited).error().message, limit_message);
  base::Expected<InputReader> peeked = InputReader::Open("-", limited);
  ASSERT_TRUE(peeked.ok());
  ASSERT_TRUE(peeked->Peek(1).ok());
  EXPECT_EQ(peeked->Peek(1)->substr(0, 3), "a\nx");
  EXPECT_EQ(std::move(*peeked).ReadAll().error().message, limit_message);
  base::Expected<InputReader> by_lines = InputReader::Open("-", limited);
  ASSERT_TRUE(by_lines.ok());
  ASSERT_TRUE(*by_lines->NextLine(line, 100));
  EXPECT_EQ(line.text, "a");
  EXPECT_EQ(by_lines->NextLine(line, 100).error().message, limit_message);
  // A limit below the first read fails at the first look, as for a pipe.
  EXPECT_EQ(InputReader::Open("-", {.max_bytes = 1000, .name = "<stdin>", .standard_input = text})->Peek(1).error().message,
            "<stdin>: input is larger than 1000 bytes (the --max-input-bytes limit)");
}

TEST(InputReader, PeeksAtBytesInMemoryWhereTheyAre) {
  // A read's worth at a time, as from a pipe, but the caller's bytes themselves: no copy.
  const std::string text = "  \n{\"a\": \"" + std::string(600000, 'x') + "\"}";
  base::Expected<InputReader> reader = InputReader::Open("-", {.name = "<stdin>", .standard_input = text});
  ASSERT_TRUE(reader.ok());
  base::Expected<std::string_view> first = reader->Peek(1);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->data(), text.data());
  EXPECT_EQ(first->size(), size_t{256} << 10);
  EXPECT_FALSE(reader->at_end());
  EXPECT_EQ(reader->Peek(1)->size(), first->size());  // never less than already seen
  EXPECT_EQ(reader->Peek((size_t{256} << 10) + 1)->size(), size_t{512} << 10);
  EXPECT_EQ(*reader->PeekPastWhitespace(100), "  \n{");
  EXPECT_FALSE(reader->at_end());
  base::Expected<std::string_view> all = reader->Peek(text.size());
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(*all, text);
  EXPECT_EQ(all->data(), text.data());
  EXPECT_TRUE(reader->at_end());
  base::Expected<InputText> whole = std::move(*reader).ReadAll();
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->view().data(), text.data());
  EXPECT_EQ(whole->view(), text);

  // Peeked, then read a line at a time: every line from the first byte.
  const std::string lines = "one\ntwo\n";
  base::Expected<InputReader> by_lines = InputReader::Open("-", {.name = "<stdin>", .standard_input = lines});
  ASSERT_TRUE(by_lines.ok());
  EXPECT_EQ(*by_lines->Peek(2), lines);
  EXPECT_TRUE(by_lines->at_end());
  InputLine line;
  ASSERT_TRUE(*by_lines->NextLine(line, 100));
  EXPECT_EQ(line.text, "one");
  ASSERT_TRUE(*by_lines->NextLine(line, 100));
  EXPECT_EQ(line.text, "two");
  EXPECT_FALSE(*by_lines->NextLine(line, 100));

  // Blanks past the budget: what was looked at, a read's worth.
  const std::string blanks(300000, ' ');
  base::Expected<InputReader> blank = InputReader::Open("-", {.name = "<stdin>", .standard_input = blanks});
  ASSERT_TRUE(blank.ok());
  EXPECT_EQ(blank->PeekPastWhitespace(1000)->size(), size_t{256} << 10);
  EXPECT_EQ(blank->PeekPastWhitespace(size_t{1} << 20)->size(), blanks.size());
  EXPECT_TRUE(blank->at_end());
}

TEST(InputReader, OpenAndReadErrorsAreOneLine) {
  EXPECT_EQ(InputReader::Open("/nonexistent/x", {.name = "x"}).error().message,
            "x: cannot open: No such file or directory");
  EXPECT_EQ(InputReader::Open(::testing::TempDir(), {.name = "d"}).error().message,
            "d: cannot read: is a directory");
  std::filesystem::path path = WriteFile("big.txt", std::string(100, '\n'));
  EXPECT_EQ(InputReader::Open(path.string(), {.max_bytes = 10, .name = "b"}).error().message,
            "b: input is larger than 10 bytes (the --max-input-bytes limit)");
  // A stream over the limit fails once that much has come.
  base::Expected<InputReader> dev = InputReader::Open("/dev/zero", {.max_bytes = 1000, .name = "z"});
  ASSERT_TRUE(dev.ok());
  InputLine line;
  base::Expected<bool> next = dev->NextLine(line, 100);
  ASSERT_FALSE(next.ok());
  EXPECT_EQ(next.error().message, "z: input is larger than 1000 bytes (the --max-input-bytes limit)");
}

}  // namespace
}  // namespace planview::structured

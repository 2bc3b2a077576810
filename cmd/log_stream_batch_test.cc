// StreamLog with an executor renders the lines that have come in batches on its threads:
// its text, standard error text, counts, first malformed line and warnings must be
// exactly those of the same log rendered a line at a time on one thread.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "base/executor.h"
#include "cmd/log_stream.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/read_input.h"

namespace planview::cmd {
namespace {

struct Streamed {
  std::string out;
  std::string err;
  LogStreamResult result;
  std::vector<size_t> flushed;  // at each `waiting`: how much text had been handed on
};

Streamed Stream(const std::string& log, base::Executor* executor, bool color, size_t max_line_bytes) {
  structured::ReadOptions read;
  read.standard_input = std::string_view(log);
  base::Expected<structured::InputReader> reader = structured::InputReader::Open("-", read);
  EXPECT_TRUE(reader.ok());
  renderer::DocumentRequest request;
  request.options.color = color;
  request.executor = executor;
  Streamed streamed;
  LogStreamSink sink;
  sink.out = [&](std::string_view text) { streamed.out += text; };
  sink.err = [&](std::string_view text) { streamed.err += text; };
  sink.waiting = [&] { streamed.flushed.push_back(streamed.out.size()); };
  streamed.result = StreamLog(*reader, request, sink, max_line_bytes);
  return streamed;
}

// The batched render of `log` against the one-thread render, in every part.
void ExpectSameAsOneThread(const std::string& log, bool color, size_t max_line_bytes = renderer::kMaxLogLineBytes) {
  base::Executor executor(2);
  ASSERT_GT(executor.helpers(), 0) << "no helper thread: nothing would be batched";
  Streamed one = Stream(log, nullptr, color, max_line_bytes);
  Streamed batched = Stream(log, &executor, color, max_line_bytes);
  EXPECT_EQ(batched.out, one.out);
  EXPECT_EQ(batched.err, one.err);
  EXPECT_EQ(batched.result.product, one.result.product);
  EXPECT_EQ(batched.result.error, one.result.error);
  EXPECT_EQ(batched.result.log.lines, one.result.log.lines);
  EXPECT_EQ(batched.result.log.malformed_lines, one.result.log.malformed_lines);
  EXPECT_EQ(batched.result.log.first_error.message, one.result.log.first_error.message);
  EXPECT_EQ(batched.result.log.first_error.path, one.result.log.first_error.path);
  EXPECT_EQ(batched.result.log.first_error.offset, one.result.log.first_error.offset);
  EXPECT_EQ(batched.result.log.first_error.line, one.result.log.first_error.line);
  EXPECT_EQ(batched.result.log.first_error.column, one.result.log.first_error.column);
  EXPECT_EQ(batched.result.log.first_error.limit, one.result.log.first_error.limit);
  EXPECT_EQ(batched.result.warnings.messages(), one.result.warnings.messages());
}

TEST(LogStreamBatches, ConformanceLogsRepeatedRenderAsOnOneThread) {
  for (const std::string dir : {"testdata/logs/terraform", "testdata/logs/opentofu"}) {
    std::vector<std::string> files = renderer::testing::ListFiles(dir, ".jsonl");
    ASSERT_FALSE(files.empty()) << dir;
    for (const std::string& file : files) {
      std::string text = renderer::testing::ReadFile(file);
      if (!text.empty() && text.back() != '\n') text += '\n';
      // Repeated past a few batches (128 KiB or 1,024 lines each).
      std::string log;
      while (log.size() < (size_t{600} << 10)) log += text;
      SCOPED_TRACE(file);
      ExpectSameAsOneThread(log, false);
      ExpectSameAsOneThread(log, true);
    }
  }
}

TEST(LogStreamBatches, MixedLinesRenderAsOnOneThread) {
  // Real messages of both products, lines that warn, and lines that are not messages.
  std::vector<std::string> pool;
  for (const std::string dir : {"testdata/logs/terraform", "testdata/logs/opentofu"}) {
    for (const std::string& file : renderer::testing::ListFiles(dir, ".jsonl")) {
      for (std::string& line : renderer::testing::SplitLines(renderer::testing::ReadFile(file))) pool.push_back(std::move(line));
    }
  }
  ASSERT_GT(pool.size(), 100u);
  const std::vector<std::string> odd = {
      "",
      "   ",
      "plain text from a wrapper script",
      "{\"@message\":\"cut off\",\"type\":\"apply_st",     // truncated: malformed
      "{\"@message\":\"bad escape \\q\",\"type\":\"x\"}",  // malformed
      "  {\"nested\": [1, 2, {\"deep\": [[[[]]]]}]}",    // JSON, not a message shape
      "[1,2,3]",
      "{\"@message\":3,\"type\":\"apply_start\"}",  // wrong type: printed as it is
      "{\"@message\":\"p\",\"type\":\"provision_progress\",\"hook\":{}}",  // warns
      "{\"@message\":\"c\",\"type\":\"test_cleanup\"}",                   // warns (Terraform)
      "{\"@message\":\"o\",\"type\":\"outputs\",\"outputs\":{\"a\":{\"sensitive\":false,\"type\":\"nope\",\"value\":1}}}",
      "\xff\xfe not UTF-8 {",
      // Lines that parse only when joined with others (`[L1,L2,...]`): each is malformed.
      "{\"@message\":\"opens\",\"type\":\"x\",\"a\":[1",
      "{\"b\":2}]}",
      "{\"@message\":\"two\",\"type\":\"apply_start\"},{\"@message\":\"objects\",\"type\":\"apply_start\"}",
      std::string(511, '[') + std::string(511, ']'),
      "{\"deep\":" + std::string(510, '[') + std::string(510, ']') + "}",  // 511 levels
      // 512 levels, the parser's limit: parses alone, not inside the joined array.
      "{\"deep\":" + std::string(511, '[') + std::string(511, ']') + "}",
      "{\"deep\":" + std::string(512, '[') + std::string(512, ']') + "}",  // 513: too deep
      "{\"@message\":\"\xe2\x94\x82 box\",\"type\":\"refresh_start\"}",
  };
  std::mt19937 rng(39);
  for (int round = 0; round < 6; ++round) {
    std::string log;
    // Half the rounds name their product on the first line, half leave it to be guessed.
    if (round % 2 == 0) log += pool[0] + "\n";
    const size_t lines = 3000 + rng() % 3000;
    for (size_t i = 0; i < lines; ++i) {
      const unsigned pick = rng() % 100;
      std::string line;
      if (pick < 70) {
        line = pool[rng() % pool.size()];
      } else if (pick < 90) {
        line = odd[rng() % odd.size()];
      } else if (pick < 95) {
        // A long line, over the small limit used below in some rounds.
        line = "{\"@message\":\"" + std::string(1500 + rng() % 3000, 'x') + "\",\"type\":\"apply_start\"}";
      } else {
        // A message cut at a random place.
        const std::string& whole = pool[rng() % pool.size()];
        line = whole.substr(0, whole.empty() ? 0 : rng() % whole.size());
      }
      if (rng() % 10 == 0) line += '\r';  // CRLF line ends
      log += line;
      log += '\n';
    }
    if (round % 3 == 1) log.pop_back();  // the last line without its newline
    SCOPED_TRACE("round " + std::to_string(round));
    ExpectSameAsOneThread(log, round % 2 == 1, round % 3 == 2 ? 2048 : renderer::kMaxLogLineBytes);
  }
}

TEST(LogStreamBatches, LinesThatParseOnlyJoinedAreMalformed) {
  // Lines that are parsed together as one array must each be one object: here two lines
  // that make one element and one line that makes two, so the count of elements is the
  // count of lines, among enough messages to be parsed together.
  const std::string message = "{\"@message\":\"Apply complete!\",\"type\":\"apply_complete\"}\n";
  // The first line names the product, so no line is held back to find it.
  std::string log = "{\"@message\":\"Terraform 1.11.4\",\"terraform\":\"1.11.4\",\"type\":\"version\"}\n";
  for (int i = 0; i < 40; ++i) log += message;
  log += "{\"@message\":\"opens\",\"type\":\"apply_start\",\"a\":[1\n";
  log += "{\"b\":2}]}\n";
  log += "{\"@message\":\"two\",\"type\":\"apply_start\"},{\"@message\":\"objects\",\"type\":\"apply_start\"}\n";
  for (int i = 0; i < 40; ++i) log += message;
  ExpectSameAsOneThread(log, false);
  base::Executor executor(2);
  Streamed batched = Stream(log, &executor, false, renderer::kMaxLogLineBytes);
  EXPECT_EQ(batched.result.log.malformed_lines, 3u);
  EXPECT_EQ(batched.result.log.first_error.line, 42u);
  EXPECT_NE(batched.out.find("{\"b\":2}]}\n"), std::string::npos);
}

TEST(LogStreamBatches, AFileRendersAsOnOneThreadToItsLastLineWithoutNewline) {
  // A regular file's batches are not drained at its reads: a malformed line and a line
  // over the limit in the middle, and a last line without its newline, come out as on
  // one thread, with the same counts and first error.
  const std::string text = renderer::testing::ReadFile("testdata/logs/terraform/real_apply_create.jsonl");
  std::string log;
  while (log.size() < (size_t{700} << 10)) log += text;
  const size_t first_bad_line = static_cast<size_t>(std::count(log.begin(), log.end(), '\n'));
  log += "{\"@message\":\"cut off\",\"type\":\"apply_st\n";
  log += "{\"@message\":\"" + std::string(5000, 'x') + "\",\"type\":\"apply_start\"}\n";
  while (log.size() < (size_t{1400} << 10)) log += text;
  log += "{\"@message\":\"Apply complete!\",\"type\":\"apply_complete\"}";  // no newline
  const std::string path = ::testing::TempDir() + "/batched_file.jsonl";
  {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    ASSERT_EQ(std::fwrite(log.data(), 1, log.size(), file), log.size());
    std::fclose(file);
  }
  base::Expected<structured::InputReader> reader = structured::InputReader::Open(path);
  ASSERT_TRUE(reader.ok());
  ASSERT_FALSE(reader->endless());
  base::Executor executor(2);
  renderer::DocumentRequest request;
  request.executor = &executor;
  std::string out;
  std::string err;
  LogStreamSink sink;
  sink.out = [&](std::string_view t) { out += t; };
  sink.err = [&](std::string_view t) { err += t; };
  const LogStreamResult result = StreamLog(*reader, request, sink, 4096);
  const Streamed one = Stream(log, nullptr, false, 4096);
  EXPECT_EQ(out, one.out);
  EXPECT_EQ(err, one.err);
  EXPECT_EQ(out.substr(out.size() - 16), "Apply complete!\n");
  EXPECT_EQ(result.log.lines, one.result.log.lines);
  EXPECT_EQ(result.log.malformed_lines, 2u);
  EXPECT_EQ(result.log.first_error.line, first_bad_line + 1);
  EXPECT_EQ(result.log.first_error.offset, one.result.log.first_error.offset);
  EXPECT_EQ(result.log.first_error.message, one.result.log.first_error.message);
  std::remove(path.c_str());
}

TEST(LogStreamBatches, EveryLineFromAPipeIsHandedOnBeforeAReadMayWait) {
  // From a pipe a read may wait: every line that has come is handed on first. The writer
  // sends a part of whole lines (several batches' worth) and sends the next only once all
  // of that part's text has been handed on; a batch held back would keep it waiting (here
  // until a timeout, which fails).
  const std::string text = renderer::testing::ReadFile("testdata/logs/terraform/real_apply_create.jsonl");
  std::vector<std::string> parts(4);
  for (std::string& part : parts) {
    while (part.size() < (size_t{300} << 10)) part += text;
  }
  std::vector<size_t> expected;  // the one-thread text of the parts so far
  std::string so_far;
  for (const std::string& part : parts) {
    so_far += part;
    expected.push_back(Stream(so_far, nullptr, false, renderer::kMaxLogLineBytes).out.size());
  }
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  base::Expected<structured::InputReader> reader = structured::InputReader::Open("/dev/fd/" + std::to_string(fds[0]));
  ASSERT_TRUE(reader.ok());
  close(fds[0]);
  ASSERT_TRUE(reader->endless());

  std::mutex mu;
  std::condition_variable handed;
  std::string out;
  std::vector<size_t> waited_at;  // handed-on text at each `waiting`
  std::vector<bool> in_time;
  std::thread writer([&] {
    for (size_t i = 0; i < parts.size(); ++i) {
      for (size_t at = 0; at < parts[i].size();) {
        ssize_t wrote = write(fds[1], parts[i].data() + at, parts[i].size() - at);
        if (wrote <= 0) break;
        at += static_cast<size_t>(wrote);
      }
      std::unique_lock<std::mutex> lock(mu);
      in_time.push_back(handed.wait_for(lock, std::chrono::seconds(5), [&] { return out.size() >= expected[i]; }));
    }
    close(fds[1]);
  });
  base::Executor executor(2);
  renderer::DocumentRequest request;
  request.executor = &executor;
  LogStreamSink sink;
  sink.out = [&](std::string_view t) {
    std::lock_guard<std::mutex> lock(mu);
    out += t;
    handed.notify_all();
  };
  sink.err = [](std::string_view) {};
  sink.waiting = [&] {
    std::lock_guard<std::mutex> lock(mu);
    waited_at.push_back(out.size());
  };
  LogStreamResult result = StreamLog(*reader, request, sink);
  writer.join();
  EXPECT_EQ(in_time, std::vector<bool>(parts.size(), true));
  EXPECT_EQ(out, Stream(so_far, nullptr, false, renderer::kMaxLogLineBytes).out);
  // The reader waited (and said so) at least between the parts.
  EXPECT_GE(waited_at.size(), parts.size() - 1);
  EXPECT_TRUE(std::is_sorted(waited_at.begin(), waited_at.end()));
}

}  // namespace
}  // namespace planview::cmd

// The real `planview` binary on logs that come down a pipe: each message rendered before
// the next is written, the status line (--progress) leaving exactly the rendered text on
// a terminal, and input that cannot be a document refused at once.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "cmd/progress_line.h"
#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"

namespace planview::cmd {
namespace {

using renderer::testing::ReadFile;
using renderer::testing::SplitLines;
using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kApplyLog[] = "testdata/logs/terraform/real_apply_create.jsonl";

// `planview ARGS` with a pipe on each of standard input and output, written and read a
// piece at a time.
class LiveProcess {
 public:
  explicit LiveProcess(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], STDIN_FILENO);
      dup2(out[1], STDOUT_FILENO);
      for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
      std::vector<char*> argv;
      std::string program = "cmd/planview";
      argv.push_back(program.data());
      std::vector<std::string> copy = args;
      for (std::string& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(program.c_str(), argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    in_ = in[1];
    out_ = out[0];
  }
  ~LiveProcess() {
    if (in_ >= 0) close(in_);
    close(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }

  void Write(const std::string& text) {
    size_t at = 0;
    while (at < text.size()) {
      ssize_t n = write(in_, text.data() + at, text.size() - at);
      ASSERT_GT(n, 0);
      at += static_cast<size_t>(n);
    }
  }
  void CloseInput() {
    close(in_);
    in_ = -1;
  }
  // Reads what comes until the output is `want` (true) or `seconds` pass (false).
  bool ReadUntil(const std::string& want, double seconds) {
    return ReadUntil([&](const std::string& output) { return output == want; }, seconds);
  }
  // Reads what comes until `done(output)` (true), the end or `seconds` pass (false).
  template <typename Done>
  bool ReadUntil(const Done& done, double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!done(output_)) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd ready{.fd = out_, .events = POLLIN, .revents = 0};
      if (poll(&ready, 1, static_cast<int>(left.count())) <= 0) continue;
      char buffer[4096];
      ssize_t n = read(out_, buffer, sizeof buffer);
      if (n <= 0) return done(output_);
      output_.append(buffer, static_cast<size_t>(n));
    }
    return true;
  }
  // Reads to the end and returns the exit status.
  int Finish() {
    ReadUntil([](const std::string&) { return false; }, 60);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  const std::string& output() const { return output_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  std::string output_;
};

// The output of the first `n` lines of `lines`, rendered from a file (a log's messages
// render alone, so it is how the whole log's output begins).
std::string RenderedPrefix(const std::vector<std::string>& lines, size_t n) {
  std::string text;
  for (size_t i = 0; i < n; ++i) text += lines[i] + "\n";
  ProcessResult r = RunPlanview({WriteTempFile("prefix.jsonl", text), "-no-color", "--product", "terraform"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(LogStream, EachMessageIsRenderedBeforeTheNextIsWritten) {
  const std::vector<std::string> lines = SplitLines(ReadFile(kApplyLog));
  ASSERT_GE(lines.size(), 12u);
  std::vector<std::string> expected;
  expected.push_back("");
  for (size_t n = 1; n <= lines.size(); ++n) expected.push_back(RenderedPrefix(lines, n));
  ASSERT_EQ(expected.back(), ReadFile("testdata/logs/terraform/real_apply_create.txt"));

  LiveProcess planview({"-no-color"});
  // The first line alone does not say it is a log (a one-line document is not): the
  // second's first byte does.
  planview.Write(lines[0] + "\n");
  planview.Write(lines[1].substr(0, 1));
  planview.Write(lines[1].substr(1) + "\n");
  // Lines 3 to 12, one at a time with a pause: each message's text comes before the next
  // line is written (with a generous wait for a slow, sanitized build).
  for (size_t n = 2; n < 12; ++n) {
    EXPECT_TRUE(planview.ReadUntil(expected[n], 20)) << "after line " << n << " the output is\n" << planview.output();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    planview.Write(lines[n] + "\n");
  }
  // The rest at once, the last line without its newline: rendered at the end of input.
  for (size_t n = 12; n < lines.size(); ++n) planview.Write(lines[n] + (n + 1 < lines.size() ? "\n" : ""));
  planview.CloseInput();
  EXPECT_EQ(planview.Finish(), 0);
  EXPECT_EQ(planview.output(), expected.back());
}

// What a terminal shows once it has been sent `bytes`: text, '\n', '\r' (to the start of
// the line) and ESC [ K (clear to the end of the line) are all the stream uses.
std::string Screen(const std::string& bytes) {
  std::vector<std::string> rows(1);
  size_t column = 0;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes.compare(i, 3, "\x1b[K") == 0) {
      rows.back().resize(std::min(rows.back().size(), column));
      i += 2;
    } else if (bytes[i] == '\r') {
      column = 0;
    } else if (bytes[i] == '\n') {
      rows.emplace_back();
      column = 0;
    } else {
      if (rows.back().size() <= column) rows.back().resize(column + 1, ' ');
      rows.back()[column++] = bytes[i];
    }
  }
  std::string screen;
  for (size_t r = 0; r < rows.size(); ++r) screen += rows[r] + (r + 1 < rows.size() ? "\n" : "");
  return screen;
}

TEST(LogStream, TheStatusLineIsDrawnWhileWaitingAndLeavesOnlyTheLog) {
  const std::vector<std::string> lines = SplitLines(ReadFile(kApplyLog));
  const std::string before = RenderedPrefix(lines, 7);
  LiveProcess planview({"-no-color", "--progress", "always"});
  for (size_t n = 0; n < lines.size(); ++n) {
    planview.Write(lines[n] + "\n");
    if (n == 6) {
      // Two changes planned, two being created: the status waits below the messages.
      auto shows_status = [&](const std::string& output) {
        std::string screen = Screen(output);
        return screen.starts_with(before) && screen.substr(before.size()).starts_with("applying: 0/2 changes, 0 errors, ") &&
               screen.find('\n', before.size()) == std::string::npos;
      };
      EXPECT_TRUE(planview.ReadUntil(shows_status, 20)) << planview.output();
    }
  }
  planview.CloseInput();
  EXPECT_EQ(planview.Finish(), 0);
  const std::string& raw = planview.output();
  EXPECT_NE(raw.find("\r\x1b[Kapplying: 0/2 changes, 0 errors, "), std::string::npos);
  EXPECT_EQ(Screen(raw), ReadFile("testdata/logs/terraform/real_apply_create.txt"));
  // Without it (the default when standard output is not a terminal) no escape is written.
  EXPECT_EQ(RunPlanview({kApplyLog, "-no-color"}, "").out.find('\x1b'), std::string::npos);
}

TEST(ProgressLine, CountsPlannedDoneAndErrorsAndFitsTheWidth) {
  ProgressLine line;
  auto count = [&](const std::string& json) {
    structured::ParseResult parsed = structured::ParseJson(json);
    ASSERT_TRUE(parsed.ok());
    line.Count(parsed.value()->root());
  };
  EXPECT_EQ(line.Text(0, 80), "reading: 0 errors, 0s");
  count(R"({"type":"planned_change"})");
  count(R"({"type":"planned_change"})");
  count(R"({"type":"planned_change"})");
  EXPECT_EQ(line.Text(5, 80), "planning: 0/3 changes, 0 errors, 5s");
  count(R"({"type":"apply_start"})");
  count(R"({"type":"apply_complete"})");
  count(R"({"type":"diagnostic","diagnostic":{"severity":"error"}})");
  count(R"({"type":"diagnostic","diagnostic":{"severity":"warning"}})");
  EXPECT_EQ(line.Text(65, 80), "applying: 1/3 changes, 1 error, 1m05s");
  EXPECT_EQ(line.Text(65, 12), "applying: 1");
  EXPECT_EQ(line.Draw(65, 12), "\r\x1b[Kapplying: 1");
  count(R"({"type":"change_summary","changes":{"add":2,"change":1,"remove":1,"import":0,"operation":"apply"}})");
  EXPECT_EQ(line.Text(3600, 80), "applied: 4/4 changes, 1 error, 60m00s");
  // Counts that are not whole numbers count nothing.
  line = ProgressLine();
  count(R"({"type":"change_summary","changes":{"add":-2,"change":"x","remove":1.5,"import":1,"operation":"plan"}})");
  EXPECT_EQ(line.Text(1, 80), "planned: 0/1 changes, 0 errors, 1s");
}

// Data that cannot begin a plan, a state, a log or a plan file is refused from its first
// bytes, however much of it there is.
TEST(DocumentInput, DataThatCannotBeADocumentIsRefusedAtOnce) {
  const std::string advice = ", not a plan, state or log: give a saved plan file (tofu plan -out) or the JSON of "
                             "`tofu show -json`\n";
  ProcessResult zero = RunPlanview({"/dev/zero"});
  EXPECT_EQ(zero.exit_code, 1);
  EXPECT_EQ(zero.err, "planview: /dev/zero: binary data (a NUL byte at byte 0)" + advice);
  ProcessResult random = RunPlanview({"/dev/urandom"});
  EXPECT_EQ(random.exit_code, 1);
  EXPECT_TRUE(random.err.starts_with("planview: /dev/urandom: ")) << random.err;
  EXPECT_TRUE(random.err.ends_with(advice)) << random.err;
  const std::string readme = "# planview\n\nRenders plans.\n\n## Use\n\n" + std::string(100000, 'x') + "\n";
  ProcessResult text = RunPlanview({WriteTempFile("README.md", readme)});
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_EQ(text.err.substr(text.err.find(": data")), ": data starting \"# planview\\n\\nRenders plan\"..." + advice);
  ProcessResult piped = RunPlanview({"-"}, "  \n\tnull\n");
  EXPECT_EQ(piped.err, "planview: <stdin>: data starting \"null\\n\"" + advice);
  // What may yet be a document is not refused here: a byte order mark, blank input, and
  // plain text before a log's messages (which is rendered as such).
  EXPECT_EQ(RunPlanview({"-"}, "\xEF\xBB\xBF {}").err.find(advice), std::string::npos);
  EXPECT_EQ(RunPlanview({"-"}, " \n").err.find(advice), std::string::npos);
  ProcessResult log = RunPlanview({"-", "-no-color"}, "Initializing...\n{\"@level\":\"info\",\"@message\":\"hi\"}\n");
  EXPECT_EQ(log.exit_code, 0) << log.err;
  EXPECT_EQ(log.out, "Initializing...\nhi\n");
}

// Plans and states from a pipe are read whole and rendered as from a file.
TEST(DocumentInput, PlansAndStatesFromAPipeAreRenderedAsFromAFile) {
  for (const std::string& file : {std::string("testdata/conformance/equivalence/basic_list/plan.json"),
                                  std::string("testdata/conformance/equivalence/basic_list/state.json")}) {
    std::string text = ReadFile(file);
    ASSERT_FALSE(text.empty()) << file;
    ProcessResult from_file = RunPlanview({file, "-no-color"});
    ProcessResult from_pipe = RunPlanview({"-", "-no-color"}, text);
    EXPECT_EQ(from_file.exit_code, 0) << from_file.err;
    EXPECT_EQ(from_pipe.out, from_file.out);
    EXPECT_EQ(from_pipe.err, from_file.err);
  }
}

}  // namespace
}  // namespace planview::cmd

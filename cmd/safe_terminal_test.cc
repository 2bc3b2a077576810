// --safe-terminal: on by default on a terminal with --color auto, off when piped (the
// output then stays byte for byte what tofu prints), and forced either way by the flags.
// testdata/terminal holds a plan (heredoc lines, an instance key) and a log (@message)
// carrying ESC]0;...BEL, ESC[2J, CR and C1 controls, and what each mode prints.
#include <cstdio>
#include <string>
#include <vector>

#include "cmd/planview_cli.h"
#include "gtest/gtest.h"
#include "renderer/safe_terminal.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using renderer::testing::ReadFile;

constexpr char kDir[] = "testdata/terminal";

std::string Slurp(std::FILE* f) {
  std::rewind(f);
  std::string text;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
  std::fclose(f);
  return text;
}

// What planview writes on standard output, run in-process with the given terminal facts.
std::string Planview(std::vector<std::string> args, bool on_terminal) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  args.push_back("--width=78");
  EXPECT_EQ(RunPlanview(args, Terminal{on_terminal, 200, false, false}, out, err), 0);
  Slurp(err);
  return Slurp(out);
}

std::vector<std::string> Plan(std::vector<std::string> more = {}) {
  std::vector<std::string> args = {std::string(kDir) + "/plan.json", "--schemas", std::string(kDir) + "/schemas.json"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(SafeTerminal, PipedOutputIsWhatTofuPrints) {
  std::string piped = Planview(Plan(), false);
  EXPECT_EQ(piped, ReadFile(std::string(kDir) + "/plan.txt"));
  EXPECT_NE(piped.find("\x1b]0;owned\x07"), std::string::npos);
  EXPECT_EQ(Planview({std::string(kDir) + "/log.jsonl"}, false), ReadFile(std::string(kDir) + "/log.txt"));
}

TEST(SafeTerminal, OnATerminalControlsAreEscaped) {
  std::string shown = Planview(Plan(), true);
  EXPECT_EQ(shown, ReadFile(std::string(kDir) + "/plan.safe.color.txt"));
  EXPECT_EQ(shown.find("\x1b]"), std::string::npos);
  EXPECT_EQ(shown.find("\x1b[2J"), std::string::npos);
  EXPECT_EQ(shown.find('\r'), std::string::npos);
  EXPECT_NE(shown.find("\\x1b]0;owned\\atitle set"), std::string::npos);
  EXPECT_NE(shown.find("\x1b[32m+\x1b[0m"), std::string::npos);  // colour stays
  EXPECT_NE(shown.find("# test_file.b[\"\\x1b]0;name\\a\"]"), std::string::npos);
  EXPECT_EQ(Planview({std::string(kDir) + "/log.jsonl"}, true).find("\x1b]"), std::string::npos);
}

TEST(SafeTerminal, FlagsForceEitherMode) {
  EXPECT_EQ(Planview(Plan({"--safe-terminal"}), false), ReadFile(std::string(kDir) + "/plan.safe.txt"));
  EXPECT_EQ(Planview({std::string(kDir) + "/log.jsonl", "--safe-terminal"}, false),
            ReadFile(std::string(kDir) + "/log.safe.txt"));
  EXPECT_EQ(Planview(Plan({"--safe-terminal", "--color=always"}), false),
            ReadFile(std::string(kDir) + "/plan.safe.color.txt"));
  // Colour chosen explicitly, or --no-safe-terminal: raw, as tofu writes it.
  std::string raw_color = Planview(Plan({"--color=always"}), true);
  EXPECT_NE(raw_color.find("\x1b]0;owned\x07"), std::string::npos);
  EXPECT_EQ(Planview(Plan({"--no-safe-terminal", "--color=never"}), true), ReadFile(std::string(kDir) + "/plan.txt"));
  EXPECT_EQ(Planview(Plan({"--color=never"}), true), ReadFile(std::string(kDir) + "/plan.txt"));
}

// On a terminal, `tofu show`'s own output passes unchanged: every equivalence case's
// coloured and plain text is its own safe form.
TEST(SafeTerminal, ChangesNothingInTheEquivalenceOutputs) {
  int checked = 0;
  for (const std::string& dir : renderer::testing::ListDirs("testdata/conformance/equivalence")) {
    for (const char* file : {"/plan.txt", "/plan.color.txt", "/state.txt", "/state.color.txt", "/apply.txt",
                             "/apply.color.txt"}) {
      bool ok = false;
      std::string text = ReadFile(dir + file, &ok);
      if (!ok) continue;
      EXPECT_EQ(renderer::SafeTerminal(text), text) << dir << file;
      ++checked;
    }
  }
  EXPECT_GE(checked, 100);
}

}  // namespace
}  // namespace planview::cmd

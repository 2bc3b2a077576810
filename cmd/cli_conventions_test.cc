// `planview` conventions as a program: no FILE reads a piped standard input, a flag that
// does not apply to the document or the format is refused (exit 2, one line and the usual
// hint), binary data that is not a plan file is named as such, and `browse` takes the
// plan on standard input (its keys then come from /dev/tty).
#include <cstdio>
#include <string>
#include <vector>

#include "cmd/planview_cli.h"
#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kCase[] = "testdata/conformance/equivalence/basic_list";

std::string Read(const std::string& path) { return renderer::testing::ReadFile(path); }

std::string Plan() { return std::string(kCase) + "/plan.json"; }
std::string Schemas() { return std::string(kCase) + "/schemas.json"; }
std::string State() { return std::string(kCase) + "/state.json"; }
std::string Log() { return std::string(kCase) + "/apply.jsonl"; }

TEST(CliStdin, NoFileReadsAPipedStandardInput) {
  ProcessResult r = RunPlanview({"--schemas", Schemas()}, Read(Plan()));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, Read(std::string(kCase) + "/plan.txt"));
  ProcessResult empty = RunPlanview({});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err.rfind("planview: <stdin>", 0), 0u) << empty.err;
  EXPECT_EQ(empty.err.find('\n'), empty.err.size() - 1) << empty.err;
}

// From a terminal, no FILE is still a usage error (in-process: the terminal is given).
TEST(CliStdin, NoFileFromATerminalIsAUsageError) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  Terminal terminal;
  terminal.stdin_is_terminal = true;
  EXPECT_EQ(cmd::RunPlanview({}, terminal, out, err), 2);
  std::rewind(err);
  char buf[512] = {};
  size_t n = std::fread(buf, 1, sizeof buf - 1, err);
  EXPECT_EQ(std::string(buf, n),
            "planview: no input file (give a path, or - for standard input)\nRun 'planview --help' for usage.\n");
  std::fclose(out);
  std::fclose(err);
}

struct Refusal {
  std::vector<std::string> args;
  std::string message;
};

// Every flag that does not apply, once where it does not (the table in cmd/flag_scope.cc).
TEST(CliFlags, FlagsThatDoNotApplyAreRefused) {
  const std::vector<Refusal> cases = {
      {{State(), "--format", "markdown"}, "--format markdown does not apply to a state (it is for plans)"},
      {{Log(), "--format", "json"}, "--format json does not apply to a log (it is for plans)"},
      {{Log(), "--summary"}, "--summary does not apply to a log (it is for plans)"},
      {{State(), "--summary-only"}, "--summary-only does not apply to a state (it is for plans)"},
      {{State(), "--action", "destroy"}, "--action does not apply to a state (it is for plans)"},
      {{Log(), "--address", "a.*"}, "--address does not apply to a log (it is for plans)"},
      {{State(), "--hide-reads"}, "--hide-reads does not apply to a state (it is for plans)"},
      {{State(), "--verbose"}, "--verbose does not apply to a state (it is for plans)"},
      {{Log(), "--concise"}, "--concise does not apply to a log (it is for plans)"},
      {{State(), "--drift", "hide"}, "--drift does not apply to a state (it is for plans)"},
      {{Log(), "--mode", "destroy"}, "--mode does not apply to a log (it is for plans)"},
      {{State(), "--quality", "errored"}, "--quality does not apply to a state (it is for plans)"},
      {{Log(), "--schemas", Schemas()}, "--schemas does not apply to a log (it is for plans and states)"},
      {{Plan(), "--format", "markdown", "--show-sensitive"},
       "--show-sensitive does not apply to --format markdown (a comment is public: sensitive values are never shown)"},
      {{Plan(), "--format", "json", "--color", "always"},
       "--color always does not apply to --format json (only text has terminal colours)"},
      {{Plan(), "--format", "html", "--width", "100"}, "--width does not apply to --format html (only text is wrapped)"},
      {{Plan(), "--format", "markdown", "--summary"},
       "--summary does not apply to --format markdown (the other formats always have their summary)"},
      {{Plan(), "--format", "json", "--summary-only"},
       "--summary-only does not apply to --format json (the other formats always have their summary)"},
      {{Plan(), "--format", "json", "--verbose"},
       "--verbose does not apply to --format json (JSON always holds every attribute)"},
      {{Plan(), "--format", "json", "--concise"},
       "--concise does not apply to --format json (JSON always holds every attribute)"},
      {{Plan(), "--max-bytes", "4096"}, "--max-bytes does not apply to --format text (only Markdown has a size budget)"},
  };
  for (const Refusal& c : cases) {
    ProcessResult r = RunPlanview(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.message;
    EXPECT_EQ(r.out, "") << c.message;
    EXPECT_EQ(r.err, "planview: " + c.message + "\nRun 'planview --help' for usage.\n");
  }
}

// Where a flag applies it is honoured, including the ones a format satisfies as it is.
TEST(CliFlags, FlagsThatApplyAreHonoured) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {State(), "--show-sensitive", "--schemas", Schemas()},
           {Log(), "--show-sensitive", "--width", "100"},
           {Plan(), "--format", "html", "--color", "never"},
           {Plan(), "--format", "markdown", "--no-color", "--verbose", "--max-bytes", "4096"},
           {Plan(), "--format", "json", "--show-sensitive", "--drift", "summary", "--action", "destroy"},
           {Plan(), "--mode", "normal", "--quality", "none", "--summary", "--width", "100", "--color", "always"}}) {
    ProcessResult r = RunPlanview(args);
    EXPECT_EQ(r.exit_code, 0) << args[1] << ": " << r.err;
    EXPECT_NE(r.out, "") << args[1];
  }
}

TEST(CliInput, BinaryDataIsNamedNotParsed) {
  std::string gz = WriteTempFile("plan.json.gz", std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10));
  ProcessResult r = RunPlanview({gz});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "planview: " + gz +
                       ": gzip-compressed data, not a plan, state or log: give a saved plan file (tofu plan -out) "
                       "or the JSON of `tofu show -json`\n");
  std::string elf = WriteTempFile("planview.bin", std::string("\x7f" "ELF\x02\x01\x01\x00\x00", 9));
  r = RunPlanview({elf});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "planview: " + elf +
                       ": binary data (a NUL byte at byte 7), not a plan, state or log: give a saved plan file (tofu "
                       "plan -out) or the JSON of `tofu show -json`\n");
}

// A saved plan file on standard input, with no FILE: rendered as from its path.
TEST(CliInput, PlanFileOnStandardInput) {
  const std::string dir = "testdata/planfiles/solo/ARmrCode__gke-infrastructure-tf__root__8ef58fa2";
  ProcessResult from_path = RunPlanview({dir + "/plan.bin"});
  ASSERT_EQ(from_path.exit_code, 0) << from_path.err;
  ProcessResult piped = RunPlanview({}, Read(dir + "/plan.bin"));
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, from_path.out);
}

TEST(CliBrowse, StandardInputAndFlagsForThePlainViewer) {
  // The plan on standard input and no terminal for the keys (the test has none).
  ProcessResult r = RunPlanview({"browse"}, Read(Plan()));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "planview: browse: the plan came on standard input and there is no terminal (/dev/tty) for the "
                   "keys\n");
  ProcessResult width = RunPlanview({"browse", Plan(), "--width", "90"});
  EXPECT_EQ(width.exit_code, 2);
  EXPECT_EQ(width.err,
            "planview: browse: --width is for the plain viewer, not browse (browse has keys for its filters)\nRun "
            "'planview browse --help' for usage.\n");
}

}  // namespace
}  // namespace planview::cmd

// Runs a program and captures what it prints: for tests that drive the real `planview`
// binary.
#ifndef PLANVIEW_CMD_TESTING_RUN_PROCESS_H_
#define PLANVIEW_CMD_TESTING_RUN_PROCESS_H_

#include <map>
#include <string>
#include <vector>

namespace planview::cmd::testing {

struct ProcessResult {
  int exit_code = -1;  // -1 when it did not exit normally
  std::string out;
  std::string err;
};

// Runs `program` with `args`, feeding `input` on standard input. `env` entries are added
// to (or replace) the test's environment.
ProcessResult RunProcess(const std::string& program, const std::vector<std::string>& args,
                         const std::string& input = "", const std::map<std::string, std::string>& env = {});

// Runs the `planview` binary in the test's runfiles (the test depends on //cmd:planview).
ProcessResult RunPlanview(const std::vector<std::string>& args, const std::string& input = "",
                          const std::map<std::string, std::string>& env = {});

// A fresh file under the test's temporary directory holding `content`.
std::string WriteTempFile(const std::string& name, const std::string& content);

}  // namespace planview::cmd::testing

#endif  // PLANVIEW_CMD_TESTING_RUN_PROCESS_H_

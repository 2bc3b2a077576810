// planview-wire: the `planview wire` subcommand as its own program (for tests and tools).
#include <cstdio>
#include <string>
#include <vector>

#include "base/executor.h"
#include "cmd/wire/wire_command.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  planview::base::Executor executor;
  return planview::cmd::RunWireCommand(args, stdout, stderr, &executor);
}

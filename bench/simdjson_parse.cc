// simdjson_parse: the parse floor of issue #21. Loads one JSON file into a padded buffer
// and parses it into simdjson's DOM (the tape of every value) with one reused parser,
// the way a fast general-purpose JSON library reads a plan; planview's whole run is
// measured against this number by bench/perf_bench.sh.
//
//   simdjson_parse FILE [--repeat N]
//
// Prints one line of key=value pairs:
//
//   load_s    reading the file (padded_string::load)
//   cold_s    the first parse (the parser allocates its tape and string buffers)
//   warm_s    the median of the next N parses with the same parser (default 3)
//   cpu_s     the process's CPU time for everything above
//   bytes     the file's size
//   impl      simdjson's kernel: the CPU's best (icelake: AVX-512, haswell: AVX2, ...) unless
//             the environment variable SIMDJSON_FORCE_IMPLEMENTATION names another
//
// Exit status 1 with one line on stderr if the file cannot be read or is not valid JSON.
// Linked with Debian's libsimdjson, in this benchmark only: planview does not use it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include <simdjson.h>

namespace {

double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int Usage() {
  std::fputs("usage: simdjson_parse FILE [--repeat N]\n", stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const char* path = nullptr;
  int repeat = 3;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--repeat" && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
      if (repeat < 1) return Usage();
    } else if (path == nullptr && !arg.empty() && arg[0] != '-') {
      path = argv[i];
    } else {
      return Usage();
    }
  }
  if (path == nullptr) return Usage();

  auto start = std::chrono::steady_clock::now();
  simdjson::padded_string text;
  if (auto error = simdjson::padded_string::load(path).get(text); error) {
    std::fprintf(stderr, "simdjson_parse: %s: %s\n", path, simdjson::error_message(error));
    return 1;
  }
  double load_s = SecondsSince(start);

  simdjson::dom::parser parser;
  // One parse: the DOM is built and then only its root's type is read, so the
  // compiler cannot drop the work.
  auto parse_once = [&](double& seconds) {
    auto t0 = std::chrono::steady_clock::now();
    simdjson::dom::element root;
    auto error = parser.parse(text).get(root);
    seconds = SecondsSince(t0);
    if (error) {
      std::fprintf(stderr, "simdjson_parse: %s: %s\n", path, simdjson::error_message(error));
      std::exit(1);
    }
    return root.type();
  };

  double cold_s = 0;
  parse_once(cold_s);
  std::vector<double> warm(static_cast<size_t>(repeat));
  for (double& seconds : warm) parse_once(seconds);
  std::sort(warm.begin(), warm.end());

  std::printf("load_s=%.4f cold_s=%.4f warm_s=%.4f cpu_s=%.4f bytes=%zu impl=%s\n", load_s, cold_s,
              warm[warm.size() / 2], CpuSeconds(), text.size(),
              simdjson::get_active_implementation()->name().c_str());
  return 0;
}

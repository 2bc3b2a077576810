// The catalogue of bad inputs (testdata/bad/cases.txt): each case runs the real planview
// binary on malformed or mismatched input and checks its exit status and the exact first
// line of its standard error, so that every bad input gets a clear message naming the
// file and the place in it, and never a crash, a hang or silently wrong output.
//
// cases.txt holds one block per case, blank lines between (see its header for the
// directives). Input files are the files of testdata/bad/ and files the case makes: a
// prefix of another file, bytes given in hex, or large inputs built by the generators
// below (a million elements, 100,000 levels of nesting, ...) so that they need not be
// stored. Each case runs in a directory of its own holding those files, so messages name
// them as written in the case.
#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

constexpr char kCatalogueDir[] = "testdata/bad";
constexpr char kPlanview[] = "cmd/planview";
// Longer than any case takes under the sanitizers; a case that runs out is a hang.
constexpr int kTimeoutSeconds = 240;

struct MadeFile {
  std::string name;
  std::string how;                // "cut", "hex" or "gen"
  std::vector<std::string> args;  // cut: SOURCE BYTES; hex: HEX...; gen: GENERATOR ARGS...
};

struct Case {
  std::string name;
  int line = 0;  // in cases.txt
  std::vector<MadeFile> made;
  std::vector<std::string> args;
  std::string stdin_file;
  std::string stdout_to;  // "": a file read back; "/dev/full" or "closed"
  int exit_code = -1;
  std::optional<std::string> first_stderr_line;  // "" for none
  std::vector<std::string> stdout_has;
  std::vector<std::string> stdout_lacks;
  long max_rss_mb = 0;  // 0: not checked
  double max_cpu_seconds = 0;  // 0: not checked
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Splits a `run` line into arguments: words separated by spaces, single quotes group.
std::vector<std::string> SplitArgs(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  bool quoted = false;
  bool have = false;
  for (char c : text) {
    if (c == '\'') {
      quoted = !quoted;
      have = true;
    } else if (c == ' ' && !quoted) {
      if (have) out.push_back(current);
      current.clear();
      have = false;
    } else {
      current += c;
      have = true;
    }
  }
  if (have) out.push_back(current);
  return out;
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

std::vector<Case> LoadCases(const std::string& text, std::string& error) {
  std::vector<Case> cases;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    size_t space = line.find(' ');
    std::string word = line.substr(0, space);
    std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
    if (word == "case") {
      Case c;
      c.name = rest;
      c.line = number;
      cases.push_back(std::move(c));
      continue;
    }
    if (cases.empty()) {
      error = fmt::format("cases.txt:{}: directive before the first case", number);
      return {};
    }
    Case& c = cases.back();
    if (word == "why") {
      // documentation only
    } else if (word == "make") {
      std::vector<std::string> w = Words(rest);
      if (w.size() < 2) {
        error = fmt::format("cases.txt:{}: make NAME cut|hex|gen ...", number);
        return {};
      }
      c.made.push_back({w[0], w[1], std::vector<std::string>(w.begin() + 2, w.end())});
    } else if (word == "run") {
      c.args = SplitArgs(rest);
    } else if (word == "stdin") {
      c.stdin_file = rest;
    } else if (word == "stdout-to") {
      if (rest != "/dev/full" && rest != "closed") {
        error = fmt::format("cases.txt:{}: stdout-to /dev/full|closed", number);
        return {};
      }
      c.stdout_to = rest;
    } else if (word == "exit") {
      c.exit_code = std::stoi(rest);
    } else if (word == "stderr") {
      c.first_stderr_line = rest;
    } else if (word == "stderr-empty") {
      c.first_stderr_line = "";
    } else if (word == "stdout-has") {
      c.stdout_has.push_back(rest);
    } else if (word == "stdout-lacks") {
      c.stdout_lacks.push_back(rest);
    } else if (word == "max-rss-mb") {
      c.max_rss_mb = std::stol(rest);
    } else if (word == "max-cpu-seconds") {
      c.max_cpu_seconds = std::stod(rest);
    } else {
      error = fmt::format("cases.txt:{}: unknown directive \"{}\"", number, word);
      return {};
    }
  }
  return cases;
}

// ---- Generators: large inputs built at run time. ----

// A plan with one resource being created; `after` is the JSON text of its value.
std::string OneResourcePlan(const std::string& after) {
  return R"({"format_version":"1.2","resource_changes":[{"address":"test_instance.big","mode":"managed",)"
         R"("type":"test_instance","name":"big","provider_name":"registry.opentofu.org/hashicorp/test",)"
         R"("change":{"actions":["create"],"before":null,"after":)" +
         after + R"(,"after_unknown":{},"before_sensitive":false,"after_sensitive":{}}}]})";
}

std::string Nested(size_t depth, const std::string& open, const std::string& inner, const std::string& close) {
  std::string out;
  out.reserve(depth * (open.size() + close.size()) + inner.size());
  for (size_t i = 0; i < depth; ++i) out += open;
  out += inner;
  for (size_t i = 0; i < depth; ++i) out += close;
  return out;
}

// `ports`: a list of `n` numbers.
std::string ArrayPlan(size_t n) {
  std::string list = "[";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) list += ',';
    list += std::to_string(i);
  }
  list += ']';
  return OneResourcePlan(R"({"id":"big","ports":)" + list + "}");
}

// `tags`: a map of `n` distinct keys, or of one key given `n` times (the last one counts).
std::string KeysPlan(size_t n, bool duplicate) {
  std::string map = "{";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) map += ',';
    map += fmt::format(R"("k{}":"v{}")", duplicate ? 0 : i, i);
  }
  map += '}';
  return OneResourcePlan(R"({"id":"big","tags":)" + map + "}");
}

// `n` resources, each one being updated.
std::string ManyResourcesPlan(size_t n) {
  std::string out = R"({"format_version":"1.2","resource_changes":[)";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    out += fmt::format(
        R"({{"address":"test_instance.r{0}","mode":"managed","type":"test_instance","name":"r{0}",)"
        R"("provider_name":"registry.opentofu.org/hashicorp/test","change":{{"actions":["update"],)"
        R"("before":{{"id":"i-{0}","ami":"ami-old","tags":{{"Name":"r{0}","team":"web"}},"ports":[80,443]}},)"
        R"("after":{{"id":"i-{0}","ami":"ami-new","tags":{{"Name":"r{0}","team":"web"}},"ports":[80,443,8080]}},)"
        R"("after_unknown":{{}},"before_sensitive":{{}},"after_sensitive":{{}}}}}})",
        i);
  }
  return out + "]}";
}

// `n` paths: [KEY, i] for each i, or [KEY, "k<i>"] with `keys`.
std::string PathsInto(const std::string& key, size_t n, bool keys) {
  std::string out = "[";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    out += keys ? fmt::format(R"(["{}","k{}"])", key, i) : fmt::format(R"(["{}",{}])", key, i);
  }
  return out + "]";
}

// test_instance.big replaced because of a replace path into each of the `n` elements of
// `ports` (or, with `map`, each of the `n` keys of `tags`), one of which changes.
std::string ReplacePathsPlan(size_t n, bool map) {
  auto side = [&](bool after) {
    std::string value = map ? "{" : "[";
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) value += ',';
      bool changed = after && i == n / 2;
      value += map ? fmt::format(R"("k{}":"{}")", i, changed ? "changed" : "v") : std::to_string(changed ? 0 : i + 1);
    }
    value += map ? "}" : "]";
    return fmt::format(R"({{"id":"big","{}":{}}})", map ? "tags" : "ports", value);
  };
  return R"({"format_version":"1.2","resource_changes":[{"address":"test_instance.big","mode":"managed",)"
         R"("type":"test_instance","name":"big","provider_name":"registry.opentofu.org/hashicorp/test",)"
         R"("change":{"actions":["delete","create"],"before":)" +
         side(false) + R"(,"after":)" + side(true) +
         R"(,"after_unknown":{},"before_sensitive":{},"after_sensitive":{},"replace_paths":)" +
         PathsInto(map ? "tags" : "ports", n, map) + "}}]}";
}

// `n` drifted resources and `n` relevant attributes: each naming its own resource, or
// (`any`) naming none, so that every attribute applies to every drifted resource.
std::string DriftPlan(size_t n, bool any) {
  std::string drift;
  std::string relevant;
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) drift += ',', relevant += ',';
    drift += fmt::format(
        R"({{"address":"test_instance.d{0}","mode":"managed","type":"test_instance","name":"d{0}",)"
        R"("provider_name":"registry.opentofu.org/hashicorp/test","change":{{"actions":["update"],)"
        R"("before":{{"id":"i-{0}","ami":"ami-old"}},"after":{{"id":"i-{0}","ami":"ami-new"}},)"
        R"("after_unknown":{{}},"before_sensitive":{{}},"after_sensitive":{{}}}}}})",
        i);
    relevant += fmt::format(R"({{"resource":"{}","attribute":["ami"]}})", any ? "" : fmt::format("test_instance.d{}", i));
  }
  return R"({"format_version":"1.2","resource_drift":[)" + drift +
         R"(],"resource_changes":[{"address":"test_instance.web","mode":"managed","type":"test_instance","name":"web",)"
         R"("provider_name":"registry.opentofu.org/hashicorp/test","change":{"actions":["update"],)"
         R"("before":{"id":"i-1","ami":"a"},"after":{"id":"i-1","ami":"b"},"after_unknown":{},)"
         R"("before_sensitive":{},"after_sensitive":{}}}],"relevant_attributes":[)" +
         relevant + "]}";
}

// A log of two messages, the second nested `depth` levels deep.
std::string DeepLog(size_t depth) {
  return "{\"@level\":\"info\",\"@message\":\"start\",\"type\":\"version\",\"tofu\":\"1.9.0\",\"ui\":\"1.2\"}\n"
         "{\"@level\":\"info\",\"@message\":\"Outputs: 1\",\"type\":\"outputs\",\"outputs\":{\"o\":{\"value\":" +
         Nested(depth, "[", "", "]") + "}}}\n";
}

// A refined unknown string (ext 12) whose refinements carry an unknown key holding
// `depth` nested one-element arrays.
std::string DeepRefinement(size_t depth) {
  std::string payload = "\x82\x01\xc2\x63";  // {1: false, 99: ...}
  payload += std::string(depth, '\x91');
  payload += '\x00';
  std::string out = "\xc8";
  out += static_cast<char>(payload.size() >> 8);
  out += static_cast<char>(payload.size() & 0xff);
  out += '\x0c';
  return out + payload;
}

std::string Unhex(const std::vector<std::string>& parts) {
  std::string hex;
  for (const std::string& p : parts) hex += p;
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

bool Generate(const MadeFile& made, const fs::path& dir, std::string& bytes, std::string& error) {
  const std::vector<std::string>& a = made.args;
  auto number = [&](size_t i) -> size_t { return i < a.size() ? std::stoull(a[i]) : 0; };
  if (made.how == "cut") {
    if (a.size() != 2) {
      error = "cut SOURCE BYTES";
      return false;
    }
    std::string source = ReadFile(dir / a[0]);
    bytes = source.substr(0, std::min<size_t>(number(1), source.size()));
    return true;
  }
  if (made.how == "hex") {
    bytes = Unhex(a);
    return true;
  }
  if (made.how != "gen" || a.empty()) {
    error = "make NAME cut|hex|gen ...";
    return false;
  }
  const std::string& g = a[0];
  if (g == "array_plan") {
    bytes = ArrayPlan(number(1));
  } else if (g == "keys_plan") {
    bytes = KeysPlan(number(1), false);
  } else if (g == "duplicate_keys_plan") {
    bytes = KeysPlan(number(1), true);
  } else if (g == "many_resources_plan") {
    bytes = ManyResourcesPlan(number(1));
  } else if (g == "deep_plan") {
    bytes = OneResourcePlan(R"({"id":"deep","ports":)" + Nested(number(1), "[", "", "]") + "}");
  } else if (g == "deep_object_plan") {
    bytes = OneResourcePlan(R"({"id":"deep","tags":)" + Nested(number(1), R"({"a":)", "1", "}") + "}");
  } else if (g == "deep_schemas") {
    bytes = R"({"format_version":"1.0","provider_schemas":)" + Nested(number(1), R"({"p":)", "{}", "}") + "}";
  } else if (g == "deep_log") {
    bytes = DeepLog(number(1));
  } else if (g == "deep_refinement") {
    bytes = DeepRefinement(number(1));
  } else if (g == "replace_paths_list_plan") {
    bytes = ReplacePathsPlan(number(1), false);
  } else if (g == "replace_paths_map_plan") {
    bytes = ReplacePathsPlan(number(1), true);
  } else if (g == "drift_plan") {
    bytes = DriftPlan(number(1), false);
  } else if (g == "drift_any_plan") {
    bytes = DriftPlan(number(1), true);
  } else if (g == "long_string_plan") {
    bytes = OneResourcePlan(R"({"id":"long","ami":")" + std::string(number(1), 'x') + "\"}");
  } else {
    error = "unknown generator " + g;
    return false;
  }
  return true;
}

// ---- Running the binary. ----

struct Outcome {
  int exit_code = -1;     // -1: killed by a signal
  int signal = 0;
  bool timed_out = false;
  std::string out;
  std::string err;
  long max_rss_kb = 0;
  double seconds = 0;
  double cpu_seconds = 0;  // user + system
};

Outcome Run(const std::string& program, const std::vector<std::string>& args, const fs::path& dir,
            const std::string& stdin_file, const std::string& stdout_to) {
  Outcome outcome;
  fs::path out_path = dir / ".stdout";
  fs::path err_path = dir / ".stderr";
  std::vector<std::string> argv_strings = {program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  // A child's peak RSS starts at this process's size (fork shares its pages, and the peak
  // survives exec): give back what earlier cases' outputs left behind.
  malloc_trim(0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.c_str()) != 0) _exit(126);
    int in = open(stdin_file.empty() ? "/dev/null" : stdin_file.c_str(), O_RDONLY);
    int out = open(stdout_to == "/dev/full" ? "/dev/full" : out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) _exit(126);
    dup2(in, STDIN_FILENO);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    close(in);
    close(out);
    close(err);
    if (stdout_to == "closed") close(STDOUT_FILENO);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  if (pid < 0) return outcome;
  int status = 0;
  struct rusage usage {};
  while (true) {
    pid_t done = wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(kTimeoutSeconds)) {
      kill(pid, SIGKILL);
      wait4(pid, &status, 0, &usage);
      outcome.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome.max_rss_kb = usage.ru_maxrss;
  auto as_seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  outcome.cpu_seconds = as_seconds(usage.ru_utime) + as_seconds(usage.ru_stime);
  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  outcome.out = stdout_to.empty() ? ReadFile(out_path) : "";
  outcome.err = ReadFile(err_path);
  return outcome;
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

bool UnderSanitizers() { return std::getenv("ASAN_OPTIONS") != nullptr; }

// What a case printed, for BAD_INPUTS_REWRITE.
struct Actual {
  int exit_code = -1;
  std::string first_stderr_line;
};

// cases.txt with every case's exit and stderr lines replaced by what it printed.
std::string Rewrite(const std::string& text, const std::map<std::string, Actual>& actual) {
  std::istringstream lines(text);
  std::string line;
  std::string out;
  const Actual* current = nullptr;
  while (std::getline(lines, line)) {
    if (line.rfind("case ", 0) == 0) {
      auto it = actual.find(line.substr(5));
      current = it == actual.end() ? nullptr : &it->second;
    } else if (current != nullptr && line.rfind("exit ", 0) == 0) {
      line = fmt::format("exit {}", current->exit_code);
    } else if (current != nullptr && (line.rfind("stderr ", 0) == 0 || line == "stderr-empty")) {
      line = current->first_stderr_line.empty() ? "stderr-empty" : "stderr " + current->first_stderr_line;
    }
    out += line + '\n';
  }
  return out;
}

void RunCase(const Case& c, const fs::path& catalogue, const std::string& program, const fs::path& work,
             std::map<std::string, Actual>& actual) {
  SCOPED_TRACE(fmt::format("case {} (cases.txt:{})", c.name, c.line));
  fs::path dir = work / c.name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& entry : fs::directory_iterator(catalogue)) {
    if (entry.is_regular_file()) fs::create_symlink(fs::absolute(entry.path()), dir / entry.path().filename());
  }
  for (const MadeFile& made : c.made) {
    std::string bytes;
    std::string error;
    ASSERT_TRUE(Generate(made, dir, bytes, error)) << error;
    fs::remove(dir / made.name);
    std::ofstream(dir / made.name, std::ios::binary) << bytes;
  }
  ASSERT_FALSE(c.args.empty()) << "no run line";
  ASSERT_GE(c.exit_code, 0) << "no exit line";
  ASSERT_TRUE(c.first_stderr_line.has_value()) << "no stderr line";

  Outcome got = Run(program, c.args, dir, c.stdin_file, c.stdout_to);
  actual[c.name] = {got.exit_code, FirstLine(got.err)};
  std::printf("%-36s exit %d  %6.2f s  %7ld MB  %s\n", c.name.c_str(), got.exit_code, got.seconds,
              got.max_rss_kb / 1024, FirstLine(got.err).substr(0, 80).c_str());
  ASSERT_FALSE(got.timed_out) << "hung: killed after " << kTimeoutSeconds << " s";
  ASSERT_EQ(got.signal, 0) << "killed by signal " << got.signal << "; stderr:\n" << got.err.substr(0, 4000);
  EXPECT_EQ(got.exit_code, c.exit_code) << "stderr:\n" << got.err.substr(0, 4000);
  EXPECT_EQ(FirstLine(got.err), *c.first_stderr_line);
  for (const std::string& text : c.stdout_has) {
    EXPECT_NE(got.out.find(text), std::string::npos) << "stdout lacks: " << text;
  }
  for (const std::string& text : c.stdout_lacks) {
    EXPECT_EQ(got.out.find(text), std::string::npos) << "stdout has: " << text;
  }
  // Sanitizers multiply memory use; the limit is for the plain build.
  if (c.max_rss_mb > 0 && !UnderSanitizers()) {
    EXPECT_LE(got.max_rss_kb / 1024, c.max_rss_mb) << "peak RSS over the limit";
  }
  // CPU time, not wall time: the limit is about the work done, not the machine's load.
  if (c.max_cpu_seconds > 0 && !UnderSanitizers()) {
    EXPECT_LE(got.cpu_seconds, c.max_cpu_seconds) << "CPU time over the limit";
  }
  fs::remove_all(dir);
}

TEST(BadInputs, Catalogue) {
  const fs::path catalogue = kCatalogueDir;
  std::string error;
  std::vector<Case> cases = LoadCases(ReadFile(catalogue / "cases.txt"), error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_GE(cases.size(), 40u);
  std::map<std::string, int> seen;
  for (const Case& c : cases) EXPECT_EQ(seen[c.name]++, 0) << "duplicate case name " << c.name;

  const std::string program = fs::absolute(kPlanview).string();
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path work = fs::path(tmp != nullptr ? tmp : "/tmp") / "bad_inputs";
  std::map<std::string, Actual> actual;
  for (const Case& c : cases) RunCase(c, catalogue, program, work, actual);
  std::printf("bad inputs: %zu cases\n", cases.size());
  // To review new or changed messages: BAD_INPUTS_REWRITE=FILE writes cases.txt as the
  // binary behaves now (then diff it against cases.txt and judge every change).
  if (const char* rewrite = std::getenv("BAD_INPUTS_REWRITE")) {
    std::ofstream(rewrite, std::ios::binary) << Rewrite(ReadFile(catalogue / "cases.txt"), actual);
  }
}

}  // namespace

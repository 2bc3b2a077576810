// The C API (planview.h): a thin facade over the `planview` command line's own run
// (cmd::RunPlanview), with the input and schemas handed over in memory and its standard
// output and error captured in memory streams. Nothing thrown gets past a function here.
#include "capi/planview.h"

#include <sys/types.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "base/executor.h"
#include "capi/internal/output_memory.h"
#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/exit_status.h"
#include "cmd/planview_cli.h"
#include "cmd/terminal.h"
#include "cmd/version.h"
#include "renderer/plan_renderer.h"
#include "structured/action.h"
#include "structured/internal/kernels/kernel.h"

struct planview_change {
  std::string address;
  std::string previous_address;
  std::string action;
  std::string action_reason;
  std::string deposed;
  std::string diff;
};

struct planview_result {
  int status = planview::cmd::kExitBadInput;
  // Blocks of output memory (capi/internal/output_memory.h) of *_capacity bytes owned by
  // the result (the memory streams'), or (*_capacity 0) null or kNoMemory or kInternal.
  char* output = nullptr;
  size_t output_len = 0;
  size_t output_capacity = 0;
  char* messages = nullptr;
  size_t messages_len = 0;
  size_t messages_capacity = 0;
  std::vector<planview_change> changes;

  ~planview_result() { Release(); }
  void Release() noexcept;
  // Drops everything and says only that memory ran out (allocates nothing).
  void OutOfMemory() noexcept;
};

namespace planview::capi {
namespace {

char kEmpty[] = "";
char kNoMemory[] = "planview: out of memory\n";
char kInternal[] = "planview: internal error (an exception escaped the renderer)\n";

// Environment variable `name` is set to a non-empty value (cmd/terminal.cc reads it so).
bool EnvSet(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

// A FILE writing into one block of output memory (internal/output_memory.h), and where its
// bytes end up. Unbuffered: each write is copied once, straight into the block (through a
// FILE buffer it would be copied twice). Not open_memstream: glibc's grows by malloc, copy
// and memset at every doubling, which cost a 100 MB plan's render through the API a tenth
// more than the CLI's.
class MemoryStream {
 public:
  explicit MemoryStream(size_t reserve) : reserve_(reserve) {
    cookie_io_functions_t io{};
    io.write = &MemoryStream::Write;
    file_ = fopencookie(this, "w", io);
    if (file_ != nullptr) std::setvbuf(file_, nullptr, _IONBF, 0);
  }
  ~MemoryStream() {
    if (file_ != nullptr) std::fclose(file_);
    internal::FreeOutputMemory(data_, capacity_);
  }
  MemoryStream(const MemoryStream&) = delete;
  MemoryStream& operator=(const MemoryStream&) = delete;

  std::FILE* file() const { return file_; }
  // Closes the stream and hands over its bytes (NUL terminated) and their block
  // (`capacity` bytes, for FreeOutputMemory), or false when writing or closing failed
  // (out of memory).
  bool Take(char*& data, size_t& size, size_t& capacity) {
    bool ok = file_ != nullptr && !std::ferror(file_);
    if (file_ != nullptr && std::fclose(file_) != 0) ok = false;
    file_ = nullptr;
    if (!ok || failed_ || !Reserve(size_ + 1)) return false;
    data_[size_] = '\0';
    data = data_;
    size = size_;
    capacity = capacity_;
    data_ = nullptr;
    capacity_ = 0;
    return true;
  }

 private:
  static ssize_t Write(void* cookie, const char* bytes, size_t n) {
    auto* self = static_cast<MemoryStream*>(cookie);
    if (n > SIZE_MAX - 1 - self->size_ || !self->Reserve(self->size_ + n)) {
      self->failed_ = true;
      errno = ENOMEM;
      return -1;
    }
    std::memcpy(self->data_ + self->size_, bytes, n);
    self->size_ += n;
    return static_cast<ssize_t>(n);
  }
  // Room for `size` bytes.
  bool Reserve(size_t size) { return internal::GrowOutputMemory(data_, capacity_, size, reserve_); }

  const size_t reserve_;
  char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
  bool failed_ = false;
  std::FILE* file_ = nullptr;
};

// The call's arguments, checked: a usage error (one line, no "planview: ") or "".
std::string CheckCall(const void* input, size_t input_len, const void* schemas, size_t schemas_len,
                      const char* const* args, size_t nargs, std::vector<std::string>& argv) {
  if (input == nullptr && input_len > 0) return fmt::format("input is NULL but input_len is {}", input_len);
  if (schemas == nullptr && schemas_len > 0) return fmt::format("schemas is NULL but schemas_len is {}", schemas_len);
  if (args == nullptr && nargs > 0) return fmt::format("args is NULL but nargs is {}", nargs);
  for (size_t i = 0; i < nargs; ++i) {
    if (args[i] == nullptr) return fmt::format("args[{}] is NULL", i);
    argv.emplace_back(args[i]);
  }
  // The CLI's own checks come first (its messages); then what only a file could give.
  base::Expected<cmd::CliArgs> cli = cmd::ParseCliArgs(argv, /*stdin_is_terminal=*/false);
  if (!cli || cli->help || cli->version) return "";
  if (cli->file != "-") {
    return fmt::format("{}: the library reads no files: the input is the bytes given to planview_render",
                       cmd::ForMessage(cli->file));
  }
  if (cli->schemas_file) return "--schemas: the library reads no files: give the schemas' bytes to planview_render";
  if (cli->split_dir) return "--split writes files, which the library does not: render without it";
  return "";
}

// The plan's resource changes, each with its diff as the text shows it.
void CollectChanges(const renderer::PlanContext& plan, std::vector<planview_change>& out) {
  const std::vector<renderer::ResourceChange>& changes = plan.changes.Changes();
  out.resize(changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    const renderer::ResourceChange& from = changes[i];
    planview_change& to = out[i];
    to.address = from.address;
    if (from.Moved()) to.previous_address = from.previous_address;
    to.action = InfoOf(from.action).slug;
    to.action_reason = from.action_reason;
    to.deposed = from.deposed;
  }
  std::vector<size_t> order(changes.size());
  std::iota(order.begin(), order.end(), size_t{0});
  const renderer::Options& options = plan.options;
  plan.changes.Render(
      order,
      [&options](const renderer::ResourceDiff& diff, std::string& text) {
        text = renderer::RenderResourceDiff(diff, renderer::ChangeCause::kProposed, options);
      },
      [&out](size_t index, std::string_view text) { out[index].diff = text; });
}

// One call of the CLI, on the executor's large-stack thread; throws only std::bad_alloc
// or what the renderer throws, which the caller turns into a status.
void Run(const void* input, size_t input_len, const void* schemas, size_t schemas_len, const char* const* args,
         size_t nargs, bool with_changes, planview_result& result) {
  // The output's room: the input's size where reserving it costs no memory (a plan's text
  // is a fraction of its JSON; more grows the block: internal/output_memory.h).
  MemoryStream out(std::max<size_t>(input_len, size_t{1} << 16)), err(size_t{1} << 16);
  if (out.file() == nullptr || err.file() == nullptr) throw std::bad_alloc();
  std::vector<std::string> argv;
  if (std::string kernel = structured::internal::KernelOverrideError(); !kernel.empty()) {
    cmd::Error(err.file(), kernel);  // as the binary says it at start-up
    result.status = cmd::kExitUsage;
  } else if (std::string misuse = CheckCall(input, input_len, schemas, schemas_len, args, nargs, argv);
             !misuse.empty()) {
    result.status = cmd::ReportUsageError(err.file(), misuse, "");
  } else {
    cmd::Terminal terminal;  // standard output is not a terminal; the input is not one either
    terminal.stdin_is_terminal = false;
    terminal.no_color = EnvSet("NO_COLOR");
    terminal.in_automation = EnvSet("TF_IN_AUTOMATION");
    cmd::EmbeddedInput embedded;
    if (input_len > 0) embedded.standard_input = std::string_view(static_cast<const char*>(input), input_len);
    if (schemas != nullptr) embedded.schemas = std::string_view(static_cast<const char*>(schemas), schemas_len);
    if (with_changes) {
      embedded.plan_context_observer = [&result](const renderer::PlanContext& plan) {
        CollectChanges(plan, result.changes);
      };
    }
    base::Executor executor;
    std::exception_ptr thrown;
    result.status = executor.RunOnLargeStack([&] {
      try {
        return cmd::RunPlanview(argv, terminal, out.file(), err.file(), &executor, &embedded);
      } catch (...) {
        thrown = std::current_exception();
        return int{cmd::kExitBadInput};
      }
    });
    if (thrown) std::rethrow_exception(thrown);
    // A document that failed part way has no changes to walk.
    if (result.status != 0 && result.status != cmd::kExitGate) result.changes.clear();
  }
  if (!out.Take(result.output, result.output_len, result.output_capacity) ||
      !err.Take(result.messages, result.messages_len, result.messages_capacity)) {
    throw std::bad_alloc();
  }
}

planview_result* Render(const void* input, size_t input_len, const void* schemas, size_t schemas_len,
                        const char* const* args, size_t nargs, bool with_changes) noexcept {
  planview_result* result = new (std::nothrow) planview_result;
  if (result == nullptr) return nullptr;
  try {
    Run(input, input_len, schemas, schemas_len, args, nargs, with_changes, *result);
  } catch (const std::bad_alloc&) {
    result->OutOfMemory();
  } catch (...) {
    result->OutOfMemory();
    result->messages = kInternal;
    result->messages_len = sizeof kInternal - 1;
  }
  return result;
}

const char* Bytes(const char* data, size_t size, size_t* len) {
  if (len != nullptr) *len = data == nullptr ? 0 : size;
  return data == nullptr ? kEmpty : data;
}

const char* Text(const planview_change* c, std::string planview_change::*field, size_t* len) {
  if (c == nullptr) return Bytes(nullptr, 0, len);
  const std::string& text = c->*field;
  return Bytes(text.c_str(), text.size(), len);
}

}  // namespace
}  // namespace planview::capi

void planview_result::Release() noexcept {
  if (output_capacity != 0) planview::capi::internal::FreeOutputMemory(output, output_capacity);
  if (messages_capacity != 0) planview::capi::internal::FreeOutputMemory(messages, messages_capacity);
  output = messages = nullptr;
  output_len = messages_len = output_capacity = messages_capacity = 0;
  std::vector<planview_change>().swap(changes);
}

void planview_result::OutOfMemory() noexcept {
  Release();
  status = planview::cmd::kExitBadInput;
  messages = planview::capi::kNoMemory;
  messages_len = sizeof planview::capi::kNoMemory - 1;
}

extern "C" {

const char* planview_version(void) { return planview::cmd::kVersion; }

int planview_api_version(void) { return PLANVIEW_API_VERSION; }

planview_result* planview_render(const void* input, size_t input_len, const void* schemas, size_t schemas_len,
                                 const char* const* args, size_t nargs) {
  return planview::capi::Render(input, input_len, schemas, schemas_len, args, nargs, false);
}

planview_result* planview_render_changes(const void* input, size_t input_len, const void* schemas,
                                         size_t schemas_len, const char* const* args, size_t nargs) {
  return planview::capi::Render(input, input_len, schemas, schemas_len, args, nargs, true);
}

int planview_result_status(const planview_result* r) {
  return r == nullptr ? planview::cmd::kExitBadInput : r->status;
}

const char* planview_result_output(const planview_result* r, size_t* len) {
  return r == nullptr ? planview::capi::Bytes(nullptr, 0, len) : planview::capi::Bytes(r->output, r->output_len, len);
}

const char* planview_result_messages(const planview_result* r, size_t* len) {
  if (r == nullptr) {
    return planview::capi::Bytes(planview::capi::kNoMemory, sizeof planview::capi::kNoMemory - 1, len);
  }
  return planview::capi::Bytes(r->messages, r->messages_len, len);
}

void planview_result_free(planview_result* r) { delete r; }

size_t planview_result_change_count(const planview_result* r) { return r == nullptr ? 0 : r->changes.size(); }

const planview_change* planview_result_change(const planview_result* r, size_t index) {
  return r == nullptr || index >= r->changes.size() ? nullptr : &r->changes[index];
}

const char* planview_change_address(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::address, len);
}

const char* planview_change_previous_address(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::previous_address, len);
}

const char* planview_change_action(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::action, len);
}

const char* planview_change_action_reason(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::action_reason, len);
}

const char* planview_change_deposed(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::deposed, len);
}

const char* planview_change_diff(const planview_change* c, size_t* len) {
  return planview::capi::Text(c, &planview_change::diff, len);
}

}  // extern "C"

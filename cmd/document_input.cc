#include "cmd/document_input.h"

#include <fmt/format.h>

#include "cmd/console.h"
#include "cmd/plan_file_input.h"
#include "planfile/plan_file.h"
#include "structured/read_input.h"

namespace planview::cmd {

namespace {

// A NUL byte this early means binary data; one later, after text, is left to the JSON
// parser, which names its line and column.
constexpr size_t kBinaryWindow = 512;

}  // namespace

std::string BinaryDataKind(std::string_view text) {
  if (text.size() >= 2 && text[0] == '\x1f' && text[1] == '\x8b') return "gzip-compressed data";
  size_t nul = text.substr(0, kBinaryWindow).find('\0');
  if (nul != std::string_view::npos) return fmt::format("binary data (a NUL byte at byte {})", nul);
  return "";
}

bool ReadDocumentInput(const std::string& file, std::string_view file_name, uint64_t max_bytes,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor,
                       std::shared_ptr<const structured::Document>* plan_document,
                       std::optional<std::string_view> standard_input) {
  base::Expected<structured::InputText> read = structured::ReadInputText(
      file, {.max_bytes = max_bytes, .name = file_name, .executor = executor, .standard_input = standard_input});
  if (!read) {
    Error(err, read.error().message);
    return false;
  }
  text = std::move(*read);
  if (planfile::LooksLikeZip(text.view())) {
    // The archive is read where it is (a big file stays mapped).
    std::optional<planfile::PlanFile> plan = ReadPlanFileInput(text.view(), file_name, schemas, mode, err, executor);
    if (!plan) return false;
    if (plan_document != nullptr) {
      *plan_document = std::move(plan->document);
      text = structured::InputText();
      return true;
    }
    text = plan->Json();
  }
  if (std::string kind = BinaryDataKind(text.view()); !kind.empty()) {
    Error(err, fmt::format("{}: {}, not a plan, state or log: give a saved plan file (tofu plan -out) or the JSON "
                           "of `tofu show -json`",
                           file_name, kind));
    return false;
  }
  return true;
}

}  // namespace planview::cmd

#include "cmd/document_input.h"

#include <algorithm>

#include <fmt/format.h>

#include "cmd/console.h"
#include "cmd/plan_file_input.h"
#include "planfile/plan_file.h"
#include "renderer/document_kind.h"
#include "structured/go_text.h"
#include "structured/json_text.h"

namespace planview::cmd {

namespace {

// A NUL byte this early means binary data; one later, after text, is left to the JSON
// parser, which names its line and column.
constexpr size_t kBinaryWindow = 512;

// How far a pipe that starts like JSON but holds binary data in its first bytes is read
// before it is refused: one that ends sooner is the parser's to name, as a file is.
constexpr size_t kBinaryConfirmBytes = size_t{1} << 20;

// How much of the input is quoted in the message that refuses it.
constexpr size_t kQuotedBytes = 24;

bool IsJsonSpace(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string NotADocument(std::string_view file_name, std::string_view kind) {
  return fmt::format("{}: {}, not a plan, state or log: give a saved plan file (tofu plan -out) or the JSON of "
                     "`tofu show -json`",
                     file_name, kind);
}

// Why the input's start cannot begin a document ("" when it may), or a read error; the
// reader has peeked what it needed.
base::Expected<std::string> RefusalOf(structured::InputReader& reader, std::string_view file_name) {
  std::string_view seen;
  std::optional<base::Error> failed;
  // The input's byte at `i`, -1 past its end (or on a read error, kept in `failed`).
  auto byte_at = [&](size_t i) -> int {
    if (i >= seen.size() && !reader.at_end() && !failed) {
      base::Expected<std::string_view> more = reader.Peek(i + 1);
      if (!more) {
        failed = std::move(more).error();
      } else {
        seen = *more;
      }
    }
    return i < seen.size() ? static_cast<unsigned char>(seen[i]) : -1;
  };
  size_t at = 0;
  if (byte_at(0) == 0xEF && byte_at(1) == 0xBB && byte_at(2) == 0xBF) at = 3;  // a UTF-8 byte order mark
  while (at < renderer::kLogLookBytes && IsJsonSpace(byte_at(at))) ++at;
  const int first = byte_at(at);
  if (failed) return *failed;
  // Empty or blank input (or a megabyte of blanks) is the parser's to name.
  if (first < 0 || at >= renderer::kLogLookBytes) return std::string();
  if (first == '{' || first == '[') {
    // It may be JSON; but from a pipe or a device, data that only starts so (`{` then
    // noise: /dev/urandom's one time in 128) would be read to the --max-input-bytes limit
    // before the parser saw it. A NUL byte or invalid UTF-8 among its first bytes, which
    // no JSON text holds, says that it is not, once more than kBinaryConfirmBytes follow.
    // (Input that ends sooner, and any file, is the parser's to name, with the byte's
    // line and column: the same bytes get the same message however they come.)
    if (!reader.endless()) return std::string();
    byte_at(kBinaryWindow);
    if (failed) return *failed;
    if (seen.size() <= kBinaryWindow) return std::string();  // all of it: the parser's to name
    std::string kind = BinaryDataKind(seen);
    // A sequence cut by the window's end is not yet invalid.
    constexpr size_t kLongestSequence = 4;
    const std::string_view window = seen.substr(0, kBinaryWindow);
    if (size_t bad = structured::FindInvalidUtf8(window); kind.empty() && bad + kLongestSequence <= window.size()) {
      kind = fmt::format("binary data (invalid UTF-8 at byte {})", bad);
    }
    if (kind.empty()) return std::string();
    byte_at(kBinaryConfirmBytes);
    if (failed) return *failed;
    if (seen.size() <= kBinaryConfirmBytes) return std::string();
    return NotADocument(file_name, kind);
  }
  if (at == 0 && first == 'P' && byte_at(1) == 'K') return std::string();
  // What sort of data this is: binary, or text that may yet be a log (plain text before
  // its messages) when its first lines say so.
  byte_at(kBinaryWindow - 1);
  if (failed) return *failed;
  if (std::string kind = BinaryDataKind(seen); !kind.empty()) return NotADocument(file_name, kind);
  std::optional<bool> log;
  while (!(log = renderer::LooksLikeLogSoFar(seen, reader.at_end())) && seen.size() < renderer::kLogLookBytes) {
    byte_at(seen.size());
    if (failed) return *failed;
  }
  if (log == true) return std::string();
  std::string_view start = seen.substr(at, kQuotedBytes);
  return NotADocument(file_name, fmt::format("data starting {}{}", structured::GoQuote(start),
                                             seen.size() > at + kQuotedBytes ? "..." : ""));
}

}  // namespace

std::string BinaryDataKind(std::string_view text) {
  if (text.size() >= 2 && text[0] == '\x1f' && text[1] == '\x8b') return "gzip-compressed data";
  size_t nul = text.substr(0, kBinaryWindow).find('\0');
  if (nul != std::string_view::npos) return fmt::format("binary data (a NUL byte at byte {})", nul);
  return "";
}

std::optional<structured::InputReader> OpenDocumentInput(const std::string& file, std::string_view file_name,
                                                         uint64_t max_bytes, std::FILE* err, base::Executor* executor,
                                                         std::optional<std::string_view> standard_input) {
  base::Expected<structured::InputReader> reader = structured::InputReader::Open(
      file, {.max_bytes = max_bytes, .name = file_name, .executor = executor, .standard_input = standard_input});
  if (!reader) {
    Error(err, reader.error().message);
    return std::nullopt;
  }
  base::Expected<std::string> refusal = RefusalOf(*reader, file_name);
  if (!refusal || !refusal->empty()) {
    Error(err, refusal ? *refusal : refusal.error().message);
    return std::nullopt;
  }
  return std::move(*reader);
}

bool ReadDocumentInput(structured::InputReader reader, std::string_view file_name,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor,
                       std::shared_ptr<const structured::Document>* plan_document) {
  base::Expected<structured::InputText> read = std::move(reader).ReadAll();
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
    Error(err, NotADocument(file_name, kind));
    return false;
  }
  return true;
}

bool ReadDocumentInput(const std::string& file, std::string_view file_name, uint64_t max_bytes,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor,
                       std::shared_ptr<const structured::Document>* plan_document) {
  std::optional<structured::InputReader> reader = OpenDocumentInput(file, file_name, max_bytes, err, executor);
  if (!reader) return false;
  return ReadDocumentInput(std::move(*reader), file_name, schemas, mode, text, err, executor, plan_document);
}

}  // namespace planview::cmd

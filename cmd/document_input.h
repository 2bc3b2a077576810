// The document a `planview` command reads (the plain viewer and browse): the FILE
// argument, or standard input for "-". Its start is looked at first: data that cannot
// begin a plan, state, log or plan file (a first byte other than JSON's `{` or `[`, a
// NUL byte among the first 512 bytes, gzip's magic number; from a pipe or a device, also
// `{` or `[` followed within 512 bytes by a NUL byte or invalid UTF-8, which could
// otherwise be read to the size limit) is refused at once with one line saying what it
// is, whatever its size, instead of being read whole for a JSON syntax error. Then it is read whole, a saved plan file turned into its `show -json`
// document, or (a log) a line at a time (cmd/log_stream.h).
#ifndef PLANVIEW_CMD_DOCUMENT_INPUT_H_
#define PLANVIEW_CMD_DOCUMENT_INPUT_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/executor.h"
#include "renderer/plan.h"
#include "structured/input_text.h"
#include "structured/json_value.h"
#include "structured/read_input.h"
#include "structured/schema.h"

namespace planview::cmd {

// What binary data `text` holds ("gzip-compressed data", "binary data (a NUL byte at
// byte 3)"), or "" when it may be a JSON document or log.
std::string BinaryDataKind(std::string_view text);

// Opens `file` ("-": standard input; `file_name` names it in messages) and looks at its
// start: nullopt after printing one line on `err` when it cannot be opened or cannot
// begin a document. Its first non-whitespace byte must be `{` or `[` (after an optional
// UTF-8 byte order mark), or it starts with a plan file's `PK`, or its first lines are a
// log with plain text before the messages (renderer::LooksLikeLog): at most
// renderer::kLogLookBytes are read to tell. Empty or blank input is left to the parser.
// `standard_input`, when set, is what "-" reads (structured::ReadOptions::standard_input).
std::optional<structured::InputReader> OpenDocumentInput(
    const std::string& file, std::string_view file_name, uint64_t max_bytes, std::FILE* err,
    base::Executor* executor = nullptr, std::optional<std::string_view> standard_input = std::nullopt);

// Reads an opened input whole into `text` as a JSON document or log. A plan file's mode
// goes into `mode` unless set (ReadPlanFileInput); with `plan_document` set, a plan file's
// document goes there (and `text` is left empty) instead of its JSON text into `text`.
// Reading may use `executor` (null: this thread). False after printing one line on
// `err`. A big regular file is mapped, not copied (structured::InputReader::ReadAll).
bool ReadDocumentInput(structured::InputReader reader, std::string_view file_name,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor = nullptr,
                       std::shared_ptr<const structured::Document>* plan_document = nullptr);

// OpenDocumentInput, then ReadDocumentInput.
bool ReadDocumentInput(const std::string& file, std::string_view file_name, uint64_t max_bytes,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor = nullptr,
                       std::shared_ptr<const structured::Document>* plan_document = nullptr);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_DOCUMENT_INPUT_H_

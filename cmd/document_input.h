// The document a `planview` command reads (the plain viewer and browse): the FILE
// argument, or standard input for "-", read whole; a saved plan file turned into its
// `show -json` document; data that is neither text nor a plan file (a NUL byte among the
// first 512 bytes, gzip's magic number) refused with one line saying what it is, instead of
// a JSON syntax error.
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
#include "structured/schema.h"

namespace planview::cmd {

// What binary data `text` holds ("gzip-compressed data", "binary data (a NUL byte at
// byte 3)"), or "" when it may be a JSON document or log.
std::string BinaryDataKind(std::string_view text);

// Reads `file` ("-": standard input) into `text` as a JSON document or log; `file_name`
// names it in messages. A plan file's mode goes into `mode` unless set
// (ReadPlanFileInput); with `plan_document` set, a plan file's document goes there
// (and `text` is left empty) instead of its JSON text into `text`. Reading may use
// `executor` (null: this thread). False after printing one line on `err`. A big regular
// file is mapped, not copied (structured::ReadInputText). `standard_input`, when set, is
// what "-" reads (structured::ReadOptions::standard_input).
bool ReadDocumentInput(const std::string& file, std::string_view file_name, uint64_t max_bytes,
                       const structured::ProviderSchemas* schemas, std::optional<renderer::PlanMode>& mode,
                       structured::InputText& text, std::FILE* err, base::Executor* executor = nullptr,
                       std::shared_ptr<const structured::Document>* plan_document = nullptr,
                       std::optional<std::string_view> standard_input = std::nullopt);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_DOCUMENT_INPUT_H_

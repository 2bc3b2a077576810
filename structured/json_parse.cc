#include "structured/json_parse.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "structured/document_builder.h"
#include "structured/internal/kernels/kernel.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_diagnose.h"
#include "structured/json_path.h"
#include "structured/json_text.h"

// The parse itself runs in the SIMD kernel chosen at start-up (internal/json_parser.h,
// internal/kernels/); this is what surrounds it: the checks before, and the diagnosis
// after a failure.

namespace planview::structured {
namespace {

// The JSON path at `offset` of a text that is valid up to there, for errors found after
// the structure was accepted (values too large for the document) or before it was read
// (invalid UTF-8). A key that contains the offset is not part of the path.
std::string PathAt(std::string_view text, size_t offset) {
  struct Frame {
    bool object;
    size_t index;
    std::string key;
    bool has_step;
  };
  std::vector<Frame> stack;
  bool expect_key = false;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      size_t end = i + 1;
      bool escaped = false;
      while (end < text.size() && text[end] != '"') {
        if (text[end] == '\\') {
          escaped = true;
          ++end;
        }
        ++end;
      }
      if (end >= offset) {
        // The offset lies inside this string: a key there is not a step yet.
        if (expect_key && !stack.empty()) stack.back().has_step = false;
        break;
      }
      if (expect_key && !stack.empty()) {
        std::string_view raw = text.substr(i + 1, end - i - 1);
        stack.back().key = escaped ? UnescapeString(raw) : std::string(raw);
        stack.back().has_step = true;
        expect_key = false;
      }
      i = end;
    } else if (c == '{' || c == '[') {
      stack.push_back(Frame{c == '{', 0, {}, c == '['});
      expect_key = c == '{';
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
    } else if (c == ',' && !stack.empty()) {
      if (stack.back().object) {
        expect_key = true;
        stack.back().has_step = false;  // until the next key
      } else {
        ++stack.back().index;
      }
    }
  }
  JsonPath path;
  for (const Frame& f : stack) {
    if (!f.has_step) break;
    if (f.object) {
      path.PushKey(f.key);
    } else {
      path.PushIndex(f.index);
    }
  }
  return path.ToString();
}

ParseResult Failure(std::string_view text, ParseError error) {
  LocateOffset(text, error);
  return error;
}

}  // namespace

ParseResult ParseJson(InputText text, const ParseOptions& options) {
  return internal::ParseJsonParallel(std::move(text), options, internal::ParallelParse());
}

ParseResult ParseJson(std::string text, const ParseOptions& options) {
  return ParseJson(InputText(std::move(text)), options);
}

ParseResult internal::ParseJsonWithThreshold(InputText text, const ParseOptions& options,
                                             size_t parallel_min_bytes) {
  ParallelParse parallel;
  parallel.min_bytes = parallel_min_bytes;
  parallel.min_split_bytes = parallel_min_bytes / 16;
  return ParseJsonParallel(std::move(text), options, parallel);
}

ParseResult internal::ParseJsonParallel(InputText text_in, const ParseOptions& options, const ParallelParse& parallel) {
  // A mapped file stays mapped (it is mapped with kParsePadding zero bytes after it), so
  // the pages of skipped members can be dropped once checked (a borrowed text's pages
  // are its owner's: never dropped).
  const bool mapped = text_in.mapped();
  // Zero padding: the parser reads ahead in 32-byte blocks and stops at the first zero (a
  // borrowed text has none: the parser then stops at its end).
  InputText::Shared shared = std::move(text_in).Share(kParsePadding);
  const size_t size = shared.size;
  std::string_view text(shared.data, size);

  if (size >= UINT32_MAX) {
    ParseError error;
    error.message = "JSON document too large for planview (4 GiB of text at most)";
    error.limit = true;
    return Failure(text, std::move(error));
  }
  size_t first = 0;
  while (first < text.size() && IsJsonSpace(text[first])) ++first;
  if (first == text.size()) {
    ParseError error;
    error.message = text.empty() ? "empty input: no JSON value" : "no JSON value (only white space)";
    error.offset = text.size();
    return Failure(text, std::move(error));
  }

  DocumentBuilder builder(text, shared.owner);
  // Plan JSON averages well over 8 bytes of text per value; the reservation is only
  // address space until used, and a larger document grows without copying.
  builder.Reserve(text.size() / 8 + 16);
  internal::KernelParseResult parsed = internal::ActiveKernel().parse(shared.data, size, shared.padded, builder, options, parallel, mapped);
  if (parsed.ok) {
    if (options.spans_lines != nullptr) *options.spans_lines = parsed.line_break;
    return builder.Finish();
  }
  // Something is wrong. The text is read again from the start, so the answer is the
  // same whichever thread found what first.
  if (size_t bad = FindInvalidUtf8(text); bad != text.size()) {
    ParseError error;
    error.message = "invalid UTF-8";
    error.offset = bad;
    error.path = PathAt(text, error.offset);
    return Failure(text, std::move(error));
  }
  std::optional<ParseError> exact = internal::DiagnoseJson(text, options.max_depth);
  std::optional<ParseError>& too_large = parsed.too_large;
  if (too_large && (!exact || exact->offset > too_large->offset)) {
    too_large->path = PathAt(text, too_large->offset);
    return Failure(text, std::move(*too_large));
  }
  if (exact) return Failure(text, std::move(*exact));
  ParseError error;
  error.message = std::move(parsed.message);
  // The diagnosis found the text valid: what stopped the parser is one of its limits.
  error.limit = true;
  error.offset = std::min(parsed.offset, text.size());
  error.path = PathAt(text, error.offset);
  return Failure(text, std::move(error));
}

}  // namespace planview::structured

#include "structured/json_parse.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <simdjson.h>

#include "structured/json_diagnose.h"
#include "structured/json_path.h"
#include "structured/json_text.h"

namespace planview::structured {
namespace {

namespace od = simdjson::ondemand;

std::string SimdjsonMessage(simdjson::error_code code) {
  switch (code) {
    case simdjson::TAPE_ERROR: return "invalid JSON structure";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT: return "unexpected end of input: an array or object is not closed";
    case simdjson::EMPTY: return "empty input: no JSON value";
    case simdjson::UTF8_ERROR: return "invalid UTF-8";
    case simdjson::UNCLOSED_STRING: return "unterminated string";
    case simdjson::T_ATOM_ERROR: return "invalid literal (expected true)";
    case simdjson::F_ATOM_ERROR: return "invalid literal (expected false)";
    case simdjson::N_ATOM_ERROR: return "invalid literal (expected null)";
    case simdjson::NUMBER_ERROR: return "invalid number";
    case simdjson::DEPTH_ERROR: return "nesting too deep";
    case simdjson::CAPACITY: return "input too large";
    case simdjson::TRAILING_CONTENT: return "unexpected content after the JSON value";
    default: {
      std::string m = simdjson::error_message(code);
      if (!m.empty()) m[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(m[0])));
      while (!m.empty() && (m.back() == '.' || IsJsonSpace(m.back()))) m.pop_back();
      return m;
    }
  }
}

struct Step {
  std::string_view key;  // raw (escaped) key text when is_key
  size_t index = 0;
  bool is_key = false;
};

class Walker {
 public:
  Walker(std::string_view text, od::document& doc, DocumentBuilder& builder, const ParseOptions& options)
      : text_(text), doc_(doc), b_(builder), options_(options) {}

  // Returns false with error_ set on failure.
  bool WalkRoot() {
    od::json_type type;
    if (auto e = doc_.type().get(type); e) return Fail(e);
    switch (type) {
      case od::json_type::object:
      case od::json_type::array: {
        od::value v;
        if (auto e = doc_.get_value().get(v); e) return Fail(e);
        if (!Walk(v, 0)) return false;
        break;
      }
      default: {
        std::string_view token;
        if (auto e = doc_.raw_json_token().get(token); e) return Fail(e);
        if (!Scalar(type, token)) return false;
        size_t end = static_cast<size_t>(token.data() - text_.data()) + token.size();
        if (end != text_.size()) {
          offset_ = end;
          return FailWith("unexpected content after the top-level JSON value");
        }
        return true;
      }
    }
    // current_location() only succeeds while tokens remain.
    const char* where = nullptr;
    if (doc_.current_location().get(where) == simdjson::SUCCESS) {
      SetOffset(where);
      return FailWith("unexpected content after the top-level JSON value");
    }
    return true;
  }

  ParseError error() const {
    ParseError e;
    e.message = message_;
    e.offset = offset_;
    JsonPath path;
    for (const Step& s : path_) {
      if (s.is_key) {
        path.PushKey(s.key);
      } else {
        path.PushIndex(s.index);
      }
    }
    e.path = path.ToString();
    return e;
  }

 private:
  bool Walk(od::value& v, size_t depth) {
    if (depth >= options_.max_depth) {
      SetCurrentLocation();
      return FailWith(fmt::format("nesting deeper than {} levels", options_.max_depth));
    }
    od::json_type type;
    if (auto e = v.type().get(type); e) return Fail(e);
    switch (type) {
      case od::json_type::object: {
        od::object obj;
        if (auto e = v.get_object().get(obj); e) return Fail(e);
        b_.BeginObject();
        path_.push_back(Step{});
        for (auto field_result : obj) {
          od::field field;
          if (auto e = std::move(field_result).get(field); e) return Fail(e);
          const char* raw = field.key().raw();
          size_t start = static_cast<size_t>(raw - text_.data());
          StringCheck scan = CheckString(text_.substr(start));
          if (scan.error != nullptr) {
            offset_ = start + scan.error_at;
            return FailWith(scan.error);
          }
          std::string_view key = text_.substr(start, scan.end);
          path_.back() = Step{key, 0, true};
          if (depth == 0 && Skipped(key, scan.has_escapes)) continue;
          if (scan.has_escapes) {
            b_.Key(UnescapeString(key));
          } else {
            b_.SourceKey(start, scan.end);
          }
          if (!Walk(field.value(), depth + 1)) return false;
        }
        path_.pop_back();
        b_.EndObject();
        return true;
      }
      case od::json_type::array: {
        od::array arr;
        if (auto e = v.get_array().get(arr); e) return Fail(e);
        b_.BeginArray();
        path_.push_back(Step{{}, 0, false});
        size_t index = 0;
        for (auto element_result : arr) {
          od::value element;
          if (auto e = std::move(element_result).get(element); e) return Fail(e);
          path_.back().index = index++;
          if (!Walk(element, depth + 1)) return false;
        }
        path_.pop_back();
        b_.EndArray();
        return true;
      }
      default: {
        return Scalar(type, v.raw_json_token());
      }
    }
  }

  bool Skipped(std::string_view key, bool escaped) const {
    if (escaped) return false;
    for (const std::string& s : options_.skip_top_level_keys) {
      if (s == key) return true;
    }
    return false;
  }

  bool Scalar(od::json_type type, std::string_view token) {
    size_t start = static_cast<size_t>(token.data() - text_.data());
    token = TrimJsonSpaceRight(token);
    switch (type) {
      case od::json_type::number: {
        if (!IsJsonNumber(token)) {
          offset_ = start;
          return FailWith(fmt::format("invalid number '{}'", token.substr(0, 40)));
        }
        b_.SourceNumber(start, token.size());
        return true;
      }
      case od::json_type::string: {
        StringCheck scan = CheckString(text_.substr(start + 1));
        if (scan.error != nullptr) {
          offset_ = start + 1 + scan.error_at;
          return FailWith(scan.error);
        }
        if (scan.end + 2 != token.size()) {
          offset_ = start + scan.end + 2;
          return FailWith("unexpected content after a string");
        }
        if (scan.has_escapes) {
          b_.String(UnescapeString(text_.substr(start + 1, scan.end)));
        } else {
          b_.SourceString(start + 1, scan.end);
        }
        return true;
      }
      case od::json_type::boolean: {
        if (token == "true") {
          b_.Bool(true);
        } else if (token == "false") {
          b_.Bool(false);
        } else {
          offset_ = start;
          return FailWith(fmt::format("invalid literal '{}'", token.substr(0, 40)));
        }
        return true;
      }
      case od::json_type::null: {
        if (token != "null") {
          offset_ = start;
          return FailWith(fmt::format("invalid literal '{}'", token.substr(0, 40)));
        }
        b_.Null();
        return true;
      }
      default:
        offset_ = start;
        return FailWith("unexpected value");
    }
  }

  void SetOffset(const char* where) {
    if (where >= text_.data() && where <= text_.data() + text_.size()) {
      offset_ = static_cast<size_t>(where - text_.data());
    } else {
      offset_ = text_.size();
    }
  }

  void SetCurrentLocation() {
    const char* where = nullptr;
    if (doc_.current_location().get(where) == simdjson::SUCCESS) {
      SetOffset(where);
    } else {
      offset_ = text_.size();
    }
  }

  bool Fail(simdjson::error_code code) {
    SetCurrentLocation();
    if (code == simdjson::UTF8_ERROR) offset_ = FindInvalidUtf8(text_);
    return FailWith(SimdjsonMessage(code));
  }

  bool FailWith(std::string message) {
    message_ = std::move(message);
    return false;
  }

  std::string_view text_;
  od::document& doc_;
  DocumentBuilder& b_;
  const ParseOptions& options_;
  std::vector<Step> path_;
  std::string message_;
  size_t offset_ = 0;
};

ParseResult Failure(std::string_view text, ParseError error) {
  LocateOffset(text, error);
  ParseResult result;
  result.error = std::move(error);
  return result;
}

}  // namespace

ParseResult ParseJson(std::string text_in, const ParseOptions& options) {
  if (text_in.capacity() < text_in.size() + kParsePadding) text_in.reserve(text_in.size() + kParsePadding);
  auto owner = std::make_shared<std::string>(std::move(text_in));
  std::string_view text(*owner);

  if (!simdjson::validate_utf8(text.data(), text.size())) {
    size_t bad_utf8 = FindInvalidUtf8(text);
    ParseError error;
    error.message = "invalid UTF-8";
    error.offset = bad_utf8;
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

  // The fast path reports that something is wrong; the diagnoser says exactly what.
  auto diagnosed = [&](ParseError fallback) {
    std::optional<ParseError> exact = internal::DiagnoseJson(text, options.max_depth);
    return Failure(text, exact ? std::move(*exact) : std::move(fallback));
  };
  od::parser parser(std::max<size_t>(text.size(), 1));
  od::document doc;
  if (auto e = parser.iterate(owner->data(), owner->size(), owner->capacity()).get(doc); e) {
    ParseError error;
    error.message = SimdjsonMessage(e);
    error.offset = 0;
    return diagnosed(std::move(error));
  }
  DocumentBuilder builder(text, owner);
  builder.Reserve(text.size() / 12 + 16);
  Walker walker(text, doc, builder, options);
  bool ok = false;
  std::string length_error;
  try {
    ok = walker.WalkRoot();
  } catch (const std::length_error& e) {
    length_error = e.what();
  }
  if (!length_error.empty()) {
    ParseError error = walker.error();
    error.message = length_error;
    return Failure(text, std::move(error));
  }
  if (!ok) return diagnosed(walker.error());
  ParseResult result;
  result.document = builder.Finish();
  return result;
}

bool ReadInputFile(const std::string& path, std::string& out, std::string& error) {
  out.clear();
  if (path == "-") {
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) out.append(buffer, n);
    if (std::ferror(stdin)) {
      error = "-: cannot read standard input";
      return false;
    }
    out.reserve(out.size() + kParsePadding);
    return true;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = fmt::format("{}: cannot open: {}", path, std::strerror(errno));
    return false;
  }
  long size = -1;
  if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
  std::rewind(f);
  if (size > 0) out.reserve(static_cast<size_t>(size) + kParsePadding);
  char buffer[1 << 16];
  size_t n;
  if (size > 0) {
    out.resize(static_cast<size_t>(size));
    size_t got = std::fread(out.data(), 1, out.size(), f);
    out.resize(got);
  }
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) out.append(buffer, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) {
    error = fmt::format("{}: read error", path);
    return false;
  }
  if (out.capacity() < out.size() + kParsePadding) out.reserve(out.size() + kParsePadding);
  return true;
}

}  // namespace planview::structured

#include "structured/json_parse.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <simdjson.h>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "structured/json_diagnose.h"
#include "structured/json_path.h"
#include "structured/json_text.h"

// The parser makes one pass over the text and builds the document as it goes: there is
// no token index (which would cost about as much memory as the text). It reports only
// *that* the text is invalid; internal::DiagnoseJson then re-reads the text to say
// exactly what and where. Strings with escapes are unescaped in place in the source
// buffer once the whole text is known to be valid, so no string is ever copied.

namespace planview::structured {
namespace {

// The per-value steps are small and hot: keep them in the parse loop.
#define PLANVIEW_HOT inline __attribute__((always_inline))

struct SpaceTable {
  bool is_space[256] = {};
  constexpr SpaceTable() {
    for (unsigned char c : {' ', '\t', '\n', '\r'}) is_space[c] = true;
  }
};
constexpr SpaceTable kSpace;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

int Hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits at p as a code unit, or -1.
PLANVIEW_HOT int32_t Hex4(const char* p) {
  int a = Hex(p[0]), b = Hex(p[1]), c = Hex(p[2]), d = Hex(p[3]);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

bool IsHighSurrogate(int32_t u) { return u >= 0xD800 && u < 0xDC00; }
bool IsLowSurrogate(int32_t u) { return u >= 0xDC00 && u < 0xE000; }

// Bit i set when p[i] is '"', '\\' or a control character, for the next 32 bytes.
PLANVIEW_HOT uint32_t StringStops(const char* p) {
#if defined(__AVX2__)
  __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  __m256i quote = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'));
  __m256i slash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'));
  __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v);
  return static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(quote, slash), control)));
#elif defined(__SSE2__)
  uint32_t mask = 0;
  for (int half = 0; half < 2; ++half) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * half));
    __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    mask |= static_cast<uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), control))) << (16 * half);
  }
  return mask;
#else
  uint32_t mask = 0;
  for (int i = 0; i < 32; ++i) {
    unsigned char c = static_cast<unsigned char>(p[i]);
    if (c == '"' || c == '\\' || c < 0x20) mask |= uint32_t{1} << i;
  }
  return mask;
#endif
}

// Unescapes string content that the scanner accepted, writing at `out` (which may be
// `in`: the output is never longer). Returns the output length. Lone surrogates become
// U+FFFD, as Go's encoding/json does.
size_t Unescape(const char* in, size_t n, char* out) {
  size_t w = 0;
  auto put = [&](uint32_t cp) {
    if (cp < 0x80) {
      out[w++] = static_cast<char>(cp);
    } else if (cp < 0x800) {
      out[w++] = static_cast<char>(0xC0 | (cp >> 6));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out[w++] = static_cast<char>(0xE0 | (cp >> 12));
      out[w++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out[w++] = static_cast<char>(0xF0 | (cp >> 18));
      out[w++] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out[w++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  size_t r = 0;
  while (r < n) {
    const void* slash = std::memchr(in + r, '\\', n - r);
    size_t plain = slash == nullptr ? n - r : static_cast<size_t>(static_cast<const char*>(slash) - (in + r));
    if (out + w != in + r) std::memmove(out + w, in + r, plain);
    w += plain;
    r += plain;
    if (r >= n) break;
    char e = in[r + 1];
    switch (e) {
      case 'b': out[w++] = '\b'; r += 2; break;
      case 'f': out[w++] = '\f'; r += 2; break;
      case 'n': out[w++] = '\n'; r += 2; break;
      case 'r': out[w++] = '\r'; r += 2; break;
      case 't': out[w++] = '\t'; r += 2; break;
      case 'u': {
        int32_t unit = Hex4(in + r + 2);
        r += 6;
        if (IsHighSurrogate(unit) && r + 6 <= n && in[r] == '\\' && in[r + 1] == 'u' && IsLowSurrogate(Hex4(in + r + 2))) {
          int32_t low = Hex4(in + r + 2);
          r += 6;
          put(0x10000 + ((static_cast<uint32_t>(unit) - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00));
        } else if (IsHighSurrogate(unit) || IsLowSurrogate(unit)) {
          put(0xFFFD);
        } else {
          put(static_cast<uint32_t>(unit));
        }
        break;
      }
      default: out[w++] = e; r += 2; break;  // " \ /
    }
  }
  return w;
}

// The JSON path at `offset` of a text that is valid up to there, for errors found after
// the structure was accepted (values too large for the document).
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

class Parser {
 public:
  // `text` must be followed by at least kParsePadding zero bytes.
  Parser(std::string_view text, DocumentBuilder& builder, const ParseOptions& options)
      : begin_(text.data()), end_(text.data() + text.size()), p_(begin_), b_(builder), options_(options) {}

  // Parses the whole text. False when it is not valid JSON (error_offset() says about
  // where; the diagnoser says exactly).
  bool Run() {
    SkipSpace();
    bool ok;
    if (!options_.skip_top_level_keys.empty() && *p_ == '{') {
      ok = RootObjectSkipping();
    } else {
      ok = ParseValue<true>(0);
    }
    if (!ok) return false;
    SkipSpace();
    if (p_ != end_) return Fail("unexpected content after the top-level JSON value");
    return true;
  }

  // Escaped string values: where their raw content starts and how long it is.
  const std::vector<std::pair<uint32_t, uint32_t>>& escaped() const { return escaped_; }
  size_t error_offset() const { return static_cast<size_t>(p_ - begin_); }
  const std::string& message() const { return message_; }

 private:
  struct StringScan {
    const char* end = nullptr;  // the closing quote
    size_t length = 0;          // unescaped length
    bool escaped = false;
  };

  PLANVIEW_HOT void SkipSpace() {
    while (kSpace.is_space[static_cast<unsigned char>(*p_)]) ++p_;
  }

  bool Fail(std::string message) {
    message_ = std::move(message);
    return false;
  }

  // p_ at the opening quote. On success p_ is past the closing quote.
  PLANVIEW_HOT bool ScanString(StringScan& scan) {
    const char* start = p_ + 1;
    const char* s = start;
    size_t shrink = 0;
    for (;;) {
      uint32_t stops = StringStops(s);
      if (stops == 0) {
        s += 32;
        continue;
      }
      s += __builtin_ctz(stops);
      if (*s == '"') break;
      if (*s != '\\') {
        p_ = s;
        return Fail(s >= end_ ? "unterminated string" : "control character in string (must be escaped)");
      }
      scan.escaped = true;
      switch (s[1]) {
        case '"':
        case '\\':
        case '/':
        case 'b':
        case 'f':
        case 'n':
        case 'r':
        case 't':
          s += 2;
          shrink += 1;
          break;
        case 'u': {
          int32_t unit = Hex4(s + 2);
          if (unit < 0) {
            p_ = s;
            return Fail("invalid \\u escape in string");
          }
          if (IsHighSurrogate(unit) && s[6] == '\\' && s[7] == 'u' && IsLowSurrogate(Hex4(s + 8))) {
            s += 12;
            shrink += 8;  // 4 bytes of UTF-8
          } else {
            s += 6;
            shrink += unit < 0x80 ? 5 : unit < 0x800 ? 4 : 3;  // lone surrogates: 3 (U+FFFD)
          }
          break;
        }
        default:
          p_ = s;
          return Fail("invalid escape in string");
      }
    }
    scan.end = s;
    scan.length = static_cast<size_t>(s - start) - shrink;
    p_ = s + 1;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool Number() {
    const char* s = p_;
    if (*s == '-') ++s;
    if (*s == '0') {
      ++s;
    } else if (*s >= '1' && *s <= '9') {
      do ++s;
      while (IsDigit(*s));
    } else {
      return Fail("invalid number");
    }
    if (*s == '.') {
      ++s;
      if (!IsDigit(*s)) return Fail("invalid number");
      do ++s;
      while (IsDigit(*s));
    }
    if (*s == 'e' || *s == 'E') {
      ++s;
      if (*s == '+' || *s == '-') ++s;
      if (!IsDigit(*s)) return Fail("invalid number");
      do ++s;
      while (IsDigit(*s));
    }
    if constexpr (kBuild) b_.SourceNumber(static_cast<size_t>(p_ - begin_), static_cast<size_t>(s - p_));
    p_ = s;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool String() {
    StringScan scan;
    const char* start = p_ + 1;
    if (!ScanString(scan)) return false;
    if constexpr (kBuild) {
      size_t offset = static_cast<size_t>(start - begin_);
      b_.SourceString(offset, scan.length);
      if (scan.escaped) {
        escaped_.emplace_back(static_cast<uint32_t>(offset), static_cast<uint32_t>(scan.end - start));
      }
    }
    return true;
  }

  // p_ at the opening quote of a key; on success p_ is past the ':'.
  template <bool kBuild>
  PLANVIEW_HOT bool Key(std::string_view* raw = nullptr, bool* escaped = nullptr) {
    if (*p_ != '"') return Fail("expected a string key");
    StringScan scan;
    const char* start = p_ + 1;
    if (!ScanString(scan)) return false;
    std::string_view key(start, static_cast<size_t>(scan.end - start));
    if (raw != nullptr) *raw = key;
    if (escaped != nullptr) *escaped = scan.escaped;
    if constexpr (kBuild) {
      if (scan.escaped) {
        b_.Key(UnescapeString(key));
      } else {
        b_.SourceKeyBeforeQuote(static_cast<size_t>(start - begin_));
      }
    }
    SkipSpace();
    if (*p_ != ':') return Fail("expected ':'");
    ++p_;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool Literal() {
    switch (*p_) {
      case 't':
        if (std::memcmp(p_, "true", 4) != 0) return Fail("invalid literal");
        if constexpr (kBuild) b_.Bool(true);
        p_ += 4;
        return true;
      case 'f':
        if (std::memcmp(p_, "false", 5) != 0) return Fail("invalid literal");
        if constexpr (kBuild) b_.Bool(false);
        p_ += 5;
        return true;
      default:
        if (std::memcmp(p_, "null", 4) != 0) return Fail("invalid literal");
        if constexpr (kBuild) b_.Null();
        p_ += 4;
        return true;
    }
  }

  // Parses one complete value at nesting depth `depth` (containers iteratively, so
  // nesting costs no native stack). With kBuild false it only checks the text.
  template <bool kBuild>
  bool ParseValue(size_t depth) {
    size_t base = stack_.size();
  value:
    SkipSpace();
    switch (*p_) {
      case '{':
        if (depth + stack_.size() - base >= options_.max_depth) {
          return Fail(fmt::format("nesting deeper than {} levels", options_.max_depth));
        }
        stack_.push_back(1);
        if constexpr (kBuild) b_.BeginObject();
        ++p_;
        SkipSpace();
        if (*p_ == '}') {
          ++p_;
          goto close;
        }
        goto key;
      case '[':
        if (depth + stack_.size() - base >= options_.max_depth) {
          return Fail(fmt::format("nesting deeper than {} levels", options_.max_depth));
        }
        stack_.push_back(0);
        if constexpr (kBuild) b_.BeginArray();
        ++p_;
        SkipSpace();
        if (*p_ == ']') {
          ++p_;
          goto close;
        }
        goto value;
      case '"':
        if (!String<kBuild>()) return false;
        goto next;
      case 't':
      case 'f':
      case 'n':
        if (!Literal<kBuild>()) return false;
        goto next;
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        if (!Number<kBuild>()) return false;
        goto next;
      default:
        return Fail(p_ >= end_ ? "unexpected end of input" : "unexpected character");
    }
  close:
    if constexpr (kBuild) {
      if (stack_.back()) {
        b_.EndObject();
      } else {
        b_.EndArray();
      }
    }
    stack_.pop_back();
  next:
    if (stack_.size() == base) return true;
    SkipSpace();
    if (*p_ == ',') {
      ++p_;
      if (stack_.back()) goto key;
      goto value;
    }
    if (*p_ == (stack_.back() ? '}' : ']')) {
      ++p_;
      goto close;
    }
    return Fail(p_ >= end_ ? "unexpected end of input" : "expected ',' or a closing bracket");
  key:
    SkipSpace();
    if (!Key<kBuild>()) return false;
    goto value;
  }

  // The top-level object, leaving out the members named in skip_top_level_keys.
  bool RootObjectSkipping() {
    if (options_.max_depth == 0) return Fail("nesting deeper than 0 levels");
    b_.BeginObject();
    ++p_;
    SkipSpace();
    if (*p_ == '}') {
      ++p_;
      b_.EndObject();
      return true;
    }
    for (;;) {
      SkipSpace();
      std::string_view raw;
      bool escaped = false;
      if (!Key<false>(&raw, &escaped)) return false;
      bool skip = false;
      if (!escaped) {
        for (const std::string& s : options_.skip_top_level_keys) skip = skip || s == raw;
      }
      if (skip) {
        if (!ParseValue<false>(1)) return false;
      } else {
        if (escaped) {
          b_.Key(UnescapeString(raw));
        } else {
          b_.SourceKeyBeforeQuote(static_cast<size_t>(raw.data() - begin_));
        }
        if (!ParseValue<true>(1)) return false;
      }
      SkipSpace();
      if (*p_ == ',') {
        ++p_;
        continue;
      }
      if (*p_ == '}') {
        ++p_;
        b_.EndObject();
        return true;
      }
      return Fail("expected ',' or '}'");
    }
  }

  const char* begin_;
  const char* end_;
  const char* p_;
  DocumentBuilder& b_;
  const ParseOptions& options_;
  std::vector<uint8_t> stack_;  // open containers: 1 for objects
  std::vector<std::pair<uint32_t, uint32_t>> escaped_;
  std::string message_;
};

#undef PLANVIEW_HOT

ParseResult Failure(std::string_view text, ParseError error) {
  LocateOffset(text, error);
  ParseResult result;
  result.error = std::move(error);
  return result;
}

}  // namespace

ParseResult ParseJson(std::string text_in, const ParseOptions& options) {
  size_t size = text_in.size();
  // Zero padding: the parser reads ahead in 32-byte blocks and stops at the first zero.
  if (text_in.capacity() < size + kParsePadding) text_in.reserve(size + kParsePadding);
  text_in.resize(size + kParsePadding, '\0');
  auto owner = std::make_shared<std::string>(std::move(text_in));
  std::string_view text(owner->data(), size);

  if (size >= UINT32_MAX) {
    ParseError error;
    error.message = "JSON document too large for planview (4 GiB of text at most)";
    return Failure(text, std::move(error));
  }
  if (!simdjson::validate_utf8(text.data(), text.size())) {
    ParseError error;
    error.message = "invalid UTF-8";
    error.offset = FindInvalidUtf8(text);
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

  DocumentBuilder builder(text, owner);
  // Plan JSON averages well over 8 bytes of text per value; the reservation is only
  // address space until used, and a larger document grows without copying.
  builder.Reserve(text.size() / 8 + 16);
  Parser parser(text, builder, options);
  bool ok = false;
  try {
    ok = parser.Run();
  } catch (const std::length_error& e) {
    ParseError error;
    error.message = e.what();
    error.offset = parser.error_offset();
    error.path = PathAt(text, error.offset);
    return Failure(text, std::move(error));
  }
  if (!ok) {
    // The fast path knows that something is wrong; the diagnoser says exactly what.
    std::optional<ParseError> exact = internal::DiagnoseJson(text, options.max_depth);
    if (exact) return Failure(text, std::move(*exact));
    ParseError error;
    error.message = parser.message();
    error.offset = std::min(parser.error_offset(), text.size());
    error.path = PathAt(text, error.offset);
    return Failure(text, std::move(error));
  }
  // The text is valid: unescape in place (never longer than the escaped form).
  char* data = owner->data();
  for (const auto& [offset, length] : parser.escaped()) Unescape(data + offset, length, data + offset);
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

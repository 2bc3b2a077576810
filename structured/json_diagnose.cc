#include "structured/json_diagnose.h"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "structured/json_path.h"
#include "structured/json_text.h"

namespace planview::structured::internal {
namespace {

struct Frame {
  bool object = false;
  size_t index = 0;
  std::string key;
  bool has_step = false;  // a key or index has been reached inside this frame
};

class Diagnoser {
 public:
  Diagnoser(std::string_view text, size_t max_depth) : s_(text), max_depth_(max_depth) {}

  std::optional<ParseError> Run() {
    SkipSpace();
    if (pos_ == s_.size()) return Error("empty input: no JSON value");
    enum class State { kValue, kAfterValue, kKey };
    State state = State::kValue;
    for (;;) {
      switch (state) {
        case State::kValue: {
          SkipSpace();
          if (pos_ == s_.size()) return Error("unexpected end of input: a value is missing");
          char c = s_[pos_];
          if (c == '{' || c == '[') {
            if (stack_.size() >= max_depth_) {
              ParseError too_deep = Error(fmt::format("nesting deeper than {} levels", max_depth_));
              too_deep.limit = true;
              return too_deep;
            }
            stack_.push_back(Frame{c == '{', 0, {}, false});
            ++pos_;
            SkipSpace();
            char close = c == '{' ? '}' : ']';
            if (pos_ < s_.size() && s_[pos_] == close) {
              ++pos_;
              stack_.pop_back();
              state = State::kAfterValue;
            } else if (c == '{') {
              state = State::kKey;
            } else {
              stack_.back().has_step = true;
              state = State::kValue;
            }
            continue;
          }
          if (auto e = Scalar(); e) return e;
          state = State::kAfterValue;
          continue;
        }
        case State::kAfterValue: {
          SkipSpace();
          if (stack_.empty()) {
            if (pos_ != s_.size()) return Error("unexpected content after the top-level JSON value");
            return std::nullopt;
          }
          Frame& f = stack_.back();
          if (pos_ == s_.size()) {
            return Error(f.object ? "unexpected end of input: an object is not closed"
                                  : "unexpected end of input: an array is not closed");
          }
          char c = s_[pos_];
          if (c == ',') {
            ++pos_;
            if (f.object) {
              state = State::kKey;
            } else {
              ++f.index;
              state = State::kValue;
            }
            continue;
          }
          if ((f.object && c == '}') || (!f.object && c == ']')) {
            ++pos_;
            stack_.pop_back();
            continue;
          }
          return Error(f.object ? fmt::format("expected ',' or '}}' but found {}", Describe(c))
                                : fmt::format("expected ',' or ']' but found {}", Describe(c)));
        }
        case State::kKey: {
          SkipSpace();
          Frame& f = stack_.back();
          if (pos_ == s_.size()) return Error("unexpected end of input: an object is not closed");
          if (s_[pos_] != '"') return Error(fmt::format("expected a string key but found {}", Describe(s_[pos_])));
          size_t start = pos_;
          StringCheck check = CheckString(s_.substr(pos_ + 1));
          if (check.error != nullptr) {
            pos_ = pos_ + 1 + check.error_at;
            return Error(check.error);
          }
          std::string_view raw = s_.substr(start + 1, check.end);
          f.key = check.has_escapes ? UnescapeString(raw) : std::string(raw);
          f.has_step = true;
          pos_ = start + check.end + 2;
          SkipSpace();
          if (pos_ == s_.size()) return Error("unexpected end of input: a value is missing");
          if (s_[pos_] != ':') return Error(fmt::format("expected ':' but found {}", Describe(s_[pos_])));
          ++pos_;
          state = State::kValue;
          continue;
        }
      }
    }
  }

 private:
  std::optional<ParseError> Scalar() {
    char c = s_[pos_];
    if (c == '"') {
      StringCheck check = CheckString(s_.substr(pos_ + 1));
      if (check.error != nullptr) {
        pos_ = pos_ + 1 + check.error_at;
        return Error(check.error);
      }
      pos_ += check.end + 2;
      return std::nullopt;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::string_view("0123456789+-.eE").find(s_[pos_]) != std::string_view::npos) ++pos_;
      std::string_view token = s_.substr(start, pos_ - start);
      if (!IsJsonNumber(token)) {
        pos_ = start;
        return Error(fmt::format("invalid number '{}'", token.substr(0, 40)));
      }
      return std::nullopt;
    }
    for (std::string_view literal : {std::string_view("true"), std::string_view("false"), std::string_view("null")}) {
      if (c == literal[0]) {
        if (s_.substr(pos_, literal.size()) != literal) {
          return Error(fmt::format("invalid literal (expected {})", literal));
        }
        pos_ += literal.size();
        return std::nullopt;
      }
    }
    return Error(fmt::format("unexpected {}", Describe(c)));
  }

  static std::string Describe(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) return fmt::format("'{}'", c);
    return fmt::format("byte 0x{:02x}", u);
  }

  void SkipSpace() {
    while (pos_ < s_.size() && IsJsonSpace(s_[pos_])) ++pos_;
  }

  ParseError Error(std::string message) const {
    JsonPath path;
    for (const Frame& f : stack_) {
      if (!f.has_step) break;
      if (f.object) {
        path.PushKey(f.key);
      } else {
        path.PushIndex(f.index);
      }
    }
    ParseError e;
    e.message = std::move(message);
    e.offset = pos_;
    e.path = path.ToString();
    return e;
  }

  std::string_view s_;
  size_t max_depth_;
  size_t pos_ = 0;
  std::vector<Frame> stack_;
};

}  // namespace

std::optional<ParseError> DiagnoseJson(std::string_view text, size_t max_depth) {
  return Diagnoser(text, max_depth).Run();
}

}  // namespace planview::structured::internal

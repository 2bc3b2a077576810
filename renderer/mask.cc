#include "renderer/mask.h"

#include <re2/re2.h>

#include <array>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "structured/json_text.h"

namespace planview::renderer {
namespace {

// How deep JSON held in strings (held in strings ...) is opened.
constexpr int kMaxDepth = 4;

// Members whose value is data (attribute values and their mirrors): the keys of objects
// under them are map keys or attribute names and are masked; every other key is the
// document's own structure and is kept.
bool IsValueKey(std::string_view key) {
  static constexpr std::array<std::string_view, 12> kKeys = {
      "after",          "after_sensitive", "after_unknown",  "before",        "before_sensitive", "constant_value",
      "sensitive_values", "value",         "values",         "identity",      "before_identity",  "after_identity"};
  for (std::string_view k : kKeys) {
    if (k == key) return true;
  }
  return false;
}

bool LooksLikeJson(std::string_view value) {
  for (char c : value) {
    if (structured::IsJsonSpace(c)) continue;
    return c == '{' || c == '[';
  }
  return false;
}

bool IsStructural(char c) {
  return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == '"' || structured::IsJsonSpace(c);
}

}  // namespace

// One pass over JSON text (or JSON lines, or text with JSON lines among plain ones).
// Strings never span lines in JSON, so a string left open at the end of a line means the
// line is not JSON: the rest of it is masked as text and the structure starts afresh.
//
// A change's `before` and `after` that differ only inside masked text would mask to the
// same string and show as unchanged; so the masked strings of a `before` are remembered by
// path, and an `after` string at the same path that masks the same from a different value
// says `(masked, changed)`: no more than the change itself says.
class JsonMasker {
 public:
  // `all_keys`: every key is data (JSON held in a value).
  JsonMasker(const Masks& masks, int depth, bool all_keys) : masks_(masks), depth_(depth), all_keys_(all_keys) {}

  bool Run(std::string_view text, std::string& out) {
    text_ = text;
    out_ = &out;
    size_t i = 0;
    while (i < text.size()) {
      char c = text[i];
      if (structured::IsJsonSpace(c)) {
        ++i;
      } else if (c == '"') {
        i = String(i);
      } else if (c == '{' || c == '[') {
        Open(c == '{');
        ++i;
      } else if (stack_.empty()) {
        // Text outside JSON: to the end of its line.
        size_t end = text.find('\n', i);
        if (end == std::string_view::npos) end = text.size();
        Text(i, end);
        i = end;
      } else if (c == '}' || c == ']') {
        stack_.pop_back();
        ++i;
      } else if (c == ',' || c == ':') {
        ++i;
      } else {
        size_t end = i;
        while (end < text.size() && !IsStructural(text[end])) ++end;
        Step();
        Bare(i, end);
        i = end;
      }
    }
    Flush(text.size());
    return changed_;
  }

 private:
  enum class Side { kNone, kBefore, kAfter };

  struct Frame {
    bool object = false;
    bool data = false;  // inside a value: its keys are masked
    std::string key;    // the current member's key, as in the input
    size_t count = 0;   // values begun so far (arrays)
    Side side = Side::kNone;
    std::string path;  // under a change's before/after: the steps from there
    // A change object (holding before/after): before's masked strings by path, and the
    // value each came from.
    std::unordered_map<std::string, std::pair<std::string, std::string>> before;
  };

  // The step to the value that begins now in the innermost container; a path only matters
  // under before/after, elsewhere nothing is computed.
  std::string Step() {
    if (stack_.empty()) return {};
    Frame& top = stack_.back();
    if (top.object) return top.side == Side::kNone ? std::string() : top.key;
    size_t index = top.count++;
    return top.side == Side::kNone ? std::string() : fmt::format("#{}", index);
  }

  void Open(bool object) {
    Frame frame{object, all_keys_, {}, 0, Side::kNone, {}, {}};
    if (!stack_.empty()) {
      const std::string step = Step();
      const size_t parent_index = stack_.size() - 1;
      const Frame& top = stack_.back();
      // A state's top-level `values` is structure (root_module, outputs), not data.
      frame.data = frame.data || top.data ||
                   (top.object && IsValueKey(top.key) && !(top.key == "values" && stack_.size() == 1));
      if (top.side != Side::kNone) {
        frame.side = top.side;
        frame.path = top.path + '\x1f' + step;
      } else if (top.object && !top.data && (top.key == "before" || top.key == "after")) {
        frame.side = top.key == "before" ? Side::kBefore : Side::kAfter;
        change_index_ = parent_index;
      }
    }
    stack_.push_back(std::move(frame));
  }

  // The string whose opening quote is at `open`; returns the index after it.
  size_t String(size_t open) {
    structured::StringCheck check = structured::CheckString(text_.substr(open + 1));
    if (check.error != nullptr) {
      // Not a JSON string (open at the end of the line, a bad escape): text to the end of the line.
      size_t end = text_.find('\n', open);
      if (end == std::string_view::npos) end = text_.size();
      Text(open, end);
      stack_.clear();
      change_index_ = SIZE_MAX;
      return end;
    }
    const size_t close = open + 1 + check.end;
    std::string_view raw = text_.substr(open + 1, check.end);
    std::string decoded;
    std::string_view value = raw;
    if (check.has_escapes) {
      decoded = structured::UnescapeString(raw);
      value = decoded;
    }
    const bool key = IsKey(close + 1);
    if (key) stack_.back().key.assign(value);
    if (key && !stack_.back().data) return close + 1;  // the document's structure: kept
    std::string path;
    if (!key) {
      const std::string step = Step();
      if (!stack_.empty() && stack_.back().side != Side::kNone) path = stack_.back().path + '\x1f' + step;
    }
    std::string masked;
    const bool hit = masks_.MaskValueAt(value, depth_, masked);
    if (!path.empty()) Pair(path, value, hit, masked);
    if (hit) {
      Flush(open);
      structured::AppendJsonString(*out_, masked);
      kept_from_ = close + 1;
      changed_ = true;
    }
    return close + 1;
  }

  // Remembers a before's masked string; marks an after's that only masking made equal.
  void Pair(const std::string& path, std::string_view value, bool hit, std::string& masked) {
    if (change_index_ >= stack_.size()) return;
    auto& before = stack_[change_index_].before;
    if (stack_.back().side == Side::kBefore) {
      if (hit) before.emplace(path, std::make_pair(std::string(value), masked));
      return;
    }
    auto it = before.find(path);
    if (it == before.end() || !hit || it->second.second != masked || it->second.first == value) return;
    std::string marked;
    size_t from = 0;
    for (size_t at; (at = masked.find(kMasked, from)) != std::string::npos; from = at + kMasked.size()) {
      marked.append(masked, from, at - from);
      marked.append(kMaskedChanged);
    }
    marked.append(masked, from);
    masked = std::move(marked);
  }

  // Whether the string ending before `i` is an object key (a ':' follows).
  bool IsKey(size_t i) const {
    if (stack_.empty() || !stack_.back().object) return false;
    while (i < text_.size() && structured::IsJsonSpace(text_[i])) ++i;
    return i < text_.size() && text_[i] == ':';
  }

  // A number, true, false, null (or a stray word): masked whole, as a string, when it matches.
  void Bare(size_t begin, size_t end) {
    std::string masked;
    if (!masks_.MaskText(text_.substr(begin, end - begin), masked)) return;
    Flush(begin);
    structured::AppendJsonString(*out_, kMasked);
    kept_from_ = end;
    changed_ = true;
  }

  void Text(size_t begin, size_t end) {
    std::string masked;
    if (!masks_.MaskText(text_.substr(begin, end - begin), masked)) return;
    Flush(begin);
    out_->append(masked);
    kept_from_ = end;
    changed_ = true;
  }

  // Unchanged bytes are copied lazily, in runs.
  void Flush(size_t upto) {
    if (upto > kept_from_) out_->append(text_.substr(kept_from_, upto - kept_from_));
    kept_from_ = upto;
  }

  const Masks& masks_;
  const int depth_;
  const bool all_keys_;
  std::string_view text_;
  std::string* out_ = nullptr;
  size_t kept_from_ = 0;
  bool changed_ = false;
  std::vector<Frame> stack_;
  size_t change_index_ = SIZE_MAX;  // the frame of the change object whose before/after we are in
};

base::Expected<Masks> Masks::Make(std::span<const std::string> patterns, std::span<const std::string> literals) {
  RE2::Options options;
  options.set_log_errors(false);
  std::string combined;
  auto add = [&](const std::string& pattern) {
    if (!combined.empty()) combined += '|';
    combined += "(?:" + pattern + ")";
  };
  for (const std::string& pattern : patterns) {
    RE2 re(pattern, options);
    if (!re.ok()) {
      return base::Error(fmt::format("--mask: invalid pattern {}: {}", structured::GoQuote(pattern), re.error()));
    }
    if (RE2::FullMatch("", re)) {
      return base::Error(fmt::format("--mask: pattern {} matches the empty string", structured::GoQuote(pattern)));
    }
    add(pattern);
  }
  for (const std::string& literal : literals) {
    if (!literal.empty()) add(RE2::QuoteMeta(literal));
  }
  Masks masks;
  if (combined.empty()) return masks;
  options.set_max_mem(64 << 20);
  auto re = std::make_shared<const RE2>(combined, options);
  if (!re->ok()) {
    return base::Error(fmt::format("--mask: the patterns together are too large: {}", re->error()));
  }
  masks.re_ = std::move(re);
  return masks;
}

bool Masks::MaskText(std::string_view text, std::string& out) const {
  if (re_ == nullptr) return false;
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece match;
  size_t pos = 0;
  size_t copied = 0;
  bool any = false;
  while (pos <= text.size() && re_->Match(input, pos, text.size(), RE2::UNANCHORED, &match, 1)) {
    const size_t start = static_cast<size_t>(match.data() - text.data());
    const size_t end = start + match.size();
    if (end == start) {  // an empty match (`\b`, `x*`) hides nothing
      pos = start + 1;
      continue;
    }
    if (!any) out.clear();
    out.append(text.substr(copied, start - copied));
    // Adjacent matches become one `(masked)`: the count would hint at the length.
    if (!(any && start == copied)) out.append(kMasked);
    copied = end;
    pos = end;
    any = true;
  }
  if (any) out.append(text.substr(copied));
  return any;
}

bool Masks::MaskValueAt(std::string_view value, int depth, std::string& out) const {
  if (re_ == nullptr) return false;
  std::string inner;
  bool changed = false;
  if (depth < kMaxDepth && LooksLikeJson(value)) {
    std::string rewritten;
    JsonMasker masker(*this, depth + 1, /*all_keys=*/true);
    if (masker.Run(value, rewritten)) {
      inner = std::move(rewritten);
      value = inner;
      changed = true;
    }
  }
  // Then the value as a whole: a pattern may span the JSON's punctuation, or lines.
  std::string whole;
  if (MaskText(value, whole)) {
    out = std::move(whole);
    return true;
  }
  if (changed) out.assign(value);
  return changed;
}

bool Masks::MaskValue(std::string_view value, std::string& out) const { return MaskValueAt(value, 0, out); }

std::string Masks::MaskDocument(std::string_view text) const {
  std::string out;
  if (re_ == nullptr) return std::string(text);
  out.reserve(text.size());
  JsonMasker masker(*this, 0, /*all_keys=*/false);
  if (!masker.Run(text, out)) return std::string(text);
  return out;
}

}  // namespace planview::renderer

// The JSON side of decode.h: a small reader for the first JSON value in the text (what
// follows it is ignored, as go-cty's decoder does) and the type-directed conversion into
// the writer (internal/value_writer.h).
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/internal/decode_failure.h"
#include "wire/internal/type_plan.h"
#include "wire/internal/value_writer.h"
#include "wire/number.h"
#include "wire/internal/unicode.h"

namespace planview::wire {

using structured::CheckString;
using structured::FindInvalidUtf8;
using structured::IsJsonNumber;
using structured::IsJsonSpace;
using structured::StringCheck;
using structured::Type;
using structured::UnescapeString;
using structured::Value;

namespace {

using internal::AttributePlan;
using internal::Failure;
using internal::TypePlan;
using internal::TypePlans;
using internal::ValueWriter;

struct JNode {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  std::string text;  // number as written; string unescaped
  std::vector<std::pair<std::string, size_t>> members;  // key, child index (objects)
  std::vector<size_t> elements;                          // child indices (arrays)
  size_t offset = 0;
  size_t end = 0;  // just past the value's last byte
};

std::string ReplaceInvalidUtf8(std::string s) {
  size_t bad = FindInvalidUtf8(s);
  if (bad == s.size()) return s;
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    size_t rest = FindInvalidUtf8(std::string_view(s).substr(i));
    if (rest == s.size() - i) {
      out.append(s, i, std::string::npos);
      break;
    }
    out.append(s, i, rest);
    out += "\xef\xbf\xbd";
    i += rest + 1;
  }
  return out;
}

// Reads the first JSON value of the text into nodes. Each step returns false at the first
// error, which failure() then tells.
class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : s_(text) {}

  std::vector<JNode>& nodes() { return nodes_; }
  const Failure& failure() const { return failure_; }

  // The next value; `index` is its node.
  bool Value(int depth, size_t& index) {
    if (!ValueAt(depth, index)) return false;
    nodes_[index].end = pos_;
    return true;
  }

 private:
  bool Fail(size_t offset, std::string message) {
    failure_ = Failure{offset, std::move(message)};
    return false;
  }

  bool ValueAt(int depth, size_t& index) {
    if (depth > 512) return Fail(pos_, "JSON nested too deeply");
    SkipSpace();
    if (pos_ >= s_.size()) return Fail(pos_, "unexpected EOF");
    size_t at = pos_;
    char c = s_[pos_];
    index = nodes_.size();
    nodes_.emplace_back();
    nodes_[index].offset = at;
    char d = 0;
    size_t child = 0;
    if (c == '{') {
      ++pos_;
      nodes_[index].kind = JNode::Kind::kObject;
      SkipSpace();
      if (!Peek(d)) return false;
      if (d == '}') {
        ++pos_;
        return true;
      }
      while (true) {
        SkipSpace();
        if (!Peek(d)) return false;
        if (d != '"') return Fail(pos_, "invalid character looking for beginning of object key string");
        std::string key;
        if (!String(key)) return false;
        SkipSpace();
        if (!Peek(d)) return false;
        if (d != ':') return Fail(pos_, "invalid character after object key");
        ++pos_;
        if (!Value(depth + 1, child)) return false;
        nodes_[index].members.emplace_back(std::move(key), child);
        SkipSpace();
        if (!Peek(d)) return false;
        ++pos_;
        if (d == '}') return true;
        if (d != ',') return Fail(pos_ - 1, "invalid character after object key:value pair");
      }
    }
    if (c == '[') {
      ++pos_;
      nodes_[index].kind = JNode::Kind::kArray;
      SkipSpace();
      if (!Peek(d)) return false;
      if (d == ']') {
        ++pos_;
        return true;
      }
      while (true) {
        if (!Value(depth + 1, child)) return false;
        nodes_[index].elements.push_back(child);
        SkipSpace();
        if (!Peek(d)) return false;
        ++pos_;
        if (d == ']') return true;
        if (d != ',') return Fail(pos_ - 1, "invalid character after array element");
      }
    }
    if (c == '"') {
      nodes_[index].kind = JNode::Kind::kString;
      return String(nodes_[index].text);
    }
    bool matched = false;
    if (!Literal("true", matched)) return false;
    if (matched) {
      nodes_[index].kind = JNode::Kind::kBool;
      nodes_[index].boolean = true;
      return true;
    }
    if (!Literal("false", matched)) return false;
    if (matched) {
      nodes_[index].kind = JNode::Kind::kBool;
      return true;
    }
    if (!Literal("null", matched)) return false;
    if (matched) return true;
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::string_view("+-0123456789.eE").find(s_[pos_]) != std::string_view::npos) ++pos_;
      std::string_view num = s_.substr(start, pos_ - start);
      if (!IsJsonNumber(num)) return Fail(start, fmt::format("invalid number literal {}", num));
      nodes_[index].kind = JNode::Kind::kNumber;
      nodes_[index].text.assign(num);
      return true;
    }
    return Fail(at, fmt::format("invalid character '{}' looking for beginning of value", c));
  }

  bool Peek(char& c) {
    if (pos_ >= s_.size()) return Fail(pos_, "unexpected EOF");
    c = s_[pos_];
    return true;
  }
  void SkipSpace() {
    while (pos_ < s_.size() && IsJsonSpace(s_[pos_])) ++pos_;
  }
  // `matched`: the text goes on with `word` (then skipped). False when it ends in a prefix
  // of it.
  bool Literal(std::string_view word, bool& matched) {
    matched = s_.substr(pos_, word.size()) == word;
    if (!matched) {
      if (word.substr(0, std::min(word.size(), s_.size() - pos_)) == s_.substr(pos_) && s_.size() - pos_ < word.size()) {
        return Fail(s_.size(), "unexpected EOF");
      }
      return true;
    }
    pos_ += word.size();
    return true;
  }
  // The string at pos_ (its opening quote), unescaped, invalid UTF-8 replaced.
  bool String(std::string& text) {
    ++pos_;
    StringCheck check = CheckString(s_.substr(pos_));
    if (check.error != nullptr) {
      size_t at = pos_ + check.error_at;
      if (at >= s_.size()) return Fail(s_.size(), "unexpected EOF");
      return Fail(at, check.error);
    }
    std::string_view body = s_.substr(pos_, check.end);
    pos_ += check.end + 1;
    text = ReplaceInvalidUtf8(check.has_escapes ? UnescapeString(body) : std::string(body));
    return true;
  }

  std::string_view s_;
  size_t pos_ = 0;
  std::vector<JNode> nodes_;
  Failure failure_{};
};

class JsonDecoder {
 public:
  JsonDecoder(std::string_view text, const std::vector<JNode>& nodes, ValueWriter& writer)
      : text_(text), nodes_(nodes), w_(writer) {}
  std::vector<PathStep>& path() { return path_; }

  bool Decode(size_t index, const TypePlan& plan) {
    const JNode& j = nodes_[index];
    if (j.kind == JNode::Kind::kNull) {
      w_.Null();
      return true;
    }
    switch (plan.kind) {
      case Type::Kind::kDynamic: return DecodeDynamic(index);
      case Type::Kind::kBool:
        if (j.kind == JNode::Kind::kBool) {
          w_.Bool(j.boolean);
        } else if (j.kind == JNode::Kind::kString && (j.text == "true" || j.text == "false")) {
          w_.Bool(j.text == "true");
        } else if (j.kind == JNode::Kind::kString) {
          return Fail(j.offset, "a bool is required");
        } else {
          return Fail(j.offset, "bool is required");
        }
        return true;
      case Type::Kind::kNumber: {
        if (j.kind != JNode::Kind::kNumber && j.kind != JNode::Kind::kString) return Fail(j.offset, "number is required");
        std::optional<std::string> canonical = ParseNumberText(j.text);
        if (!canonical) return Fail(j.offset, "a number is required");
        w_.Number(*canonical, false);
        return true;
      }
      case Type::Kind::kString:
        if (j.kind == JNode::Kind::kString || j.kind == JNode::Kind::kNumber) {
          w_.String(NormalizeNfc(j.text));
        } else if (j.kind == JNode::Kind::kBool) {
          w_.String(j.boolean ? "true" : "false");
        } else {
          return Fail(j.offset, "string is required");
        }
        return true;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (j.kind != JNode::Kind::kArray) return Fail(j.offset, "missing expected [");
        bool tuple = plan.kind == Type::Kind::kTuple;
        if (tuple && j.elements.size() > plan.elements.size()) {
          return Fail(j.offset, fmt::format("too many tuple elements (need {})", plan.elements.size()));
        }
        if (tuple && j.elements.size() < plan.elements.size()) {
          return Fail(j.offset, fmt::format("not enough tuple elements (need {})", plan.elements.size()));
        }
        w_.BeginArray(plan);
        for (size_t i = 0; i < j.elements.size(); ++i) {
          path_.push_back(PathStep{PathStep::Kind::kIndex, {}, i});
          w_.Element();
          if (!Decode(j.elements[i], tuple ? *plan.elements[i] : *plan.element)) return false;
          path_.pop_back();
        }
        if (w_.EndArray()) w_.DeferUnify(plan, path_, j.offset, "");
        return true;
      }
      case Type::Kind::kMap: {
        if (j.kind != JNode::Kind::kObject) return Fail(j.offset, "missing expected {");
        w_.BeginObject(plan);
        for (const auto& [key, child] : j.members) {
          std::string k = NormalizeNfc(key);
          path_.push_back(PathStep{PathStep::Kind::kKey, k, 0});
          w_.MapKey(k);
          if (!Decode(child, *plan.element)) return false;
          path_.pop_back();
        }
        if (w_.EndObject()) w_.DeferUnify(plan, path_, j.offset, "");
        return true;
      }
      case Type::Kind::kObject: {
        if (j.kind != JNode::Kind::kObject) return Fail(j.offset, "missing expected {");
        const std::vector<AttributePlan>& attrs = plan.attributes;
        std::vector<size_t> given(attrs.size(), SIZE_MAX);
        for (const auto& [key, child] : j.members) {
          int i = plan.AttributeIndex(key);
          if (i < 0) return Fail(nodes_[child].offset, fmt::format("unsupported attribute \"{}\"", key));
          given[static_cast<size_t>(i)] = child;  // the last one wins
        }
        // Omitted attributes are null.
        w_.BeginObject(plan);
        for (size_t i = 0; i < attrs.size(); ++i) {
          path_.push_back(PathStep{PathStep::Kind::kAttribute, std::string(attrs[i].name), 0});
          w_.Attribute(static_cast<uint32_t>(i));
          if (given[i] == SIZE_MAX) {
            w_.Null();
          } else {
            if (!Decode(given[i], *attrs[i].plan)) return false;
          }
          path_.pop_back();
        }
        w_.EndObject();
        return true;
      }
      default: return Fail(j.offset, "unsupported type");
    }
  }

  const Failure& failure() const { return failure_; }

 private:
  bool DecodeDynamic(size_t index) {
    const JNode& j = nodes_[index];
    if (j.kind != JNode::Kind::kObject) return Fail(j.offset, "missing expected {");
    size_t type_node = SIZE_MAX;
    size_t value_node = SIZE_MAX;
    for (const auto& [key, child] : j.members) {
      if (key == "type") {
        type_node = child;
      } else if (key == "value") {
        value_node = child;
      } else {
        return Fail(nodes_[child].offset, fmt::format("invalid key \"{}\" in dynamically-typed value", key));
      }
    }
    if (type_node == SIZE_MAX) return Fail(j.offset, "missing type in dynamically-typed value");
    if (value_node == SIZE_MAX) return Fail(j.offset, "missing value in dynamically-typed value");
    // The type node as written (invalid UTF-8 replaced, as in every string) for the
    // shared type parser.
    const JNode& t = nodes_[type_node];
    std::string json = ReplaceInvalidUtf8(std::string(text_.substr(t.offset, t.end - t.offset)));
    TypePlans::TypeError error;
    std::optional<TypePlans::Dynamic> type = w_.plans().FromJson(json, error);
    if (!type) {
      return Fail(nodes_[type_node].offset,
           "failed to decode type for dynamic value: " + (error.bad_json ? std::string("invalid type JSON") : error.message));
    }
    uint32_t seq = w_.seq();
    if (!Decode(value_node, *type->plan)) return false;
    if (type->plan->kind != Type::Kind::kDynamic) w_.Typed(type->slot, seq);
    return true;
  }

  bool Fail(size_t offset, std::string message) {
    failure_ = Failure{offset, std::move(message)};
    return false;
  }

  std::string_view text_;
  const std::vector<JNode>& nodes_;
  ValueWriter& w_;
  std::vector<PathStep> path_;  // on failure, where it happened
  Failure failure_{};
};

}  // namespace

DecodeResult DecodeJson(std::string text, const Type& type) {
  auto owner = std::make_shared<const std::string>(std::move(text));
  DecodeResult result;
  JsonReader reader(*owner);
  size_t root = 0;
  if (!reader.Value(0, root)) {
    result.error = WireError{{}, reader.failure().offset, true, reader.failure().message};
    return result;
  }
  internal::ValueWriter writer(*owner, owner, reader.nodes().size());
  writer.CheckAllDynamicCollections();
  JsonDecoder decoder(*owner, reader.nodes(), writer);
  if (!decoder.Decode(root, writer.plans().For(type))) {
    result.error = WireError{decoder.path(), decoder.failure().offset, true, decoder.failure().message};
    return result;
  }
  internal::ValueWriter::Result done = writer.Finish();
  result.value = std::move(done.value);
  result.error = std::move(done.error);
  return result;
}

}  // namespace planview::wire

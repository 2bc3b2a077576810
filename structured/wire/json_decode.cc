// The JSON side of decode.h: a small reader for the first JSON value in the text (what
// follows it is ignored, as go-cty's decoder does) and the type-directed conversion into
// a tape.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "structured/wire/decode.h"
#include "structured/wire/internal/tape.h"
#include "structured/wire/number.h"
#include "structured/wire/unicode.h"

namespace planview::structured::wire {
namespace {

using internal::Node;
using internal::Tag;
using internal::Tape;

struct Failure {
  size_t offset;
  std::string message;
};

[[noreturn]] void Fail(size_t offset, std::string message) { throw Failure{offset, std::move(message)}; }

struct JNode {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  std::string text;  // number as written; string unescaped
  std::vector<std::pair<std::string, size_t>> members;  // key, child index (objects)
  std::vector<size_t> elements;                          // child indices (arrays)
  size_t offset = 0;
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

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : s_(text) {}

  std::vector<JNode>& nodes() { return nodes_; }

  size_t Value(int depth) {
    if (depth > 512) Fail(pos_, "JSON nested too deeply");
    SkipSpace();
    if (pos_ >= s_.size()) Fail(pos_, "unexpected EOF");
    size_t at = pos_;
    char c = s_[pos_];
    size_t index = nodes_.size();
    nodes_.emplace_back();
    nodes_[index].offset = at;
    if (c == '{') {
      ++pos_;
      nodes_[index].kind = JNode::Kind::kObject;
      SkipSpace();
      if (Peek() == '}') {
        ++pos_;
        return index;
      }
      while (true) {
        SkipSpace();
        if (Peek() != '"') Fail(pos_, "invalid character looking for beginning of object key string");
        std::string key = String();
        SkipSpace();
        if (Peek() != ':') Fail(pos_, "invalid character after object key");
        ++pos_;
        size_t child = Value(depth + 1);
        nodes_[index].members.emplace_back(std::move(key), child);
        SkipSpace();
        char d = Peek();
        ++pos_;
        if (d == '}') return index;
        if (d != ',') Fail(pos_ - 1, "invalid character after object key:value pair");
      }
    }
    if (c == '[') {
      ++pos_;
      nodes_[index].kind = JNode::Kind::kArray;
      SkipSpace();
      if (Peek() == ']') {
        ++pos_;
        return index;
      }
      while (true) {
        size_t child = Value(depth + 1);
        nodes_[index].elements.push_back(child);
        SkipSpace();
        char d = Peek();
        ++pos_;
        if (d == ']') return index;
        if (d != ',') Fail(pos_ - 1, "invalid character after array element");
      }
    }
    if (c == '"') {
      std::string text = String();
      nodes_[index].kind = JNode::Kind::kString;
      nodes_[index].text = std::move(text);
      return index;
    }
    if (Literal("true")) {
      nodes_[index].kind = JNode::Kind::kBool;
      nodes_[index].boolean = true;
      return index;
    }
    if (Literal("false")) {
      nodes_[index].kind = JNode::Kind::kBool;
      return index;
    }
    if (Literal("null")) return index;
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t start = pos_;
      while (pos_ < s_.size() && std::string_view("+-0123456789.eE").find(s_[pos_]) != std::string_view::npos) ++pos_;
      std::string_view num = s_.substr(start, pos_ - start);
      if (!IsJsonNumber(num)) Fail(start, fmt::format("invalid number literal {}", num));
      nodes_[index].kind = JNode::Kind::kNumber;
      nodes_[index].text.assign(num);
      return index;
    }
    Fail(at, fmt::format("invalid character '{}' looking for beginning of value", c));
  }

 private:
  char Peek() const {
    if (pos_ >= s_.size()) Fail(pos_, "unexpected EOF");
    return s_[pos_];
  }
  void SkipSpace() {
    while (pos_ < s_.size() && IsJsonSpace(s_[pos_])) ++pos_;
  }
  bool Literal(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) {
      if (word.substr(0, std::min(word.size(), s_.size() - pos_)) == s_.substr(pos_) && s_.size() - pos_ < word.size()) {
        Fail(s_.size(), "unexpected EOF");
      }
      return false;
    }
    pos_ += word.size();
    return true;
  }
  std::string String() {
    size_t open = pos_;
    ++pos_;
    StringCheck check = CheckString(s_.substr(pos_));
    if (check.error != nullptr) {
      size_t at = pos_ + check.error_at;
      if (at >= s_.size()) Fail(s_.size(), "unexpected EOF");
      Fail(at, check.error);
    }
    std::string_view body = s_.substr(pos_, check.end);
    pos_ += check.end + 1;
    (void)open;
    std::string text = check.has_escapes ? UnescapeString(body) : std::string(body);
    return ReplaceInvalidUtf8(std::move(text));
  }

  std::string_view s_;
  size_t pos_ = 0;
  std::vector<JNode> nodes_;
};

class JsonDecoder {
 public:
  JsonDecoder(const std::vector<JNode>& nodes, Tape& tape) : nodes_(nodes), tape_(tape) {}
  std::vector<PathStep>& path() { return path_; }

  void Decode(size_t index, const Type& type) {
    const JNode& j = nodes_[index];
    if (j.kind == JNode::Kind::kNull) {
      Push(Tag::kNull);
      return;
    }
    switch (type.kind()) {
      case Type::Kind::kDynamic: DecodeDynamic(index); return;
      case Type::Kind::kBool:
        if (j.kind == JNode::Kind::kBool) {
          Push(j.boolean ? Tag::kTrue : Tag::kFalse);
        } else if (j.kind == JNode::Kind::kString && (j.text == "true" || j.text == "false")) {
          Push(j.text == "true" ? Tag::kTrue : Tag::kFalse);
        } else if (j.kind == JNode::Kind::kString) {
          Fail(j.offset, "a bool is required");
        } else {
          Fail(j.offset, "bool is required");
        }
        return;
      case Type::Kind::kNumber: {
        if (j.kind != JNode::Kind::kNumber && j.kind != JNode::Kind::kString) Fail(j.offset, "number is required");
        std::optional<std::string> canonical = ParseNumberText(j.text);
        if (!canonical) Fail(j.offset, "a number is required");
        PushText(Tag::kNumber, *canonical);
        return;
      }
      case Type::Kind::kString:
        if (j.kind == JNode::Kind::kString || j.kind == JNode::Kind::kNumber) {
          PushText(Tag::kString, NormalizeNfc(j.text));
        } else if (j.kind == JNode::Kind::kBool) {
          PushText(Tag::kString, j.boolean ? "true" : "false");
        } else {
          Fail(j.offset, "string is required");
        }
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (j.kind != JNode::Kind::kArray) Fail(j.offset, "missing expected [");
        bool tuple = type.kind() == Type::Kind::kTuple;
        if (tuple && j.elements.size() > type.elements().size()) {
          Fail(j.offset, fmt::format("too many tuple elements (need {})", type.elements().size()));
        }
        if (tuple && j.elements.size() < type.elements().size()) {
          Fail(j.offset, fmt::format("not enough tuple elements (need {})", type.elements().size()));
        }
        uint32_t node = Push(Tag::kArray, j.elements.size());
        for (size_t i = 0; i < j.elements.size(); ++i) {
          path_.push_back(PathStep{PathStep::Kind::kIndex, {}, i});
          Decode(j.elements[i], tuple ? type.elements()[i] : type.element());
          path_.pop_back();
        }
        Close(node);
        if (!tuple && HasDynamic(type.element())) Unify(node, type, j.offset);
        return;
      }
      case Type::Kind::kMap: {
        if (j.kind != JNode::Kind::kObject) Fail(j.offset, "missing expected {");
        uint32_t node = Push(Tag::kObject, j.members.size());
        tape_.nodes[node].flags |= internal::kUnsorted;
        for (const auto& [key, child] : j.members) {
          std::string k = NormalizeNfc(key);
          PushText(Tag::kString, k);
          path_.push_back(PathStep{PathStep::Kind::kKey, k, 0});
          Decode(child, type.element());
          path_.pop_back();
        }
        Close(node);
        if (HasDynamic(type.element())) Unify(node, type, j.offset);
        return;
      }
      case Type::Kind::kObject: {
        if (j.kind != JNode::Kind::kObject) Fail(j.offset, "missing expected {");
        const auto& attrs = type.attributes();
        std::vector<size_t> given(attrs.size(), SIZE_MAX);
        for (const auto& [key, child] : j.members) {
          auto it = std::lower_bound(attrs.begin(), attrs.end(), key,
                                     [](const auto& a, const std::string& k) { return a.first < k; });
          if (it == attrs.end() || it->first != key) {
            Fail(nodes_[child].offset, fmt::format("unsupported attribute \"{}\"", key));
          }
          given[static_cast<size_t>(it - attrs.begin())] = child;  // the last one wins
        }
        uint32_t node = Push(Tag::kObject, attrs.size());
        for (size_t i = 0; i < attrs.size(); ++i) {
          uint32_t key = PushText(Tag::kString, attrs[i].first);
          tape_.nodes[key].aux = static_cast<uint32_t>(i + 1);
          path_.push_back(PathStep{PathStep::Kind::kAttribute, attrs[i].first, 0});
          if (given[i] == SIZE_MAX) {
            Push(Tag::kNull);
          } else {
            Decode(given[i], attrs[i].second);
          }
          path_.pop_back();
        }
        Close(node);
        return;
      }
      default: Fail(j.offset, "unsupported type");
    }
  }

 private:
  void DecodeDynamic(size_t index) {
    const JNode& j = nodes_[index];
    if (j.kind != JNode::Kind::kObject) Fail(j.offset, "missing expected {");
    size_t type_node = SIZE_MAX;
    size_t value_node = SIZE_MAX;
    for (const auto& [key, child] : j.members) {
      if (key == "type") {
        type_node = child;
      } else if (key == "value") {
        value_node = child;
      } else {
        Fail(nodes_[child].offset, fmt::format("invalid key \"{}\" in dynamically-typed value", key));
      }
    }
    if (type_node == SIZE_MAX) Fail(j.offset, "missing type in dynamically-typed value");
    if (value_node == SIZE_MAX) Fail(j.offset, "missing value in dynamically-typed value");
    Type type = ParseTypeNode(type_node);
    tape_.types.push_back(type);
    int32_t type_index = static_cast<int32_t>(tape_.types.size() - 1);
    uint32_t node = static_cast<uint32_t>(tape_.nodes.size());
    Decode(value_node, type);
    if (type.kind() != Type::Kind::kDynamic) tape_.ExtraOf(tape_.nodes[node]).type = type_index;
  }

  // Rebuilds the type JSON from the node and parses it with the shared type parser.
  Type ParseTypeNode(size_t index) {
    std::string json;
    Serialize(index, json);
    ParseResult parsed = ParseJson(json);
    std::string error = "invalid type JSON";
    if (parsed.ok()) {
      if (std::optional<Type> t = ParseType(parsed.document->root(), error)) return WithoutOptionalAttributes(*t);
    }
    Fail(nodes_[index].offset, "failed to decode type for dynamic value: " + error);
  }

  void Serialize(size_t index, std::string& out) {
    const JNode& j = nodes_[index];
    auto quote = [&](const std::string& s) {
      out += '"';
      for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
          continue;
        }
        out += c;
      }
      out += '"';
    };
    switch (j.kind) {
      case JNode::Kind::kNull: out += "null"; break;
      case JNode::Kind::kBool: out += j.boolean ? "true" : "false"; break;
      case JNode::Kind::kNumber: out += j.text; break;
      case JNode::Kind::kString: quote(j.text); break;
      case JNode::Kind::kArray:
        out += '[';
        for (size_t i = 0; i < j.elements.size(); ++i) {
          if (i) out += ',';
          Serialize(j.elements[i], out);
        }
        out += ']';
        break;
      case JNode::Kind::kObject:
        out += '{';
        for (size_t i = 0; i < j.members.size(); ++i) {
          if (i) out += ',';
          quote(j.members[i].first);
          out += ':';
          Serialize(j.members[i].second, out);
        }
        out += '}';
        break;
    }
  }

  uint32_t Push(Tag tag, uint64_t payload = 0) {
    uint32_t index = static_cast<uint32_t>(tape_.nodes.size());
    Node n;
    n.tag = tag;
    n.payload = payload;
    n.end = index + 1;
    tape_.nodes.push_back(n);
    return index;
  }
  uint32_t PushText(Tag tag, std::string_view text) {
    uint32_t offset = tape_.ArenaText(text);
    uint32_t index = Push(tag, offset | (static_cast<uint64_t>(text.size()) << 32));
    tape_.nodes[index].flags |= internal::kInArena;
    return index;
  }
  void Close(uint32_t index) { tape_.nodes[index].end = static_cast<uint32_t>(tape_.nodes.size()); }

  void Unify(uint32_t node, const Type& type, size_t at) {
    std::vector<uint32_t> children;
    const Node& n = tape_.nodes[node];
    bool map = n.tag == Tag::kObject;
    for (uint32_t c = node + 1; c < n.end;) {
      if (map) c = tape_.nodes[c].end;
      children.push_back(c);
      c = tape_.nodes[c].end;
    }
    if (children.empty()) return;
    Type unified = internal::TapeRuntimeType(tape_, children[0], type.element());
    for (size_t i = 1; i < children.size(); ++i) {
      Type t = internal::TapeRuntimeType(tape_, children[i], type.element());
      std::optional<Type> u = internal::UnifyTypes(unified, t);
      if (!u) Fail(at, fmt::format("elements must all have the same type: {} and {}", unified.ToJson(), t.ToJson()));
      unified = *u;
    }
    for (uint32_t c : children) internal::RetypeDynamic(tape_, c, type.element(), unified);
  }

  const std::vector<JNode>& nodes_;
  Tape& tape_;
  std::vector<PathStep> path_;
};

}  // namespace

DecodeResult DecodeJson(std::string text, const Type& type) {
  auto owner = std::make_shared<const std::string>(std::move(text));
  DecodeResult result;
  JsonReader reader(*owner);
  Tape tape;
  std::vector<PathStep> path;
  try {
    size_t root = reader.Value(0);
    JsonDecoder decoder(reader.nodes(), tape);
    try {
      decoder.Decode(root, type);
    } catch (const Failure&) {
      path = decoder.path();
      throw;
    }
  } catch (const Failure& f) {
    result.error = WireError{path, f.offset, true, f.message};
    return result;
  }
  result.value = internal::EmitTape(tape, type, *owner, owner);
  return result;
}

}  // namespace planview::structured::wire

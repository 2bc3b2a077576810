#include "cmd/wire/decode_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "structured/compact_json.h"
#include "structured/json_path.h"
#include "structured/json_text.h"
#include "structured/json_value.h"

namespace planview::cmd {
namespace {

using structured::Type;
using structured::Value;
using wire::WireValue;

// A string value or key as JSON, masked first (renderer/mask.h: the value, not its quoting).
void AppendString(std::string& out, std::string_view text, const renderer::Masks& masks) {
  std::string masked;
  structured::AppendJsonString(out, masks.MaskValue(text, masked) ? std::string_view(masked) : text);
}

// The text form: HCL-like, unknowns as (known after apply) with their refinements.
class TextPrinter {
 public:
  TextPrinter(const WireValue& wv, const renderer::Masks& masks) : wv_(wv), masks_(masks) {}

  // Prints one value; a refined unknown's comment goes to `comment` so that the caller
  // can put a list's comma before it.
  void Print(Value v, Value marker, const Type& declared, int indent, std::string& out, std::string& comment) {
    Type type = declared;
    if (type.kind() == Type::Kind::kDynamic) {
      if (const Type* t = wv_.DynamicTypeOf(v)) type = *t;
    }
    if (marker.is_true()) {
      out += "(known after apply)";
      if (const auto* r = wv_.RefinementsOf(v)) {
        std::string described = r->Describe();
        masks_.MaskValue(std::string(described), described);
        if (!described.empty()) comment = " # known after apply: " + described;
      }
      return;
    }
    if (v.is_null()) {
      out += "null";
      return;
    }
    std::string pad(static_cast<size_t>(indent + 2), ' ');
    std::string close(static_cast<size_t>(indent), ' ');
    if (v.is_string()) {
      AppendString(out, v.text(), masks_);
    } else if (v.is_number()) {
      out += v.text();
    } else if (v.is_bool()) {
      out += v.as_bool() ? "true" : "false";
    } else if (v.is_array()) {
      if (v.empty()) {
        out += "[]";
        return;
      }
      out += "[\n";
      for (size_t i = 0; i < v.size(); ++i) {
        Type et = type.kind() == Type::Kind::kTuple
                      ? (i < type.elements().size() ? type.elements()[i] : Type())
                      : (type.is_collection() ? type.element() : Type());
        out += pad;
        std::string comment;
        Print(v.at(i), wire::UnknownChild(marker, i), et, indent + 2, out, comment);
        out += "," + comment + "\n";
      }
      out += close + "]";
    } else if (v.is_object()) {
      if (v.empty()) {
        out += "{}";
        return;
      }
      bool object = type.kind() == Type::Kind::kObject;
      size_t width = 0;
      std::vector<std::string> names;
      for (size_t i = 0; i < v.size(); ++i) {
        std::string_view key = v.member(i).key;
        std::string name;
        std::string masked;
        if (masks_.MaskValue(key, masked)) {
          structured::AppendJsonString(name, masked);
        } else if (object && structured::IsIdentifierKey(key)) {
          name = std::string(key);
        } else {
          structured::AppendJsonString(name, key);
        }
        width = std::max(width, name.size());
        names.push_back(std::move(name));
      }
      out += "{\n";
      for (size_t i = 0; i < v.size(); ++i) {
        structured::Member m = v.member(i);
        const Type* at = object ? type.attribute(m.key) : (type.kind() == Type::Kind::kMap ? &type.element() : nullptr);
        out += pad + names[i] + std::string(width - names[i].size(), ' ') + " = ";
        std::string comment;
        Print(m.value, wire::UnknownChild(marker, m.key), at ? *at : Type(), indent + 2, out, comment);
        out += comment + '\n';
      }
      out += close + "}";
    }
  }

 private:
  const WireValue& wv_;
  const renderer::Masks& masks_;
};

// The JSON form of a value: compact, strings and keys masked, infinities as strings.
void AppendJson(std::string& out, Value v, const renderer::Masks& masks) {
  structured::AppendCompactJson(out, v,
                                {.go_strings = false,
                                 .quote_infinities = true,
                                 .rewrite = [&masks](std::string_view text, std::string& masked) {
                                   return masks.MaskValue(text, masked) ? std::string_view(masked) : text;
                                 }});
}

// Path -> refinements of every refined unknown, in document order.
void CollectRefinements(const WireValue& wv, Value v, Value marker, const Type& declared, std::string path,
                        std::vector<std::pair<std::string, std::string>>& out) {
  Type type = declared;
  if (type.kind() == Type::Kind::kDynamic) {
    if (const Type* t = wv.DynamicTypeOf(v)) type = *t;
  }
  if (marker.is_true()) {
    if (const auto* r = wv.RefinementsOf(v)) out.emplace_back(path.empty() ? "." : path, r->Describe());
    return;
  }
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      Type et = type.kind() == Type::Kind::kTuple ? (i < type.elements().size() ? type.elements()[i] : Type())
                                                  : (type.is_collection() ? type.element() : Type());
      CollectRefinements(wv, v.at(i), wire::UnknownChild(marker, i), et, fmt::format("{}[{}]", path, i),
                         out);
    }
  } else if (v.is_object()) {
    bool object = type.kind() == Type::Kind::kObject;
    for (size_t i = 0; i < v.size(); ++i) {
      structured::Member m = v.member(i);
      std::string step;
      const Type* at = object ? type.attribute(m.key) : (type.kind() == Type::Kind::kMap ? &type.element() : nullptr);
      if (object) {
        structured::AppendKeyStep(step, m.key);
      } else {
        step = "[";
        structured::AppendJsonString(step, m.key);
        step += "]";
      }
      CollectRefinements(wv, m.value, wire::UnknownChild(marker, m.key), at ? *at : Type(), path + step,
                         out);
    }
  }
}

}  // namespace

std::string DecodeOutput(const WireValue& wv, const Type& type, DecodeFormat format, const renderer::Masks& masks) {
  std::string out;
  if (format == DecodeFormat::kJson) {
    out += "{\"value\":";
    AppendJson(out, wv.root(), masks);
    out += ",\"unknown\":";
    AppendJson(out, wv.unknown_root(), masks);
    std::vector<std::pair<std::string, std::string>> refinements;
    CollectRefinements(wv, wv.root(), wv.unknown_root(), type, "", refinements);
    out += ",\"refinements\":{";
    for (size_t i = 0; i < refinements.size(); ++i) {
      if (i) out += ',';
      AppendString(out, refinements[i].first, masks);
      out += ':';
      AppendString(out, refinements[i].second, masks);
    }
    out += "}}\n";
    return out;
  }
  std::string comment;
  TextPrinter(wv, masks).Print(wv.root(), wv.unknown_root(), type, 0, out, comment);
  out += comment + '\n';
  return out;
}

}  // namespace planview::cmd

#include "structured/wire/encode.h"

#include <fmt/format.h>
#include <msgpack.hpp>

#include <cmath>
#include <utility>
#include <vector>

#include "structured/json_text.h"
#include "structured/wire/number.h"
#include "structured/wire/unicode.h"

namespace planview::structured::wire {
namespace {

struct Failure {
  std::string message;
};

// The byte sink msgpack-c's packer writes into.
struct StringSink {
  std::string* out;
  void write(const char* data, size_t size) { out->append(data, size); }
};

class MsgpackEncoder {
 public:
  MsgpackEncoder(const WireValue& wv, std::string& out) : wv_(wv), sink_{&out}, pk_(sink_) {}

  std::vector<PathStep>& path() { return path_; }

  void Encode(Value v, Value marker, const Type& declared) {
    if (declared.kind() == Type::Kind::kDynamic) {
      EncodeDynamic(v, marker);
      return;
    }
    if (marker.is_true()) {
      EncodeUnknown(declared, wv_.RefinementsOf(v));
      return;
    }
    if (v.is_null()) {
      pk_.pack_nil();
      return;
    }
    switch (declared.kind()) {
      case Type::Kind::kString:
        if (!v.is_string()) throw Failure{"string is required"};
        PackStr(v.text());
        return;
      case Type::Kind::kNumber:
        if (!v.is_number()) throw Failure{"number is required"};
        PackNumber(v.text(), !wv_.float64_numbers.empty() && v.text().find('.') != std::string_view::npos &&
                                 wv_.IsFloat64(v));
        return;
      case Type::Kind::kBool:
        if (!v.is_bool()) throw Failure{"bool is required"};
        if (v.as_bool()) {
          pk_.pack_true();
        } else {
          pk_.pack_false();
        }
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (!v.is_array()) throw Failure{fmt::format("{} is required", declared.FriendlyName())};
        bool tuple = declared.kind() == Type::Kind::kTuple;
        if (tuple && v.size() != declared.elements().size()) {
          throw Failure{fmt::format("a tuple of length {} is required", declared.elements().size())};
        }
        pk_.pack_array(static_cast<uint32_t>(v.size()));
        for (size_t i = 0; i < v.size(); ++i) {
          path_.push_back(PathStep{PathStep::Kind::kIndex, {}, i});
          Encode(v.at(i), UnknownChild(marker, i), tuple ? declared.elements()[i] : declared.element());
          path_.pop_back();
        }
        return;
      }
      case Type::Kind::kMap: {
        if (!v.is_object()) throw Failure{"a map is required"};
        std::vector<uint32_t> order = v.SortedMemberIndices();
        pk_.pack_map(static_cast<uint32_t>(order.size()));
        for (uint32_t i : order) {
          Member m = v.member(i);
          std::string key = NormalizeNfc(m.key);
          PackStr(key);
          path_.push_back(PathStep{PathStep::Kind::kKey, key, 0});
          Encode(m.value, UnknownChild(marker, m.key), declared.element());
          path_.pop_back();
        }
        return;
      }
      case Type::Kind::kObject: {
        if (!v.is_object()) throw Failure{"an object is required"};
        const auto& attrs = declared.attributes();
        for (size_t i = 0; i < v.size(); ++i) {
          std::string_view key = v.member(i).key;
          if (declared.attribute(key) == nullptr) {
            path_.push_back(PathStep{PathStep::Kind::kAttribute, std::string(key), 0});
            throw Failure{"unsupported attribute"};
          }
        }
        pk_.pack_map(static_cast<uint32_t>(attrs.size()));
        // Decoded objects hold every attribute in order: take members by position.
        bool in_order = v.size() == attrs.size();
        for (size_t i = 0; i < attrs.size() && in_order; ++i) in_order = v.member(i).key == attrs[i].first;
        for (size_t i = 0; i < attrs.size(); ++i) {
          const auto& [name, t] = attrs[i];
          PackStr(name);
          Value child = in_order ? v.member(i).value : v.find(name);
          Value child_marker = marker.is_object() ? marker.find(name) : UnknownChild(marker, name);
          path_.push_back(PathStep{PathStep::Kind::kAttribute, name, 0});
          Encode(child, child_marker, t);
          path_.pop_back();
        }
        return;
      }
      default: throw Failure{"unsupported type"};
    }
  }

 private:
  void EncodeDynamic(Value v, Value marker) {
    const Type* recorded = wv_.DynamicTypeOf(v);
    Type type;
    if (recorded != nullptr) {
      type = *recorded;
    } else if (!marker.is_true() && !v.is_null()) {
      type = ImpliedType(v);
    }
    if (type.kind() == Type::Kind::kDynamic) {
      if (marker.is_true()) {
        PackPlainUnknown();
      } else {
        pk_.pack_nil();
      }
      return;
    }
    std::string json = type.ToJson();
    pk_.pack_array(2);
    pk_.pack_bin(static_cast<uint32_t>(json.size()));
    pk_.pack_bin_body(json.data(), static_cast<uint32_t>(json.size()));
    Encode(v, marker, type);
  }

  void PackPlainUnknown() {
    static const char kBytes[] = {'\xd4', '\x00', '\x00'};
    sink_.write(kBytes, 3);
  }

  void EncodeUnknown(const Type& type, const Refinements* r) {
    if (r == nullptr || type.kind() == Type::Kind::kDynamic) {
      PackPlainUnknown();
      return;
    }
    std::string body;
    StringSink body_sink{&body};
    msgpack::packer<StringSink> bp(body_sink);
    uint32_t count = 0;
    if (r->not_null) {
      bp.pack_int64(1);
      bp.pack_false();
      ++count;
    }
    if (type.kind() == Type::Kind::kNumber) {
      for (int key : {3, 4}) {
        const std::optional<NumberBound>& b = key == 3 ? r->number_lower : r->number_upper;
        if (!b) continue;
        bp.pack_int64(key);
        bp.pack_array(2);
        PackNumberTo(bp, b->value, b->float64);
        if (b->inclusive) {
          bp.pack_true();
        } else {
          bp.pack_false();
        }
        ++count;
      }
    } else if (type.kind() == Type::Kind::kString) {
      if (!r->string_prefix.empty()) {
        std::string prefix = EncodablePrefix(r->string_prefix);
        bp.pack_int64(2);
        bp.pack_str(static_cast<uint32_t>(prefix.size()));
        bp.pack_str_body(prefix.data(), static_cast<uint32_t>(prefix.size()));
        ++count;
      }
    } else if (type.is_collection()) {
      if (r->length_lower != 0) {
        bp.pack_int64(5);
        bp.pack_int64(r->length_lower);
        ++count;
      }
      if (r->length_upper) {
        bp.pack_int64(6);
        bp.pack_int64(*r->length_upper);
        ++count;
      }
    }
    if (count == 0) {
      PackPlainUnknown();
      return;
    }
    std::string header;
    StringSink header_sink{&header};
    msgpack::packer<StringSink> hp(header_sink);
    hp.pack_map(count);
    std::string payload = header + body;
    pk_.pack_ext(payload.size(), 12);
    pk_.pack_ext_body(payload.data(), static_cast<uint32_t>(payload.size()));
  }

  void PackStr(std::string_view s) {
    pk_.pack_str(static_cast<uint32_t>(s.size()));
    pk_.pack_str_body(s.data(), static_cast<uint32_t>(s.size()));
  }

  void PackNumber(std::string_view text, bool float64) { PackNumberTo(pk_, text, float64); }

  template <typename Packer>
  static void PackNumberTo(Packer& pk, std::string_view text, bool float64) {
    std::string canonical;
    if (!IsCanonicalNumber(text)) {
      std::optional<std::string> parsed = ParseNumberText(text);
      if (!parsed) throw Failure{fmt::format("{} is not a number", text)};
      canonical = std::move(*parsed);
      text = canonical;
    }
    NumberEncoding enc = ChooseNumberEncoding(text, float64);
    switch (enc.kind) {
      case NumberEncoding::Kind::kInt: pk.pack_int64(enc.int_value); break;
      case NumberEncoding::Kind::kFloat64: pk.pack_double(enc.float_value); break;
      case NumberEncoding::Kind::kString:
        pk.pack_str(static_cast<uint32_t>(enc.text.size()));
        pk.pack_str_body(enc.text.data(), static_cast<uint32_t>(enc.text.size()));
        break;
    }
  }

  const WireValue& wv_;
  StringSink sink_;
  msgpack::packer<StringSink> pk_;
  std::vector<PathStep> path_;
};

// go's encoding/json string escaping with HTML escaping on.
void AppendJsonString(std::string& out, std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '<': case '>': case '&':
        default:
          if (c < 0x20 || c == '<' || c == '>' || c == '&') {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    size_t bad = structured::FindInvalidUtf8(s.substr(i, 4));
    size_t len = (c >= 0xf0) ? 4 : (c >= 0xe0) ? 3 : 2;
    if (bad == 0 || bad < len) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    std::string_view seq = s.substr(i, len);
    if (seq == "\xe2\x80\xa8" || seq == "\xe2\x80\xa9") {
      out += seq == "\xe2\x80\xa8" ? "\\u2028" : "\\u2029";
    } else {
      out += seq;
    }
    i += len;
  }
  out += '"';
}

class JsonEncoder {
 public:
  JsonEncoder(const WireValue& wv, std::string& out) : wv_(wv), out_(out) {}
  std::vector<PathStep>& path() { return path_; }

  void Encode(Value v, Value marker, const Type& declared) {
    if (marker.is_true()) throw Failure{"value is not known"};
    if (declared.kind() == Type::Kind::kDynamic) {
      const Type* recorded = wv_.DynamicTypeOf(v);
      Type type = recorded != nullptr ? *recorded : (v.is_null() ? Type::Dynamic() : ImpliedType(v));
      if (type.kind() == Type::Kind::kDynamic) {
        out_ += "null";
        return;
      }
      out_ += "{\"value\":";
      Encode(v, marker, type);
      out_ += ",\"type\":";
      out_ += type.ToJson();
      out_ += '}';
      return;
    }
    if (v.is_null()) {
      out_ += "null";
      return;
    }
    switch (declared.kind()) {
      case Type::Kind::kString:
        if (!v.is_string()) throw Failure{"string is required"};
        AppendJsonString(out_, v.text());
        return;
      case Type::Kind::kNumber: {
        if (!v.is_number()) throw Failure{"number is required"};
        std::string_view text = v.text();
        std::string canonical;
        if (!IsCanonicalNumber(text)) {
          std::optional<std::string> parsed = ParseNumberText(text);
          if (!parsed) throw Failure{"number is required"};
          canonical = std::move(*parsed);
          text = canonical;
        }
        if (text == "+Inf" || text == "-Inf") throw Failure{"cannot serialize infinity as JSON"};
        out_ += text;
        return;
      }
      case Type::Kind::kBool:
        if (!v.is_bool()) throw Failure{"bool is required"};
        out_ += v.as_bool() ? "true" : "false";
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (!v.is_array()) throw Failure{fmt::format("{} is required", declared.FriendlyName())};
        bool tuple = declared.kind() == Type::Kind::kTuple;
        out_ += '[';
        for (size_t i = 0; i < v.size(); ++i) {
          if (i) out_ += ',';
          path_.push_back(PathStep{PathStep::Kind::kIndex, {}, i});
          const Type& et = tuple ? (i < declared.elements().size() ? declared.elements()[i] : declared) : declared.element();
          Encode(v.at(i), UnknownChild(marker, i), et);
          path_.pop_back();
        }
        out_ += ']';
        return;
      }
      case Type::Kind::kMap:
      case Type::Kind::kObject: {
        if (!v.is_object()) throw Failure{"an object is required"};
        bool object = declared.kind() == Type::Kind::kObject;
        out_ += '{';
        bool first = true;
        auto member = [&](std::string_view key, Value child, const Type& t, PathStep::Kind kind) {
          if (!first) out_ += ',';
          first = false;
          AppendJsonString(out_, key);
          out_ += ':';
          path_.push_back(PathStep{kind, std::string(key), 0});
          Encode(child, UnknownChild(marker, key), t);
          path_.pop_back();
        };
        if (object) {
          for (const auto& [name, t] : declared.attributes()) member(name, v.find(name), t, PathStep::Kind::kAttribute);
        } else {
          for (uint32_t i : v.SortedMemberIndices()) {
            Member m = v.member(i);
            member(m.key, m.value, declared.element(), PathStep::Kind::kKey);
          }
        }
        out_ += '}';
        return;
      }
      default: throw Failure{"unsupported type"};
    }
  }

 private:
  const WireValue& wv_;
  std::string& out_;
  std::vector<PathStep> path_;
};

}  // namespace

Type ImpliedType(Value json) {
  switch (json.kind()) {
    case Kind::kBool: return Type::Bool();
    case Kind::kNumber: return Type::Number();
    case Kind::kString: return Type::String();
    case Kind::kArray: {
      std::vector<Type> elems;
      for (size_t i = 0; i < json.size(); ++i) elems.push_back(ImpliedType(json.at(i)));
      return Type::Tuple(std::move(elems));
    }
    case Kind::kObject: {
      std::vector<std::pair<std::string, Type>> attrs;
      for (uint32_t i : json.SortedMemberIndices()) {
        Member m = json.member(i);
        attrs.emplace_back(std::string(m.key), ImpliedType(m.value));
      }
      return Type::Object(std::move(attrs));
    }
    default: return Type::Dynamic();
  }
}

EncodeResult EncodeMsgpack(const WireValue& value, const Type& type) {
  EncodeResult result;
  MsgpackEncoder enc(value, result.bytes);
  try {
    enc.Encode(value.root(), value.unknown_root(), type);
  } catch (const Failure& f) {
    result.error = WireError{enc.path(), 0, false, f.message};
  }
  return result;
}

EncodeResult EncodeJson(const WireValue& value, const Type& type) {
  EncodeResult result;
  JsonEncoder enc(value, result.bytes);
  try {
    enc.Encode(value.root(), value.unknown_root(), type);
  } catch (const Failure& f) {
    result.error = WireError{enc.path(), 0, false, f.message};
  }
  return result;
}

}  // namespace planview::structured::wire

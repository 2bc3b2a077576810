#include "wire/encode.h"

#include <fmt/format.h>

#include <charconv>
#include <deque>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "structured/json_text.h"
#include "wire/internal/charconv_double.h"
#include "wire/internal/msgpack_writer.h"
#include "wire/internal/type_plan.h"
#include "wire/number.h"
#include "wire/internal/unicode.h"

namespace planview::wire {

using structured::AppendGoJsonString;
using structured::Kind;
using structured::Member;
using structured::Type;
using structured::Value;

namespace {

using internal::AttributePlan;
using internal::MsgpackWriter;
using internal::TypePlan;
using internal::TypePlans;

struct Failure {
  std::string message;
};

// One step of the path to the value being encoded, for errors.
struct Step {
  PathStep::Kind kind;
  std::string_view name;  // in the value's document, a type or an owned copy
  size_t index;
};

std::vector<PathStep> ToPath(const std::vector<Step>& steps) {
  std::vector<PathStep> out;
  out.reserve(steps.size());
  for (const Step& s : steps) out.push_back(PathStep{s.kind, std::string(s.name), s.index});
  return out;
}

// `-?(0|[1-9][0-9]{0,17})`: canonical integer text that certainly fits int64.
bool ParseShortInteger(std::string_view text, int64_t& value) {
  size_t i = !text.empty() && text[0] == '-' ? 1 : 0;
  size_t digits = text.size() - i;
  if (digits == 0 || digits > 18 || (text[i] == '0' && digits > 1)) return false;
  int64_t v = 0;
  for (size_t k = i; k < text.size(); ++k) {
    char c = text[k];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  value = i == 1 ? -v : v;
  return true;
}

// The canonical form of number text from the value (plans may hold "1.50" or "1e3");
// none when the text is not a number.
std::optional<std::string_view> Canonical(std::string_view text, std::string& storage) {
  if (IsCanonicalNumber(text)) return text;
  std::optional<std::string> parsed = ParseNumberText(text);
  if (!parsed) return std::nullopt;
  storage = std::move(*parsed);
  return storage;
}

// The members of an object value, and whether their keys are strictly increasing.
struct Members {
  std::vector<Member> list;
  bool sorted = true;
  void Load(Value v) {
    list.clear();
    sorted = true;
    for (size_t i = 0; i < v.size(); ++i) {
      list.push_back(v.member(i));
      if (i > 0 && !(list[i - 1].key < list[i].key)) sorted = false;
    }
  }
};

// Member lists reused per depth, so that walking objects allocates nothing once warm.
class MembersStack {
 public:
  Members& At(size_t depth, size_t which) {
    size_t i = 2 * depth + which;
    while (levels_.size() <= i) levels_.push_back(std::make_unique<Members>());
    return *levels_[i];
  }

 private:
  std::vector<std::unique_ptr<Members>> levels_;
};

// The marker of each member of an object: walks the marker object's members alongside the
// object's keys (both in key order when decoded), with lookups for markers in another
// order. Keys must be asked for in increasing order.
class MarkerMembers {
 public:
  MarkerMembers(Value marker, Members& scratch) : marker_(marker), members_(scratch) {
    if (marker.is_object() && !marker.empty()) {
      members_.Load(marker);
      walk_ = members_.sorted;
    }
  }
  Value Child(std::string_view key) {
    if (marker_.is_true()) return marker_;
    if (!walk_) return marker_.find(key);  // absent when the marker is empty or not an object
    while (next_ < members_.list.size()) {
      int c = members_.list[next_].key.compare(key);
      if (c == 0) return members_.list[next_++].value;
      if (c > 0) break;
      ++next_;
    }
    return {};
  }

 private:
  Value marker_;
  Members& members_;
  size_t next_ = 0;
  bool walk_ = false;
};

// Whether the value has the shape `plan` needs; when not, the encoder's message. Nulls
// and unknowns are handled before.
std::optional<std::string> ShapeError(Value v, const TypePlan& plan, const char* object_message) {
  switch (plan.kind) {
    case Type::Kind::kString:
      if (!v.is_string()) return "string is required";
      return std::nullopt;
    case Type::Kind::kNumber:
      if (!v.is_number()) return "number is required";
      return std::nullopt;
    case Type::Kind::kBool:
      if (!v.is_bool()) return "bool is required";
      return std::nullopt;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kTuple:
      if (!v.is_array()) return fmt::format("{} is required", plan.type->FriendlyName());
      return std::nullopt;
    case Type::Kind::kMap:
    case Type::Kind::kObject:
      if (!v.is_object()) return object_message;
      return std::nullopt;
    default: return "unsupported type";
  }
}

// The type a value at a dynamic position is written with: the one recorded for it, else
// the one its JSON implies; nullptr for an untyped null or unknown.
const TypePlan* RuntimePlan(const WireValue& wv, TypePlans& plans, Value v, Value marker) {
  if (const Type* recorded = wv.DynamicTypeOf(v)) return &plans.For(*recorded);
  if (marker.is_true() || v.is_null()) return nullptr;
  return &plans.ForCopy(ImpliedType(v));
}

class MsgpackEncoder {
 public:
  MsgpackEncoder(const WireValue& wv, size_t expected) : wv_(wv), out_(expected) {}

  // On failure: where (the path stays as it was) and why.
  std::vector<PathStep> Path() const { return ToPath(path_); }
  const std::string& message() const { return failure_.message; }
  std::string Take() { return out_.Take(); }
  TypePlans& plans() { return plans_; }

  bool Encode(Value v, Value marker, const TypePlan& plan, size_t depth) {
    if (plan.kind == Type::Kind::kDynamic) return EncodeDynamic(v, marker, depth);
    if (marker.is_true()) return EncodeUnknown(plan, wv_.RefinementsOf(v));
    if (v.is_null()) {
      out_.Nil();
      return true;
    }
    if (auto error = ShapeError(v, plan, plan.kind == Type::Kind::kMap ? "a map is required" : "an object is required")) {
      return Fail(std::move(*error));
    }
    switch (plan.kind) {
      case Type::Kind::kString: out_.Str(v.text()); return true;
      case Type::Kind::kNumber: {
        std::string_view text = v.text();
        bool float64 = !wv_.float64_numbers.empty() && text.find('.') != std::string_view::npos && wv_.IsFloat64(v);
        return PackNumber(out_, text, float64);
      }
      case Type::Kind::kBool: out_.Bool(v.as_bool()); return true;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        bool tuple = plan.kind == Type::Kind::kTuple;
        size_t n = v.size();
        if (tuple && n != plan.elements.size()) {
          return Fail(fmt::format("a tuple of length {} is required", plan.elements.size()));
        }
        out_.Array(n);
        path_.push_back(Step{PathStep::Kind::kIndex, {}, 0});
        for (size_t i = 0; i < n; ++i) {
          path_.back().index = i;
          if (!Encode(v.at(i), UnknownChild(marker, i), tuple ? *plan.elements[i] : *plan.element, depth + 1)) return false;
        }
        path_.pop_back();
        return true;
      }
      case Type::Kind::kMap: {
        Members& members = scratch_.At(depth, 0);
        members.Load(v);
        std::vector<uint32_t> order;
        if (!members.sorted) order = v.SortedMemberIndices();
        size_t n = members.sorted ? members.list.size() : order.size();
        out_.Map(n);
        MarkerMembers markers(marker, scratch_.At(depth, 1));
        for (size_t k = 0; k < n; ++k) {
          const Member& m = members.sorted ? members.list[k] : members.list[order[k]];
          std::string_view key = m.key;
          if (!IsNfc(key)) key = owned_names_.emplace_back(NormalizeNfc(key));
          out_.Str(key);
          path_.push_back(Step{PathStep::Kind::kKey, key, 0});
          if (!Encode(m.value, markers.Child(m.key), *plan.element, depth + 1)) return false;
          path_.pop_back();
        }
        return true;
      }
      case Type::Kind::kObject: {
        const std::vector<AttributePlan>& attrs = plan.attributes;
        // Decoded objects hold every attribute in order: take members by position.
        bool in_order = v.size() == attrs.size();
        for (size_t i = 0; i < attrs.size() && in_order; ++i) in_order = v.member(i).key == attrs[i].name;
        if (!in_order) {
          for (size_t i = 0; i < v.size(); ++i) {
            std::string_view key = v.member(i).key;
            if (plan.AttributeIndex(key) < 0) {
              path_.push_back(Step{PathStep::Kind::kAttribute, key, 0});
              return Fail("unsupported attribute");
            }
          }
        }
        out_.Map(attrs.size());
        MarkerMembers markers(marker, scratch_.At(depth, 1));
        for (size_t i = 0; i < attrs.size(); ++i) {
          const AttributePlan& a = attrs[i];
          out_.Raw(a.packed_name);
          Value child = in_order ? v.member(i).value : v.find(a.name);
          path_.push_back(Step{PathStep::Kind::kAttribute, a.name, 0});
          if (!Encode(child, markers.Child(a.name), *a.plan, depth + 1)) return false;
          path_.pop_back();
        }
        return true;
      }
      default: return true;
    }
  }

 private:
  bool EncodeDynamic(Value v, Value marker, size_t depth) {
    const TypePlan* plan = RuntimePlan(wv_, plans_, v, marker);
    if (plan == nullptr || plan->kind == Type::Kind::kDynamic) {
      if (marker.is_true()) {
        PackPlainUnknown();
      } else {
        out_.Nil();
      }
      return true;
    }
    auto [it, added] = type_json_.emplace(plan, std::string());
    if (added) it->second = plan->type->ToJson();
    out_.Array(2);
    out_.Bin(it->second);
    return Encode(v, marker, *plan, depth);
  }

  void PackPlainUnknown() { out_.Raw(std::string_view("\xd4\x00\x00", 3)); }

  bool EncodeUnknown(const TypePlan& plan, const Refinements* r) {
    if (r == nullptr) {
      PackPlainUnknown();
      return true;
    }
    MsgpackWriter body(64);
    uint32_t count = 0;
    if (r->not_null) {
      body.Int(1);
      body.Bool(false);
      ++count;
    }
    if (plan.kind == Type::Kind::kNumber) {
      for (int key : {3, 4}) {
        const std::optional<NumberBound>& b = key == 3 ? r->number_lower : r->number_upper;
        if (!b) continue;
        body.Int(key);
        body.Array(2);
        if (!PackNumber(body, b->value, b->float64)) return false;
        body.Bool(b->inclusive);
        ++count;
      }
    } else if (plan.kind == Type::Kind::kString) {
      if (!r->string_prefix.empty()) {
        body.Int(2);
        body.Str(EncodablePrefix(r->string_prefix));
        ++count;
      }
    } else if (plan.is_collection()) {
      if (r->length_lower != 0) {
        body.Int(5);
        body.Int(r->length_lower);
        ++count;
      }
      if (r->length_upper) {
        body.Int(6);
        body.Int(*r->length_upper);
        ++count;
      }
    }
    if (count == 0) {
      PackPlainUnknown();
      return true;
    }
    MsgpackWriter payload(80);
    payload.Map(count);
    payload.Raw(body.Take());
    out_.Ext(12, payload.Take());
    return true;
  }

  // go-cty's choice: integers in int64 as integers, non-integers held as float64 (or
  // exactly a float64) as float64, anything else as decimal text.
  bool PackNumber(MsgpackWriter& out, std::string_view text, bool float64) {
    int64_t iv;
    if (ParseShortInteger(text, iv)) {
      out.Int(iv);
      return true;
    }
    if (float64 && IsCanonicalNumber(text) && text[0] != '+') {
      double d = 0;
      auto res = internal::ParseDouble(text.data(), text.data() + text.size(), d);
      if (res.ec == std::errc() && res.ptr == text.data() + text.size()) {
        out.Double(d);
        return true;
      }
    }
    std::string storage;
    std::optional<std::string_view> canonical = Canonical(text, storage);
    if (!canonical) return Fail(fmt::format("{} is not a number", text));
    NumberEncoding enc = ChooseNumberEncoding(*canonical, float64);
    switch (enc.kind) {
      case NumberEncoding::Kind::kInt: out.Int(enc.int_value); break;
      case NumberEncoding::Kind::kFloat64: out.Double(enc.float_value); break;
      case NumberEncoding::Kind::kString: out.Str(enc.text); break;
    }
    return true;
  }

  bool Fail(std::string message) {
    failure_ = Failure{std::move(message)};
    return false;
  }

  const WireValue& wv_;
  MsgpackWriter out_;
  TypePlans plans_;
  std::vector<Step> path_;
  std::deque<std::string> owned_names_;  // normalised map keys named by path_
  MembersStack scratch_;
  std::unordered_map<const TypePlan*, std::string> type_json_;
  Failure failure_;
};

class JsonEncoder {
 public:
  JsonEncoder(const WireValue& wv, std::string& out) : wv_(wv), out_(out) {}
  // On failure: where (the path stays as it was) and why.
  std::vector<PathStep> Path() const { return ToPath(path_); }
  const std::string& message() const { return failure_.message; }
  TypePlans& plans() { return plans_; }

  bool Encode(Value v, Value marker, const TypePlan& plan, size_t depth) {
    if (marker.is_true()) return Fail("value is not known");
    if (plan.kind == Type::Kind::kDynamic) {
      const TypePlan* runtime = RuntimePlan(wv_, plans_, v, marker);
      if (runtime == nullptr || runtime->kind == Type::Kind::kDynamic) {
        out_ += "null";
        return true;
      }
      out_ += "{\"value\":";
      if (!Encode(v, marker, *runtime, depth)) return false;
      out_ += ",\"type\":";
      out_ += runtime->type->ToJson();
      out_ += '}';
      return true;
    }
    if (v.is_null()) {
      out_ += "null";
      return true;
    }
    if (auto error = ShapeError(v, plan, "an object is required")) return Fail(std::move(*error));
    switch (plan.kind) {
      case Type::Kind::kString: AppendGoJsonString(out_, v.text()); return true;
      case Type::Kind::kNumber: {
        std::string storage;
        std::optional<std::string_view> text = Canonical(v.text(), storage);
        if (!text) return Fail("number is required");
        if (IsInfinity(*text)) return Fail("cannot serialize infinity as JSON");
        out_ += *text;
        return true;
      }
      case Type::Kind::kBool: out_ += v.as_bool() ? "true" : "false"; return true;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        bool tuple = plan.kind == Type::Kind::kTuple;
        out_ += '[';
        path_.push_back(Step{PathStep::Kind::kIndex, {}, 0});
        for (size_t i = 0; i < v.size(); ++i) {
          if (i) out_ += ',';
          path_.back().index = i;
          const TypePlan& et = tuple ? (i < plan.elements.size() ? *plan.elements[i] : plan) : *plan.element;
          if (!Encode(v.at(i), UnknownChild(marker, i), et, depth + 1)) return false;
        }
        path_.pop_back();
        out_ += ']';
        return true;
      }
      case Type::Kind::kMap:
      case Type::Kind::kObject: {
        out_ += '{';
        bool first = true;
        MarkerMembers markers(marker, scratch_.At(depth, 1));
        auto member = [&](std::string_view key, Value child, const TypePlan& t, PathStep::Kind kind) -> bool {
          if (!first) out_ += ',';
          first = false;
          AppendGoJsonString(out_, key);
          out_ += ':';
          path_.push_back(Step{kind, key, 0});
          if (!Encode(child, markers.Child(key), t, depth + 1)) return false;
          path_.pop_back();
          return true;
        };
        if (plan.kind == Type::Kind::kObject) {
          Members& members = scratch_.At(depth, 0);
          members.Load(v);
          bool in_order = members.list.size() == plan.attributes.size();
          for (size_t i = 0; i < plan.attributes.size() && in_order; ++i) {
            in_order = members.list[i].key == plan.attributes[i].name;
          }
          for (size_t i = 0; i < plan.attributes.size(); ++i) {
            const AttributePlan& a = plan.attributes[i];
            if (!member(a.name, in_order ? members.list[i].value : v.find(a.name), *a.plan, PathStep::Kind::kAttribute)) {
              return false;
            }
          }
        } else {
          for (uint32_t i : v.SortedMemberIndices()) {
            Member m = v.member(i);
            if (!member(m.key, m.value, *plan.element, PathStep::Kind::kKey)) return false;
          }
        }
        out_ += '}';
        return true;
      }
      default: return true;
    }
  }

 private:
  bool Fail(std::string message) {
    failure_ = Failure{std::move(message)};
    return false;
  }

  const WireValue& wv_;
  std::string& out_;
  TypePlans plans_;
  std::vector<Step> path_;
  MembersStack scratch_;
  Failure failure_;
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
  // A decoded value's document holds the input it came from: about the output's size.
  size_t expected = value.value ? value.value->MemoryUsage() / 2 + 64 : 64;
  MsgpackEncoder enc(value, expected);
  if (!enc.Encode(value.root(), value.unknown_root(), enc.plans().For(type), 0)) {
    result.error = WireError{enc.Path(), 0, false, enc.message()};
    return result;
  }
  result.bytes = enc.Take();
  return result;
}

EncodeResult EncodeJson(const WireValue& value, const Type& type) {
  EncodeResult result;
  JsonEncoder enc(value, result.bytes);
  if (!enc.Encode(value.root(), value.unknown_root(), enc.plans().For(type), 0)) {
    result.bytes.clear();
    result.error = WireError{enc.Path(), 0, false, enc.message()};
  }
  return result;
}

}  // namespace planview::wire

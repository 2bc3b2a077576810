#include "structured/cty_type.h"

#include <algorithm>

#include <fmt/format.h>

#include "structured/json_path.h"
#include "structured/json_text.h"

namespace planview::structured {

struct Type::Data {
  Kind kind = Kind::kDynamic;
  std::vector<Type> element;  // one element for collections; tuple elements
  std::vector<std::pair<std::string, Type>> attributes;
  std::vector<std::string> optional;
};

namespace {
const std::vector<std::pair<std::string, Type>>& NoAttributes() {
  static const std::vector<std::pair<std::string, Type>> empty;
  return empty;
}
const std::vector<std::string>& NoNames() {
  static const std::vector<std::string> empty;
  return empty;
}
const std::vector<Type>& NoTypes() {
  static const std::vector<Type> empty;
  return empty;
}
}  // namespace

Type::Type() = default;

Type::Type(std::shared_ptr<const Data> data) : data_(std::move(data)), kind_(data_ ? data_->kind : Kind::kDynamic) {}

Type Type::Dynamic() { return Type(); }

#define PLANVIEW_PRIMITIVE(NAME, KIND)                     \
  Type Type::NAME() {                                      \
    static const auto data = [] {                          \
      auto d = std::make_shared<Data>();                   \
      d->kind = KIND;                                      \
      return std::shared_ptr<const Data>(std::move(d));    \
    }();                                                   \
    return Type(data);                                     \
  }
PLANVIEW_PRIMITIVE(String, Kind::kString)
PLANVIEW_PRIMITIVE(Number, Kind::kNumber)
PLANVIEW_PRIMITIVE(Bool, Kind::kBool)
#undef PLANVIEW_PRIMITIVE

Type Type::List(Type element) {
  auto d = std::make_shared<Data>();
  d->kind = Kind::kList;
  d->element.push_back(std::move(element));
  return Type(std::move(d));
}

Type Type::Set(Type element) {
  auto d = std::make_shared<Data>();
  d->kind = Kind::kSet;
  d->element.push_back(std::move(element));
  return Type(std::move(d));
}

Type Type::Map(Type element) {
  auto d = std::make_shared<Data>();
  d->kind = Kind::kMap;
  d->element.push_back(std::move(element));
  return Type(std::move(d));
}

Type Type::Object(std::vector<std::pair<std::string, Type>> attributes, std::vector<std::string> optional) {
  auto d = std::make_shared<Data>();
  d->kind = Kind::kObject;
  std::sort(attributes.begin(), attributes.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::sort(optional.begin(), optional.end());
  d->attributes = std::move(attributes);
  d->optional = std::move(optional);
  return Type(std::move(d));
}

Type Type::Tuple(std::vector<Type> elements) {
  auto d = std::make_shared<Data>();
  d->kind = Kind::kTuple;
  d->element = std::move(elements);
  return Type(std::move(d));
}

const Type& Type::element() const {
  static const Type dynamic;
  if (!is_collection()) return dynamic;
  return data_->element.front();
}

const std::vector<std::pair<std::string, Type>>& Type::attributes() const {
  return kind() == Kind::kObject ? data_->attributes : NoAttributes();
}

const std::vector<std::string>& Type::optional_attributes() const {
  return kind() == Kind::kObject ? data_->optional : NoNames();
}

const std::vector<Type>& Type::elements() const { return kind() == Kind::kTuple ? data_->element : NoTypes(); }

const Type* Type::attribute(std::string_view name) const {
  const auto& attrs = attributes();
  auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                             [](const auto& a, std::string_view n) { return a.first < n; });
  if (it == attrs.end() || it->first != name) return nullptr;
  return &it->second;
}

bool Type::is_optional(std::string_view name) const {
  const auto& names = optional_attributes();
  return std::binary_search(names.begin(), names.end(), name);
}

bool Type::operator==(const Type& other) const {
  if (data_ == other.data_) return true;
  if (kind() != other.kind()) return false;
  switch (kind()) {
    case Kind::kDynamic:
    case Kind::kString:
    case Kind::kNumber:
    case Kind::kBool: return true;
    case Kind::kList:
    case Kind::kSet:
    case Kind::kMap:
    case Kind::kTuple: return data_->element == other.data_->element;
    case Kind::kObject: return data_->attributes == other.data_->attributes && data_->optional == other.data_->optional;
  }
  return false;
}

std::string Type::ToJson() const {
  switch (kind()) {
    case Kind::kDynamic: return "\"dynamic\"";
    case Kind::kString: return "\"string\"";
    case Kind::kNumber: return "\"number\"";
    case Kind::kBool: return "\"bool\"";
    case Kind::kList: return "[\"list\"," + element().ToJson() + "]";
    case Kind::kSet: return "[\"set\"," + element().ToJson() + "]";
    case Kind::kMap: return "[\"map\"," + element().ToJson() + "]";
    case Kind::kTuple: {
      std::string out = "[\"tuple\",[";
      for (size_t i = 0; i < data_->element.size(); ++i) {
        if (i) out += ',';
        out += data_->element[i].ToJson();
      }
      return out + "]]";
    }
    case Kind::kObject: {
      std::string out = "[\"object\",{";
      for (size_t i = 0; i < data_->attributes.size(); ++i) {
        if (i) out += ',';
        AppendGoJsonString(out, data_->attributes[i].first);
        out += ':';
        out += data_->attributes[i].second.ToJson();
      }
      out += '}';
      if (!data_->optional.empty()) {
        out += ",[";
        for (size_t i = 0; i < data_->optional.size(); ++i) {
          if (i) out += ',';
          AppendGoJsonString(out, data_->optional[i]);
        }
        out += ']';
      }
      return out + "]";
    }
  }
  return "\"dynamic\"";
}

std::string Type::FriendlyName() const {
  switch (kind()) {
    case Kind::kDynamic: return "dynamic";
    case Kind::kString: return "string";
    case Kind::kNumber: return "number";
    case Kind::kBool: return "bool";
    case Kind::kList: return "list of " + element().FriendlyName();
    case Kind::kSet: return "set of " + element().FriendlyName();
    case Kind::kMap: return "map of " + element().FriendlyName();
    case Kind::kObject: return "object";
    case Kind::kTuple: return "tuple";
  }
  return "dynamic";
}

namespace {

base::Expected<Type> Parse(Value json, JsonPath& path, size_t depth) {
  auto fail = [&](std::string message) -> base::Error {
    std::string where = path.Steps();
    std::string line = where.empty() ? message : where + ": " + message;
    return base::Error(std::move(line), "", std::move(where));
  };
  if (depth > 256) return fail("type nested too deeply");
  if (json.is_string()) {
    std::string_view name = json.text();
    if (name == "string") return Type::String();
    if (name == "number") return Type::Number();
    if (name == "bool") return Type::Bool();
    if (name == "dynamic") return Type::Dynamic();
    return fail(fmt::format("unknown type {:?}", name));
  }
  if (!json.is_array() || json.empty() || !json.at(0).is_string()) {
    return fail(fmt::format("a type must be a string or an array starting with a kind, not {}",
                            json.absent() ? "nothing" : KindName(json.kind())));
  }
  std::string_view kind = json.at(0).text();
  if (kind == "list" || kind == "set" || kind == "map") {
    if (json.size() != 2) return fail(fmt::format("a {} type needs exactly one element type", kind));
    path.PushIndex(1);
    base::Expected<Type> element = Parse(json.at(1), path, depth + 1);
    path.Pop();
    if (!element) return std::move(element).error();
    if (kind == "list") return Type::List(std::move(*element));
    if (kind == "set") return Type::Set(std::move(*element));
    return Type::Map(std::move(*element));
  }
  if (kind == "object") {
    if (json.size() != 2 && json.size() != 3) return fail("an object type needs attributes and optionally a list of optional ones");
    Value attrs = json.at(1);
    if (!attrs.is_object()) return fail("object type attributes must be a JSON object");
    std::vector<std::pair<std::string, Type>> attributes;
    path.PushIndex(1);
    for (size_t i = 0; i < attrs.size(); ++i) {
      Member m = attrs.member(i);
      path.PushKey(m.key);
      base::Expected<Type> t = Parse(m.value, path, depth + 1);
      path.Pop();
      if (!t) return std::move(t).error();
      attributes.emplace_back(std::string(m.key), std::move(*t));
    }
    path.Pop();
    std::vector<std::string> optional;
    if (json.size() == 3) {
      Value names = json.at(2);
      if (!names.is_array()) return fail("optional attributes must be a list of names");
      for (size_t i = 0; i < names.size(); ++i) {
        if (!names.at(i).is_string()) return fail("optional attribute names must be strings");
        std::string_view name = names.at(i).text();
        bool known = std::any_of(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == name; });
        if (!known) return fail(fmt::format("optional attribute {:?} is not an attribute of the object", name));
        optional.emplace_back(name);
      }
    }
    return Type::Object(std::move(attributes), std::move(optional));
  }
  if (kind == "tuple") {
    if (json.size() != 2 || !json.at(1).is_array()) return fail("a tuple type needs a list of element types");
    std::vector<Type> elements;
    Value list = json.at(1);
    path.PushIndex(1);
    for (size_t i = 0; i < list.size(); ++i) {
      path.PushIndex(i);
      base::Expected<Type> t = Parse(list.at(i), path, depth + 1);
      path.Pop();
      if (!t) return std::move(t).error();
      elements.push_back(std::move(*t));
    }
    path.Pop();
    return Type::Tuple(std::move(elements));
  }
  return fail(fmt::format("unknown type kind {:?}", kind));
}

}  // namespace

base::Expected<Type> ParseType(Value json) {
  JsonPath path;
  return Parse(json, path, 0);
}

}  // namespace planview::structured

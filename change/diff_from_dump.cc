#include "change/diff_from_dump.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "change/renderers/renderers.h"
#include "fmt/format.h"
#include "structured/cty_type.h"
#include "structured/json_path.h"

namespace planview::change {
namespace {

using renderers::DiffMap;
using structured::Value;

class Reader {
 public:
  explicit Reader(std::string& error) : error_(error) {}

  std::optional<Diff> ReadDiff(const Value& v) {
    if (!v.is_object()) return Fail("expected a diff object");
    Value action_name = v.find("action");
    std::optional<Action> action = ActionFromName(action_name.is_string() ? action_name.text() : "");
    if (!action) {
      path_.PushKey("action");
      return Fail(fmt::format("unknown action \"{}\"", action_name.text()));
    }
    bool replace = v.find("replace").as_bool();
    Value renderer = v.find("renderer");
    if (renderer.is_null()) return Diff(nullptr, *action, replace);
    path_.PushKey("renderer");
    renderers::RendererPtr r = ReadRenderer(renderer);
    if (r == nullptr) return std::nullopt;
    path_.Pop();
    return Diff(std::move(r), *action, replace);
  }

 private:
  std::nullopt_t Fail(std::string_view message) {
    if (error_.empty()) error_ = fmt::format("{}: {}", path_.ToString(), message);
    return std::nullopt;
  }

  renderers::RendererPtr FailRenderer(std::string_view message) {
    Fail(message);
    return nullptr;
  }

  std::optional<Diff> Child(const Value& parent, std::string_view key) {
    path_.PushKey(key);
    std::optional<Diff> d = ReadDiff(parent.find(key));
    if (d) path_.Pop();
    return d;
  }

  std::optional<std::vector<Diff>> DiffArray(const Value& v) {
    std::vector<Diff> out;
    if (v.is_null()) return out;
    if (!v.is_array()) return Fail("expected an array of diffs");
    for (size_t i = 0; i < v.size(); ++i) {
      path_.PushIndex(i);
      std::optional<Diff> d = ReadDiff(v.at(i));
      if (!d) return std::nullopt;
      path_.Pop();
      out.push_back(std::move(*d));
    }
    return out;
  }

  std::optional<DiffMap> DiffObject(const Value& v) {
    DiffMap out;
    if (v.is_null()) return out;
    if (!v.is_object()) return Fail("expected an object of diffs");
    for (uint32_t i : v.SortedMemberIndices()) {
      structured::Member m = v.member(i);
      path_.PushKey(m.key);
      std::optional<Diff> d = ReadDiff(m.value);
      if (!d) return std::nullopt;
      path_.Pop();
      out.emplace(std::string(m.key), std::move(*d));
    }
    return out;
  }

  bool ReadBlocks(const Value& v, renderers::Blocks& blocks) {
    if (v.is_null()) return true;
    if (!v.is_object()) {
      Fail("expected a Blocks object");
      return false;
    }
    path_.PushKey("SingleBlocks");
    std::optional<DiffMap> single = DiffObject(v.find("SingleBlocks"));
    if (!single) return false;
    path_.Pop();
    blocks.single_blocks = std::move(*single);
    for (auto [name, target] : {std::pair{"ListBlocks", &blocks.list_blocks}, std::pair{"SetBlocks", &blocks.set_blocks}}) {
      Value groups = v.find(name);
      path_.PushKey(name);
      if (!groups.is_null() && !groups.is_object()) {
        Fail("expected an object");
        return false;
      }
      for (uint32_t i : groups.SortedMemberIndices()) {
        structured::Member m = groups.member(i);
        path_.PushKey(m.key);
        std::optional<std::vector<Diff>> diffs = DiffArray(m.value);
        if (!diffs) return false;
        path_.Pop();
        (*target)[std::string(m.key)] = std::move(*diffs);
      }
      path_.Pop();
    }
    Value maps = v.find("MapBlocks");
    path_.PushKey("MapBlocks");
    if (!maps.is_null() && !maps.is_object()) {
        Fail("expected an object");
        return false;
      }
    for (uint32_t i : maps.SortedMemberIndices()) {
      structured::Member m = maps.member(i);
      path_.PushKey(m.key);
      std::optional<DiffMap> diffs = DiffObject(m.value);
      if (!diffs) return false;
      path_.Pop();
      blocks.map_blocks[std::string(m.key)] = std::move(*diffs);
    }
    path_.Pop();
    for (auto [name, target] : {std::pair{"ReplaceBlocks", &blocks.replace_blocks},
                                std::pair{"BeforeSensitiveBlocks", &blocks.before_sensitive_blocks},
                                std::pair{"AfterSensitiveBlocks", &blocks.after_sensitive_blocks}}) {
      Value flags = v.find(name);
      for (uint32_t i : flags.SortedMemberIndices()) {
        structured::Member m = flags.member(i);
        (*target)[std::string(m.key)] = m.value.as_bool();
      }
    }
    return true;
  }

  renderers::RendererPtr ReadRenderer(const Value& v) {
    if (!v.is_object()) return FailRenderer("expected a renderer object");
    std::string_view type = v.find("type").text();
    if (type == "primitiveRenderer") {
      structured::Type ctype = structured::Type::Dynamic();
      Value ctype_json = v.find("ctype");
      if (!ctype_json.is_null()) {
        base::Expected<structured::Type> parsed = structured::ParseType(ctype_json);
        if (!parsed) {
          path_.PushKey("ctype");
          return FailRenderer(parsed.error().message);
        }
        ctype = *parsed;
      }
      return renderers::Primitive(v.find("before"), v.find("after"), ctype);
    }
    if (type == "listRenderer" || type == "setRenderer") {
      path_.PushKey("elements");
      std::optional<std::vector<Diff>> elements = DiffArray(v.find("elements"));
      if (!elements) return nullptr;
      path_.Pop();
      if (type == "listRenderer") {
        return v.find("displayContext").as_bool() ? renderers::List(std::move(*elements))
                                                   : renderers::NestedList(std::move(*elements));
      }
      return v.find("overrideForcesReplacement").as_bool() ? renderers::NestedSet(std::move(*elements))
                                                            : renderers::Set(std::move(*elements));
    }
    if (type == "mapRenderer") {
      path_.PushKey("elements");
      std::optional<DiffMap> elements = DiffObject(v.find("elements"));
      if (!elements) return nullptr;
      path_.Pop();
      return v.find("alignKeys").as_bool() ? renderers::Map(std::move(*elements))
                                           : renderers::NestedMap(std::move(*elements));
    }
    if (type == "objectRenderer") {
      path_.PushKey("attributes");
      std::optional<DiffMap> attributes = DiffObject(v.find("attributes"));
      if (!attributes) return nullptr;
      path_.Pop();
      return v.find("overrideNullSuffix").as_bool() ? renderers::Object(std::move(*attributes))
                                                    : renderers::NestedObject(std::move(*attributes));
    }
    if (type == "blockRenderer") {
      path_.PushKey("attributes");
      std::optional<DiffMap> attributes = DiffObject(v.find("attributes"));
      if (!attributes) return nullptr;
      path_.Pop();
      renderers::Blocks blocks;
      path_.PushKey("blocks");
      if (!ReadBlocks(v.find("blocks"), blocks)) return nullptr;
      path_.Pop();
      return renderers::Block(std::move(*attributes), std::move(blocks));
    }
    if (type == "sensitiveRenderer" || type == "sensitiveBlockRenderer") {
      std::optional<Diff> inner = Child(v, "inner");
      if (!inner) return nullptr;
      bool before = v.find("beforeSensitive").as_bool();
      bool after = v.find("afterSensitive").as_bool();
      return type == "sensitiveRenderer" ? renderers::Sensitive(std::move(*inner), before, after)
                                         : renderers::SensitiveBlock(std::move(*inner), before, after);
    }
    if (type == "typeChangeRenderer") {
      std::optional<Diff> before = Child(v, "before");
      if (!before) return nullptr;
      std::optional<Diff> after = Child(v, "after");
      if (!after) return nullptr;
      return renderers::TypeChange(std::move(*before), std::move(*after));
    }
    if (type == "unknownRenderer") {
      Value before = v.find("before");
      if (before.is_null()) return renderers::Unknown(Diff());
      std::optional<Diff> d = Child(v, "before");
      if (!d) return nullptr;
      return renderers::Unknown(std::move(*d));
    }
    if (type == "writeOnlyRenderer") return renderers::WriteOnly();
    path_.PushKey("type");
    return FailRenderer(fmt::format("unknown renderer type \"{}\"", type));
  }

  std::string& error_;
  structured::JsonPath path_;
};

}  // namespace

base::Expected<Diff> DiffFromDump(const Value& dump) {
  std::string error;
  Reader reader(error);
  std::optional<Diff> diff = reader.ReadDiff(dump);
  if (!diff) return base::Error(std::move(error));
  return std::move(*diff);
}

}  // namespace planview::change

#include "renderer/schema_source.h"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "differ/schema_mismatch.h"

namespace planview::renderer {

namespace {

std::string_view ModeNoun(structured::ResourceMode mode) {
  switch (mode) {
    case structured::ResourceMode::kManaged: return "resource type";
    case structured::ResourceMode::kData: return "data source";
    case structured::ResourceMode::kEphemeral: return "ephemeral resource type";
  }
  return "resource type";
}

}  // namespace

std::string_view NoSchemasNote() {
  return "no provider schemas given (--schemas): block layout is inferred from the values; pass the output of "
         "`tofu providers schema -json` for exact rendering";
}

std::shared_ptr<const structured::Block> InferBlock(std::initializer_list<structured::Value> values) {
  auto block = std::make_shared<structured::Block>();
  for (structured::Value v : values) {
    if (!v.is_object()) continue;
    for (size_t i = 0; i < v.size(); ++i) {
      std::string_view key = v.member(i).key;
      if (block->attributes.find(key) != block->attributes.end()) continue;
      structured::Attribute attribute;
      attribute.type = structured::Type::Dynamic();
      attribute.optional = true;
      block->attributes.emplace(std::string(key), std::move(attribute));
    }
  }
  return block;
}

std::shared_ptr<const structured::Block> SchemaSource::Find(std::string_view provider, structured::ResourceMode mode,
                                                            std::string_view type, std::string_view address,
                                                            Warnings& warnings) const {
  if (schemas_ == nullptr) {
    warnings.AddOnce(std::string(NoSchemasNote()));
    return nullptr;
  }
  // The schema first: a type found (the usual case, answered from the schemas' cache)
  // needs no separate look-up of its provider in the document.
  base::Expected<const structured::Schema*> found = schemas_->Find(provider, mode, type);
  const structured::Schema* schema = found ? *found : nullptr;
  if (schema == nullptr && !schemas_->HasProvider(provider)) {
    warnings.Add(fmt::format("{}: the schemas have no provider \"{}\"; rendered from its values", address, provider));
    return nullptr;
  }
  if (schema == nullptr) {
    if (!found) {
      warnings.Add(fmt::format("{}: unusable schema ({}); rendered from its values", address, found.error().message));
    } else {
      warnings.Add(fmt::format("{}: provider \"{}\" has no {} \"{}\" in the schemas; rendered from its values",
                               address, provider, ModeNoun(mode), type));
    }
    return nullptr;
  }
  return schema->block;
}

std::shared_ptr<const structured::Block> SchemaSource::FindAction(std::string_view provider, std::string_view type,
                                                                  std::string_view address, Warnings& warnings) const {
  if (schemas_ == nullptr) {
    warnings.AddOnce(std::string(NoSchemasNote()));
    return nullptr;
  }
  base::Expected<const structured::Schema*> found =
      schemas_->HasProvider(provider) ? schemas_->FindAction(provider, type) : nullptr;
  const structured::Schema* schema = found ? *found : nullptr;
  if (schema == nullptr) {
    warnings.Add(found ? fmt::format("{}: the schemas have no action \"{}\" of provider \"{}\"; rendered from "
                                             "its values",
                                             address, type, provider)
                       : fmt::format("{}: unusable schema ({}); rendered from its values", address,
                                     found.error().message));
    return nullptr;
  }
  return schema->block;
}

void WarnOfSchemaMismatch(std::string_view address, const structured::Change& change, const structured::Block& block,
                          Warnings& warnings) {
  if (std::optional<std::string> mismatch = differ::FindSchemaMismatch(change, block)) {
    warnings.Add(fmt::format("{}: the values do not match the schema ({}); rendered as upstream renders them", address,
                             *mismatch));
  }
}

}  // namespace planview::renderer

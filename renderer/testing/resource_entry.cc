#include "renderer/testing/resource_entry.h"

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer::testing {

ResourceEntry::ResourceEntry(const std::string& json) {
  auto parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  doc_ = parsed.value();
  base::Expected<ResourceChange> read = ResourceChange::FromJson(doc_->root(), "$");
  if (read) {
    change_ = *std::move(read);
  } else {
    ADD_FAILURE() << "not a resource change entry: " << read.error().message;
  }
}

std::string ResourceEntryJson(std::string_view actions, std::string_view extra, std::string_view change_extra) {
  return "{\"address\":\"t.a\",\"mode\":\"managed\",\"type\":\"t\",\"name\":\"a\"" + std::string(extra) +
         ",\"change\":{\"actions\":" + std::string(actions) + std::string(change_extra) + "}}";
}

}  // namespace planview::renderer::testing

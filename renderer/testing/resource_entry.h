// For unit tests of one resource change: a `resource_changes` entry parsed from JSON text
// (the document kept alive with it), and the JSON of a small entry to parse.
#ifndef PLANVIEW_RENDERER_TESTING_RESOURCE_ENTRY_H_
#define PLANVIEW_RENDERER_TESTING_RESOURCE_ENTRY_H_

#include <memory>
#include <string>
#include <string_view>

#include "renderer/resource_change.h"
#include "structured/json_value.h"

namespace planview::renderer::testing {

class ResourceEntry {
 public:
  // Parses `json` and reads it as an entry (fails the current test if it cannot).
  explicit ResourceEntry(const std::string& json);
  const ResourceChange& change() const { return change_; }

 private:
  std::shared_ptr<const structured::Document> doc_;
  ResourceChange change_;
};

// `{"address":"t.a","mode":"managed","type":"t","name":"a"<extra>,
//   "change":{"actions":<actions><change_extra>}}`
std::string ResourceEntryJson(std::string_view actions, std::string_view extra = "",
                              std::string_view change_extra = "");

}  // namespace planview::renderer::testing

#endif  // PLANVIEW_RENDERER_TESTING_RESOURCE_ENTRY_H_

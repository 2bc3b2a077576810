// Writes a saved plan file from a `show -json` plan with our own encoder (wire/
// msgpack, planproto, libzip), for the plan-file benchmark:
//
//   make_plan_file PLAN.json [--schemas SCHEMAS.json] [--resources N] OUT.bin
//
// --resources keeps the first N resource changes. Prints the number of resource changes
// and the sizes.
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "planfile/testing/plan_file_writer.h"
#include "planproto/planfile.pb.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

int main(int argc, char** argv) {
  std::string plan_path;
  std::string schemas_path;
  std::string out_path;
  long resources = -1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--schemas" && i + 1 < argc) {
      schemas_path = argv[++i];
    } else if (a == "--resources" && i + 1 < argc) {
      resources = std::stol(argv[++i]);
    } else if (plan_path.empty()) {
      plan_path = a;
    } else if (out_path.empty()) {
      out_path = a;
    } else {
      std::fputs("usage: make_plan_file PLAN.json [--schemas SCHEMAS.json] [--resources N] OUT.bin\n", stderr);
      return 2;
    }
  }
  if (out_path.empty()) {
    std::fputs("usage: make_plan_file PLAN.json [--schemas SCHEMAS.json] [--resources N] OUT.bin\n", stderr);
    return 2;
  }
  auto read = planview::structured::ReadInputFile(plan_path);
  if (!read) {
    std::fprintf(stderr, "make_plan_file: %s\n", read.error().message.c_str());
    return 1;
  }
  std::string text = std::move(*read);
  std::shared_ptr<const planview::structured::Document> schemas_doc;
  std::optional<planview::structured::ProviderSchemas> schemas;
  if (!schemas_path.empty()) {
    auto schemas_text = planview::structured::ReadInputFile(schemas_path);
    if (!schemas_text) {
      std::fprintf(stderr, "make_plan_file: %s\n", schemas_text.error().message.c_str());
      return 1;
    }
    auto parsed = planview::structured::ParseJson(std::move(*schemas_text));
    if (!parsed.ok()) {
      std::fprintf(stderr, "make_plan_file: %s\n", parsed.error().ToString(schemas_path).c_str());
      return 1;
    }
    schemas_doc = parsed.value();
    auto parsed_schemas = planview::structured::ProviderSchemas::Parse(schemas_doc);
    if (!parsed_schemas) {
      std::fprintf(stderr, "make_plan_file: %s\n", parsed_schemas.error().message.c_str());
      return 1;
    }
    schemas = std::move(*parsed_schemas);
  }
  planview::base::Expected<std::string> tfplan =
      planview::planfile::testing::TfplanFromJson(text, schemas ? &*schemas : nullptr);
  if (!tfplan) {
    std::fprintf(stderr, "make_plan_file: %s\n", tfplan.error().message.c_str());
    return 1;
  }
  planview::planproto::Plan plan;
  plan.ParseFromString(*tfplan);
  if (resources >= 0 && plan.resource_changes_size() > resources) {
    plan.mutable_resource_changes()->DeleteSubrange(static_cast<int>(resources),
                                                    plan.resource_changes_size() - static_cast<int>(resources));
    tfplan = plan.SerializeAsString();
  }
  std::string file = planview::planfile::testing::ZipArchiveOf({{"tfplan", *tfplan}});
  std::FILE* f = std::fopen(out_path.c_str(), "wb");
  if (f == nullptr || std::fwrite(file.data(), 1, file.size(), f) != file.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "make_plan_file: cannot write %s\n", out_path.c_str());
    return 1;
  }
  std::printf("%s: %d resource changes, %d drifted, %d outputs; tfplan %zu bytes, file %zu bytes\n", out_path.c_str(),
              plan.resource_changes_size(), plan.resource_drift_size(), plan.output_changes_size(), tfplan->size(),
              file.size());
  return 0;
}

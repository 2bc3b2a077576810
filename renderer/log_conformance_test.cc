// The log renderer against each product's expected output (testdata/logs/PRODUCT/):
// every case rendered as RenderDocument renders it with the default request (the product
// read from the log), colour off and on, byte for byte, with what goes to standard error.
// OpenTofu's suite also holds the apply logs of the real `tofu` equivalence captures.
// The log ends with "logs/opentofu: N passed, M failed" and "logs/terraform: ...".
#include <set>
#include <span>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/log_profile.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

using testing::Mismatch;
using testing::ReadFile;
using testing::Tally;

constexpr char kLogs[] = "testdata/logs";
constexpr char kEquivalence[] = "testdata/conformance/equivalence";

DocumentResult Render(const std::string& text, bool color) {
  DocumentRequest request;
  request.options.color = color;
  return RenderDocument(text, "log", request);
}

// Checks one log against its expected texts; `color_expected` empty when there is none.
void Check(const std::string& suite, const std::string& name, const std::string& log, Product product,
           const std::string& expected, const std::string& color_expected, const std::string& err_expected) {
  std::vector<std::string> failures;
  for (bool color : {false, true}) {
    if (color && color_expected.empty()) continue;
    DocumentResult r = Render(log, color);
    const std::string label = color ? "colour" : "no colour";
    if (!r.ok || r.kind != DocumentKind::kLog) failures.push_back(label + ": not rendered as a log: " + r.error);
    if (r.product != product) failures.push_back(label + ": rendered as the other product");
    std::string m = Mismatch(color ? color_expected : expected, r.output);
    if (!m.empty()) failures.push_back(label + ": " + m);
    m = Mismatch(err_expected, r.log.err_output);
    if (!m.empty()) failures.push_back(label + " stderr: " + m);
    if (!r.warnings.empty()) failures.push_back(label + ": warning " + r.warnings.messages()[0]);
    if (r.log.malformed_lines != 0) failures.push_back(label + ": malformed lines");
  }
  Tally::Get().Record(suite, failures.empty());
  for (const std::string& f : failures) ADD_FAILURE() << suite << " " << name << ": " << f;
}

void CheckFixtures(const std::string& product_dir, Product product, size_t at_least) {
  const std::string dir = std::string(kLogs) + "/" + product_dir;
  auto logs = testing::ListFiles(dir, ".jsonl");
  EXPECT_GE(logs.size(), at_least);
  for (const std::string& log : logs) {
    const std::string base = log.substr(0, log.size() - 6);
    bool has_err = false;
    std::string err = ReadFile(base + ".err.txt", &has_err);
    Check("logs/" + product_dir, base.substr(dir.size() + 1), ReadFile(log), product, ReadFile(base + ".txt"),
          ReadFile(base + ".color.txt"), has_err ? err : "");
  }
}

TEST(LogConformance, OpenTofu) {
  CheckFixtures("opentofu", Product::kOpenTofu, 3);
  // Real `tofu apply -json` logs; they carry no product signal, so OpenTofu's renderer is used.
  for (const std::string& dir : testing::ListDirs(kEquivalence)) {
    bool has_log = false;
    std::string log = ReadFile(dir + "/apply.jsonl", &has_log);
    if (!has_log) continue;
    Check("logs/opentofu", dir.substr(dir.rfind('/') + 1), log, Product::kOpenTofu, ReadFile(dir + "/apply.txt"), "",
          "");
  }
}

TEST(LogConformance, Terraform) { CheckFixtures("terraform", Product::kTerraform, 15); }

// Every message type a product's renderer knows is in that product's fixtures.
TEST(LogConformance, FixturesCoverEveryMessageType) {
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    const std::string dir = std::string(kLogs) + (product == Product::kTerraform ? "/terraform" : "/opentofu");
    std::set<std::string, std::less<>> seen;
    for (const std::string& log : testing::ListFiles(dir, ".jsonl")) {
      std::string text = ReadFile(log);
      size_t start = 0;
      while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        structured::ParseResult parsed = structured::ParseJson(text.substr(start, end - start));
        if (parsed.ok() && parsed.value()->root().find("type").is_string()) {
          seen.emplace(parsed.value()->root().find("type").text());
        }
        start = end + 1;
      }
    }
    const LogProfile& profile = LogProfileOf(product);
    for (std::span<const LogProfile::Entry> table : {profile.shared_types, profile.own_types}) {
      for (const LogProfile::Entry& entry : table) {
        EXPECT_TRUE(seen.contains(entry.type)) << dir << " has no " << entry.type << " message";
      }
    }
  }
}

}  // namespace
}  // namespace planview::renderer

// Every real plan file of testdata/planfiles/pairs converts to the `show -json` the same
// Terraform wrote for the same plan: every field of every resource change and drift entry,
// the output changes, prior_state (from the tfstate member), checks, applyable and
// complete (numbers compared by value). Without schemas two things cannot be
// known and are checked for what they are:
// - where a value is unknown, whether it would have been a list, a map or a string, so its
//   sensitivity marker may be `false` where `show -json` wrote `[]` or `{}`;
// - in plan files of older Terraform versions (kOlderSensitivity below), attributes the
//   provider schema marks sensitive, which those versions did not store as marks: there
//   the JSON marks more, never less.
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "gtest/gtest.h"
#include "planfile/plan_file.h"
#include "renderer/testing/golden.h"

namespace planview::planfile {
namespace {

using nlohmann::json;

constexpr char kPairs[] = "testdata/planfiles/pairs";

// Pairs whose Terraform did not store schema-sensitive attributes as marks in the plan
// file, with the version (checked, so that the list stays honest).
const std::set<std::string> kOlderSensitivity = {
    "Biswajee__terraform-buildpipeline__root",  // 0.13.5 (its JSON, format 0.1, has no sensitivity)
    "Goitom-Zeru__Terraform-localbuild__root",  // 1.3.7
    "den-vasyliev__tf-google-gke-cluster__root",  // 1.6.5
    "shraraks__infracost-demo__root",           // 1.1.5
    "vitalikozokin__terraform_bootcamp__root",  // 1.2.2
};

const char* const kResourceFields[] = {"address", "previous_address", "module_address", "mode",  "type",
                                       "name",    "index",            "provider_name",  "deposed", "action_reason"};
const char* const kChangeFields[] = {"actions", "before", "after", "after_unknown", "importing", "generated_config"};

json Load(const std::string& text) { return json::parse(text); }

bool IsEmptyMarker(const json& v) {
  return v.is_null() || (v.is_boolean() && !v.get<bool>()) || (v.is_array() && v.empty()) ||
         (v.is_object() && v.empty());
}

// Sensitivity markers equal, objects' absent members being false; where `unknown` says the
// value is unknown, any empty marker equals any other.
bool SensitiveEqual(const json& a, const json& b, const json& unknown) {
  if (unknown.is_boolean() && unknown.get<bool>() && IsEmptyMarker(a) && IsEmptyMarker(b)) return true;
  if (a.is_object() && b.is_object()) {
    std::set<std::string> keys;
    for (auto& [k, v] : a.items()) keys.insert(k);
    for (auto& [k, v] : b.items()) keys.insert(k);
    for (const std::string& k : keys) {
      json u = unknown.is_object() && unknown.contains(k) ? unknown[k] : json(false);
      if (!SensitiveEqual(a.value(k, json(false)), b.value(k, json(false)), u)) return false;
    }
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      json u = unknown.is_array() && i < unknown.size() ? unknown[i] : json(false);
      if (!SensitiveEqual(a[i], b[i], u)) return false;
    }
    return true;
  }
  return a == b;
}

// Every position `ours` marks sensitive is marked in `theirs` too.
bool MarksAtMost(const json& ours, const json& theirs) {
  if (ours.is_boolean()) return !ours.get<bool>() || (theirs.is_boolean() && theirs.get<bool>());
  if (theirs.is_boolean() && theirs.get<bool>()) return true;
  if (ours.is_object()) {
    for (auto& [k, v] : ours.items()) {
      if (!MarksAtMost(v, theirs.is_object() && theirs.contains(k) ? theirs[k] : json(false))) return false;
    }
  }
  if (ours.is_array()) {
    for (size_t i = 0; i < ours.size(); ++i) {
      if (!MarksAtMost(ours[i], theirs.is_array() && i < theirs.size() ? theirs[i] : json(false))) return false;
    }
  }
  return true;
}

std::string Key(const json& rc) { return rc["address"].get<std::string>() + "|" + rc.value("deposed", ""); }

std::set<std::string> PathSet(const json& paths) {
  std::set<std::string> out;
  if (paths.is_array()) {
    for (const json& p : paths) out.insert(p.dump());
  }
  return out;
}

// Compares one section; returns whether any sensitivity marker differed.
bool CompareResources(const std::string& pair, const std::string& section, const json& expected, const json& got,
                      bool older) {
  std::map<std::string, json> want;
  std::map<std::string, json> have;
  if (expected.contains(section)) {
    for (const json& rc : expected[section]) want[Key(rc)] = rc;
  }
  if (got.contains(section)) {
    for (const json& rc : got[section]) have[Key(rc)] = rc;
  }
  EXPECT_EQ(want.size(), have.size()) << pair << " " << section;
  bool sensitivity_differs = false;
  for (const auto& [key, w] : want) {
    SCOPED_TRACE(pair + " " + section + " " + key);
    auto it = have.find(key);
    if (it == have.end()) {
      ADD_FAILURE() << "missing";
      continue;
    }
    const json& h = it->second;
    for (const char* f : kResourceFields) EXPECT_EQ(w.value(f, json()), h.value(f, json())) << f;
    const json& wc = w["change"];
    const json& hc = h["change"];
    for (const char* f : kChangeFields) EXPECT_EQ(wc.value(f, json()), hc.value(f, json())) << f;
    EXPECT_EQ(PathSet(wc.value("replace_paths", json())), PathSet(hc.value("replace_paths", json())));
    for (const char* f : {"before_sensitive", "after_sensitive"}) {
      const json unknown = std::string(f) == "after_sensitive" ? hc["after_unknown"] : json(false);
      if (!wc.contains(f)) {
        // Format 0.1 (Terraform 0.13) had no sensitivity.
        EXPECT_TRUE(older) << f;
        sensitivity_differs = true;
        continue;
      }
      if (SensitiveEqual(wc[f], hc[f], unknown)) continue;
      sensitivity_differs = true;
      EXPECT_TRUE(older) << f << ": " << wc[f].dump() << " vs " << hc[f].dump();
      EXPECT_TRUE(MarksAtMost(hc[f], wc[f])) << f << ": " << wc[f].dump() << " vs " << hc[f].dump();
    }
  }
  return sensitivity_differs;
}

TEST(Conversion, EveryPairGivesItsShowJson) {
  int pairs = 0;
  int older = 0;
  int with_prior_state = 0;
  int with_checks = 0;
  for (const std::string& dir : renderer::testing::ListDirs(kPairs)) {
    const std::string name = std::filesystem::path(dir).filename();
    SCOPED_TRACE(name);
    base::Expected<PlanFile> read = ReadPlanFile(renderer::testing::ReadFile(dir + "/plan.bin"), ReadOptions{});
    ASSERT_TRUE(read) << read.error().message;
    json got = Load(read->Json());
    json expected = Load(renderer::testing::ReadFile(dir + "/plan.json"));
    EXPECT_EQ(got["terraform_version"], expected["terraform_version"]);
    if (expected.contains("timestamp")) {
      EXPECT_EQ(got["timestamp"], expected["timestamp"]);
    }
    const bool listed = kOlderSensitivity.count(name) > 0;
    if (listed) {
      // Only versions before 1.7 are known to leave schema-sensitive attributes unmarked.
      const std::string version = got["terraform_version"].get<std::string>();
      EXPECT_TRUE(version.starts_with("0.") || std::stoi(version.substr(2)) < 7) << version;
    }
    bool differs = CompareResources(name, "resource_changes", expected, got, listed);
    differs |= CompareResources(name, "resource_drift", expected, got, listed);
    EXPECT_EQ(expected.value("output_changes", json::object()), got.value("output_changes", json::object()));
    // Whole members, present or absent as in show -json.
    for (const char* member : {"prior_state", "checks", "applyable", "complete"}) {
      EXPECT_EQ(expected.value(member, json()), got.value(member, json())) << member;
    }
    with_prior_state += expected.contains("prior_state");
    with_checks += expected.contains("checks");
    EXPECT_EQ(differs, listed) << "kOlderSensitivity is out of date";
    EXPECT_FALSE(read->sensitivity_notice.empty());
    ++pairs;
    older += differs;
  }
  EXPECT_EQ(pairs, 25);
  EXPECT_EQ(with_prior_state, 13);
  EXPECT_EQ(with_checks, 2);
  std::printf(
      "plan file pairs: %d converted equal to their show -json (%d with the older versions' sensitivity; "
      "%d with prior_state, %d with checks)\n",
      pairs, older, with_prior_state, with_checks);
}

TEST(Conversion, EverySoloPlanFileConverts) {
  int files = 0;
  const std::string solo = "testdata/planfiles/solo";
  for (const std::string& dir : renderer::testing::ListDirs(solo)) {
    base::Expected<PlanFile> read = ReadPlanFile(renderer::testing::ReadFile(dir + "/plan.bin"), ReadOptions{});
    ASSERT_TRUE(read) << dir << ": " << read.error().message;
    EXPECT_NO_THROW(Load(read->Json())) << dir;
    ++files;
  }
  EXPECT_EQ(files, 20);
}

}  // namespace
}  // namespace planview::planfile

// Lists through the differ, rendered: how removed and added elements are aligned and when
// they become one update, for Terraform's profile and OpenTofu's, in typed attributes and
// in outputs (whose lists have no schema), with sensitive and unknown elements. Expected
// texts follow upstream's collections.ProcessSlice (Terraform: lists of one length that
// are not a reordering are compared index by index; otherwise both products align them on
// their longest common subsequence and only objects pair up) and its list renderer.
#include <string>

#include <gtest/gtest.h>

#include "change/profile.h"
#include "change/testing/json_values.h"
#include "change/testing/render.h"
#include "differ/differ.h"
#include "structured/json_parse.h"

namespace planview::differ {
namespace {

using change::testing::Json;

structured::Change Update(const std::string& before, const std::string& after) {
  structured::Change change;
  change.before = Json(before);
  change.after = Json(after);
  change.unknown = structured::FalseValue();
  change.before_sensitive = structured::FalseValue();
  change.after_sensitive = structured::FalseValue();
  change.replace_paths = structured::PathMatcher::Empty(false);
  change.relevant_attributes = structured::PathMatcher::Always();
  return change;
}

std::string RenderDiff(const base::Expected<change::Diff>& diff, const change::Profile& profile) {
  if (!diff) return "error: " + diff.error().message;
  change::RenderOpts opts;
  opts.profile = &profile;
  return change::testing::Render(*diff, opts);
}

std::string AsType(const structured::Change& change, const std::string& type, const change::Profile& profile) {
  auto parsed = structured::ParseType(Json(type));
  if (!parsed) return "error: " + parsed.error().message;
  return RenderDiff(ComputeDiffForType(change, *parsed, profile), profile);
}

std::string AsOutput(const structured::Change& change, const change::Profile& profile) {
  return RenderDiff(ComputeDiffForOutput(change, profile), profile);
}

const change::Profile& kTerraform = change::TerraformProfile();
const change::Profile& kOpenTofu = change::OpenTofuProfile();

// The issue's case: an output's list of lists of bools, [[x, false, false, true]] ->
// [[x, false, true, true]]. Terraform compares the outer lists (one element each, not a
// reordering) index by index; each inner before element is somewhere in after, so the
// inner lists are aligned: the second false is removed and a true added after the
// unchanged one, never `~ false -> true`. OpenTofu aligns the outer lists, which have
// nothing in common, and pairs only objects: the old inner list is removed whole and the
// new one added.
constexpr char kRemovedAcrossUnchanged[] = R"([
      ~ [
            # (1 unchanged element hidden)
            false,
          - false,
            true,
          + true,
        ],
    ])";

TEST(DiffList, RemovedAndAddedAcrossAnUnchangedElementInAnOutput) {
  structured::Change change = Update(R"([["x", false, false, true]])", R"([["x", false, true, true]])");
  EXPECT_EQ(AsOutput(change, kTerraform), kRemovedAcrossUnchanged);
  EXPECT_EQ(AsOutput(change, kOpenTofu), R"([
      - [
          - "x",
          - false,
          - false,
          - true,
        ],
      + [
          + "x",
          + false,
          + true,
          + true,
        ],
    ])");
}

TEST(DiffList, RemovedAndAddedAcrossAnUnchangedElementInAnAttribute) {
  structured::Change change = Update("[[true, false, false, true]]", "[[true, false, true, true]]");
  EXPECT_EQ(AsType(change, R"(["list", ["list", "bool"]])", kTerraform), kRemovedAcrossUnchanged);
  // The inner lists alone, as OpenTofu aligns them.
  EXPECT_EQ(AsType(Update("[true, false, false, true]", "[true, false, true, true]"), R"(["list", "bool"])", kOpenTofu),
            R"([
        # (1 unchanged element hidden)
        false,
      - false,
        true,
      + true,
    ])");
}

TEST(DiffList, SeveralRemovedThenSeveralAdded) {
  structured::Change change = Update("[true, false, false, false, true]", "[true, false, true, true, true]");
  constexpr char kWant[] = R"([
        # (1 unchanged element hidden)
        false,
      - false,
      - false,
        true,
      + true,
      + true,
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kOpenTofu), kWant);
  EXPECT_EQ(AsOutput(change, kTerraform), kWant);
}

TEST(DiffList, RemovedAndAddedAtTheEnd) {
  structured::Change change = Update("[false, true, false]", "[false, true, true]");
  constexpr char kWant[] = R"([
        # (1 unchanged element hidden)
        true,
      - false,
      + true,
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kOpenTofu), kWant);
}

TEST(DiffList, RemovedElementEqualToTheFirst) {
  structured::Change change = Update(R"(["a", "a", "b"])", R"(["a", "b", "b"])");
  constexpr char kWant[] = R"([
        "a",
      - "a",
        "b",
      + "b",
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kOpenTofu), kWant);
}

// A swap at the start has no common prefix: aligned by both products.
TEST(DiffList, SwapAtTheStart) {
  structured::Change change = Update(R"(["b", "a"])", R"(["a", "b"])");
  constexpr char kWant[] = R"([
      - "b",
        "a",
      + "b",
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kOpenTofu), kWant);
}

// A removed element equal to nothing in a list of the same length: Terraform shows one
// update in its place, OpenTofu a removal and an addition.
TEST(DiffList, NewValueInAListOfOneLength) {
  structured::Change change = Update(R"(["a", "b", "c"])", R"(["a", "x", "c"])");
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kTerraform), R"([
        "a",
      ~ "b" -> "x",
        "c",
    ])");
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kOpenTofu), R"([
        "a",
      - "b",
      + "x",
        "c",
    ])");
  structured::Change first = Update("[false, true]", "[true, true]");
  EXPECT_EQ(AsType(first, R"(["list", "bool"])", kTerraform), R"([
      ~ false -> true,
        true,
    ])");
  EXPECT_EQ(AsType(first, R"(["list", "bool"])", kOpenTofu), R"([
      - false,
        true,
      + true,
    ])");
}

// Lists of other lengths are aligned by both products; primitives never pair.
TEST(DiffList, OtherLengthsAreAligned) {
  structured::Change change = Update(R"(["a", "b", "c"])", R"(["a", "x", "y", "c"])");
  constexpr char kWant[] = R"([
        "a",
      - "b",
      + "x",
      + "y",
        "c",
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "string"])", kOpenTofu), kWant);
}

// The added element is sensitive: it is still aligned on its value.
TEST(DiffList, SensitiveAddedElement) {
  structured::Change change = Update("[true, false, false, true]", "[true, false, true, true]");
  change.after_sensitive = Json("[false, false, false, true]");
  constexpr char kWant[] = R"([
        # (1 unchanged element hidden)
        false,
      - false,
        true,
      + (sensitive value),
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kOpenTofu), kWant);
}

// The last element becomes unknown (null in after): every before element is still in
// after, so the list is aligned and the unknown one is added.
TEST(DiffList, UnknownAddedElement) {
  structured::Change change = Update("[true, false, false, true]", "[true, false, true, null]");
  change.unknown = Json("[false, false, false, true]");
  constexpr char kWant[] = R"([
        # (1 unchanged element hidden)
        false,
      - false,
        true,
      + (known after apply),
    ])";
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"(["list", "bool"])", kOpenTofu), kWant);
}

// Objects pair while the removed ones are walked, except with the next common element.
TEST(DiffList, ObjectsAcrossAnUnchangedElement) {
  structured::Change change =
      Update(R"([{"n": 1}, {"n": 2}, {"n": 2}, {"n": 3}])", R"([{"n": 1}, {"n": 2}, {"n": 3}, {"n": 3}])");
  EXPECT_EQ(AsType(change, R"(["list", ["object", {"n": "number"}]])", kTerraform), R"([
        # (1 unchanged element hidden)
        {
            n = 2
        },
      - {
          - n = 2
        },
        {
            n = 3
        },
      + {
          + n = 3
        },
    ])");
}

// The lines of a multi-line string are aligned the same way.
TEST(DiffList, LinesOfAMultiLineString) {
  structured::Change change = Update(R"("a\nb\nb\nc")", R"("a\nb\nc\nc")");
  constexpr char kWant[] = R"(<<-EOT
        a
        b
      - b
        c
      + c
    EOT)";
  EXPECT_EQ(AsType(change, R"("string")", kTerraform), kWant);
  EXPECT_EQ(AsType(change, R"("string")", kOpenTofu), kWant);
}

}  // namespace
}  // namespace planview::differ

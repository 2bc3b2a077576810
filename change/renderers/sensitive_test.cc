#include "change/testing/primitive_diffs.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Num;
using change::testing::Render;

TEST(Sensitive, HidesTheValueUnlessAskedToShowIt) {
  Diff diff(Sensitive(Num("1", "2", Action::kUpdate), true, true), Action::kUpdate, true);
  EXPECT_EQ(Render(diff), "(sensitive value) # forces replacement");
  RenderOpts show;
  show.show_sensitive = true;
  EXPECT_EQ(Render(diff, show), "1 -> 2");
  EXPECT_EQ(Render(Diff(Sensitive(Num("1", nullptr, Action::kDelete), true, false), Action::kDelete, false)),
            "(sensitive value) -> null");
}

TEST(Sensitive, WarnsWhenSensitivityChanges) {
  RenderOpts opts;
  Colorize colorize(false);
  opts.colorize = &colorize;
  Diff becoming(Sensitive(Num("1", "1", Action::kNoOp), false, true), Action::kUpdate, false);
  EXPECT_EQ(becoming.WarningsHuman(2, opts),
            std::vector<std::string>{"  # Warning: this attribute value will be marked as sensitive and will not\n"
                                     "          # display in UI output after applying this change. The value is "
                                     "unchanged."});
  Diff no_longer(Sensitive(Num("1", "2", Action::kUpdate), true, false), Action::kUpdate, false);
  EXPECT_EQ(no_longer.WarningsHuman(0, opts),
            std::vector<std::string>{"  # Warning: this attribute value will no longer be marked as sensitive\n"
                                     "  # after applying this change."});
  Diff created(Sensitive(Num(nullptr, "2", Action::kCreate), false, true), Action::kCreate, false);
  EXPECT_TRUE(created.WarningsHuman(0, opts).empty());
}

TEST(Sensitive, WarningIsColoured) {
  RenderOpts opts;
  Colorize colorize(true);
  opts.colorize = &colorize;
  Diff diff(Sensitive(Num("1", "2", Action::kUpdate), true, false), Action::kUpdate, false);
  EXPECT_EQ(diff.WarningsHuman(0, opts),
            std::vector<std::string>{"  # \033[33mWarning\033[0m: this attribute value will no longer be marked as "
                                     "sensitive\n  # after applying this change.\033[0m"});
}

}  // namespace
}  // namespace planview::change::renderers

// Markdown injection: untrusted text in every place it lands in a comment, and a plan of
// hostile names (testdata/markdown_injection: backticks, `|`, HTML, links, newlines and
// escape sequences in module keys, for_each keys, types, names and values) whose
// Markdown and HTML are golden files and whose Markdown is checked to hold no raw HTML
// and no extra table cell.
#include "renderer/formats/markdown_text.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/formats/presenter.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"

namespace planview::renderer::formats {
namespace {

using namespace markdown_text;  // NOLINT

TEST(MarkdownText, TableCodeCannotBeClosedEarly) {
  EXPECT_EQ(TableCode("aws_instance"), "`aws_instance`");
  EXPECT_EQ(TableCode("a`b"), "``a`b``");
  EXPECT_EQ(TableCode("``x``"), "``` ``x`` ```");
  EXPECT_EQ(TableCode(" a "), "`  a  `");
  // A table splits on | even inside a code span: then <code> and escapes.
  EXPECT_EQ(TableCode("a|b`<i>\\"), "<code>a\\|b\\`&lt;i&gt;\\\\</code>");
  EXPECT_EQ(TableCode("a\nb\x1b"), "`a\\nb\\x1b`");
}

TEST(MarkdownText, InlineAndHtml) {
  EXPECT_EQ(Inline("[x](http://e) *b* _i_ ~s~ <img> & a|b \\"),
            "\\[x\\](http://e) \\*b\\* \\_i\\_ \\~s\\~ &lt;img&gt; &amp; a\\|b \\\\");
  EXPECT_EQ(Html("a\n\n<b>\"q\""), "a\\n\\n&lt;b&gt;&quot;q&quot;");
}

TEST(MarkdownText, FenceIsLongerThanAnyBacktickRun) {
  EXPECT_EQ(Fence("plain"), "```");
  EXPECT_EQ(Fence("a\n```\nb"), "````");
  EXPECT_EQ(Fence("`````"), "``````");
}

// Drops fenced code blocks and code spans (CommonMark: a run of n backticks up to the next
// run of exactly n), what is left is what Markdown reads as markup.
std::string Markup(const std::string& md) {
  std::string out;
  std::string fence;
  size_t start = 0;
  while (start < md.size()) {
    size_t end = md.find('\n', start);
    if (end == std::string::npos) end = md.size();
    std::string line = md.substr(start, end - start);
    start = end + 1;
    size_t ticks = line.find_first_not_of('`');
    if (ticks == std::string::npos) ticks = line.size();
    if (!fence.empty()) {
      if (ticks >= fence.size() && ticks == line.size()) fence.clear();
      continue;
    }
    if (ticks >= 3) {
      fence.assign(ticks, '`');
      continue;
    }
    for (size_t i = 0; i < line.size();) {
      if (line[i] != '`') {
        out += line[i++];
        continue;
      }
      size_t run = line.find_first_not_of('`', i);
      if (run == std::string::npos) run = line.size();
      std::string opener = line.substr(i, run - i);
      size_t close = run;
      for (;;) {
        close = line.find(opener, close);
        if (close == std::string::npos) break;
        size_t after = close + opener.size();
        if ((after >= line.size() || line[after] != '`') && line[close - 1] != '`') break;
        close = line.find_first_not_of('`', close);
      }
      if (close == std::string::npos) {
        out += opener;
        i = run;
      } else {
        i = close + opener.size();
      }
    }
    out += '\n';
  }
  return out;
}

size_t CellSeparators(const std::string& line) {
  size_t n = 0, backslashes = 0;
  for (char c : line) {
    if (c == '|' && backslashes % 2 == 0) ++n;
    backslashes = c == '\\' ? backslashes + 1 : 0;
  }
  return n;
}

std::string RenderHostile(OutputFormat format) {
  DocumentRequest request;
  request.options.width = 78;
  FormatOptions options;
  options.format = format;
  ApplyFormat(options, request);
  DocumentResult result =
      RenderDocument(testing::ReadFile("testdata/markdown_injection/plan.json"), "plan.json", request);
  EXPECT_TRUE(result.ok) << result.error;
  return result.output;
}

TEST(MarkdownInjection, HostileNamesStayText) {
  std::string md = RenderHostile(OutputFormat::kMarkdown);
  EXPECT_EQ(testing::Mismatch(testing::ReadFile("testdata/markdown_injection/markdown.md"), md), "");
  std::string markup = Markup(md);
  // The only tags are planview's own.
  for (size_t at = markup.find('<'); at != std::string::npos; at = markup.find('<', at + 1)) {
    std::string_view rest = std::string_view(markup).substr(at);
    bool own = false;
    for (std::string_view tag : {"<details>", "</details>", "<summary>", "</summary>", "<code>", "</code>"}) {
      own = own || rest.substr(0, tag.size()) == tag;
    }
    EXPECT_TRUE(own) << "raw HTML: " << rest.substr(0, 40);
  }
  // No link outside the <summary> lines (HTML blocks, where Markdown is not read).
  size_t from = 0;
  while (from < markup.size()) {
    size_t end = markup.find('\n', from);
    std::string_view line = std::string_view(markup).substr(from, end - from);
    from = end + 1;
    if (line.substr(0, 9) != "<details>") {
      EXPECT_EQ(line.find("]("), std::string::npos) << "a link: " << line;
    }
  }
  // Every row of a table has as many cells as its header.
  size_t start = 0, header = 0;
  while (start < md.size()) {
    size_t end = md.find('\n', start);
    std::string line = md.substr(start, end - start);
    start = end + 1;
    if (line.empty() || line[0] != '|') {
      header = 0;
      continue;
    }
    if (header == 0) header = CellSeparators(line);
    EXPECT_EQ(CellSeparators(line), header) << line;
  }
  // The fences of the diff blocks outlast the heredoc's own ``` and ````.
  EXPECT_NE(md.find("`````diff\n"), std::string::npos);
}

TEST(MarkdownInjection, HtmlIsEscaped) {
  std::string html = RenderHostile(OutputFormat::kHtml);
  EXPECT_EQ(testing::Mismatch(testing::ReadFile("testdata/markdown_injection/page.html"), html), "");
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
}

}  // namespace
}  // namespace planview::renderer::formats

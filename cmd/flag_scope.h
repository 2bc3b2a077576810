// Which documents and formats each `planview` flag applies to, in one table. A flag given
// where it does not apply is refused (exit 2) with one line saying why, never ignored:
// the plan-only flags on a state or a log, --schemas on a log, --show-sensitive with
// Markdown (a comment is public), --summary with a format other than text, ...
#ifndef PLANVIEW_CMD_FLAG_SCOPE_H_
#define PLANVIEW_CMD_FLAG_SCOPE_H_

#include <string>

#include "cmd/cli_args.h"
#include "renderer/document_kind.h"

namespace planview::cmd {

// The first flag given in `cli` that its --format cannot honour, as a one-line usage
// message; "" when every flag given applies.
std::string FlagNotForFormat(const CliArgs& cli);

// The first flag given in `cli` that does not apply to a document of `kind`, as a one-line
// usage message; "" when every flag given applies.
std::string FlagNotForKind(const CliArgs& cli, renderer::DocumentKind kind);

// The first flag given in `cli` that `planview browse` has no use for (it has keys for the
// filters and shows plans only); "" when none.
std::string FlagNotForBrowse(const CliArgs& cli);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_FLAG_SCOPE_H_

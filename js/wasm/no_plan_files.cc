// The WebAssembly build's plan-file reader while the library's own still needs ICU and
// libprotobuf (js/build_wasm.sh compiles this instead of planfile/ and wire/ until their
// replacements are merged; then this file goes). A saved plan file is recognised as the
// CLI recognises it, and answered with one error line and status 1: never a wrong render.
#include <string_view>

#include "planfile/plan_file.h"

namespace planview::planfile {

bool LooksLikeZip(std::string_view bytes) {
  return bytes.starts_with(std::string_view("PK\x03\x04", 4)) || bytes.starts_with(std::string_view("PK\x05\x06", 4));
}

base::Expected<PlanFile> ReadPlanFile(std::string_view, const ReadOptions&) {
  return base::Error("saved plan files are not supported by this WebAssembly build yet: render `tofu show -json` instead");
}

std::string PlanFile::Json() const { return {}; }

}  // namespace planview::planfile

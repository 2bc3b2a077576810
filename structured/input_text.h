// An input's bytes as the JSON parser takes them: owned, and followed by zero bytes the
// parser may read ahead into. Either a string or a read-only mapping of a regular file
// (ReadInputText), which saves the copy and the fresh zeroed pages of a big read.
#ifndef PLANVIEW_STRUCTURED_INPUT_TEXT_H_
#define PLANVIEW_STRUCTURED_INPUT_TEXT_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace planview::structured {

namespace internal {
class MappedFile;
}  // namespace internal

class InputText {
 public:
  InputText() = default;
  // Implicit: every string is an input text (padded when it is parsed).
  InputText(std::string text) : string_(std::move(text)) {}  // NOLINT(google-explicit-constructor)
  explicit InputText(std::shared_ptr<internal::MappedFile> mapped);

  std::string_view view() const;
  size_t size() const { return view().size(); }
  bool mapped() const { return mapped_ != nullptr; }

  // The text as a string (a mapped file's bytes are copied once).
  std::string TakeString() &&;

  // Where the parser reads: `data` holds `size` bytes followed by at least `padding`
  // zero bytes, kept alive by `owner`.
  struct Shared {
    std::shared_ptr<const void> owner;
    const char* data = nullptr;
    size_t size = 0;
  };
  Shared Share(size_t padding) &&;

 private:
  std::string string_;
  std::shared_ptr<internal::MappedFile> mapped_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_INPUT_TEXT_H_

#include "cmd/split_files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "cmd/console.h"

namespace planview::cmd {

namespace {

namespace fs = std::filesystem;

// comment-<digits>.md, as WriteSplitParts names its files.
bool IsPartName(const std::string& name) {
  constexpr std::string_view kPrefix = "comment-", kSuffix = ".md";
  if (name.size() <= kPrefix.size() + kSuffix.size() || !name.starts_with(kPrefix) || !name.ends_with(kSuffix)) {
    return false;
  }
  for (size_t i = kPrefix.size(); i < name.size() - kSuffix.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return false;
  }
  return true;
}

std::string Failed(std::string_view what, const std::string& path, const std::string& reason) {
  return fmt::format("--split: cannot {} {}: {}", what, ForMessage(path), reason);
}

}  // namespace

base::Expected<std::vector<std::string>> WriteSplitParts(const std::string& dir,
                                                         const std::vector<std::string>& parts) {
  std::vector<std::string> written;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) {
    return base::Error(Failed("create the directory", dir, ec ? ec.message() : std::string("not a directory")));
  }
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!IsPartName(it->path().filename().string())) continue;
    std::error_code remove_ec;
    fs::remove(it->path(), remove_ec);
    if (remove_ec) {
      return base::Error(Failed("remove", it->path().string(), remove_ec.message()));
    }
  }
  if (ec) {
    return base::Error(Failed("read the directory", dir, ec.message()));
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string path = (fs::path(dir) / fmt::format("comment-{}.md", i + 1)).string();
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) {
      return base::Error(Failed("write", path, std::strerror(errno)));
    }
    bool ok = std::fwrite(parts[i].data(), 1, parts[i].size(), file) == parts[i].size();
    int saved = errno;
    ok = std::fclose(file) == 0 && ok;
    if (!ok) {
      return base::Error(Failed("write", path, std::strerror(saved != 0 ? saved : errno)));
    }
    written.push_back(std::move(path));
  }
  return written;
}

}  // namespace planview::cmd

// Blocks' bookkeeping: one entry per nested block type, with its group-wide flags.
#include <algorithm>

#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

void SetFlags(Blocks& blocks, const std::string& key, bool replace, bool before_sensitive, bool after_sensitive,
              bool unknown) {
  blocks.replace_blocks[key] = replace;
  blocks.before_sensitive_blocks[key] = before_sensitive;
  blocks.after_sensitive_blocks[key] = after_sensitive;
  if (blocks.records_unknown) blocks.unknown_blocks[key] = unknown;
}

}  // namespace

void Blocks::AddSingleBlock(const std::string& key, Diff diff, bool replace, bool before_sensitive,
                            bool after_sensitive, bool unknown) {
  single_blocks[key] = std::move(diff);
  SetFlags(*this, key, replace, before_sensitive, after_sensitive, unknown);
}

void Blocks::AddAllListBlock(const std::string& key, std::vector<Diff> diffs, bool replace, bool before_sensitive,
                             bool after_sensitive, bool unknown) {
  list_blocks[key] = std::move(diffs);
  SetFlags(*this, key, replace, before_sensitive, after_sensitive, unknown);
}

void Blocks::AddAllSetBlock(const std::string& key, std::vector<Diff> diffs, bool replace, bool before_sensitive,
                            bool after_sensitive, bool unknown) {
  set_blocks[key] = std::move(diffs);
  SetFlags(*this, key, replace, before_sensitive, after_sensitive, unknown);
}

void Blocks::AddAllMapBlocks(const std::string& key, DiffMap diffs, bool replace, bool before_sensitive,
                             bool after_sensitive, bool unknown) {
  map_blocks[key] = std::move(diffs);
  SetFlags(*this, key, replace, before_sensitive, after_sensitive, unknown);
}

std::vector<std::string_view> Blocks::AllKeys() const {
  std::vector<std::string_view> keys;
  keys.reserve(single_blocks.size() + list_blocks.size() + set_blocks.size() + map_blocks.size());
  for (const auto& entry : single_blocks) keys.push_back(entry.first);
  for (const auto& entry : list_blocks) keys.push_back(entry.first);
  for (const auto& entry : set_blocks) keys.push_back(entry.first);
  for (const auto& entry : map_blocks) keys.push_back(entry.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

bool Blocks::empty() const {
  return single_blocks.empty() && list_blocks.empty() && set_blocks.empty() && map_blocks.empty();
}

}  // namespace planview::change::renderers

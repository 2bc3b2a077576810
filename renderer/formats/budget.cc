#include "renderer/formats/budget.h"

#include <algorithm>
#include <numeric>

namespace planview::renderer::formats::budget {

Risk RiskOf(Action action, bool drift) {
  if (drift) return Risk::kDestroy;
  switch (action) {
    case Action::kDelete:
    case Action::kDeleteThenCreate:
    case Action::kCreateThenDelete:
    case Action::kForgetThenCreate:
    case Action::kCreateThenForget: return Risk::kDestroy;
    case Action::kUpdate:
    case Action::kForget: return Risk::kUpdate;
    case Action::kNoOp:
    case Action::kCreate:
    case Action::kRead: return Risk::kCreate;
  }
  return Risk::kCreate;
}

std::vector<Form> Choose(std::span<const Item> items, size_t budget) {
  std::vector<Form> form(items.size(), Form::kUnlisted);
  // By risk, then smallest diff first, then as given: one sort, the rest is linear.
  std::vector<size_t> order(items.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (items[a].risk != items[b].risk) return items[a].risk < items[b].risk;
    return items[a].full < items[b].full;
  });
  auto delta = [&](size_t i) { return items[i].full > items[i].listed ? items[i].full - items[i].listed : 0; };
  size_t all_listed = 0;
  for (const Item& item : items) all_listed += item.listed;
  size_t left = budget;
  if (all_listed <= budget) {
    std::fill(form.begin(), form.end(), Form::kListed);
    left -= all_listed;
    for (size_t i : order) {
      if (delta(i) > left) continue;
      left -= delta(i);
      form[i] = Form::kFull;
    }
    return form;
  }
  // The list alone is over the budget: one risk class at a time, listed then upgraded.
  for (size_t begin = 0; begin < order.size();) {
    size_t end = begin;
    while (end < order.size() && items[order[end]].risk == items[order[begin]].risk) ++end;
    for (size_t k = begin; k < end; ++k) {
      size_t i = order[k];
      if (items[i].listed > left) continue;
      left -= items[i].listed;
      form[i] = Form::kListed;
    }
    for (size_t k = begin; k < end; ++k) {
      size_t i = order[k];
      if (form[i] != Form::kListed || delta(i) > left) continue;
      left -= delta(i);
      form[i] = Form::kFull;
    }
    begin = end;
  }
  return form;
}

std::string_view CutBody(std::string_view body, size_t max_bytes, size_t max_loss) {
  if (body.size() <= max_bytes) return body;
  size_t line_end = body.rfind('\n', max_bytes);
  if (line_end != std::string_view::npos && line_end > 0 && max_bytes - line_end <= max_loss) {
    return body.substr(0, line_end);
  }
  size_t end = max_bytes;
  // Back to the first byte of a UTF-8 character.
  while (end > 0 && (static_cast<unsigned char>(body[end]) & 0xC0) == 0x80) --end;
  return body.substr(0, end > 0 ? end : max_bytes);
}

}  // namespace planview::renderer::formats::budget

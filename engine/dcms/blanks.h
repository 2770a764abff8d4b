#pragma once
// The words of a DCMS setup or move text: split at runs of blanks, as the seed's Python
// split() does (spaces, tabs and line ends; leading and trailing ones ignored).
#include <string_view>
#include <vector>

namespace skirmish::engine::dcms {

inline bool is_blank(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

inline std::vector<std::string_view> split_blanks(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_blank(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace skirmish::engine::dcms

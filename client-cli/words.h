#pragma once
// What people type at the client's prompts: commands in any case, with spaces around.
#include <cctype>
#include <sstream>
#include <string>
#include <string_view>

namespace skirmish::client {

inline std::string lowercase(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}

// Whether `line` is the one word `word` (lower case), in any case: " Resign " is "resign".
inline bool is_word(const std::string& line, std::string_view word) {
  std::istringstream words(line);
  std::string first, extra;
  return words >> first && !(words >> extra) && lowercase(first) == word;
}

}  // namespace skirmish::client

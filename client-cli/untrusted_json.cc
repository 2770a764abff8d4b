#include "client-cli/untrusted_json.h"

#include <utility>
#include <vector>

namespace skirmish::client {

namespace {

bool nested_deeper_than(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (in_string) {
      if (ch == '\\') ++i;  // the escaped character is no quote
      else if (ch == '"') in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > limit) return true;
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return false;
}

// The length of the character at `i` to replace, or 0 to keep it.
std::size_t unsafe_at(std::string_view text, std::size_t i, bool keep_line_breaks) {
  const auto byte = [&](std::size_t at) { return at < text.size() ? static_cast<unsigned char>(text[at]) : 0u; };
  const unsigned first = byte(i);
  // A carriage return only before a line feed (a file with Windows line ends, kept in a
  // record's pieces_text): alone it would send the cursor back over what the line said.
  const bool line_break = first == '\t' || first == '\n' || (first == '\r' && byte(i + 1) == '\n');
  if ((first < 0x20 && !(keep_line_breaks && line_break)) || first == 0x7F) return 1;
  if (first == 0xC2 && byte(i + 1) >= 0x80 && byte(i + 1) <= 0x9F) return 2;  // C1: U+0080..U+009F
  if (first == 0xE2 && byte(i + 1) == 0x80 && byte(i + 2) >= 0xAA && byte(i + 2) <= 0xAE) return 3;  // U+202A..E
  if (first == 0xE2 && byte(i + 1) == 0x81 && byte(i + 2) >= 0xA6 && byte(i + 2) <= 0xA9) return 3;  // U+2066..9
  return 0;
}

}  // namespace

nlohmann::json parse_untrusted(std::string_view text, std::string& why) {
  if (nested_deeper_than(text, kMaxJsonDepth)) {
    why = "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return nlohmann::json::value_t::discarded;
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // "[json.exception.parse_error.101] parse error at line 3, column 9: syntax error ..."
    // -> "not JSON: line 3, column 9: syntax error ...", for a person to find the place.
    const std::string said = error.what();
    const std::string prefix = "parse error at ";
    const std::size_t at = said.find(prefix);
    why = "not JSON";
    if (at != std::string::npos) why += ": " + displayable(said.substr(at + prefix.size()), false);
    return nlohmann::json::value_t::discarded;
  } catch (const nlohmann::json::out_of_range& error) {
    // A number past a double ("1e999") is no parse_error: "[json.exception.out_of_range.406]
    // number overflow parsing '1e999'" escaped to the read handler and stopped the client.
    const std::string said = error.what();
    const std::size_t tag_end = said.find("] ");
    why = "not JSON: " + displayable(tag_end == std::string::npos ? said : said.substr(tag_end + 2), false);
    return nlohmann::json::value_t::discarded;
  }
}

std::string displayable(std::string_view text, bool keep_line_breaks) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t length = unsafe_at(text, i, keep_line_breaks); length > 0) {
      out += '?';
      i += length;
    } else {
      out += text[i++];
    }
  }
  return out;
}

void make_displayable(nlohmann::json& value) {
  if (value.is_string()) {
    auto& text = value.get_ref<std::string&>();
    text = displayable(text);
  } else if (value.is_array()) {
    for (auto& item : value) make_displayable(item);
  } else if (value.is_object()) {
    nlohmann::json safe = nlohmann::json::object();
    for (auto& [key, item] : value.items()) {
      make_displayable(item);
      safe[displayable(key)] = std::move(item);
    }
    value = std::move(safe);
  }
}

}  // namespace skirmish::client

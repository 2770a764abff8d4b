#include "server/unreadable_request.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>

#include <spdlog/fmt/fmt.h>  // fmt::format, as spdlog bundles or finds it
#include <nlohmann/json.hpp>

namespace skirmish::server {

namespace {

// Longer lines are quoted cut: the reply must stay small whatever was sent.
constexpr std::size_t kQuotedBytes = 120;

bool is_token_char(unsigned char c) {  // RFC 9110 tchar: methods and header names
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

// "byte 0x01 (a control character)".
std::string name_byte(unsigned char c) {
  const char* what = c == ' ' ? "a space" : c == 0x7f ? "DEL" : is_control(c) ? "a control character" : nullptr;
  return what ? fmt::format("byte 0x{:02X} ({})", c, what) : fmt::format("'{}'", static_cast<char>(c));
}

// Line `index` (0: the request line) of the head, without its line ending; nullopt past the head.
std::optional<std::string_view> head_line(std::string_view received, std::size_t index) {
  for (std::size_t i = 0;; ++i) {
    const auto end = received.find('\n');
    std::string_view line = received.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (i > 0 && line.empty()) return std::nullopt;  // the blank line ends the head
    if (i == index) return line;
    if (end == std::string_view::npos) return std::nullopt;
    received.remove_prefix(end + 1);
  }
}

// The line as JSON will quote it (control bytes escaped), cut to kQuotedBytes.
std::string quoted(std::string_view line) {
  return line.size() <= kQuotedBytes ? std::string(line) : std::string(line.substr(0, kQuotedBytes)) + "...";
}

std::string in_request_line(std::string_view line, std::size_t at, const std::string& what) {
  return fmt::format("{} at column {} of the request line \"{}\"", what, at + 1, quoted(line));
}

std::optional<std::string> describe_method(std::string_view line) {
  const auto bad = std::find_if_not(line.begin(), line.end(), [](char c) { return is_token_char(static_cast<unsigned char>(c)); });
  if (bad == line.begin() && !line.empty() && line.front() == '\x16')  // a TLS record's first byte
    return "it begins as a TLS handshake does, and this port takes no TLS: use http:// or ws://";
  if (bad == line.begin())
    return fmt::format("the request line \"{}\" does not begin with a method (GET)", quoted(line));
  if (bad == line.end())
    return fmt::format("the request line \"{}\" holds only a method: a path and ' HTTP/1.1' follow it", quoted(line));
  const auto at = static_cast<std::size_t>(bad - line.begin());
  return in_request_line(line, at, "the method holds " + name_byte(static_cast<unsigned char>(*bad))) +
         ": a method is letters, and a single space follows it";
}

std::optional<std::string> describe_target(std::string_view line) {
  const auto start = line.find(' ');
  if (start == std::string_view::npos) return std::nullopt;
  if (start + 1 >= line.size() || line[start + 1] == ' ')
    return fmt::format("the request line \"{}\" has no path after its method", quoted(line));
  for (std::size_t i = start + 1; i < line.size() && line[i] != ' '; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (is_control(c))
      return in_request_line(line, i, "the path holds " + name_byte(c)) +
             fmt::format(": a path may hold no control characters, spaces or DEL; send it percent-encoded (%{:02X})", c);
  }
  if (line.find(' ', start + 1) == std::string_view::npos)
    return fmt::format("the request line \"{}\" ends after its path: ' HTTP/1.1' is missing", quoted(line));
  return std::nullopt;
}

std::string describe_version(std::string_view line) {
  if (const auto cr = line.find('\r'); cr != std::string_view::npos)
    return fmt::format("the request line \"{}\" holds a CR (0x0D) not followed by LF: lines end in CRLF",
                       quoted(line.substr(0, cr)));
  const auto spaces = static_cast<std::size_t>(std::count(line.begin(), line.end(), ' '));
  std::string text = fmt::format("the request line \"{}\" does not end in ' HTTP/1.1' (or 1.0) after its path", quoted(line));
  if (spaces > 2) text += " (it holds " + std::to_string(spaces) + " spaces: a space in the path is sent as %20)";
  return text;
}

std::optional<std::string> describe_line_ending(std::string_view received) {
  for (std::size_t i = 0; i < received.size(); ++i)
    if (received[i] == '\r' && (i + 1 >= received.size() || received[i + 1] != '\n')) {
      const auto begin = received.rfind('\n', i);  // the line the CR ends
      const auto from = begin == std::string_view::npos ? 0 : begin + 1;
      return fmt::format("the line \"{}\" of the request's head ends in a CR (0x0D) not followed by LF: "
                         "lines end in CRLF",
                         quoted(received.substr(from, i - from)));
    }
  return std::nullopt;
}

bool is_request_line(std::string_view line) {
  return line.ends_with(" HTTP/1.1") || line.ends_with(" HTTP/1.0");
}

// `name`: a fault in a header's name, else in its value. The parser may have consumed the
// request line before it refused a header, so every line is looked at but that one.
std::optional<std::string> describe_header(std::string_view received, bool name) {
  for (std::size_t index = 0;; ++index) {
    const auto line = head_line(received, index);
    if (!line || line->empty()) return std::nullopt;  // past the head, or nothing received
    if (index == 0 && is_request_line(*line)) continue;
    const auto colon = line->find(':');
    const std::string_view field = line->substr(0, colon);
    std::size_t at = std::string_view::npos;
    if (name) {
      const auto bad = std::find_if_not(field.begin(), field.end(), [](char c) { return is_token_char(static_cast<unsigned char>(c)); });
      if (bad != field.end() || field.empty() || colon == std::string_view::npos)
        at = static_cast<std::size_t>(bad - field.begin());
    } else if (colon != std::string_view::npos) {
      for (std::size_t i = colon + 1; i < line->size() && at == std::string_view::npos; ++i)
        if (is_control(static_cast<unsigned char>((*line)[i])) && (*line)[i] != '\t') at = i;
    }
    if (at == std::string_view::npos) continue;
    const std::string where = fmt::format("the header line \"{}\"", quoted(*line));
    if (at >= field.size() && name)
      return where + (colon == std::string_view::npos ? " has no ':' after its name" : " has no name before its ':'");
    const auto c = static_cast<unsigned char>((*line)[at]);
    if (name)
      return fmt::format("{} holds {} in its name at column {}: a header name is letters, digits and "
                         "!#$%&'*+-.^_`|~, then ':'",
                         where, name_byte(c), at + 1);
    return fmt::format("{} holds {} in its value at column {}: a header value may hold no control characters "
                       "but tab",
                       where, name_byte(c), at + 1);
  }
}

}  // namespace

HttpReply unreadable_request_reply(RequestFault fault, std::string_view received, std::string_view parser_says) {
  const std::string_view line = head_line(received, 0).value_or(std::string_view{});
  std::optional<std::string> found;
  switch (fault) {
    case RequestFault::Method: found = describe_method(line); break;
    case RequestFault::Target: found = describe_target(line); break;
    case RequestFault::Version: found = describe_version(line); break;
    case RequestFault::LineEnding: found = describe_line_ending(received); break;
    case RequestFault::HeaderName: found = describe_header(received, true); break;
    case RequestFault::HeaderValue: found = describe_header(received, false); break;
    case RequestFault::Other: break;
  }
  const std::string why = "not an HTTP request this server can read: " +
                          (found ? *found : "the parser says '" + std::string(parser_says) + "'");
  // Whatever bytes were quoted: what is not UTF-8 is replaced, never thrown on (http_api.cc).
  const nlohmann::json body = {{"error", why}};
  return {400, "application/json", body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"};
}

}  // namespace skirmish::server

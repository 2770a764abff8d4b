#include "engine/tactego/pieces.h"

#include <optional>

namespace skirmish::engine::tactego {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_tokens(std::string_view s) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    std::size_t start = i;
    while (i < s.size() && !is_blank(s[i])) ++i;
    if (i > start) tokens.push_back(s.substr(start, i - start));
  }
  return tokens;
}

// The value of an all-digit token, saturated just above `cap` so huge numbers stay
// comparable; nullopt when the token is not all ASCII digits.
std::optional<long long> digits_value(std::string_view token, long long cap) {
  if (token.empty()) return std::nullopt;
  long long value = 0;
  for (char c : token) {
    if (!is_digit(c)) return std::nullopt;
    value = value * 10 + (c - '0');
    if (value > cap) value = cap + 1;
  }
  return value;
}

// Builds errors that all start with the line number and its text.
struct LineFault {
  int number;
  std::string_view text;
  [[noreturn]] void fail(const std::string& what) const {
    throw PiecesError(number, "pieces file line " + std::to_string(number) + " '" +
                                  std::string(text) + "': " + what);
  }
};

// Why `token` is not a whole number, for the common mistakes named in rules.md §4.
std::string number_fault(std::string_view token, std::string_view role) {
  const std::string quoted = "'" + std::string(token) + "'";
  if (token.front() == '+' || token.front() == '-')
    return std::string(role) + " " + quoted + " has a sign; write a plain number";
  if (token.find('.') != std::string_view::npos)
    return std::string(role) + " " + quoted + " has a decimal point; write a whole number";
  return std::string(role) + " " + quoted + " is not a whole number";
}

Piece parse_kind(const LineFault& at, std::string_view token) {
  if (token.size() == 1 && is_letter(token[0])) {
    switch (token[0]) {
      case 'F': return {Kind::Flag, 0};
      case 'M': return {Kind::Mine, 0};
      case 'S': return {Kind::Sapper, 0};
      case 'A': return {Kind::Assassin, 0};
      case 'f': case 'm': case 's': case 'a':
        at.fail("kind letters are upper case: write '" +
                std::string(1, static_cast<char>(token[0] - 'a' + 'A')) + "', not '" +
                std::string(token) + "'");
      default:
        at.fail("unknown kind '" + std::string(token) +
                "' (expected a strength 1..999 or one of F, M, S, A)");
    }
  }
  if (auto strength = digits_value(token, kMaxStrength)) {
    if (*strength < kMinStrength || *strength > kMaxStrength)
      at.fail("strength " + std::string(token) + " is out of range 1..999");
    return {Kind::Number, static_cast<int>(*strength)};
  }
  if (token.front() == '+' || token.front() == '-' || token.find('.') != std::string_view::npos)
    at.fail(number_fault(token, "strength"));
  at.fail("'" + std::string(token) + "' is neither a strength 1..999 nor a kind letter F, M, S, A");
}

int parse_count(const LineFault& at, std::string_view token) {
  auto count = digits_value(token, kMaxPiecesPerSide);
  if (!count) at.fail(number_fault(token, "count"));
  if (*count > kMaxPiecesPerSide)
    at.fail("count " + std::string(token) + " is more than " +
            std::to_string(kMaxPiecesPerSide) + " (no board is that large)");
  return static_cast<int>(*count);
}

}  // namespace

std::string symbol(const Piece& piece) {
  if (piece.kind == Kind::Number) return std::to_string(piece.strength);
  return std::string(1, kind_letter(piece.kind));
}

std::vector<Piece> parse_pieces(std::string_view text) {
  std::vector<Piece> pieces;
  bool has_flag = false;
  int number = 0;
  for (std::size_t pos = 0; pos <= text.size();) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(pos, end - pos));
    pos = end + 1;
    ++number;  // blank lines count too
    if (line.empty()) continue;
    const LineFault at{number, line};
    if (line.find('#') != std::string_view::npos)
      at.fail("comments are not allowed; a line is 'STRENGTH COUNT' or 'F|M|S|A COUNT'");
    const auto tokens = split_tokens(line);
    if (tokens.size() > 2)
      at.fail("unexpected third token '" + std::string(tokens[2]) +
              "'; a line is 'STRENGTH COUNT' or 'F|M|S|A COUNT'");
    const Piece piece = parse_kind(at, tokens[0]);
    if (tokens.size() < 2) at.fail("missing count after '" + std::string(tokens[0]) + "'");
    const int count = parse_count(at, tokens[1]);
    if (static_cast<long long>(pieces.size()) + count > kMaxPiecesPerSide)
      at.fail("more than " + std::to_string(kMaxPiecesPerSide) +
              " pieces in total (no board is that large)");
    pieces.insert(pieces.end(), static_cast<std::size_t>(count), piece);
    has_flag = has_flag || (piece.kind == Kind::Flag && count > 0);
  }
  if (!has_flag)
    throw PiecesError(0, "the pieces set has no flag, so the game could never be won "
                         "(add a line such as 'F 1')");
  return pieces;
}

}  // namespace skirmish::engine::tactego

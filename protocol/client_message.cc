#include "protocol/client_message.h"

#include <array>
#include <climits>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>

#include "protocol/error_code.h"

namespace skirmish::protocol {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<MessageType, std::string_view>, 11> kTypes{{
    {MessageType::Hello, "hello"},
    {MessageType::ListGames, "list_games"},
    {MessageType::CreateMatch, "create_match"},
    {MessageType::ListMatches, "list_matches"},
    {MessageType::Join, "join"},
    {MessageType::Watch, "watch"},
    {MessageType::Resume, "resume"},
    {MessageType::Move, "move"},
    {MessageType::Resign, "resign"},
    {MessageType::Leave, "leave"},
    {MessageType::Ping, "ping"},
}};

[[noreturn]] void bad(std::string_view field, std::string_view what) {
  throw ProtocolError(ErrorCode::BadMessage,
                      "field '" + std::string(field) + "' " + std::string(what));
}

// Why `value` cannot be a request id, or nullptr when it can.
const char* id_problem(const json& value) {
  if (!value.is_string() && !value.is_number_integer() && !value.is_number_unsigned())
    return "must be a string or a whole number that fits in 64 bits";
  if (value.is_string() && value.get_ref<const std::string&>().size() > kMaxIdLength)
    return "is longer than 128 bytes";
  return nullptr;
}

// SAX handler that stops at the value of the top-level key "id" (or at anything else that
// ends the search), so no document is built and the rest of the frame is not read.
class IdFinder final : public nlohmann::json_sax<json> {
 public:
  std::optional<json> id;

  bool null() override { return other_value(); }
  bool boolean(bool) override { return other_value(); }
  bool number_integer(number_integer_t value) override { return scalar(json(value)); }
  bool number_unsigned(number_unsigned_t value) override { return scalar(json(value)); }
  bool number_float(number_float_t, const string_t&) override { return other_value(); }
  bool string(string_t& value) override { return scalar(json(value)); }
  bool binary(binary_t&) override { return other_value(); }
  bool start_object(std::size_t) override { return open(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    next_is_id_ = depth_ == 1 && name == "id";
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool scalar(json value) {
    if (!next_is_id_) return true;
    id = std::move(value);
    return false;  // found: stop reading
  }
  bool other_value() { return !next_is_id_; }  // an id of the wrong type: stop, no id
  bool open() {
    if (next_is_id_) return false;
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    next_is_id_ = false;
    return depth_ > 0;
  }

  int depth_ = 0;
  bool next_is_id_ = false;
};

std::string optional_string(const json& message, std::string_view field) {
  auto it = message.find(field);
  if (it == message.end() || it->is_null()) return {};
  if (!it->is_string()) bad(field, "must be a string");
  return it->get<std::string>();
}

// The `match` of join, watch and resume: an id, so not empty (an empty one was looked up
// and refused with advice about a match with no id).
std::string require_match_id(const json& message) {
  const std::string& id = require_string(message, "match");
  if (id.empty()) bad("match", "is empty: give the id of a match (from match_created or list_matches)");
  return id;
}

// A JSON value named for an error message: "5.5", "an object", "null".
std::string describe(const json& value) {
  if (value.is_number() || value.is_boolean()) return value.dump();
  if (value.is_null()) return "null";
  if (value.is_string()) return value.get_ref<const std::string&>().empty() ? "an empty string" : value.dump();
  return std::string(value.is_object() ? "an object" : "an array");
}

// A whole number past 64 bits (99999999999999999999), which the parser keeps as a double:
// out of range, not "not an integer" (the bot wrote digits).
bool is_huge_whole_number(const json& value) {
  if (!value.is_number_float()) return false;
  const double number = value.get<double>();
  return std::abs(number) >= 0x1p63 && std::floor(number) == number;
}

// Option values arrive as JSON strings, numbers or booleans; the engine reads text. Any
// other value is a bad option (bad_options, like a bad value of the right type).
std::string option_text(const json& value, const std::string& name) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  // dump() writes the exact digits; get<long long>() would wrap 2^63..2^64-1 to negatives.
  if (value.is_number_integer()) return value.dump();
  // A whole number past 64 bits (1e20, or its 21 digits): as text, the engine names the
  // option's range ("'1e+20' is not an integer in the range 1..100"). Smaller ones with a
  // point (3.0) stay refused here: "3.0" would pass as a seed.
  if (is_huge_whole_number(value)) return value.dump();
  throw ProtocolError(ErrorCode::BadOptions, "option '" + name + "': " + describe(value) +
                                                 " is not a string, an integer or a boolean");
}

// A JSON integer as long long. nlohmann keeps 2^63..2^64-1 unsigned, and get<long long>()
// would wrap those to negative numbers that an error message would then quote.
long long integer_value(const json& value, std::string_view field) {
  if (value.is_number_unsigned() && value.get<unsigned long long>() > LLONG_MAX)
    bad(field, "is out of range");
  return value.get<long long>();
}

// How many continuation bytes follow a UTF-8 lead byte; -1 for a byte no character starts with.
int continuation_bytes(unsigned char lead) {
  if (lead < 0x80) return 0;
  if ((lead & 0xE0) == 0xC0) return 1;
  if ((lead & 0xF0) == 0xE0) return 2;
  if ((lead & 0xF8) == 0xF0) return 3;
  return -1;
}

// The character starting at `pos`, moving `pos` past it; nullopt for a malformed sequence
// (cut short, overlong, a surrogate or above U+10FFFF). Frames are checked UTF-8 already,
// but a name must never be misread into something the checks below let through.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& pos) {
  constexpr char32_t kSmallest[] = {0, 0x80, 0x800, 0x10000};  // below: overlong
  const auto lead = static_cast<unsigned char>(text[pos++]);
  const int extra = continuation_bytes(lead);
  if (extra < 0 || text.size() - pos < static_cast<std::size_t>(extra)) return std::nullopt;
  char32_t code = extra == 0 ? lead : lead & (0x3Fu >> extra);
  for (int i = 0; i < extra; ++i) {
    const auto next = static_cast<unsigned char>(text[pos++]);
    if ((next & 0xC0) != 0x80) return std::nullopt;
    code = (code << 6) | (next & 0x3Fu);
  }
  if (code < kSmallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
    return std::nullopt;
  return code;
}

// Why a name may not hold `code` ("a control character"), or nullptr when it may.
const char* forbidden_in_name(char32_t code) {
  if (code <= 0x1F || (code >= 0x7F && code <= 0x9F)) return "a control character";
  if ((code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) || code == 0x200E ||
      code == 0x200F || code == 0x061C)
    return "a bidirectional control character";
  // A line or paragraph separator breaks a line where it is shown: a name could forge one.
  if (code == 0x2028 || code == 0x2029) return "a line break";
  // Invisible: "alice" with one of these looks like alice. (The zero-width joiner and
  // non-joiner stay: emoji sequences and Persian or Indic names need them.) Also the
  // Hangul fillers, the combining grapheme joiner and the tag characters, which draw nothing.
  if (code == 0x00AD || code == 0x180E || code == 0x200B || (code >= 0x2060 && code <= 0x2064) || code == 0xFEFF ||
      code == 0x034F || code == 0x115F || code == 0x1160 || code == 0x3164 || code == 0xFFA0 ||
      (code >= 0xE0000 && code <= 0xE007F))
    return "an invisible character";
  return nullptr;
}

bool is_blank(char32_t code) {
  return code == 0x20 || code == 0xA0 || code == 0x1680 || (code >= 0x2000 && code <= 0x200A) ||
         code == 0x200C || code == 0x200D || code == 0x202F || code == 0x205F || code == 0x3000 ||
         code == 0x2800;  // the blank Braille pattern draws nothing either
}

std::string code_point_name(char32_t code) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(code));
  return text;
}

}  // namespace

void check_player_name(std::string_view name) {
  std::size_t pos = 0;
  std::size_t characters = 0;
  bool visible = false;
  while (pos < name.size()) {
    if (++characters > kMaxNameLength)
      bad("name", "is longer than " + std::to_string(kMaxNameLength) + " characters");
    const std::string at = " at character " + std::to_string(characters);
    const auto code = next_code_point(name, pos);
    if (!code) bad("name", "is not valid UTF-8" + at);
    if (const char* kind = forbidden_in_name(*code))
      bad("name", "contains " + std::string(kind) + " (" + code_point_name(*code) + ")" + at);
    visible = visible || !is_blank(*code);
  }
  // "" is no name at all; "   " would be shown as one.
  if (!name.empty() && !visible) bad("name", "has no visible character (leave it out to play without a name)");
}

engine::Options options_from_json(const json& options) {
  engine::Options out;
  for (const auto& [name, value] : options.items()) out.set(name, option_text(value, name));
  return out;
}

std::string_view to_string(MessageType type) {
  for (const auto& [t, name] : kTypes)
    if (t == type) return name;
  return "unknown";
}

const json& require_field(const json& message, std::string_view field) {
  auto it = message.find(field);
  if (it == message.end()) bad(field, "is missing");
  return *it;
}

void require_move_fields(const json& message, std::initializer_list<std::string_view> fields,
                         std::string_view form) {
  for (const std::string_view field : fields)
    if (message.find(field) == message.end()) bad(field, "is missing (" + std::string(form) + ")");
}

long long require_integer(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (is_huge_whole_number(value)) bad(field, "is out of range");
  if (!value.is_number_integer()) bad(field, "must be an integer");  // signed or unsigned
  return integer_value(value, field);
}

const std::string& require_string(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (!value.is_string()) bad(field, "must be a string");
  return value.get_ref<const std::string&>();
}

std::pair<long long, long long> require_position(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (value.is_array() && value.size() == 2 && (is_huge_whole_number(value[0]) || is_huge_whole_number(value[1])))
    bad(field, "is out of range");
  if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
      !value[1].is_number_integer())
    bad(field, "must be a position [row, col] of two integers");
  return {integer_value(value[0], field), integer_value(value[1], field)};
}

std::string peek_request_id(std::string_view frame) {
  IdFinder finder;
  const std::string_view head = frame.substr(0, kIdPeekBytes);
  json::sax_parse(head.begin(), head.end(), &finder, nlohmann::detail::input_format_t::json,
                  /*strict=*/false);
  if (!finder.id || id_problem(*finder.id)) return {};
  return finder.id->dump();
}

namespace {

// `text` with each byte that starts no valid UTF-8 character replaced by U+FFFD: the parser's
// "last read" quote stops at the byte it refused, which may be inside a character.
std::string valid_utf8(std::string_view text) {
  std::string out;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t next = pos;
    if (next_code_point(text, next)) {
      out.append(text.substr(pos, next - pos));
      pos = next;
    } else {
      out += "\xEF\xBF\xBD";
      ++pos;
    }
  }
  return out;
}

// "the message is not valid JSON at byte 21: syntax error while parsing value - invalid
// literal; last read: '}g'": where it broke and why, from the parser's own explanation
// (without its "[json.exception...] parse error at line 1, column 21: " prefix; bounded,
// since the part it quotes may be a long string). A number too large for a double
// ("1e999") has no byte.
std::string invalid_json_text(const json::exception& error) {
  const std::string said = valid_utf8(error.what());
  std::string_view why = said;
  if (const auto tag_end = why.find("] "); why.starts_with("[json.exception") && tag_end != std::string_view::npos)
    why.remove_prefix(tag_end + 2);
  std::string where;
  if (const auto* parse = dynamic_cast<const json::parse_error*>(&error)) {
    where = " at byte " + std::to_string(parse->byte);
    if (const auto column = why.find("column "); column != std::string_view::npos)
      if (const auto colon = why.find(": ", column); colon != std::string_view::npos) why.remove_prefix(colon + 2);
  }
  constexpr std::size_t kMaxWhy = 200;
  if (why.size() <= kMaxWhy) return "the message is not valid JSON" + where + ": " + std::string(why);
  // Cut before a character, not inside one: the reply must stay UTF-8 (a client closes on
  // a text frame that is not, 1007).
  std::size_t cut = kMaxWhy;
  while (cut > 0 && (static_cast<unsigned char>(why[cut]) & 0xC0) == 0x80) --cut;
  return "the message is not valid JSON" + where + ": " + std::string(why.substr(0, cut)) + "...";
}

}  // namespace

ClientMessage parse_client_message(std::string_view frame, std::string& id_out) {
  id_out.clear();
  json message;
  try {
    message = json::parse(frame);
  } catch (const json::exception& error) {  // parse_error, or out_of_range for 1e999
    throw ProtocolError(ErrorCode::BadJson, invalid_json_text(error));
  }
  if (!message.is_object())
    throw ProtocolError(ErrorCode::BadJson, "the message must be a JSON object");

  ClientMessage out;
  if (auto it = message.find("id"); it != message.end()) {
    if (const char* problem = id_problem(*it)) bad("id", problem);
    out.id = it->dump();
    id_out = out.id;
  }

  const std::string& type = require_string(message, "type");
  bool known = false;
  for (const auto& [t, name] : kTypes)
    if (name == type) {
      out.type = t;
      known = true;
    }
  if (!known) throw ProtocolError(ErrorCode::UnknownType, "unknown message type '" + type + "'");

  switch (out.type) {
    case MessageType::Hello: {
      long long version = require_integer(message, "version");
      if (version < 0 || version > 1'000'000) bad("version", "is out of range");
      out.version = static_cast<int>(version);
      out.name = optional_string(message, "name");
      check_player_name(out.name);
      break;
    }
    case MessageType::CreateMatch: {
      out.game = require_string(message, "game");
      if (auto it = message.find("options"); it != message.end() && !it->is_null()) {
        if (!it->is_object()) bad("options", "must be an object");
        out.options = options_from_json(*it);
      }
      break;
    }
    case MessageType::ListMatches:
      out.game = optional_string(message, "game");
      out.match = optional_string(message, "match");
      out.invite = optional_string(message, "invite");
      if (!out.invite.empty() && out.match.empty())
        bad("invite", "needs 'match': a private match is listed only when asked for by its id with its code");
      break;
    case MessageType::Join: {
      out.match = require_match_id(message);
      // A seat name ("blue") or its number (0 or 1), which the match resolves; dump() keeps
      // a number's exact digits (get<long long>() would wrap 2^63..2^64-1 to negatives).
      auto seat = message.find("seat");
      if (seat != message.end() && seat->is_number_integer())
        out.seat = seat->dump();
      else if (seat != message.end() && !seat->is_null() && (!seat->is_string() || seat->get_ref<const std::string&>().empty()))
        bad("seat", "must be a seat's name (\"red\", \"white\"...) or its number (0 or 1), not " + describe(*seat) +
                        "; leave it out for the first free seat");
      else if (std::string name = optional_string(message, "seat"); !name.empty())
        out.seat = std::move(name);
      out.invite = optional_string(message, "invite");
      break;
    }
    case MessageType::Watch:
      out.match = require_match_id(message);
      out.invite = optional_string(message, "invite");
      break;
    case MessageType::Resume:
      out.match = require_match_id(message);
      out.token = require_string(message, "token");
      break;
    case MessageType::Move:
      if (message.contains("turn")) out.turn = require_integer(message, "turn");
      out.body = std::move(message);
      break;
    case MessageType::Resign: {
      // A bridge gives the seat up for its bot: "crash" ends the game with that reason
      // (the seat can only hurt itself, so the server takes its word).
      const std::string reason = optional_string(message, "reason");
      if (!reason.empty() && reason != "resignation" && reason != "crash")
        bad("reason", "must be \"resignation\" or \"crash\"");
      out.crashed = reason == "crash";
      break;
    }
    case MessageType::ListGames:
    case MessageType::Leave:
    case MessageType::Ping:
      break;
  }
  return out;
}

}  // namespace skirmish::protocol

#include "protocol/client_message.h"

#include <array>
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
    return "must be a string or an integer";
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

// A JSON value named for an error message: "5.5", "an object", "null".
std::string describe(const json& value) {
  if (value.is_number()) return value.dump();
  if (value.is_null()) return "null";
  return std::string(value.is_object() ? "an object" : "an array");
}

// Option values arrive as JSON strings, numbers or booleans; the engine reads text. Any
// other value is a bad option (bad_options, like a bad value of the right type).
std::string option_text(const json& value, const std::string& name) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  if (value.is_number_unsigned()) return std::to_string(value.get<unsigned long long>());
  throw ProtocolError(ErrorCode::BadOptions, "option '" + name + "': " + describe(value) +
                                                 " is not a string, an integer or a boolean");
}

}  // namespace

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

long long require_integer(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (value.is_number_integer()) return value.get<long long>();
  if (value.is_number_unsigned()) bad(field, "is out of range");
  bad(field, "must be an integer");
}

const std::string& require_string(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (!value.is_string()) bad(field, "must be a string");
  return value.get_ref<const std::string&>();
}

std::pair<long long, long long> require_position(const json& message, std::string_view field) {
  const json& value = require_field(message, field);
  if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
      !value[1].is_number_integer())
    bad(field, "must be a position [row, col] of two integers");
  return {value[0].get<long long>(), value[1].get<long long>()};
}

std::string peek_request_id(std::string_view frame) {
  IdFinder finder;
  const std::string_view head = frame.substr(0, kIdPeekBytes);
  json::sax_parse(head.begin(), head.end(), &finder, nlohmann::detail::input_format_t::json,
                  /*strict=*/false);
  if (!finder.id || id_problem(*finder.id)) return {};
  return finder.id->dump();
}

ClientMessage parse_client_message(std::string_view frame, std::string& id_out) {
  id_out.clear();
  json message = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded())
    throw ProtocolError(ErrorCode::BadJson, "the message is not valid JSON");
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
      if (out.name.size() > kMaxNameLength) bad("name", "is longer than 64 characters");
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
      break;
    case MessageType::Join: {
      out.match = require_string(message, "match");
      // A seat name ("blue") or its number (0 or 1), which the match resolves.
      auto seat = message.find("seat");
      if (seat != message.end() && seat->is_number_integer())
        out.seat = std::to_string(seat->get<long long>());
      else if (std::string name = optional_string(message, "seat"); !name.empty())
        out.seat = std::move(name);
      break;
    }
    case MessageType::Watch:
      out.match = require_string(message, "match");
      break;
    case MessageType::Resume:
      out.match = require_string(message, "match");
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

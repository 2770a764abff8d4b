#include "protocol/client_message.h"

#include <array>
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

std::string optional_string(const json& message, std::string_view field) {
  auto it = message.find(field);
  if (it == message.end() || it->is_null()) return {};
  if (!it->is_string()) bad(field, "must be a string");
  return it->get<std::string>();
}

// Option values arrive as JSON strings, numbers or booleans; the engine reads text.
std::string option_text(const json& value, const std::string& name) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return std::to_string(value.get<long long>());
  if (value.is_number_unsigned()) return std::to_string(value.get<unsigned long long>());
  bad("options." + name, "must be a string, an integer or a boolean");
}

}  // namespace

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

ClientMessage parse_client_message(std::string_view frame, std::string& id_out) {
  id_out.clear();
  json message = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded())
    throw ProtocolError(ErrorCode::BadJson, "the message is not valid JSON");
  if (!message.is_object())
    throw ProtocolError(ErrorCode::BadJson, "the message must be a JSON object");

  ClientMessage out;
  if (auto it = message.find("id"); it != message.end()) {
    if (!it->is_string() && !it->is_number_integer() && !it->is_number_unsigned())
      bad("id", "must be a string or an integer");
    std::string id = it->dump();
    if (id.size() > kMaxIdLength) bad("id", "is longer than 128 characters");
    id_out = id;
    out.id = std::move(id);
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
        for (const auto& [name, value] : it->items())
          out.options.set(name, option_text(value, name));
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

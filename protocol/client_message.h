#pragma once
// Requests from clients (docs/protocol.md "Client → server"): one JSON text frame parsed
// and checked for shape. Game-specific move fields stay JSON for the game's codec.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/common/options.h"

namespace skirmish::protocol {

enum class MessageType : std::uint8_t {
  Hello,
  ListGames,
  CreateMatch,
  ListMatches,
  Join,
  Watch,
  Resume,
  Move,
  Resign,
  Leave,
  Ping,
};

std::string_view to_string(MessageType type);

struct ClientMessage {
  MessageType type = MessageType::Ping;
  std::string id;  // the request's `id` as JSON text (echoed verbatim), empty when absent

  int version = 0;                    // hello
  std::string name;                   // hello (optional)
  std::string game;                   // create_match; list_matches filter (may be empty)
  engine::Options options;            // create_match, values as text
  std::string match;                  // join, watch, resume
  std::optional<std::string> seat;    // join (optional)
  std::string invite;                 // join, watch, list_matches: a private match's code
  std::string token;                  // resume
  nlohmann::json body;                // move: the whole message, for the game's codec
  std::optional<long long> turn;      // move (optional): the turn the move is meant for
  bool crashed = false;               // resign with reason "crash": a bot bridge's bot failed
};

// Parses one frame. Throws ProtocolError: bad_json (not JSON, or not an object),
// bad_message (naming the field), unknown_type. `id_out` receives the request's id as
// soon as it is known, so an error reply can echo it.
ClientMessage parse_client_message(std::string_view frame, std::string& id_out);

// The request's id as JSON text, found without parsing the whole message (for a reply to a
// message dropped unread, e.g. rate_limited): only a valid top-level `id` within the first
// kIdPeekBytes bytes counts; otherwise empty.
std::string peek_request_id(std::string_view frame);

// create_match's `options` object as the engine reads it: every value as text (strings,
// integers, booleans). Throws ProtocolError(bad_options) naming an option of another type.
engine::Options options_from_json(const nlohmann::json& options);

// Field readers for codecs; each throws ProtocolError(bad_message) naming `field`. An
// integer above LLONG_MAX is "out of range", never wrapped to a negative number.
const nlohmann::json& require_field(const nlohmann::json& message, std::string_view field);
long long require_integer(const nlohmann::json& message, std::string_view field);
const std::string& require_string(const nlohmann::json& message, std::string_view field);
// [row, col] of integers.
std::pair<long long, long long> require_position(const nlohmann::json& message,
                                                 std::string_view field);
// A move message missing one of the game's `fields`: the error names it and shows the
// game's move `form` ("a Tactego move is {...}"), for a bot that sent another game's move.
void require_move_fields(const nlohmann::json& message, std::initializer_list<std::string_view> fields,
                         std::string_view form);

// hello's `name`: valid UTF-8 of at most kMaxNameLength characters, without control
// characters (C0, DEL, C1) or bidirectional overrides and isolates (U+202A..U+202E,
// U+2066..U+2069), which would let a player forge lines or reorder text on other players'
// screens and in the server log. Throws ProtocolError(bad_message) naming the character
// and its position.
void check_player_name(std::string_view name);

inline constexpr std::size_t kMaxNameLength = 64;  // characters (code points), not bytes
inline constexpr std::size_t kMaxIdLength = 128;  // bytes of a string id (UTF-8)
inline constexpr std::size_t kIdPeekBytes = 4096;

}  // namespace skirmish::protocol

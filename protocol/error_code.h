#pragma once
// The stable error codes of protocol v1 (docs/protocol.md "Error codes") and the exception
// that carries one from wherever bad input is found to the code that answers the client.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace skirmish::protocol {

enum class ErrorCode : std::uint8_t {
  BadJson,
  BadMessage,
  UnknownType,
  HelloRequired,
  UnsupportedVersion,
  BadOptions,
  NoSuchMatch,
  MatchFull,
  AlreadyInMatch,
  SpectatorsNotAllowed,
  NotInMatch,
  NotAPlayer,
  NotStarted,
  GameOver,
  NotYourTurn,
  IllegalMove,
  WrongTurn,
  Unauthorized,
  RateLimited,
  TooLarge,
  ServerFull,
  TooManyOpenMatches,
  Internal,
};

// The wire name: "bad_json", "not_your_turn", ...
std::string_view to_string(ErrorCode code);
std::optional<ErrorCode> error_code_from_string(std::string_view text);

// Bad input from a client: answered with {"type":"error","code":...,"message":...}.
class ProtocolError : public std::runtime_error {
 public:
  ProtocolError(ErrorCode code, const std::string& message)
      : std::runtime_error(visible_nuls(message)), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  // what() is a C string: a NUL from the client's text quoted in `message` would cut the
  // error short there ("token 2 '4"), so each is written out as \0.
  static std::string visible_nuls(const std::string& message) {
    if (message.find('\0') == std::string::npos) return message;
    std::string shown;
    for (char ch : message) shown += ch == '\0' ? std::string("\\0") : std::string(1, ch);
    return shown;
  }
  ErrorCode code_;
};

}  // namespace skirmish::protocol

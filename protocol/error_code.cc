#include "protocol/error_code.h"

#include <array>
#include <utility>

namespace skirmish::protocol {
namespace {
constexpr std::array<std::pair<ErrorCode, std::string_view>, 23> kNames{{
    {ErrorCode::BadJson, "bad_json"},
    {ErrorCode::BadMessage, "bad_message"},
    {ErrorCode::UnknownType, "unknown_type"},
    {ErrorCode::HelloRequired, "hello_required"},
    {ErrorCode::UnsupportedVersion, "unsupported_version"},
    {ErrorCode::BadOptions, "bad_options"},
    {ErrorCode::NoSuchMatch, "no_such_match"},
    {ErrorCode::MatchFull, "match_full"},
    {ErrorCode::AlreadyInMatch, "already_in_match"},
    {ErrorCode::SpectatorsNotAllowed, "spectators_not_allowed"},
    {ErrorCode::NotInMatch, "not_in_match"},
    {ErrorCode::NotAPlayer, "not_a_player"},
    {ErrorCode::NotStarted, "not_started"},
    {ErrorCode::GameOver, "game_over"},
    {ErrorCode::NotYourTurn, "not_your_turn"},
    {ErrorCode::IllegalMove, "illegal_move"},
    {ErrorCode::WrongTurn, "wrong_turn"},
    {ErrorCode::Unauthorized, "unauthorized"},
    {ErrorCode::RateLimited, "rate_limited"},
    {ErrorCode::TooLarge, "too_large"},
    {ErrorCode::ServerFull, "server_full"},
    {ErrorCode::TooManyOpenMatches, "too_many_open_matches"},
    {ErrorCode::Internal, "internal"},
}};
}  // namespace

std::string_view to_string(ErrorCode code) {
  for (const auto& [c, name] : kNames)
    if (c == code) return name;
  return "internal";
}

std::optional<ErrorCode> error_code_from_string(std::string_view text) {
  for (const auto& [c, name] : kNames)
    if (name == text) return c;
  return std::nullopt;
}

}  // namespace skirmish::protocol

#pragma once
// The server's messages of a 1D Chess match as the MatchSession tests' ScriptedServer sends
// them (docs/protocol.md): one builder for each, instead of one copy in each test file.
#include <string>

#include <nlohmann/json.hpp>

namespace skirmish::test {

inline constexpr const char* kTestToken = "tok0tok0tok0tok0tok0tok0tok0tok0";

// The start position: white's pieces on the left, black's on the right.
inline nlohmann::json onedchess_start_board() {
  return nlohmann::json::array({"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"});
}

// `joined` giving `seat` (white or black) of 1D Chess `match`; the players are "me" and "opp".
inline nlohmann::json onedchess_joined(const std::string& match, const std::string& seat, bool resumed = false,
                                       const std::string& token = kTestToken) {
  return {{"type", "joined"}, {"id", resumed ? "resume" : "join"}, {"match", match}, {"game", "onedchess"},
          {"seat", seat}, {"seat_index", seat == "white" ? 0 : 1}, {"token", token},
          {"resumed", resumed}, {"players", {{"white", "me"}, {"black", "opp"}}}};
}

// A `state` of 1D Chess `match` sent to `you`, with no last move and no outcome.
inline nlohmann::json onedchess_state(const std::string& match, const std::string& you, const std::string& status,
                                      nlohmann::json turn, nlohmann::json to_act,
                                      nlohmann::json board = onedchess_start_board()) {
  return {{"type", "state"}, {"match", match}, {"game", "onedchess"}, {"seq", 2}, {"you", you},
          {"status", status}, {"turn", std::move(turn)}, {"to_act", std::move(to_act)},
          {"submitted", nlohmann::json::array()}, {"last", nullptr}, {"outcome", nullptr},
          {"view", {{"board", std::move(board)}}}};
}

// The answer to the client's `list_matches` for a match's terms when none is listed.
inline nlohmann::json no_listed_terms() {
  return {{"type", "matches"}, {"id", "terms"}, {"matches", nlohmann::json::array()}, {"total", 0}};
}

}  // namespace skirmish::test

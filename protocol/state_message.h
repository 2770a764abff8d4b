#pragma once
// The `state` message (docs/protocol.md): the match's common fields around the game
// codec's view. The server encodes it once per recipient class after every change.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/common/game.h"
#include "engine/common/outcome.h"
#include "protocol/game_codec.h"

namespace skirmish::protocol {

enum class MatchStatus : std::uint8_t { Waiting, Running, Over };
std::string_view to_string(MatchStatus status);

struct StateInfo {
  std::string_view match;
  std::string_view game;
  std::uint64_t seq = 0;
  MatchStatus status = MatchStatus::Waiting;
  const std::array<std::string, engine::kSeatCount>* seat_names = nullptr;
  std::optional<long long> deadline_ms;  // time left for the current move, when limited
  std::array<bool, engine::kSeatCount> submitted{};  // DCMS sealed submissions
  engine::Outcome outcome;  // the engine's, or the server's (resignation, timeout, ...)
};

// `you`: the recipient's seat name or "spectator"; `id`: the echoed request id (JSON text)
// or empty.
std::string encode_state(const StateInfo& info, const GameCodec& codec,
                         const engine::GameState& state, const engine::Viewer& viewer,
                         std::string_view you, std::string_view id);

// {"winner": ..., "draw": ..., "reason": ...} or null while the game goes on.
void write_outcome(JsonWriter& out, const engine::Outcome& outcome,
                   const std::array<std::string, engine::kSeatCount>& seat_names);

}  // namespace skirmish::protocol

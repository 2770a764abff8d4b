// loopback_floor's relay again, through Boost.Beast instead of raw epoll: the issue's "bare
// Beast relay" (no game, no lobby), to measure what WebSocket framing and Asio add to the
// kernel's floor on this machine, with or without JSON work per move.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace skirmish_bench {

enum class RelayJson {
  none,      // forward one shared, ready-made state: no JSON work at all
  nlohmann,  // nlohmann/json used plainly: parse the move, build and dump each seat's state
};

// The move every bot sends (a 100-byte JSON text) and the state the relay answers with
// (`state_bytes` of JSON text, whatever the mode).
std::string relay_move_text();

// Serves WebSocket handshakes on the accepted `seats` (seat 2k and 2k+1 are pair k), then
// for every move read sends a state to both seats of its pair; exits the process once every
// peer has hung up.
[[noreturn]] void run_beast_relay(const std::vector<int>& seats, RelayJson json, std::size_t state_bytes);

}  // namespace skirmish_bench

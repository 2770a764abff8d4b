// The server's JSON work per move, without sockets: reading a `move` frame into the
// engine's move text (parse_client_message + the game's codec), and writing the `state`
// each recipient class gets after it (encode_state). Issue 3 names JSON handling as the
// main lever on the server's CPU per move; these are its figures, game by game.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/game_codec.h"
#include "protocol/state_message.h"

namespace {

using namespace skirmish;

// A game some turns in, reached by random legal moves (both seats' setups first in DCMS).
// Tactego with fog: each seat's view then differs, as in a real match.
std::unique_ptr<engine::GameState> mid_game(const std::string& game, int turns) {
  engine::Options options;
  if (game == "tactego") options = {{"fog", "true"}, {"seed", "bench"}};
  auto state = engine::create_game(game, options);
  engine::Rng rng(11);
  while (state->turn() < turns && !state->outcome().over) {
    engine::JointMove moves;
    for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
      if (state->to_act().contains(s)) moves[static_cast<std::size_t>(s)] = state->random_move(s, rng);
    state->apply(moves);
  }
  return state;
}

// A move frame as a bot sends it: the game's fields, the turn and a request id.
std::string move_frame(const std::string& game) {
  if (game == "tactego") return R"({"type":"move","from":[3,4],"to":[4,4],"turn":17,"id":1234})";
  if (game == "onedchess") return R"({"type":"move","position":3,"direction":"RIGHT","turn":3,"id":1234})";
  return R"({"type":"move","move":"M 4","turn":12,"id":1234})";
}

void BM_ReadMove(benchmark::State& bench, const std::string& game) {
  const auto state = mid_game(game, 12);
  const protocol::GameCodec& codec = *protocol::find_codec(game);
  const std::string frame = move_frame(game);
  const engine::Seat seat = state->to_act().contains(0) ? 0 : 1;
  for (auto _ : bench) {
    std::string id;
    const protocol::ClientMessage message = protocol::parse_client_message(frame, id);
    benchmark::DoNotOptimize(codec.move_text(message.body, *state, seat));
  }
  bench.SetBytesProcessed(bench.iterations() * static_cast<std::int64_t>(frame.size()));
}

// One `state` as `viewer` gets it; the mover's copy echoes its request id.
void BM_WriteState(benchmark::State& bench, const std::string& game, engine::Viewer viewer) {
  const auto state = mid_game(game, 12);
  const protocol::GameCodec& codec = *protocol::find_codec(game);
  const auto* info = engine::find_game(game);
  protocol::StateInfo match;
  match.match = "k3v9q2xw";
  match.game = game;
  match.seq = 40;
  match.status = protocol::MatchStatus::Running;
  match.seat_names = &info->seat_names;
  match.deadline_ms = 4812;
  const std::string you = viewer.kind == engine::Viewer::Kind::Player
                              ? info->seat_names[static_cast<std::size_t>(viewer.seat)]
                              : "spectator";
  std::size_t bytes = 0;
  for (auto _ : bench) {
    const std::string text = protocol::encode_state(match, codec, *state, viewer, you, "1234");
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  bench.counters["bytes"] = static_cast<double>(bytes);
}

const engine::Viewer kSeat0 = engine::Viewer::of_seat(0);
const engine::Viewer kSpectator = engine::Viewer::spectator();

BENCHMARK_CAPTURE(BM_ReadMove, tactego, std::string("tactego"));
BENCHMARK_CAPTURE(BM_ReadMove, onedchess, std::string("onedchess"));
BENCHMARK_CAPTURE(BM_ReadMove, dcms, std::string("dcms"));
BENCHMARK_CAPTURE(BM_WriteState, tactego_seat, std::string("tactego"), kSeat0);
BENCHMARK_CAPTURE(BM_WriteState, tactego_spectator, std::string("tactego"), kSpectator);
BENCHMARK_CAPTURE(BM_WriteState, onedchess_seat, std::string("onedchess"), kSeat0);
BENCHMARK_CAPTURE(BM_WriteState, dcms_seat, std::string("dcms"), kSeat0);

}  // namespace

BENCHMARK_MAIN();

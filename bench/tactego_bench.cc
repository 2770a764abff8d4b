// Tactego engine speed: applying moves, listing legal moves, whole random playouts (with and
// without computing both seats' fogged views after every move). Typed API, basic set, 10 x 10.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/tactego/tactego.h"

namespace {

using namespace skirmish::engine;
using namespace skirmish::engine::tactego;

constexpr int kMaxTurns = 2000;  // random play can wander; this bounds each playout

TactegoState initial_state(const std::string& seed, bool fog) {
  TactegoSetup setup;
  setup.rows = 10;
  setup.cols = 10;
  setup.fog = fog;
  setup.max_turns = kMaxTurns;
  setup.seed = seed;
  return TactegoState(setup, parse_pieces(*preset_pieces("basic")));
}

// Plays uniformly random legal moves to the end; returns the moves made.
std::vector<Move> random_playout(TactegoState state, Rng& rng) {
  std::vector<Move> played, legal;
  while (!state.outcome().over) {
    state.legal_moves(legal);
    const Move move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
    state.apply_move(move);
    played.push_back(move);
  }
  return played;
}

// ns per apply_move: replays recorded random playouts; resetting the state (one copy of a
// 100-cell board per playout) is amortised over the playout's moves. With fog, each move
// is followed by both seats' fogged views, as the server computes them before sending.
void BM_ApplyMove(benchmark::State& bench) {
  const bool fog = bench.range(0) != 0;
  Rng rng(1);
  std::vector<TactegoState> starts;
  std::vector<std::vector<Move>> playouts;
  for (int i = 0; i < 16; ++i) {
    starts.push_back(initial_state("apply" + std::to_string(i), fog));
    playouts.push_back(random_playout(starts.back(), rng));
  }
  std::size_t moves = 0, k = 0;
  for (auto _ : bench) {
    TactegoState state = starts[k];
    for (const Move& move : playouts[k]) {
      state.apply_move(move);
      if (fog) {
        benchmark::DoNotOptimize(state.view(Viewer::of_seat(0)));
        benchmark::DoNotOptimize(state.view(Viewer::of_seat(1)));
      }
    }
    benchmark::DoNotOptimize(state.outcome());
    moves += playouts[k].size();
    k = (k + 1) % playouts.size();
  }
  bench.counters["time_per_move"] = benchmark::Counter(
      static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  bench.SetItemsProcessed(static_cast<std::int64_t>(moves));
}
BENCHMARK(BM_ApplyMove)->Arg(0)->Arg(1)->ArgName("fog")->Unit(benchmark::kMicrosecond);

// ns to list the legal moves of positions taken from random basic 10 x 10 games.
void BM_LegalMoves(benchmark::State& bench) {
  Rng rng(2);
  std::vector<TactegoState> positions;
  for (int i = 0; i < 8; ++i) {
    TactegoState state = initial_state("list" + std::to_string(i), false);
    positions.push_back(state);  // the opening position
    std::vector<Move> legal;
    for (int turn = 0; turn < 300 && !state.outcome().over; ++turn) {
      state.legal_moves(legal);
      state.apply_move(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
      if (turn % 50 == 49 && !state.outcome().over) positions.push_back(state);
    }
  }
  std::vector<Move> buffer;
  buffer.reserve(512);
  std::size_t k = 0, listed = 0;
  for (auto _ : bench) {
    positions[k].legal_moves(buffer);
    benchmark::DoNotOptimize(buffer.data());
    listed += buffer.size();
    k = (k + 1) % positions.size();
  }
  bench.counters["moves_per_list"] =
      static_cast<double>(listed) / static_cast<double>(bench.iterations());
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
}
BENCHMARK(BM_LegalMoves)->Unit(benchmark::kNanosecond);

// Whole random playouts (listing, choosing and applying every move); with fog, both seats'
// views are computed after every move as a server would before sending them.
void BM_RandomPlayout(benchmark::State& bench) {
  const bool fog = bench.range(0) != 0;
  Rng rng(3);
  std::vector<Move> legal;
  legal.reserve(512);
  std::size_t moves = 0;
  int game = 0;
  for (auto _ : bench) {
    bench.PauseTiming();
    TactegoState state = initial_state("playout" + std::to_string(game++ % 64), fog);
    bench.ResumeTiming();
    while (!state.outcome().over) {
      state.legal_moves(legal);
      state.apply_move(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
      ++moves;
      if (fog) {
        benchmark::DoNotOptimize(state.view(Viewer::of_seat(0)));
        benchmark::DoNotOptimize(state.view(Viewer::of_seat(1)));
      }
    }
  }
  bench.counters["playouts_per_s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["moves_per_playout"] =
      static_cast<double>(moves) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomPlayout)->Arg(0)->Arg(1)->ArgName("fog")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// 1D Chess: nanoseconds per applied move (typed fast path) and random playouts per second
// (through the text interface, as the server and the playout tests use it).
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/onedchess/onedchess.h"

namespace oc = skirmish::engine::onedchess;

namespace {

// A fixed list of legal (position, direction) plies from random games, so the timed loop
// only checks and applies moves.
struct Ply {
  oc::OneDChessState before;
  oc::Move move;
};

std::vector<Ply> record_plies(int count) {
  std::vector<Ply> plies;
  skirmish::engine::Rng rng(7);
  oc::OneDChessState state;
  while (static_cast<int>(plies.size()) < count) {
    if (state.outcome().over) state = oc::OneDChessState();
    const auto move = *oc::parse_move(state.random_move(state.current(), rng));
    plies.push_back({state, move});
    state.apply_move(move);
  }
  return plies;
}

void BM_ApplyMove(benchmark::State& bench) {
  const auto plies = record_plies(4096);
  std::size_t i = 0;
  for (auto _ : bench) {
    oc::OneDChessState state = plies[i].before;  // a 40-byte copy, no allocation
    state.apply_move(plies[i].move);
    benchmark::DoNotOptimize(state);
    i = (i + 1) & (plies.size() - 1);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
}
BENCHMARK(BM_ApplyMove);

void BM_CheckAndApplyMove(benchmark::State& bench) {
  const auto plies = record_plies(4096);
  std::size_t i = 0;
  for (auto _ : bench) {
    oc::OneDChessState state = plies[i].before;
    auto reason = state.check(state.current(), plies[i].move);
    benchmark::DoNotOptimize(reason);
    state.apply_move(plies[i].move);
    benchmark::DoNotOptimize(state);
    i = (i + 1) & (plies.size() - 1);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
}
BENCHMARK(BM_CheckAndApplyMove);

void BM_RandomPlayoutText(benchmark::State& bench) {
  skirmish::engine::Rng rng(11);
  std::int64_t moves = 0;
  for (auto _ : bench) {
    oc::OneDChessState state(200);
    while (!state.outcome().over) {
      skirmish::engine::JointMove turn;
      turn[static_cast<std::size_t>(state.current())] = state.random_move(state.current(), rng);
      state.apply(turn);
      ++moves;
    }
    benchmark::DoNotOptimize(state);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
  bench.counters["moves_per_playout"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(bench.iterations()));
}
BENCHMARK(BM_RandomPlayoutText);

void BM_RandomPlayoutTyped(benchmark::State& bench) {
  skirmish::engine::Rng rng(13);
  for (auto _ : bench) {
    oc::OneDChessState state(200);
    while (!state.outcome().over) {
      // Pick a uniformly random own piece and direction without building any text.
      std::array<int, oc::kBoardSize> own{};
      std::size_t count = 0;
      for (int p = 0; p < oc::kBoardSize; ++p)
        if (oc::owner(state.board()[static_cast<std::size_t>(p)]) == state.current())
          own[count++] = p;
      std::uniform_int_distribution<std::size_t> pick(0, 2 * count - 1);
      const std::size_t choice = pick(rng);
      state.apply_move({own[choice / 2], choice % 2 ? oc::Direction::Right : oc::Direction::Left});
    }
    benchmark::DoNotOptimize(state);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
}
BENCHMARK(BM_RandomPlayoutTyped);

}  // namespace

BENCHMARK_MAIN();

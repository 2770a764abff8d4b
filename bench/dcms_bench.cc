// DCMS speed: one whole turn (both seats' orders applied, captures resolved, end checked)
// on the typed path and the text path, and whole random playouts.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/dcms/dcms.h"

namespace {

using namespace skirmish::engine::dcms;
using skirmish::engine::JointMove;
using skirmish::engine::Rng;

// SMCD on the default map after a random legal setup; long enough never to end by turns.
DcmsState started_game(Rng& rng, int max_turns) {
  DcmsState state(*shipped_map(kDefaultMap), "SMCD", max_turns);
  while (true) {
    DcmsState attempt = state;
    attempt.apply({attempt.random_move(kBlue, rng), attempt.random_move(kRed, rng)});
    if (attempt.phase() == Phase::Play) return attempt;
  }
}

struct OrderPair {
  Orders blue, red;
};

std::vector<OrderPair> random_order_pairs(Rng& rng, std::size_t count) {
  std::uniform_int_distribution<int> direction(1, 9);
  std::vector<OrderPair> pairs(count);
  for (auto& pair : pairs)
    for (int i = 1; i < kMaxPieces; ++i) {
      pair.blue.direction[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(direction(rng));
      pair.red.direction[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(direction(rng));
    }
  return pairs;
}

// Games restart from the same setup after 60 turns or when a cheeSe goes, so the turns
// measured look like real play (pieces on the board, captures now and then).
void BM_WholeTurnTyped(benchmark::State& bench) {
  Rng rng(1);
  const DcmsState start = started_game(rng, 10000);
  const auto pairs = random_order_pairs(rng, 4096);
  DcmsState state = start;
  std::size_t next = 0;
  int turns_in_game = 0;
  long long restarts = 0;
  for (auto _ : bench) {
    const OrderPair& pair = pairs[next++ & 4095];
    state.apply_orders(pair.blue, pair.red);
    if (state.phase() == Phase::Over || ++turns_in_game == 60) {
      state = start;
      turns_in_game = 0;
      ++restarts;
    }
    benchmark::DoNotOptimize(state.last_turn());
  }
  bench.counters["restarts"] = static_cast<double>(restarts);
}
BENCHMARK(BM_WholeTurnTyped);

void BM_WholeTurnText(benchmark::State& bench) {
  Rng rng(2);
  const DcmsState start = started_game(rng, 10000);
  std::vector<JointMove> turns(4096);
  for (auto& turn : turns) turn = {start.random_move(kBlue, rng), start.random_move(kRed, rng)};
  DcmsState state = start;
  std::size_t next = 0;
  int turns_in_game = 0;
  for (auto _ : bench) {
    state.apply(turns[next++ & 4095]);
    if (state.phase() == Phase::Over || ++turns_in_game == 60) {
      state = start;
      turns_in_game = 0;
    }
    benchmark::DoNotOptimize(state.last_turn());
  }
}
BENCHMARK(BM_WholeTurnText);

// A whole game: random setup (text), then random typed orders until the end (60 turns max).
void BM_RandomPlayout(benchmark::State& bench) {
  Rng rng(3);
  const DcmsState fresh(*shipped_map(kDefaultMap), "SMCD", 60);
  long long turns = 0;
  for (auto _ : bench) {
    DcmsState state = fresh;
    state.apply({state.random_move(kBlue, rng), state.random_move(kRed, rng)});
    while (state.phase() == Phase::Play) {
      state.apply_orders(state.random_orders(kBlue, rng), state.random_orders(kRed, rng));
      ++turns;
    }
    benchmark::DoNotOptimize(state.outcome());
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
  bench.counters["turns_per_game"] =
      static_cast<double>(turns) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomPlayout);

}  // namespace

BENCHMARK_MAIN();

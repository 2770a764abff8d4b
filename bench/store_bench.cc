// The match store's cost per write, as the server pays it: a 1D Chess-like game (create,
// two joins, start, seven turns, finish) per match, each write committed on its own or
// joined into group commits of many writes (what the server's DurabilityGate does).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "server/store/match_store.h"

namespace {

using skirmish::store::MatchStore;
using skirmish::store::TurnRecord;

std::filesystem::path fresh_dir() {
  static int count = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("skirmish-store-bench-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
  std::filesystem::remove_all(dir);
  return dir;
}

// One whole game: 12 writes.
void play_game(MatchStore& store, const std::string& id) {
  skirmish::engine::Options options;
  options.set("seed", "1");
  store.create_match(id, "onedchess", options, options, 1);
  store.record_join(id, 0, "white", "token-white-" + id, 2);
  store.record_join(id, 1, "black", "token-black-" + id, 3);
  store.start_match(id, 4);
  for (std::size_t turn = 0; turn < 7; ++turn)
    store.append_turn(id, turn, TurnRecord::single(static_cast<int>(turn % 2), "K1-2", 12));
  store.finish_match(id, skirmish::engine::Outcome::win(0, skirmish::engine::EndReason::KingTaken), 5);
}

void BM_StoreGames(benchmark::State& state) {
  const auto games_per_commit = state.range(0);  // 0: every write commits on its own
  const auto dir = fresh_dir();
  {
    MatchStore store(dir);
    if (games_per_commit > 0) store.defer_commits();
    long long game = 0;
    for (auto _ : state) {
      play_game(store, "m" + std::to_string(game));
      if (games_per_commit > 0 && ++game % games_per_commit == 0) store.commit_pending();
      if (games_per_commit == 0) ++game;
    }
    store.commit_pending();
    state.counters["writes/s"] = benchmark::Counter(static_cast<double>(game * 12), benchmark::Counter::kIsRate);
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_StoreGames)->Arg(0)->Arg(1)->Arg(4)->Arg(16)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

// The match store's cost per write, as the server pays it: a 1D Chess-like game (create,
// two joins, start, seven turns, finish) per match, each write committed on its own or
// joined into group commits of many writes (what the server's DurabilityGate does).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "server/store/batch_plan.h"
#include "server/store/held_matches.h"
#include "server/store/match_store.h"
#include "server/store/store_write.h"
#include "server/store/token_hash.h"

namespace {

using skirmish::engine::EndReason;
using skirmish::engine::Outcome;
using skirmish::store::MatchCreated;
using skirmish::store::MatchFinished;
using skirmish::store::MatchStarted;
using skirmish::store::MatchStore;
using skirmish::store::SeatTaken;
using skirmish::store::StoreWrite;
using skirmish::store::TurnPlayed;
using skirmish::store::TurnRecord;

// What this process has written to files so far (/proc/self/io).
double written_bytes() {
  std::ifstream io("/proc/self/io");
  std::string key;
  double value = 0;
  while (io >> key >> value)
    if (key == "wchar:") return value;
  return 0;
}

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

// What a loaded server does: 100 matches at once with random 8-letter ids, their writes
// interleaved (each match makes its next write in turn), applied in batches as the store
// thread does (store::apply_batch: a match created and ended within one batch is written
// whole, a run of one match's turns goes straight into `moves`). Games of 7 turns (1D
// Chess) or 250 (about a Tactego game): in long games every match moving at once writes
// near its own earlier moves, which is what the move log (move_log.h) is for.
class InterleavedMatch {
 public:
  InterleavedMatch(std::mt19937_64& rng, int turns_per_game) : turns_(turns_per_game) { renew(rng); }

  // The match's next write, made at `now_ms`; a finished match starts over under a new id.
  StoreWrite next(std::mt19937_64& rng, std::int64_t now_ms = 1) {
    const int write = next_++;
    if (write == 4 + turns_) {
      StoreWrite finished = MatchFinished{id_, Outcome::win(0, EndReason::KingTaken), 5};
      renew(rng);
      return finished;
    }
    switch (write) {
      case 0: {
        skirmish::engine::Options options;
        options.set("seed", "1");
        return MatchCreated{id_, "onedchess", options, options, now_ms};
      }
      case 1: return SeatTaken{id_, 0, "white", skirmish::store::hash_token("token-white-" + id_), 2};
      case 2: return SeatTaken{id_, 1, "black", skirmish::store::hash_token("token-black-" + id_), 3};
      case 3: return MatchStarted{id_, 4};
      default: {
        const auto turn = static_cast<std::size_t>(write - 4);
        return TurnPlayed{id_, turn, TurnRecord::single(static_cast<int>(turn % 2), "K1-2", 12)};
      }
    }
  }

 private:
  void renew(std::mt19937_64& rng) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    id_.assign(8, 'A');
    for (char& ch : id_) ch = kAlphabet[rng() % 32];
    next_ = 0;
  }
  std::string id_;
  int turns_;
  int next_ = 0;
};

void BM_StoreInterleaved(benchmark::State& state) {
  constexpr int kMatches = 100;
  const auto batch_size = static_cast<std::size_t>(state.range(1));
  const auto dir = fresh_dir();
  {
    MatchStore store(dir);
    store.defer_commits();
    std::mt19937_64 rng(7);
    std::vector<InterleavedMatch> matches;
    for (int i = 0; i < kMatches; ++i) matches.emplace_back(rng, static_cast<int>(state.range(0)));
    std::size_t next_match = 0;
    std::vector<StoreWrite> batch;
    // The writes are made outside the timing: the server makes them on the network thread.
    const auto make_next_batch = [&] {
      batch.clear();
      for (std::size_t i = 0; i < batch_size; ++i) batch.push_back(matches[next_match++ % kMatches].next(rng));
    };
    // Warm up to a store that already holds some thousands of finished matches.
    while (next_match < 50'000) {
      make_next_batch();
      skirmish::store::apply_batch(batch, store);
      store.commit_pending();
    }
    long long writes = 0;
    const double written_before = written_bytes();
    for (auto _ : state) {
      state.PauseTiming();
      make_next_batch();
      state.ResumeTiming();
      skirmish::store::apply_batch(batch, store);
      store.commit_pending();
      writes += static_cast<long long>(batch_size);
    }
    state.counters["B/write"] = (written_bytes() - written_before) / static_cast<double>(writes);
    state.counters["writes/s"] = benchmark::Counter(static_cast<double>(writes), benchmark::Counter::kIsRate);
    state.counters["us/write"] = benchmark::Counter(static_cast<double>(writes),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }
  std::filesystem::remove_all(dir);
}
// 1,024 writes: what a quiet server's 100 ms gathers at 10,000 writes/s; 4,096: the store
// thread's largest batch (DurabilityGate::kApplyBatch), at 40,000 writes/s.
BENCHMARK(BM_StoreInterleaved)->ArgNames({"turns", "batch"})->ArgsProduct({{7, 250}, {1024, 4096}})
    ->Unit(benchmark::kMicrosecond);

// Bots that think: 10,000 1D Chess-like matches whose writes come in random order (each
// match's next write is as likely as any other's), in the store thread's largest batches,
// the server's settings text in every creation. A game then spans some 30 batches, as with
// 9,900 thinking bots. hold:1 holds short games back until they end (held_matches.h,
// the server's limits; each batch is taken to last 250 ms), hold:0 writes each batch as it
// comes. B/write: bytes written to the files (SQLite's log and its checkpoints) per write.
void BM_StoreThinking(benchmark::State& state) {
  constexpr std::size_t kMatches = 10'000;
  constexpr std::size_t kBatch = 4'096;
  const bool hold = state.range(0) != 0;
  const auto dir = fresh_dir();
  {
    MatchStore store(dir);
    store.defer_commits();
    std::mt19937_64 rng(7);
    std::vector<InterleavedMatch> matches;
    for (std::size_t i = 0; i < kMatches; ++i) matches.emplace_back(rng, 7);
    skirmish::store::HeldMatches held;
    std::int64_t now_ms = 1'000'000;
    std::uint64_t next_seq = 1;
    std::vector<std::vector<StoreWrite>> batch(1);
    const auto apply_next_batch = [&] {
      batch.assign(1, {});
      for (std::size_t i = 0; i < kBatch; ++i) batch[0].push_back(matches[rng() % kMatches].next(rng, now_ms));
      held.apply(batch, next_seq, store,
                 skirmish::store::HoldBack{now_ms, skirmish::store::kHoldAgeMs,
                                           hold ? skirmish::store::kMaxHeldWrites : 0u,
                                           hold ? skirmish::store::kMaxHeldWritesPerMatch : 0u});
      store.commit_pending();
      next_seq += kBatch;
      now_ms += 250;
    };
    for (int i = 0; i < 100; ++i) apply_next_batch();  // every match under way, some finished
    long long writes = 0;
    const double written_before = written_bytes();
    for (auto _ : state) {
      apply_next_batch();
      writes += static_cast<long long>(kBatch);
    }
    state.counters["B/write"] = (written_bytes() - written_before) / static_cast<double>(writes);
    state.counters["us/write"] = benchmark::Counter(static_cast<double>(writes),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_StoreThinking)->ArgName("hold")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

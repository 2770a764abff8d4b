// The move journal (store/journal.h): its lines round-trip every kind of write, a store
// opened on a data directory applies what only the journal holds, a line cut short at the
// end is left out, damage elsewhere is refused naming the file and line, files go once
// SQLite holds them, a killed server's zero tail is read up to, and a file whose space
// cannot be reserved is an error at once; the writes of matches a batch held back are
// applied from the journal at the next start, and only theirs.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "server/store/held_matches.h"
#include "server/store/journal.h"
#include "server/store/match_store.h"
#include "tests/store/temp_dir.h"

namespace {

using namespace skirmish::store;

std::vector<StoreWrite> one_game() {
  skirmish::engine::Options options;
  options.set("seed", "42");
  options.set("note", "quote \" backslash \\ newline \n");
  return {
      MatchCreated{"m1", "onedchess", options, {}, 1000},
      SeatTaken{"m1", 0, "Ann \"the\" Bot", std::string(64, 'a'), 1001},
      SeatTaken{"m1", 1, "Bob", std::string(64, 'b'), 1002},
      MatchStarted{"m1", 1003},
      TurnPlayed{"m1", 0, TurnRecord::single(0, "K1-2", 15)},
      TurnPlayed{"m1", 1, TurnRecord::single(1, "N8-6", 22)},
  };
}

std::string lines_of(const std::vector<StoreWrite>& writes, std::uint64_t first_seq) {
  std::string lines;
  for (std::size_t i = 0; i < writes.size(); ++i) append_journal_line(lines, first_seq + i, writes[i]);
  return lines;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("every kind of write round-trips through a journal line", "[journal]") {
  std::vector<StoreWrite> writes = one_game();
  writes.push_back(TurnPlayed{"m2", 7, TurnRecord::both({std::string("N"), std::nullopt}, {40, 55})});
  writes.push_back(SeatFreed{"m3", 1});
  writes.push_back(MatchFinished{"m1", skirmish::engine::Outcome::win(1, skirmish::engine::EndReason::Timeout), 2000});
  writes.push_back(MatchFinished{"m2", skirmish::engine::Outcome::draw(skirmish::engine::EndReason::MaxTurns), 2001});
  writes.push_back(MatchCancelled{"m3", 2002});
  for (std::size_t i = 0; i < writes.size(); ++i) {
    std::string line;
    append_journal_line(line, 100 + i, writes[i]);
    REQUIRE(line.back() == '\n');
    CHECK(line.find('\n') == line.size() - 1);  // one line, whatever the text holds
    const auto [seq, read] = parse_journal_line(std::string_view(line).substr(0, line.size() - 1));
    CHECK(seq == 100 + i);
    CHECK(read.index() == writes[i].index());
    std::string again;
    append_journal_line(again, seq, read);
    CHECK(again == line);
  }
  const auto [seq, turn] = parse_journal_line(
      R"({"seq":3,"op":"turn","match":"m2","turn":7,"moves":["N",null],"ms":[40,55]})");
  const auto& played = std::get<TurnPlayed>(turn);
  CHECK(played.turn == TurnRecord::both({std::string("N"), std::nullopt}, {40, 55}));
  CHECK(played.turn_index == 7);
}

TEST_CASE("a store opened on a data directory applies what only the journal holds", "[journal]") {
  skirmish::test::TempDir dir;
  { MatchStore created(dir.path()); }
  // What a server killed mid-write leaves: whole lines, then one cut short.
  std::string lines = lines_of(one_game(), 1);
  const std::string cut = lines_of({TurnPlayed{"m1", 2, TurnRecord::single(0, "K2-3", 9)}}, 7);
  write_file(dir.path() / "journal-00000000000000000001.log", lines + cut.substr(0, cut.size() / 2));

  for (int start = 0; start < 2; ++start) {  // the second start skips what it applied
    MatchStore store(dir.path());
    CHECK(store.journal_applied() == 6);
    const auto match = store.get("m1");
    REQUIRE(match);
    CHECK(match->state == MatchState::Running);
    CHECK(match->seats.size() == 2);
    CHECK(match->seats[0].name == "Ann \"the\" Bot");
    CHECK(match->options.text("note") == "quote \" backslash \\ newline \n");
    REQUIRE(match->turns.size() == 2);
    CHECK(match->turns[1] == TurnRecord::single(1, "N8-6", 22));
  }
}

TEST_CASE("a damaged journal is refused at start, naming the file and line", "[journal]") {
  skirmish::test::TempDir dir;
  { MatchStore created(dir.path()); }
  const auto file = dir.path() / "journal-00000000000000000001.log";
  const auto game = one_game();

  SECTION("a line that is not a write") {
    write_file(file, lines_of({game[0]}, 1) + "{\"seq\":2,\"op\":\"dance\",\"match\":\"m1\"}\n");
    CHECK_THROWS_WITH(MatchStore(dir.path()), Catch::Contains("journal-00000000000000000001.log:2") &&
                                                  Catch::Contains("unknown op \"dance\""));
  }
  SECTION("a gap in the numbers") {
    write_file(file, lines_of({game[0]}, 1) + lines_of({game[1]}, 3));
    CHECK_THROWS_WITH(MatchStore(dir.path()), Catch::Contains(".log:2") &&
                                                  Catch::Contains("3 does not follow 1"));
  }
  SECTION("the first files missing") {
    write_file(dir.path() / "journal-00000000000000000005.log", lines_of({game[0]}, 5));
    CHECK_THROWS_WITH(MatchStore(dir.path()), Catch::Contains("journal files are missing"));
  }
}

TEST_CASE("the journal starts a new file when one is full and deletes the applied ones", "[journal]") {
  skirmish::test::TempDir dir;
  const auto game = one_game();
  Journal journal(dir.path(), 1, false, 1);  // each append after the first starts a file
  for (std::uint64_t seq = 1; seq <= game.size(); ++seq)
    journal.append(lines_of({game[seq - 1]}, seq), seq, seq);
  CHECK(Journal::files_in(dir.path()).size() == game.size());
  CHECK(Journal::read_after(dir.path(), 0).size() == game.size());
  CHECK(Journal::read_after(dir.path(), 4).front().seq == 5);

  journal.forget_through(3);  // files holding writes 1..3 go; the current one never does
  CHECK(Journal::files_in(dir.path()).size() == game.size() - 3);
  journal.forget_through(game.size());
  CHECK(Journal::files_in(dir.path()).size() == 1);
}

TEST_CASE("a journal file whose space cannot be reserved is a clear error, not a crash later", "[journal]") {
  skirmish::test::TempDir dir;
  // No disk has a petabyte to spare: the reservation fails as on a full disk.
  CHECK_THROWS_WITH(Journal(dir.path(), 1, false, std::size_t{1} << 50),
                    Catch::Contains("cannot reserve") && Catch::Contains("journal-00000000000000000001.log"));
}

TEST_CASE("a journal a killed server left, zeros after its last line, reads up to them", "[journal]") {
  skirmish::test::TempDir dir;
  const auto game = one_game();
  {
    Journal journal(dir.path(), 1, false);
    journal.append(lines_of(game, 1), 1, game.size());
    // Still open, as when the server is killed: the file keeps its reserved size.
    const auto file = Journal::files_in(dir.path()).at(0);
    CHECK(std::filesystem::file_size(file) >= Journal::kSegmentBytes);
    CHECK(Journal::read_after(dir.path(), 0).size() == game.size());
    // A copy the kill cut short: part of a line, then the zeros.
    {
      std::fstream out(file, std::ios::binary | std::ios::in | std::ios::out);
      const std::string cut = lines_of({TurnPlayed{"m1", 2, TurnRecord::single(0, "K2-3", 9)}}, 7);
      out.seekp(static_cast<std::streamoff>(lines_of(game, 1).size()));
      out << cut.substr(0, cut.size() / 2);
    }
    CHECK(Journal::read_after(dir.path(), 0).size() == game.size());
  }
  // Ended, the file is cut to its length.
  CHECK(std::filesystem::file_size(Journal::files_in(dir.path()).at(0)) == lines_of(game, 1).size());
}

namespace {

// A started match "A" made long ago and a match "H" made just now, interleaved.
std::vector<StoreWrite> a_and_h() {
  return {
      MatchCreated{"A", "onedchess", {}, {}, 1},
      MatchCreated{"H", "onedchess", {}, {}, 1000},
      SeatTaken{"A", 0, "ann", std::string(64, 'a'), 1001},
      SeatTaken{"H", 0, "hal", std::string(64, 'h'), 1002},
      SeatTaken{"A", 1, "bob", std::string(64, 'b'), 1003},
      MatchStarted{"A", 1004},
      TurnPlayed{"A", 0, TurnRecord::single(0, "K1-2", 15)},
  };
}

// What the store thread leaves when a batch of a_and_h() holds "H" back (the server is
// then killed, its journal kept): SQLite has A's writes, and where H's begin.
void apply_holding_h(const std::filesystem::path& dir) {
  MatchStore store(dir);
  store.defer_commits();
  std::vector<std::vector<StoreWrite>> batch{a_and_h()};
  HeldMatches held;
  held.apply(batch, 1, store, HoldBack{1010, 500, 100, 32});
  REQUIRE(held.first_seq() == 2u);
  REQUIRE(held.writes() == 2);
  store.mark_journal_applied(7, *held.first_seq());
  store.commit_pending();
}

}  // namespace

TEST_CASE("a store opened after a batch held matches back applies their writes, and only theirs",
          "[journal][hold]") {
  skirmish::test::TempDir dir;
  apply_holding_h(dir.path());
  write_file(dir.path() / "journal-00000000000000000001.log", lines_of(a_and_h(), 1));
  for (int start = 0; start < 2; ++start) {  // the second start has nothing left to apply
    MatchStore store(dir.path());
    CHECK(store.journal_applied() == 7);
    const auto held = store.get("H");
    REQUIRE(held);
    CHECK(held->state == MatchState::Open);
    REQUIRE(held->seats.size() == 1);
    CHECK(held->seats[0].name == "hal");
    const auto a = store.get("A");
    REQUIRE(a);
    CHECK(a->seats.size() == 2);
    CHECK(a->turns.size() == 1);
  }
}

TEST_CASE("a backup restored alone drops the games its batch held back, and says so", "[journal][hold]") {
  skirmish::test::TempDir dir;
  apply_holding_h(dir.path());
  {
    MatchStore store(dir.path());  // no journal at all: a backup put in an empty directory
    CHECK(store.lost_held_from() == 2);
    CHECK(store.get("A"));
    CHECK_FALSE(store.get("H"));
  }
  MatchStore again(dir.path());
  CHECK(again.lost_held_from() == 0);
}

TEST_CASE("a journal that lost the writes a batch held back is refused at start", "[journal][hold]") {
  skirmish::test::TempDir dir;
  apply_holding_h(dir.path());
  // Its first lines gone.
  const auto writes = a_and_h();
  write_file(dir.path() / "journal-00000000000000000003.log",
             lines_of({writes.begin() + 2, writes.end()}, 3));
  CHECK_THROWS_WITH(MatchStore(dir.path()), Catch::Contains("journal files are missing"));
}

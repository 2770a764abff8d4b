// Tactego over real sockets: a game to the flag capture, and a fogged game played to its end
// with every byte the opponent and a spectator receive checked for hidden piece kinds.
#include <catch2/catch.hpp>

#include <random>
#include <regex>
#include <set>
#include <utility>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

using Pos = std::pair<int, int>;

bool owned_by(const Json& cell, char owner) {
  return cell.is_string() && !cell.get<std::string>().empty() && cell.get<std::string>()[0] == owner;
}

// Every legal move of `owner` ('R' or 'B') as its own view shows the board.
std::vector<std::pair<Pos, Pos>> legal_moves(const Json& view, char owner) {
  const Json& board = view.at("board");
  const int rows = view.at("rows").get<int>();
  const int cols = view.at("cols").get<int>();
  std::vector<std::pair<Pos, Pos>> moves;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const Json& cell = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (!owned_by(cell, owner)) continue;
      const std::string kind = cell.get<std::string>().substr(1);
      if (kind == "F" || kind == "M") continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int tr = r + dr, tc = c + dc;
          if ((dr == 0 && dc == 0) || tr < 0 || tc < 0 || tr >= rows || tc >= cols) continue;
          if (owned_by(board[static_cast<std::size_t>(tr)][static_cast<std::size_t>(tc)], owner))
            continue;
          moves.push_back({{r, c}, {tr, tc}});
        }
    }
  return moves;
}

Json move_message(const std::pair<Pos, Pos>& move) {
  return {{"type", "move"},
          {"from", {move.first.first, move.first.second}},
          {"to", {move.second.first, move.second.second}}};
}

TEST_CASE("Tactego: an empty seed string is a seed, placed as CPython places it", "[server][tactego]") {
  RunningServer server;
  // The engine's fixture empty_seed_assassins_4x3.txt, from python3 with random.seed("").
  TwoSeatMatch m = start_match(server.port(), "tactego",
                               {{"pieces", "assassins"}, {"length", 4}, {"width", 3},
                                {"seed", ""}, {"fog", false}});
  const Json& view = m.start0.at("view");
  CHECK(view.at("seed") == "");
  CHECK(view.at("board") == Json::array({Json::array({"RA", "RA", "R1"}),
                                         Json::array({"RA", "R1", "RF"}),
                                         Json::array({"BA", "B1", "BA"}),
                                         Json::array({"BF", "BA", "B1"})}));
  // Without a seed the server picks one and reports it.
  TwoSeatMatch picked = start_match(server.port(), "tactego",
                                    {{"pieces", "assassins"}, {"length", 4}, {"width", 3}});
  CHECK_FALSE(picked.start0.at("view").at("seed").get<std::string>().empty());
}

TEST_CASE("Tactego: red captures blue's flag and wins", "[server][tactego]") {
  RunningServer server;
  // 2 x 2: each side has a flag and a 1 on its own row; every red cell touches every blue one.
  TwoSeatMatch m = start_match(server.port(), "tactego",
                               {{"pieces_text", "F 1\n1 1\n"}, {"length", 2}, {"width", 2},
                                {"seed", "abc"}, {"fog", false}});
  CHECK(m.start0.at("you") == "red");
  CHECK(m.start0.at("to_act") == Json::array({"red"}));
  const Json& view = m.start0.at("view");
  CHECK(view.at("fog") == false);
  CHECK(view.at("seed") == "abc");
  Pos mover{-1, -1}, flag{-1, -1};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) {
      const Json& cell = view.at("board")[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (cell == "R1") mover = {r, c};
      if (cell == "BF") flag = {r, c};
    }
  REQUIRE(mover.first == 0);  // red fills row 0, blue row 1 (rules: placement)
  REQUIRE(flag.first == 1);
  // Blue may not move first.
  CHECK(m.seat1->request(move_message({flag, mover})).at("code") == "not_your_turn");
  const Json final_state = m.seat0->request(move_message({mover, flag}));
  REQUIRE(final_state.at("type") == "state");
  CHECK(final_state.at("status") == "over");
  const Json expected{{"winner", "red"}, {"draw", false}, {"reason", "flag_captured"}};
  CHECK(final_state.at("outcome") == expected);
  CHECK(final_state.at("last").at("combat").at("defender") == "BF");
  CHECK(final_state.at("last").at("combat").at("result") == "attacker_won");
  CHECK(m.seat1->wait_for_over().at("outcome") == expected);
}

// The piece kinds a frame may legitimately name: those on revealed squares and in the
// reported combat (combat reveals both pieces to everyone).
std::set<std::string> revealed_kinds(const Json& state) {
  std::set<std::string> allowed;
  const Json& view = state.at("view");
  for (const Json& at : view.at("revealed")) {
    const Json& cell = view.at("board")[at[0].get<std::size_t>()][at[1].get<std::size_t>()];
    if (cell.is_string()) allowed.insert(cell.get<std::string>());
  }
  const Json& last = state.at("last");
  if (last.is_object() && last.contains("combat") && last.at("combat").is_object()) {
    allowed.insert(last.at("combat").at("attacker").get<std::string>());
    allowed.insert(last.at("combat").at("defender").get<std::string>());
  }
  return allowed;
}

// Checks one raw frame received by someone who may see the kinds of `own` only (plus what
// combat revealed), and only once the game runs: a seat may be left before the start, and
// the next player in it must not have been watched. Returns how many fogged cells ("X?")
// it showed.
int check_fogged_frame(const std::string& raw, const std::string& own, const std::string& who) {
  INFO(who << " received: " << raw);
  const Json message = Json::parse(raw);
  const std::string visible_owners = message.value("status", "") == "waiting" ? "" : own;
  if (message.at("type") != "state") {
    // No other message may name a piece kind at all.
    static const std::regex any_kind(R"re("[RB]([0-9]+|F|M|S|A)")re");
    CHECK_FALSE(std::regex_search(raw, any_kind));
    return 0;
  }
  const std::set<std::string> allowed = revealed_kinds(message);
  // Byte level: every kind token of a hidden owner must be one combat revealed.
  static const std::regex kind_token(R"re("([RB])([0-9]+|F|M|S|A)")re");
  for (auto it = std::sregex_iterator(raw.begin(), raw.end(), kind_token);
       it != std::sregex_iterator(); ++it) {
    const std::string token = (*it)[1].str() + (*it)[2].str();
    if (visible_owners.find(token[0]) != std::string::npos) continue;
    INFO("hidden kind token " << token);
    CHECK(allowed.count(token) == 1);
  }
  // Structure: every hidden owner's piece on a square not revealed shows only its colour.
  const Json& view = message.at("view");
  std::set<std::pair<std::size_t, std::size_t>> revealed;
  for (const Json& at : view.at("revealed"))
    revealed.insert({at[0].get<std::size_t>(), at[1].get<std::size_t>()});
  int fogged = 0;
  for (std::size_t r = 0; r < view.at("board").size(); ++r)
    for (std::size_t c = 0; c < view.at("board")[r].size(); ++c) {
      const Json& cell = view.at("board")[r][c];
      if (!cell.is_string()) continue;
      const std::string text = cell.get<std::string>();
      if (visible_owners.find(text[0]) != std::string::npos) {
        CHECK(text[1] != '?');
        continue;
      }
      if (revealed.count({r, c})) {
        CHECK(text[1] != '?');
      } else {
        INFO("cell " << r << "," << c);
        CHECK(text.substr(1) == "?");
        ++fogged;
      }
    }
  return fogged;
}

TEST_CASE("Tactego with fog: no hidden kind reaches the opponent or a spectator",
          "[server][tactego][fog]") {
  RunningServer server;
  const Json options{{"pieces_text", "F 1\n5 1\n3 1\n1 1\nM 1\nS 1\nA 1\n"},
                     {"length", 6}, {"width", 4}, {"seed", "fog-test"}, {"fog", true},
                     {"max_turns", 60}, {"spectators", "public"}};
  TwoSeatMatch m = start_match(server.port(), "tactego", options);
  TestClient spectator(server.port(), "spectator");
  spectator.hello("watcher");
  REQUIRE(spectator.request({{"type", "watch"}, {"match", m.id}}).at("full_view") == false);

  std::mt19937 rng(12345);
  Json state0 = m.start0, state1 = m.start1;
  Json last_state, watched;
  int moves = 0;
  for (int step = 0; step < 200; ++step) {
    const bool red = step % 2 == 0;
    TestClient& mover = red ? *m.seat0 : *m.seat1;
    TestClient& other = red ? *m.seat1 : *m.seat0;
    const Json& own = red ? state0 : state1;
    REQUIRE(own.at("to_act") == Json::array({red ? "red" : "blue"}));
    const auto choices = legal_moves(own.at("view"), red ? 'R' : 'B');
    REQUIRE_FALSE(choices.empty());
    const auto pick = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
    const Json reply = mover.request(move_message(pick));
    REQUIRE(reply.at("type") == "state");
    ++moves;
    const Json seen = other.wait_for_state(reply.at("seq").get<std::uint64_t>());
    watched = spectator.wait_for_state(reply.at("seq").get<std::uint64_t>());
    (red ? state0 : state1) = reply;
    (red ? state1 : state0) = seen;
    last_state = reply;
    if (reply.at("status") == "over") break;
  }
  REQUIRE(last_state.at("status") == "over");
  CHECK(moves >= 2);
  INFO("outcome " << last_state.at("outcome").dump());
  CHECK(watched.at("outcome") == last_state.at("outcome"));

  // Red never sees blue's hidden kinds, blue never red's, the spectator neither side's.
  int fogged_red = 0, fogged_blue = 0, fogged_spectator = 0;
  for (const auto& raw : m.seat0->frames()) fogged_red += check_fogged_frame(raw, "R", "red");
  for (const auto& raw : m.seat1->frames()) fogged_blue += check_fogged_frame(raw, "B", "blue");
  for (const auto& raw : spectator.frames())
    fogged_spectator += check_fogged_frame(raw, "", "spectator");
  // The fog was really there (not an empty board): every side saw hidden pieces.
  CHECK(fogged_red > 0);
  CHECK(fogged_blue > 0);
  CHECK(fogged_spectator > 0);
  // The seed would give the whole placement away: nobody gets it with fog on.
  // (Once the game is over it is given, so the game can be replayed.)
  CHECK(m.start0.at("view").at("seed").is_null());
  for (const TestClient* client : {m.seat1.get(), &spectator})
    for (const auto& raw : client->frames())
      if (raw.find("\"status\":\"over\"") == std::string::npos) {
        INFO(client->label() << " received " << raw);
        CHECK(raw.find("fog-test") == std::string::npos);
      }
  // Each player sees its own kinds: red's first view names red pieces.
  CHECK_THAT(m.start0.dump(), Catch::Contains("\"RF\""));
}

TEST_CASE("Only a match with hidden information shows a waiting seat no more than a spectator",
          "[server][tactego][fog]") {
  RunningServer server;
  TestClient player(server.port(), "player");
  player.hello("player");
  const std::string open_game = player.create_match("tactego", {{"pieces", "small_game"}, {"seed", "open"}});
  REQUIRE(player.join(open_game, "red").at("type") == "joined");
  CHECK_THAT(player.wait_for("state").at("view").at("board").dump(), Catch::Contains("\"RF\""));
  REQUIRE(player.request({{"type", "leave"}}).at("type") == "left");
  const std::string dcms = player.create_match("dcms", Json::object());
  REQUIRE(player.join(dcms, "red").at("type") == "joined");
  CHECK(player.wait_for("state").at("view").at("color") == 1);  // the seat's own side, as ever
}

TEST_CASE("Tactego with fog: the final state gives everyone the seed, also after a resignation",
          "[server][tactego][fog]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "tactego",
                               {{"pieces", "small_game"}, {"seed", "resigned-fog"}, {"fog", true}});
  TestClient spectator(server.port(), "spectator");
  spectator.hello("watcher");
  REQUIRE(spectator.request({{"type", "watch"}, {"match", m.id}}).at("type") == "watching");
  CHECK(spectator.wait_for("state").at("view").at("seed").is_null());
  const Json final_state = m.seat0->request({{"type", "resign"}});
  REQUIRE(final_state.at("status") == "over");
  CHECK(final_state.at("outcome").at("reason") == "resignation");
  CHECK(final_state.at("view").at("seed") == "resigned-fog");
  CHECK(m.seat1->wait_for_over().at("view").at("seed") == "resigned-fog");
  CHECK(spectator.wait_for_over().at("view").at("seed") == "resigned-fog");
}

TEST_CASE("Tactego: a position lost before the first move ends when the second player joins",
          "[server][tactego]") {
  // Only a flag each: red, to move first, has no legal move (rules.md: checked before the
  // first move too). The match waits as any other, then ends at the start.
  RunningServer server;
  TestClient red(server.port(), "red"), blue(server.port(), "blue");
  red.hello("red");
  blue.hello("blue");
  const std::string id = red.create_match("tactego", {{"pieces_text", "F 1\n"}, {"length", 2}, {"width", 1},
                                                      {"fog", true}, {"seed", "lost"}});
  red.join(id);
  const Json waiting = red.wait_for("state");
  CHECK(waiting.at("status") == "waiting");
  CHECK(waiting.at("seq") == 1);
  CHECK(waiting.at("outcome").is_null());  // not over while it waits
  CHECK(waiting.at("view").at("seed").is_null());
  blue.join(id);
  const Json expected{{"winner", "blue"}, {"draw", false}, {"reason", "no_legal_move"}};
  for (TestClient* client : {&blue, &red}) {
    const Json over = client->wait_for_state(2);
    INFO(client->label() << ": " << over.dump());
    CHECK(over.at("seq") == 2);  // one change: joined, started and over
    CHECK(over.at("status") == "over");
    CHECK(over.at("outcome") == expected);
    CHECK(over.at("view").at("seed") == "lost");
  }
}

TEST_CASE("Tactego: a full-view spectator sees every kind while players stay fogged",
          "[server][tactego][fog]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "tactego",
                               {{"pieces_text", "F 1\n2 1\n"}, {"length", 4}, {"width", 2},
                                {"seed", "x"}, {"fog", true}, {"spectators", "full"}});
  TestClient spectator(server.port(), "spectator");
  spectator.hello("watcher");
  REQUIRE(spectator.request({{"type", "watch"}, {"match", m.id}}).at("full_view") == true);
  const Json view = spectator.wait_for("state").at("view");
  const std::string board = view.at("board").dump();
  CHECK(board.find('?') == std::string::npos);
  CHECK_THAT(board, Catch::Contains("\"RF\"") && Catch::Contains("\"BF\""));
  CHECK_THAT(m.start0.at("view").at("board").dump(), Catch::Contains("\"B?\""));
  CHECK(m.start0.at("view").at("board").dump().find("\"BF\"") == std::string::npos);
}

}  // namespace
}  // namespace skirmish::test

// How the load generator's bots (bench/loadgen) read the server's messages and write their
// requests, without a server: json::Reader on well-formed and malformed text, summarize()
// and MovePicker on messages recorded from a real skirmish-server (one of each game), and
// the request texts, each checked against nlohmann's parser; the bots' think times; and the
// server CPU by thread it prints.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench/loadgen/json_scan.h"
#include "bench/loadgen/message_summary.h"
#include "bench/loadgen/move_picker.h"
#include "bench/loadgen/request_text.h"
#include "bench/loadgen/stats.h"
#include "bench/loadgen/think_time.h"
#include "server/store/thread_name.h"

namespace {

using skirmish::loadgen::Game;
using skirmish::loadgen::MessageSummary;
using skirmish::loadgen::MovePicker;
using skirmish::loadgen::json::Reader;
using Json = nlohmann::json;

// Recorded from skirmish-server (the load generator's options; a hello named `cap"q\u`).
const std::string kWelcome =
    R"({"type":"welcome","id":1,"version":1,"server":"skirmish","limits":{"max_message_bytes":65536,"rate_limit_per_second":0,"rate_burst":100,"idle_timeout_ms":60000}})";
const std::string kMatchCreated =
    R"({"type":"match_created","id":2,"match":"23NEVSCE","game":"tactego","seats":["red","blue"],"options":{"fog":"false","length":"10","max_turns":"300","pieces":"basic","seed":"c49e61fc1c45b7a4","width":"10","move_time_ms":"0","private":"false","reconnect_grace_ms":"60000","spectators":"public"}})";
const std::string kJoined =
    R"({"type":"joined","id":3,"match":"XRXNEB4F","game":"onedchess","seat":"black","seat_index":1,"token":"06e1af1e32dcdbac8953865ee0c1abfa","resumed":false,"players":{"white":"cap\"q\\u","black":""}})";
const std::string kOnedchessState =
    R"({"type":"state","match":"XRXNEB4F","game":"onedchess","seq":2,"you":"white","status":"running","turn":0,"to_act":["white"],"deadline_ms":null,"submitted":[],"view":{"board":["WKi","WKn","WKn","EMPTY","EMPTY","EMPTY","BKn","BKn","BKi"]},"last":null,"outcome":null})";
const std::string kOnedchessOver =
    R"({"type":"state","id":17,"match":"WZ5QAHIP","game":"onedchess","seq":10,"you":"black","status":"over","turn":8,"to_act":[],"deadline_ms":null,"submitted":[],"view":{"board":["EMPTY","EMPTY","EMPTY","BKi","EMPTY","EMPTY","EMPTY","EMPTY","EMPTY"]},"last":{"seat":"black","position":6,"direction":"LEFT","from":6,"to":3,"killed":"WKi"},"outcome":{"winner":"black","draw":false,"reason":"king_taken"}})";
const std::string kTactegoState =
    R"({"type":"state","match":"23NEVSCE","game":"tactego","seq":2,"you":"red","status":"running","turn":0,"to_act":["red"],"deadline_ms":null,"submitted":[],"view":{"rows":10,"cols":10,"fog":false,"seed":"c49e61fc1c45b7a4","board":[["R3","R8","R2","R5","R1","R10","R6","R2","R6","R2"],["R2","R2","R8","R5","R1","R9","R3","R7","R1","R1"],["R1","R3","R7","R1","R1","R6","R6","R3","R1","R1"],["R5","R3","R5","R1","RF","R2","R2","R7","R3","R2"],[null,null,null,null,null,null,null,null,null,null],[null,null,null,null,null,null,null,null,null,null],["B6","B1","B7","B8","B3","B8","B2","B2","B10","B7"],["B6","B3","B2","B1","B3","BF","B5","B1","B2","B1"],["B2","B3","B2","B2","B1","B9","B1","B3","B5","B2"],["B1","B6","B6","B5","B1","B3","B1","B7","B5","B1"]],"revealed":[]},"last":null,"outcome":null})";
// docs/protocol.md's fog example: red's view, blue's pieces hidden.
const std::string kTactegoFogView =
    R"({"rows": 6, "cols": 5, "fog": true, "seed": null,
        "board": [["R2", "RF", null, null, null], [null, null, null, null, null], [null, null, null, null, null],
                  [null, null, null, null, null], [null, "B?", null, null, null], ["B?", "B?", null, null, null]],
        "revealed": [[0, 0]]})";
const std::string kDcmsSetupState =
    R"({"type":"state","id":3,"match":"56NJ3J5J","game":"dcms","seq":2,"you":"red","status":"running","turn":0,"to_act":["blue","red"],"deadline_ms":null,"submitted":[],"view":{"color":1,"rows":8,"cols":12,"pieces":"SM","max_turns":60,"phase":"setup","walls":["############","#..........#","#...#..#...#","#..##..##..#","#..........#","#...#..#...#","#..........#","############"],"placement":{"S":null,"M":null,"s":null,"m":null},"score":[0,0]},"last":null,"outcome":null})";
const std::string kDcmsPlayState =
    R"({"type":"state","match":"QFYWLSZ7","game":"dcms","seq":3,"you":"blue","status":"running","turn":1,"to_act":["blue","red"],"deadline_ms":4999,"submitted":["red"],"view":{"color":0,"rows":6,"cols":8,"pieces":"SM","max_turns":60,"phase":"play","walls":["########","#......#","#.#..#.#","#......#","#......#","########"],"placement":{"S":[1,1],"M":[1,2],"s":[1,6],"m":[1,5]},"score":[2,2]},"last":{"moves":{"blue":"1 1 1 2","red":"1 6 1 5"},"captures":[],"illegal_setup":{"blue":false,"red":false},"setup_problem":{"blue":null,"red":null}},"outcome":null})";
const std::string kSubmitted = R"({"type":"submitted","id":11,"match":"QFYWLSZ7","seat":"blue","turn":1})";
const std::string kError =
    R"json({"type":"error","id":4,"code":"bad_message","message":"field 'placement' is missing (setup phase: place your pieces first, e.g. {\"placement\": [[1, 1], [4, 1]]})"})json";

// The view of a state message, as the bots keep it (raw text).
std::string view_of(const std::string& state) {
  MessageSummary summary;
  REQUIRE(skirmish::loadgen::summarize(state, summary));
  return std::string(summary.view);
}

bool walks(std::string_view text) {
  Reader in(text);
  in.skip();
  return in.finish();
}

}  // namespace

TEST_CASE("json::Reader walks nested objects and arrays, decoding escaped strings", "[loadgen]") {
  const std::string text =
      R"( {"a": [1, -2, {"b": "x\"y\\z\n\u00e9\ud83d\ude00"}], "c\u0041": null, "d": true, "e": 1.5e3} )";
  Reader in(text);
  std::string_view key;
  std::string decoded;
  std::vector<std::string> seen;
  REQUIRE(in.enter_object());
  while (in.next_member(key)) {
    seen.emplace_back(key);
    if (key == "a") {
      REQUIRE(in.enter_array());
      REQUIRE(in.next_item());
      CHECK(in.integer() == 1);
      REQUIRE(in.next_item());
      CHECK(in.integer() == -2);
      REQUIRE(in.next_item());
      REQUIRE(in.enter_object());
      REQUIRE(in.next_member(key));
      CHECK(key == "b");
      CHECK(in.string(decoded) == std::string_view("x\"y\\z\n\xc3\xa9\xf0\x9f\x98\x80"));
      CHECK_FALSE(in.next_member(key));
      CHECK_FALSE(in.next_item());
    } else if (key == "cA") {
      CHECK(in.null());
    } else {
      CHECK(in.skip() == (key == "d" ? "true" : "1.5e3"));
    }
  }
  CHECK(in.finish());
  CHECK(seen == std::vector<std::string>{"a", "cA", "d", "e"});
}

TEST_CASE("json::Reader refuses malformed JSON wherever it is", "[loadgen]") {
  CHECK(walks(R"({"a":[1,2,{"b":[]}],"c":{}})"));
  CHECK(walks(R"([])"));
  for (const char* bad : {R"({"a":1,})", R"({"a" 1})", R"({"a":1)", R"({"a":"x})", R"({"a":"\q"})",
                          R"({"a":"\u12"})", R"({"a":01})", R"({"a":1.})", R"({"a":-})", R"({"a":nul})",
                          R"({"a":[1 2]})", R"({a:1})", R"({"a":1} x)", "{\"a\":\"tab\there\"}", R"([1,])",
                          ""}) {
    INFO(bad);
    CHECK_FALSE(walks(bad));
  }
  // A lone surrogate is well-formed text but not a string that decodes.
  Reader lone(R"("\ud800x")");
  std::string decoded;
  CHECK_FALSE(lone.string(decoded));
  CHECK(lone.failed());
  // Nesting: 64 levels are read, deeper is refused rather than recursed into.
  CHECK(walks(std::string(64, '[') + std::string(64, ']')));
  CHECK_FALSE(walks(std::string(65, '[') + std::string(65, ']')));
  CHECK_FALSE(walks(std::string(100000, '[')));
  // Numbers: whole ones that fit a long long.
  CHECK(skirmish::loadgen::json::int_value("-9223372036854775808") == std::numeric_limits<long long>::min());
  CHECK_FALSE(skirmish::loadgen::json::int_value("9223372036854775808"));
  CHECK_FALSE(skirmish::loadgen::json::int_value("1.0"));
  CHECK_FALSE(skirmish::loadgen::json::int_value("\"1\""));
}

TEST_CASE("summarize reads the fields the bots react to from real server messages", "[loadgen]") {
  MessageSummary m;
  REQUIRE(skirmish::loadgen::summarize(kWelcome, m));
  CHECK(m.type == "welcome");
  CHECK(m.id == 1);

  REQUIRE(skirmish::loadgen::summarize(kMatchCreated, m));
  CHECK(m.type == "match_created");
  CHECK(m.match == "23NEVSCE");
  CHECK(m.id == 2);

  REQUIRE(skirmish::loadgen::summarize(kJoined, m));  // escaped names, nested objects
  CHECK(m.type == "joined");
  CHECK(m.match == "XRXNEB4F");

  REQUIRE(skirmish::loadgen::summarize(kOnedchessState, m));
  CHECK(m.type == "state");
  CHECK(m.game == "onedchess");
  CHECK(m.status == "running");
  CHECK(m.you == "white");
  CHECK(m.turn == 0);
  CHECK_FALSE(m.id);
  CHECK(m.you_to_act());
  CHECK(Json::parse(m.view) == Json::parse(kOnedchessState)["view"]);

  REQUIRE(skirmish::loadgen::summarize(kOnedchessOver, m));
  CHECK(m.status == "over");
  CHECK(m.id == 17);
  CHECK_FALSE(m.you_to_act());

  REQUIRE(skirmish::loadgen::summarize(kDcmsPlayState, m));
  CHECK(m.you == "blue");
  CHECK(m.you_to_act());  // blue is to act and has not submitted (red has)
  REQUIRE(skirmish::loadgen::summarize(kDcmsSetupState, m));
  CHECK(m.you_to_act());

  REQUIRE(skirmish::loadgen::summarize(kSubmitted, m));
  CHECK(m.type == "submitted");
  CHECK(m.turn == 1);

  REQUIRE(skirmish::loadgen::summarize(kError, m));
  CHECK(m.type == "error");
  CHECK(m.code == "bad_message");
  CHECK(m.message == Json::parse(kError)["message"].get<std::string>());

  // A seat name with an escape is decoded before it is compared.
  REQUIRE(skirmish::loadgen::summarize(R"({"type":"state","you":"r\u0065d","to_act":["\u0072ed"],"submitted":[]})", m));
  CHECK(m.you == "red");
  CHECK(m.you_to_act());
  // Fields of another JSON type count as absent; the message is still read.
  REQUIRE(skirmish::loadgen::summarize(R"({"type":"state","id":"7","turn":1.5,"to_act":"red","you":null})", m));
  CHECK_FALSE(m.id);
  CHECK(m.turn == -1);
  CHECK_FALSE(m.you_to_act());
}

TEST_CASE("summarize refuses a message that is not one well-formed JSON object", "[loadgen]") {
  MessageSummary m;
  CHECK_FALSE(skirmish::loadgen::summarize("", m));
  CHECK_FALSE(skirmish::loadgen::summarize("[1]", m));
  CHECK_FALSE(skirmish::loadgen::summarize(R"({"type":"state"} {})", m));
  // Truncated anywhere, a real state is refused (the view included).
  for (std::size_t cut = 0; cut < kTactegoState.size(); cut += 7) {
    INFO(cut);
    CHECK_FALSE(skirmish::loadgen::summarize(std::string_view(kTactegoState).substr(0, cut), m));
  }
}

namespace {

// Every move `picker` makes for `view` over many draws: the request text of each parsed.
std::vector<Json> moves_for(Game game, const std::string& view, int seat, int draws = 2000) {
  MovePicker picker;
  std::mt19937_64 rng(42);
  std::string text;
  std::vector<Json> moves;
  for (int i = 0; i < draws; ++i) {
    REQUIRE(picker.pick(game, view, seat, 100 + i, rng, text));
    const Json move = Json::parse(text);
    CHECK(move["type"] == "move");
    CHECK(move["id"] == 100 + i);
    moves.push_back(move);
  }
  return moves;
}

}  // namespace

TEST_CASE("1D Chess: a random own piece, either direction, every one of them in time", "[loadgen]") {
  const std::string view = view_of(kOnedchessState);
  for (int seat : {0, 1}) {
    std::set<std::pair<int, std::string>> seen;
    for (const Json& move : moves_for(Game::onedchess, view, seat)) {
      const int position = move["position"];
      const std::string cell = Json::parse(view)["board"][static_cast<std::size_t>(position)];
      CHECK(cell[0] == (seat == 0 ? 'W' : 'B'));
      seen.emplace(position, move["direction"].get<std::string>());
    }
    CHECK(seen.size() == 6);  // 3 pieces x 2 directions
  }
}

TEST_CASE("Tactego: a movable own piece one step onto a square it does not hold", "[loadgen]") {
  for (const std::string& view : {view_of(kTactegoState), kTactegoFogView}) {
    const Json board = Json::parse(view)["board"];
    const int rows = static_cast<int>(board.size()), cols = static_cast<int>(board[0].size());
    for (int seat : {0, 1}) {
      const char mine = seat == 0 ? 'R' : 'B';
      auto owned = [&](int r, int c) {
        const Json& cell = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        return cell.is_string() && cell.get<std::string>()[0] == mine;
      };
      // Every legal move, by the rules of move_picker.cc.
      std::set<std::vector<int>> legal;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          if (!owned(r, c)) continue;
          const char kind = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].get<std::string>()[1];
          if (kind == 'F' || kind == 'M') continue;
          for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
              const int tr = r + dr, tc = c + dc;
              if ((dr || dc) && tr >= 0 && tc >= 0 && tr < rows && tc < cols && !owned(tr, tc))
                legal.insert({r, c, tr, tc});
            }
        }
      REQUIRE_FALSE(legal.empty());
      std::set<std::vector<int>> seen;
      for (const Json& move : moves_for(Game::tactego, view, seat, 4000)) {
        const std::vector<int> m{move["from"][0], move["from"][1], move["to"][0], move["to"][1]};
        CHECK(legal.count(m) == 1);
        seen.insert(m);
      }
      CHECK(seen == legal);
    }
  }
}

TEST_CASE("DCMS: a setup on free squares of the seat's half, then a step of each own piece", "[loadgen]") {
  const std::string setup = view_of(kDcmsSetupState);
  const Json walls = Json::parse(setup)["walls"];
  for (int seat : {0, 1}) {
    for (const Json& move : moves_for(Game::dcms, setup, seat, 200)) {
      REQUIRE(move["placement"].size() == 2);  // "SM"
      for (const Json& at : move["placement"]) {
        const int r = at[0], c = at[1];
        CHECK(walls[static_cast<std::size_t>(r)].get<std::string>()[static_cast<std::size_t>(c)] == '.');
        CHECK((seat == 0 ? c < 6 : c >= 6));
      }
    }
  }
  const std::string play = view_of(kDcmsPlayState);
  std::set<std::string> seen;
  for (const Json& move : moves_for(Game::dcms, play, 0, 200)) seen.insert(move["move"].get<std::string>());
  CHECK(seen == std::set<std::string>{"M 1", "M 2", "M 3", "M 4", "M 5", "M 6", "M 7", "M 8", "M 9"});
  for (const Json& move : moves_for(Game::dcms, play, 1, 50)) CHECK(move["move"].get<std::string>()[0] == 'm');
  // Only the cheeSe left: it stands still.
  const std::string alone = R"({"pieces":"SM","phase":"play","cols":8,"placement":{"S":[1,1],"M":null,"s":[1,6],"m":null}})";
  for (const Json& move : moves_for(Game::dcms, alone, 1, 5)) CHECK(move["move"] == "s 5");
}

TEST_CASE("a view that is malformed or offers no move gives no move, and no crash", "[loadgen]") {
  MovePicker picker;
  std::mt19937_64 rng(1);
  std::string out;
  const std::string tactego = view_of(kTactegoState);
  for (const auto& [game, view] : std::vector<std::pair<Game, std::string>>{
           {Game::onedchess, ""},
           {Game::onedchess, R"({"board":["WKi",7,"BKi"]})"},
           {Game::onedchess, R"({"board":["BKi","EMPTY"]})"},  // no white piece
           {Game::onedchess, R"({"cells":["WKi"]})"},
           {Game::tactego, tactego.substr(0, tactego.size() - 1)},
           {Game::tactego, R"({"rows":2,"cols":2,"board":[["R1",null],[null]]})"},  // ragged
           {Game::tactego, R"({"rows":3,"cols":1,"board":[["R1"],[null]]})"},      // rows mismatch
           {Game::tactego, R"({"rows":1,"cols":2,"board":[["RF","RM"]]})"},        // nothing movable
           {Game::tactego, view_of(kOnedchessState)},
           {Game::dcms, R"({"pieces":"SM","phase":"setup","cols":4,"walls":["####"]})"},  // no free square
           {Game::dcms, R"({"pieces":"SM","phase":"setup","walls":["#..#"]})"},           // no cols
           {Game::dcms, R"({"pieces":"SM","phase":"play"})"},                             // no placement
           {Game::dcms, R"({"phase":"play","placement":{}})"},                            // no pieces
       }) {
    INFO(view);
    CHECK_FALSE(picker.pick(game, view, 0, 1, rng, out));
  }
}

TEST_CASE("the request texts are the JSON the protocol asks for", "[loadgen]") {
  std::string text;
  skirmish::loadgen::write_hello(text, 1);
  CHECK(Json::parse(text) == Json{{"type", "hello"}, {"version", 1}, {"name", "loadgen"}, {"id", 1}});
  skirmish::loadgen::write_create_match(text, "tactego", 2);
  CHECK(Json::parse(text) ==
        Json{{"type", "create_match"}, {"game", "tactego"}, {"options", {{"max_turns", 300}}}, {"id", 2}});
  skirmish::loadgen::write_create_match(text, "dcms", 3);
  CHECK(Json::parse(text)["options"] == Json{{"move_time_ms", 0}});
  skirmish::loadgen::write_join(text, "AB\"C\\D\n", -4);
  CHECK(Json::parse(text) == Json{{"type", "join"}, {"match", "AB\"C\\D\n"}, {"id", -4}});
  skirmish::loadgen::write_leave(text, 9223372036854775807LL);
  CHECK(Json::parse(text) == Json{{"type", "leave"}, {"id", 9223372036854775807LL}});
}

namespace {

// Whether nlohmann takes `text` as JSON. It refuses a number beyond a double's range
// (out_of_range 406, "number overflow"), which JSON's grammar allows and the reader, never
// needing such a number's value, takes: that counts as JSON here.
bool is_json(const std::string& text) {
  try {
    return !Json::parse(text).is_discarded();
  } catch (const Json::out_of_range& error) {
    return error.id == 406;
  } catch (const Json::exception&) {
    return false;
  }
}

}  // namespace

TEST_CASE("mangled server messages are refused or read, never a crash", "[loadgen]") {
  // Each real message with bytes overwritten, cut or repeated at random: whatever summarize
  // accepts must also be whole JSON to nlohmann, and the picker may refuse its view but
  // must not fail in any other way (run under the sanitizers, this is the reader's fuzz test).
  std::mt19937_64 rng(7);
  MovePicker picker;
  MessageSummary m;
  std::string out;
  const std::string structural = "{}[]\":,\\ nu0-1.e";
  for (const std::string& original :
       {kWelcome, kJoined, kOnedchessState, kTactegoState, kDcmsSetupState, kDcmsPlayState, kError}) {
    for (int round = 0; round < 3000; ++round) {
      std::string text = original;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = rng() % text.size();
        switch (rng() % 3) {
          case 0: text[at] = structural[rng() % structural.size()]; break;
          case 1: text.erase(at, 1 + rng() % 8); break;
          default: text.insert(at, text.substr(rng() % text.size(), 1 + rng() % 8)); break;
        }
      }
      if (!skirmish::loadgen::summarize(text, m)) continue;
      INFO(text);
      CHECK(is_json(text));
      for (Game game : {Game::onedchess, Game::tactego, Game::dcms})
        if (picker.pick(game, m.view, round % 2, 1, rng, out)) CHECK(Json::accept(out));
    }
  }
}

TEST_CASE("think time: every seat of the first turn waits the same random part, then whole think times",
          "[loadgen]") {
  using std::chrono::milliseconds;
  std::mt19937_64 rng(5);
  // DCMS: both seats act in turn 0 (the setup), then both in turn 1.
  skirmish::loadgen::ThinkTime dcms(milliseconds(1000), milliseconds(0));
  const auto first = dcms.before(0, rng);
  CHECK(first.first_share_drawn);
  CHECK(first.wait >= milliseconds(0));
  CHECK(first.wait < milliseconds(1000));
  const auto second_seat = dcms.before(0, rng);
  CHECK_FALSE(second_seat.first_share_drawn);
  CHECK(second_seat.wait == first.wait);  // not the whole second: the turn resolves together
  CHECK(dcms.before(1, rng).wait == milliseconds(1000));
  CHECK(dcms.before(1, rng).wait == milliseconds(1000));
  // The next game's turns count from 0 again: its first turn is no longer spread.
  CHECK(dcms.before(0, rng).wait == milliseconds(1000));

  // Turn-based: one seat moves in the first turn, the other in the next.
  skirmish::loadgen::ThinkTime chess(milliseconds(1000), milliseconds(0));
  const auto opening = chess.before(0, rng);
  CHECK(opening.first_share_drawn);
  CHECK(opening.wait < milliseconds(1000));
  CHECK(chess.before(1, rng).wait == milliseconds(1000));
  CHECK(chess.before(2, rng).wait == milliseconds(1000));
}

TEST_CASE("think time: --think-jitter draws each wait within its share of the think time, same mean",
          "[loadgen]") {
  using std::chrono::milliseconds;
  std::mt19937_64 rng(9);
  skirmish::loadgen::ThinkTime think(milliseconds(1000), milliseconds(100));
  think.before(0, rng);  // the first turn's random part
  long long total = 0, lowest = 1'000'000, highest = 0;
  constexpr int kDraws = 20000;
  for (int i = 1; i <= kDraws; ++i) {
    const long long wait = think.before(i, rng).wait.count();
    total += wait;
    lowest = std::min(lowest, wait);
    highest = std::max(highest, wait);
  }
  CHECK(lowest >= 900);
  CHECK(highest <= 1100);
  CHECK(lowest < 905);   // the whole range is used
  CHECK(highest > 1095);
  const double mean = static_cast<double>(total) / kDraws;
  CHECK(mean > 995.0);   // 20,000 uniform draws: the mean's standard error is ~0.4 ms
  CHECK(mean < 1005.0);
}

TEST_CASE("server CPU by thread: this process's named threads, and their time per move", "[loadgen]") {
  using skirmish::loadgen::cpu_per_move_by_thread;
  using skirmish::loadgen::thread_cpu_seconds;
  // Two readings a second apart: 1,000 moves and 2 ms more for "net" is 2.0 us per move;
  // a name first seen in the second reading counts from zero; a tiny share is left out.
  const std::map<std::string, double> start{{"net", 1.0}, {"store", 0.5}, {"history", 0.2}};
  const std::map<std::string, double> end{
      {"net", 1.002}, {"store", 0.5005}, {"history", 0.2}, {"wal-checkpoint", 0.0001}};
  CHECK(cpu_per_move_by_thread(start, end, 1000) == "net 2.0, store 0.5, wal-checkpoint 0.1 us per move");
  CHECK(cpu_per_move_by_thread(start, start, 1000) == "none us per move");

  // A real reading: a thread named as the server names its own spins until it has used CPU
  // time the kernel can see (a clock tick, 10 ms), then its name is in the reading.
  std::atomic<bool> seen{false};
  std::thread worker([&] {
    skirmish::name_this_thread("loadgen-probe");
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!seen && std::chrono::steady_clock::now() < give_up) {
    }
  });
  std::map<std::string, double> reading;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < give_up) {
    reading = thread_cpu_seconds(static_cast<int>(::getpid()));
    if (reading.count("loadgen-probe") != 0 && reading.at("loadgen-probe") > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  seen = true;
  worker.join();
  CHECK(reading.count("loadgen-probe") == 1);
  CHECK(reading["loadgen-probe"] > 0);
  CHECK(thread_cpu_seconds(-1).empty());  // no such process: nothing, not an error
}

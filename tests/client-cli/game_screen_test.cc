// The person's game screen without a server: `help`/`?` at every prompt, the players' names
// in the header and in the presence notices, and typed text echoed printably in errors.
#include <optional>
#include <sstream>
#include <string>

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <unistd.h>

#include "client-cli/human_actor.h"
#include "client-cli/line_input.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/seat_names.h"

using namespace skirmish::client;
using nlohmann::json;

namespace {

// Standard input is a pipe holding `typed` for the life of this object (LineInput reads
// file descriptor 0).
class PipedStdin {
 public:
  explicit PipedStdin(const std::string& typed) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    REQUIRE(write(fds[1], typed.data(), typed.size()) == static_cast<ssize_t>(typed.size()));
    close(fds[1]);
    saved_ = dup(STDIN_FILENO);
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
  }
  ~PipedStdin() {
    dup2(saved_, STDIN_FILENO);
    close(saved_);
  }
  PipedStdin(const PipedStdin&) = delete;
  PipedStdin& operator=(const PipedStdin&) = delete;

 private:
  int saved_ = -1;
};

struct Played {
  std::string screen;  // everything the HumanActor printed
  std::optional<Action> action;
};

// A HumanActor asked to act in `state`, with `typed` as the person's lines.
Played play(const json& state, const std::string& typed, const SeatNames& names = {}) {
  PipedStdin in(typed);
  boost::asio::io_context io;
  LineInput input(io);
  std::ostringstream out;
  HumanActor human(input, Style::plain(), out);
  human.seats_named(names);
  Played played;
  human.show(state);
  human.act(state, "", [&](Action action) { played.action = action; });
  io.run();
  played.screen = out.str();
  return played;
}

// What a HumanActor draws for `state` (a spectator's, or before any prompt).
std::string drawn(const json& state, const SeatNames& names) {
  PipedStdin in("");
  boost::asio::io_context io;
  LineInput input(io);
  std::ostringstream out;
  HumanActor human(input, Style::plain(), out);
  human.seats_named(names);
  human.show(state);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

json onedchess_state() {
  return {{"type", "state"}, {"game", "onedchess"}, {"match", "M1"}, {"you", "white"}, {"status", "running"},
          {"turn", 0}, {"to_act", {"white"}}, {"last", nullptr},
          {"view", {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}}}};
}

json tactego_state() {
  return {{"type", "state"}, {"game", "tactego"}, {"match", "M2"}, {"you", "red"}, {"status", "running"},
          {"turn", 4}, {"to_act", {"red"}}, {"last", nullptr},
          {"view", {{"rows", 2}, {"cols", 2}, {"board", json::array({json::array({"R5", "RF"}),
                                                                     json::array({nullptr, "B?"})})}}}};
}

json dcms_state(const std::string& phase) {
  return {{"type", "state"}, {"game", "dcms"}, {"match", "M3"}, {"you", "red"}, {"status", "running"},
          {"turn", phase == "setup" ? 0 : 1}, {"to_act", {"blue", "red"}}, {"last", nullptr},
          {"view", {{"color", 1}, {"rows", 3}, {"cols", 6}, {"pieces", "SM"}, {"phase", phase},
                    {"walls", {"######", "#....#", "######"}},
                    {"placement", {{"S", {1, 1}}, {"M", {1, 2}}, {"s", {1, 4}}, {"m", {1, 3}}}}}}};
}

SeatNames names_of(const json& players) {
  SeatNames names;
  names.update({{"type", "joined"}, {"players", players}});
  return names;
}

}  // namespace

TEST_CASE("help and ? at a Tactego prompt show the legend and ask again") {
  const auto played = play(tactego_state(), "help\n0 0\n?\n1 0\n");
  CHECK(played.screen.find("F flag") != std::string::npos);
  CHECK(played.screen.find("in an attack the higher wins") != std::string::npos);
  CHECK(played.screen.find("'2 0 3 0'") != std::string::npos);  // what the first prompt takes
  CHECK(played.screen.find("where the piece at (0, 0) goes") != std::string::npos);  // and the second
  CHECK(played.screen.find("'resign' gives up the game") != std::string::npos);
  CHECK(played.screen.find("not a position") == std::string::npos);
  CHECK(count(played.screen, "Select Piece to Move by Position >> ") == 2);
  CHECK(count(played.screen, "Select Position to move Piece >> ") == 2);
  REQUIRE(played.action);
  CHECK(played.action->move == json({{"from", {0, 0}}, {"to", {1, 0}}}));
}

TEST_CASE("help and ? at the 1D Chess prompts show the legend and ask again") {
  const auto played = play(onedchess_state(), " HELP \n1\n?\nright\n");
  CHECK(count(played.screen, "Kn knight: jumps exactly 2 cells") == 2);
  CHECK(played.screen.find("'2 RIGHT'") != std::string::npos);
  CHECK(played.screen.find("LEFT or RIGHT (or L or R) to move your piece at 1") != std::string::npos);
  CHECK(count(played.screen, "Select Position of Piece to Move >> ") == 2);
  CHECK(count(played.screen, "Select Direction (LEFT or RIGHT) >> ") == 2);
  REQUIRE(played.action);
  CHECK(played.action->move == json({{"position", 1}, {"direction", "RIGHT"}}));
}

TEST_CASE("help and ? at the DCMS setup and move prompts show the legend and ask again") {
  const auto setup = play(dcms_state("setup"), "?\n1 4 1 3\n");
  CHECK(setup.screen.find("S cheeSe (never moves") != std::string::npos);
  CHECK(setup.screen.find("a 'row col' for each of your pieces") != std::string::npos);
  CHECK(count(setup.screen, "Place cheeSe, Mouse as 'row col' each") == 2);
  REQUIRE(setup.action);
  CHECK(setup.action->move == json({{"placement", {{1, 4}, {1, 3}}}}));

  const auto move = play(dcms_state("play"), "help\nm 4\n");
  CHECK(move.screen.find("### is a wall") != std::string::npos);
  CHECK(move.screen.find("e.g. 'm 6': 8 up") != std::string::npos);  // red's letters
  CHECK(count(move.screen, "Your move, e.g. 'm 6'") == 2);
  REQUIRE(move.action);
  CHECK(move.action->move == json({{"move", "m 4"}}));
}

TEST_CASE("the header names both players, shortened and printable") {
  const auto named = names_of({{"white", "alice"}, {"black", "bob"}});
  CHECK(drawn(onedchess_state(), named)
            .find("== 1D Chess | match M1 | you: white (alice) vs black (bob) | turn 0 ==") != std::string::npos);
  CHECK(drawn(onedchess_state(), SeatNames()).find("== 1D Chess | match M1 | you: white | turn 0 ==") !=
        std::string::npos);  // an older server

  // Seat order is the game's: red first in Tactego, even for a spectator.
  auto watched = tactego_state();
  watched["you"] = "spectator";
  watched["to_act"] = {"blue"};
  CHECK(drawn(watched, names_of({{"red", "alice"}, {"blue", "bob"}})).find("| you: spectator | red (alice) vs blue (bob) | turn 4 ==") != std::string::npos);

  // Another player's name: control characters shown as '?', a long one cut.
  const auto odd = names_of({{"red", ""}, {"blue", "\x1b[2J" + std::string(40, 'z')}});
  CHECK(odd.who_plays("tactego", "red") == "red vs blue (?[2J" + std::string(16, 'z') + "...)");
  // A free seat is left out; an older server (no names) gives the seat alone.
  CHECK(names_of({{"red", "alice"}, {"blue", nullptr}}).who_plays("tactego", "red") == "red (alice)");
  CHECK(SeatNames().who_plays("tactego", "red") == "red");
  CHECK(SeatNames().who_plays("tactego", "spectator") == "spectator");
}

TEST_CASE("presence notices name the seat's player") {
  auto names = names_of({{"red", "alice"}, {"blue", nullptr}});
  const json presence = {{"type", "presence"}, {"match", "M2"}, {"seat", "blue"}, {"name", "bob"},
                         {"connected", true}, {"grace_ms", 60000}};
  auto with = [&](const char* event, bool connected) {
    json message = presence;
    message["event"] = event;
    message["connected"] = connected;
    return message;
  };
  CHECK(names.on_presence(with("joined", true)) == "bob joined as blue");
  CHECK(names.who_plays("tactego", "red") == "red (alice) vs blue (bob)");
  CHECK(names.on_presence(with("disconnected", false)) == "blue (bob) lost the connection (seat held for 60 s)");
  CHECK(names.on_presence(with("reconnected", true)) == "blue (bob) is back");
  CHECK(names.on_presence(with("left", true)) == "blue (bob) left");
  CHECK(names.who_plays("tactego", "red") == "red (alice)");

  // No name given, and one that would write on the screen.
  json nameless = with("joined", true);
  nameless["name"] = "";
  CHECK(names.on_presence(nameless) == "a player joined as blue");
  CHECK(names.label("blue") == "blue");
  json forged = with("joined", true);
  forged["name"] = "\x1b[1Amallory\n";
  CHECK(names.on_presence(forged) == "?[1Amallory? joined as blue");

  // An older server: no event, no name.
  SeatNames old;
  CHECK(old.on_presence({{"seat", "blue"}, {"connected", false}, {"grace_ms", 30000}}) ==
        "blue lost the connection (seat held for 30 s)");
  CHECK(old.on_presence({{"seat", "blue"}, {"connected", true}, {"grace_ms", 30000}}) == "blue is back");
}

TEST_CASE("errors show what was typed printably") {
  auto tactego = make_move_dialog(tactego_state());
  CHECK_THROWS_WITH(tactego->feed("\x1b[A"),
                    "'?[A' is not a position: type the row and the column, e.g. '2 0'");
  auto setup = make_move_dialog(dcms_state("setup"));
  CHECK_THROWS_WITH(setup->feed("\x1b[B"), Catch::StartsWith("'?[B': type 2 positions"));
  auto move = make_move_dialog(dcms_state("play"));
  CHECK_THROWS_WITH(move->feed("m\x1b"), Catch::StartsWith("'m?': "));
  auto onedchess = make_move_dialog(onedchess_state());
  CHECK_THROWS_WITH(onedchess->feed("2 \x1b[C"), Catch::StartsWith("'2 ?[C' is not a move: '?[C' is not a direction"));
}

TEST_CASE("1D Chess: a bad direction says which piece is selected, or that none is") {
  auto dialog = make_move_dialog(onedchess_state());
  CHECK_THROWS_WITH(dialog->feed("2 UP"), "'2 UP' is not a move: 'UP' is not a direction, so no piece is selected; "
                                          "type a position and LEFT or RIGHT, e.g. '2 RIGHT'");
  CHECK(dialog->prompt() == "Select Position of Piece to Move >> ");
  CHECK_FALSE(dialog->feed("2"));
  CHECK_THROWS_WITH(dialog->feed("UP"),
                    "Piece 2 (WKn) is selected; 'UP' is not a direction: type LEFT or RIGHT (or back, for another piece)");
  CHECK(*dialog->feed("R") == json({{"position", 2}, {"direction", "RIGHT"}}));
}

TEST_CASE("a game that ends while a prompt is open gives its result a line of its own") {
  PipedStdin in("");
  boost::asio::io_context io;  // never run: the prompt stays open, as when the opponent resigns
  LineInput input(io);
  std::ostringstream out;
  HumanActor human(input, Style::coloured(), out);
  const json state = onedchess_state();
  human.show(state);
  human.act(state, "", [](Action) {});
  json over = state;  // the same turn: the opponent resigned during it
  over["status"] = "over";
  over["to_act"] = json::array();
  over["outcome"] = {{"winner", "white"}, {"draw", false}, {"reason", "resignation"}};
  human.show(over);
  human.finished(over);
  const std::string screen = out.str();
  CHECK(count(screen, "Select Position of Piece to Move >> ") == 1);  // not asked again under the end
  // The bold ends before the newline, so the shell's prompt after it is not bold; who
  // resigned is said under it.
  const std::string result = "\n\x1b[1mGame over: White wins! (resignation) You win.\x1b[0m\n(Black resigned.)\n";
  REQUIRE(screen.size() >= result.size());
  CHECK(screen.substr(screen.size() - result.size()) == result);
}

TEST_CASE("a fog match waiting for its opponent says why the seat's own pieces are hidden") {
  json waiting = tactego_state();
  waiting["status"] = "waiting";
  waiting["to_act"] = json::array();
  waiting["view"]["fog"] = true;
  waiting["view"]["board"] = json::array({json::array({"R?", "R?"}), json::array({nullptr, "B?"})});
  CHECK_THAT(drawn(waiting, {}), Catch::Contains("(fog: your pieces are shown when the game starts)"));
  waiting["view"]["fog"] = false;
  CHECK_THAT(drawn(waiting, {}), !Catch::Contains("fog:"));
}

// The client's pieces without a server: URL parsing, the screens (seed formats), the move
// dialogs' checks and the bridge's answer check.
#include <catch2/catch.hpp>

#include "client-cli/bot_actor.h"
#include "client-cli/commands.h"
#include "client-cli/game_ui_parts.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/screens.h"
#include "client-cli/server_url.h"

using namespace skirmish::client;
using nlohmann::json;

TEST_CASE("server URLs are parsed or refused with the reason") {
  const auto url = parse_server_url("ws://example.org:9000/games");
  CHECK(url.host == "example.org");
  CHECK(url.port == "9000");
  CHECK(url.target == "/games");
  CHECK(parse_server_url("ws://localhost").port == "80");
  CHECK_FALSE(url.tls);
  CHECK(url.text() == "ws://example.org:9000/games");
  CHECK_THROWS_WITH(parse_server_url("ws://x:99999"), Catch::Contains("port '99999'"));
  CHECK_THROWS_WITH(parse_server_url("ws://:80"), Catch::Contains("has no host"));
  CHECK(choose_server("ws://a:1") == "ws://a:1");
}

TEST_CASE("a player is warned before a seat token goes over ws:// to another machine") {
  CHECK_THAT(clear_text_warning(parse_server_url("ws://203.0.113.7:8080")),
             Catch::Contains("not encrypted") && Catch::Contains("wss://"));
  CHECK(clear_text_warning(parse_server_url("wss://203.0.113.7:8080")).empty());
  for (const char* local : {"ws://127.0.0.1:8080", "ws://localhost:8080", "ws://[::1]:8080", "ws://127.0.1.1"})
    CHECK(clear_text_warning(parse_server_url(local)).empty());
  ServerUrl with_ca = parse_server_url("ws://games.example.org:8080");
  with_ca.ca_file = "server.crt";
  CHECK_THAT(clear_text_warning(with_ca), Catch::Contains("--ca-file only counts for wss://"));
}

TEST_CASE("wss:// URLs ask for TLS, on port 443 unless one is given") {
  const auto url = parse_server_url("wss://games.example.org");
  CHECK(url.tls);
  CHECK(url.host == "games.example.org");
  CHECK(url.port == "443");
  CHECK(url.target == "/");
  CHECK(url.text() == "wss://games.example.org:443/");
  CHECK(url.http_text("/api/matches/X") == "https://games.example.org:443/api/matches/X");
  const auto with_port = parse_server_url("wss://127.0.0.1:8443/skirmish");
  CHECK(with_port.tls);
  CHECK(with_port.port == "8443");
  CHECK(with_port.target == "/skirmish");
  CHECK(with_port.text() == "wss://127.0.0.1:8443/skirmish");
  CHECK(parse_server_url("ws://h:1").http_text("/healthz") == "http://h:1/healthz");
  CHECK_THROWS_WITH(parse_server_url("wss://:443"), Catch::Contains("has no host"));
  CHECK_THROWS_WITH(parse_server_url("wss://x:port"), Catch::Contains("port 'port'"));
}

TEST_CASE("a server URL of another scheme is refused, naming the accepted ones") {
  for (const char* text : {"http://x:1", "https://x", "WSS://x", "x:8080", "ws:/x", ""}) {
    INFO(text);
    CHECK_THROWS_WITH(parse_server_url(text), Catch::Contains("must start with ws:// or wss://"));
  }
}

TEST_CASE("1D Chess is drawn as the seed's box") {
  const json view = {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}};
  const std::string text = render_board("onedchess", view, Style::plain());
  CHECK(text.rfind("+-----------------------------------------------------+\n"
                   "| WKi | WKn | WKn |     |     |     | BKn | BKn | BKi |\n"
                   "+-----------------------------------------------------+\n", 0) == 0);
}

TEST_CASE("Tactego is drawn as the seeds' grid, hidden pieces as '?'") {
  const json view = {{"rows", 2}, {"cols", 3}, {"fog", true},
                     {"board", {{"R10", nullptr, "RF"}, {"B?", nullptr, nullptr}}},
                     {"revealed", json::array()}};
  CHECK(render_board("tactego", view, Style::plain()) ==
        "   0   1   2\n"
        " 0 R10     RF \n"
        " 1 B?         \n");
  // Small sets keep the engine's (and the seed sample's) width of 3.
  const json small = {{"rows", 1}, {"cols", 2}, {"board", json::array({json::array({"RF", "R1"})})}};
  CHECK(render_board("tactego", small, Style::plain()) == "   0   1\n 0 RF  R1 \n");
}

TEST_CASE("DCMS shows walls, pieces and the score, and describes the last turn") {
  const json view = {{"rows", 3}, {"cols", 4}, {"walls", {"####", "#..#", "####"}},
                     {"placement", {{"S", {1, 1}}, {"s", {1, 2}}, {"M", {1, 2}}, {"m", nullptr}}},
                     {"score", {2, 1}}};
  const std::string text = render_board("dcms", view, Style::plain());
  CHECK(text.find("    0   1   2   3\n") != std::string::npos);
  CHECK(text.find("  1 ### S   Ms  ###") != std::string::npos);
  CHECK(text.find("Pieces on the board: blue 2, red 1") != std::string::npos);
  // An empty square's dot sits under its column's number, as a piece's letter does.
  const json emptier = {{"rows", 3}, {"cols", 4}, {"walls", {"####", "#..#", "####"}},
                        {"placement", {{"S", {1, 2}}, {"s", nullptr}, {"M", nullptr}, {"m", nullptr}}}};
  CHECK(render_board("dcms", emptier, Style::plain()).find("  1 ### .   S   ###") != std::string::npos);
  // A terminal too narrow for four characters a square (3 + 4 x 4 = 19) gets three.
  CHECK(render_dcms_within(view, Style::plain(), 19) == render_board("dcms", view, Style::plain()));
  const std::string narrow = render_dcms_within(view, Style::plain(), 18);
  CHECK(narrow.find("    0  1  2  3\n") != std::string::npos);
  CHECK(narrow.find("  1 ###S  Ms ###\n") != std::string::npos);
  json crowded = view;  // three pieces on one square would run into the next: four a square
  crowded["placement"]["m"] = {1, 2};
  CHECK(render_dcms_within(crowded, Style::plain(), 18).find("  1 ### S   Mms ###") != std::string::npos);
  const json last = {{"moves", {{"blue", "M 6"}, {"red", nullptr}}},
                     {"captures", {{{"piece", "m"}, {"at", {1, 2}}, {"why", "fight"}}}}};
  CHECK(describe_last("dcms", last) == "Moves: blue 'M 6' red (null move)\nCaptured: m at (1, 2) (fight)\n");
}

// Found by the server_view fuzzer (tests/fuzz): a combat without "at" was read with json's
// const operator[], undefined behaviour for a missing key (an assertion in a debug build).
TEST_CASE("a Tactego combat report without a square is described without reading past the object") {
  const json last = {{"seat", "red"}, {"from", {1, 0}}, {"to", {2, 0}}, {"combat", json::object()}};
  CHECK(describe_last("tactego", last) == "Red moved (1, 0) -> (2, 0)\nCombat at null: ? attacked ? and was destroyed\n");
}

TEST_CASE("a DCMS setup report shows the placements and why a setup was illegal") {
  const json last = {{"moves", {{"blue", "1 1 3 3"}, {"red", "1 1"}}},
                     {"captures", json::array()},
                     {"illegal_setup", {{"blue", false}, {"red", true}}},
                     {"setup_problem", {{"blue", nullptr}, {"red", "wrong number of positions"}}}};
  CHECK(describe_last("dcms", last) ==
        "Setup: blue '1 1 3 3' red '1 1'\nRed made an illegal setup: wrong number of positions\n");
  // Both missed the deadline: a setup turn all the same, not two null moves.
  const json missed = {{"moves", {{"blue", nullptr}, {"red", nullptr}}},
                       {"captures", json::array()},
                       {"illegal_setup", {{"blue", true}, {"red", true}}},
                       {"setup_problem", {{"blue", "no placement submitted"}, {"red", "no placement submitted"}}}};
  CHECK_THAT(describe_last("dcms", missed),
             Catch::StartsWith("Setup: blue (none placed in time) red (none placed in time)\n"));
}

TEST_CASE("every board ends with one newline, so the prompt after it starts a line and no line is blank") {
  const std::vector<std::pair<std::string, json>> views = {
      {"onedchess", {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}}},
      {"tactego", {{"rows", 1}, {"cols", 2}, {"board", json::array({json::array({"RF", "B?"})})}}},
      {"dcms", {{"rows", 3}, {"cols", 4}, {"walls", {"####", "#..#", "####"}}, {"placement", {{"S", {1, 1}}}},
                {"score", {1, 0}}}},
      {"go", {{"board", "whatever"}}}};
  for (const auto& [game, view] : views) {
    INFO(game);
    const std::string text = render_board(game, view, Style::plain());
    REQUIRE(text.size() >= 2);
    CHECK(text.back() == '\n');
    CHECK(text.find("\n\n") == std::string::npos);
  }
}

TEST_CASE("outcomes name the winner and the reason") {
  CHECK(describe_outcome({{"winner", "white"}, {"draw", false}, {"reason", "king_taken"}}, "white") ==
        "White wins! (king_taken) You win.\n");
  CHECK(describe_outcome({{"winner", nullptr}, {"draw", true}, {"reason", "score"}}, "red") ==
        "Draw! (score)\n");
}

TEST_CASE("an outcome whose reason leaves open who or why is explained") {
  CHECK(explain_outcome("onedchess", {{"winner", "white"}, {"draw", false}, {"reason", "timeout"}}) ==
        "black ran out of time");
  CHECK(explain_outcome("tactego", {{"winner", "blue"}, {"draw", false}, {"reason", "no_legal_move"}}) ==
        "red had no legal move");
  CHECK(explain_outcome("dcms", {{"winner", "red"}, {"draw", false}, {"reason", "score"}}) ==
        "the turn limit was reached; red has more pieces left");
  CHECK(explain_outcome("dcms", {{"winner", nullptr}, {"draw", true}, {"reason", "forfeit"}}) ==
        "both players were away past the reconnect grace");
  CHECK(explain_outcome("onedchess", {{"winner", "white"}, {"draw", false}, {"reason", "king_taken"}}).empty());
}

// Blue to move on a 3x3 board; row 2: blue's 5, flag and mine; red's 5 in a corner.
namespace {
json small_tactego_board() {
  return {{"game", "tactego"}, {"you", "blue"},
          {"view", {{"rows", 3}, {"cols", 3},
                    {"board", json::array({json::array({"R5", nullptr, nullptr}),
                                           json::array({nullptr, nullptr, nullptr}),
                                           json::array({"B5", "BF", "BM"})})}}}};
}
}  // namespace

TEST_CASE("the Tactego dialog asks for the piece, then the destination") {
  // Row 2: blue's 5, flag and mine; a bad start asks for the start again, a bad end for the end.
  const json state = small_tactego_board();
  auto dialog = make_move_dialog(state);
  CHECK(dialog->prompt() == "Select Piece to Move by Position >> ");
  CHECK_THROWS_WITH(dialog->feed("0 0"), "(0, 0) does not hold one of your pieces");
  CHECK_THROWS_WITH(dialog->feed("3 0"), Catch::Contains("off the board"));
  CHECK_THROWS_WITH(dialog->feed("x"), Catch::Contains("is not a position"));
  CHECK_THROWS_WITH(dialog->feed("2 1"), "(2, 1) holds your flag, which cannot move");
  CHECK_THROWS_WITH(dialog->feed("2 2"), "(2, 2) holds your mine, which cannot move");
  CHECK_FALSE(dialog->feed("2 0"));
  CHECK(dialog->prompt() == "Select Position to move Piece >> ");
  CHECK_THROWS_WITH(dialog->feed("2 1"), "(2, 1) holds one of your own pieces");
  CHECK_THROWS_WITH(dialog->feed("0 0"), "(0, 0) is not one step from (2, 0)");
  CHECK_THROWS_WITH(dialog->feed("2 0"), "(2, 0) is not one step from (2, 0)");
  CHECK(dialog->prompt() == "Select Position to move Piece >> ");
  CHECK(*dialog->feed(" 1 1 ") == json({{"from", {2, 0}}, {"to", {1, 1}}}));
  // Positions as the board and the messages print them are read too.
  dialog = make_move_dialog(state);
  CHECK_FALSE(dialog->feed("(2, 0)"));
  CHECK(*dialog->feed("(1,0)") == json({{"from", {2, 0}}, {"to", {1, 0}}}));
}

TEST_CASE("the Tactego dialog takes a whole move in one line, and back to choose again") {
  const json state = small_tactego_board();
  auto dialog = make_move_dialog(state);
  CHECK(*dialog->feed("2 0 1 0") == json({{"from", {2, 0}}, {"to", {1, 0}}}));
  dialog = make_move_dialog(state);
  // A bad destination asks for the whole move again.
  CHECK_THROWS_WITH(dialog->feed("2 0 0 0"), "(0, 0) is not one step from (2, 0)");
  CHECK(dialog->prompt() == "Select Piece to Move by Position >> ");
  CHECK_FALSE(dialog->feed("2 0"));
  CHECK_FALSE(dialog->feed(" Back "));
  CHECK(dialog->prompt() == "Select Piece to Move by Position >> ");
  // At the second prompt, a whole move chooses its own piece.
  CHECK_FALSE(dialog->feed("2 0"));
  CHECK(*dialog->feed("(2, 0) (1, 1)") == json({{"from", {2, 0}}, {"to", {1, 1}}}));
}

TEST_CASE("a 1D Chess move that would take one's own king is asked about before it is played") {
  // White's king at 0, a black knight at 1: white's knight at 2 LEFT jumps onto its own king.
  const json state = {{"game", "onedchess"}, {"you", "white"},
                      {"view", {{"board", {"WKi", "BKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKi"}}}}};
  auto dialog = make_move_dialog(state);
  CHECK_FALSE(dialog->feed("2 LEFT"));
  CHECK(dialog->prompt() == "2 LEFT takes your own king: you lose at once. Play it? (yes/no) >> ");
  CHECK_THROWS_WITH(dialog->feed("maybe"), "'maybe' is neither yes nor no");
  CHECK_FALSE(dialog->feed("no"));  // not played: another move
  CHECK(dialog->prompt() == "Select Position of Piece to Move >> ");
  CHECK_FALSE(dialog->feed("2"));  // the same move in two steps asks too
  CHECK_FALSE(dialog->feed("LEFT"));
  CHECK(*dialog->feed("yes") == json({{"position", 2}, {"direction", "LEFT"}}));
  // Taking one's own knight, or the other king, is played at once.
  dialog = make_move_dialog(state);
  CHECK(*dialog->feed("0 RIGHT") == json({{"position", 0}, {"direction", "RIGHT"}}));
  const json black = {{"game", "onedchess"}, {"you", "black"}, {"view", state.at("view")}};
  dialog = make_move_dialog(black);
  CHECK(*dialog->feed("1 LEFT") == json({{"position", 1}, {"direction", "LEFT"}}));
  // A king at the edge that cannot move takes nothing.
  dialog = make_move_dialog(state);
  CHECK(*dialog->feed("0 LEFT") == json({{"position", 0}, {"direction", "LEFT"}}));
}

TEST_CASE("the 1D Chess dialog takes '2 RIGHT' at once, and back to choose another piece") {
  const json state = {{"game", "onedchess"}, {"you", "white"},
                      {"view", {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}}}};
  auto dialog = make_move_dialog(state);
  CHECK(*dialog->feed("2 right") == json({{"position", 2}, {"direction", "RIGHT"}}));
  dialog = make_move_dialog(state);
  CHECK(*dialog->feed("1L") == json({{"position", 1}, {"direction", "LEFT"}}));
  dialog = make_move_dialog(state);
  CHECK_FALSE(dialog->feed("1"));
  CHECK(dialog->prompt() == "Select Direction (LEFT or RIGHT) >> ");
  CHECK_FALSE(dialog->feed("back"));
  CHECK(dialog->prompt() == "Select Position of Piece to Move >> ");
  CHECK_THROWS_WITH(dialog->feed("6 LEFT"), "position 6 holds your opponent's BKn: choose one of your pieces");
  CHECK_THROWS_WITH(dialog->feed("4"), "position 4 is empty: choose one of your pieces");
  CHECK_THROWS_WITH(dialog->feed("x"), Catch::Contains("is not a position"));
  // A whole move with a bad direction chooses no piece; control characters are not echoed.
  CHECK_THROWS_WITH(dialog->feed("2 UP"), Catch::StartsWith("'2 UP' is not a move: 'UP' is not a direction, so no piece is selected"));
  CHECK(dialog->prompt() == "Select Position of Piece to Move >> ");
  CHECK_FALSE(dialog->feed("2"));
  CHECK_THROWS_WITH(dialog->feed("\x1b[A"),
                    "Piece 2 (WKn) is selected; '?[A' is not a direction: type LEFT or RIGHT (or back, for another piece)");
}

TEST_CASE("the Tactego dialog refuses a piece boxed in by its own side") {
  const json state = {{"game", "tactego"}, {"you", "red"},
                      {"view", {{"rows", 2}, {"cols", 2},
                                {"board", json::array({json::array({"R5", "R1"}), json::array({"R2", "RF"})})}}}};
  auto dialog = make_move_dialog(state);
  CHECK_THROWS_WITH(dialog->feed("0 0"), Catch::Contains("surrounded by your own pieces"));
}

TEST_CASE("the DCMS dialog checks the placement and the move string") {
  json state = {{"game", "dcms"}, {"you", "red"},
                {"view", {{"color", 1}, {"rows", 3}, {"cols", 6}, {"pieces", "SM"}, {"phase", "setup"},
                          {"walls", {"######", "#....#", "######"}}}}};
  auto setup = make_move_dialog(state);
  CHECK_THROWS_WITH(setup->feed("1 1 1 4"), Catch::Contains("not in your half"));
  CHECK_THROWS_WITH(setup->feed("1 4 0 4"), Catch::Contains("on a wall"));
  // The example is a legal placement on this board, in this seat's half.
  CHECK_THROWS_WITH(setup->feed("1 4"), Catch::EndsWith("type 2 positions as 'row col' pairs, e.g. '1 3 1 4'"));
  CHECK_THAT(setup->help(), Catch::Contains("e.g. '1 3 1 4'"));
  state["view"]["pieces"] = "SMC";  // more pieces than open squares: one is used twice
  CHECK_THROWS_WITH(make_move_dialog(state)->feed("1 4"), Catch::EndsWith("e.g. '1 3 1 4 1 3'"));
  state["view"]["pieces"] = "SM";
  CHECK(*setup->feed("1 4 1 3") == json({{"placement", {{1, 4}, {1, 3}}}}));
  CHECK(*setup->feed("(1, 4) (1, 3)") == json({{"placement", {{1, 4}, {1, 3}}}}));
  state["view"]["phase"] = "play";
  auto play = make_move_dialog(state);
  CHECK_THROWS(play->feed("M 4"));  // blue's letter
  CHECK_THROWS(play->feed("m 0"));
  CHECK(*play->feed("m 4") == json({{"move", "m 4"}}));
}

TEST_CASE("the bridge tells moves from garbage") {
  CHECK(BotActor::check_answer({{"from", {1, 0}}, {"to", {2, 0}}}, "tactego", "play").empty());
  CHECK_FALSE(BotActor::check_answer({{"from", {1, 0}}}, "tactego", "play").empty());
  CHECK(BotActor::check_answer({{"position", 2}, {"direction", "LEFT"}}, "onedchess", "play").empty());
  CHECK_FALSE(BotActor::check_answer({{"position", "2"}, {"direction", "LEFT"}}, "onedchess", "play").empty());
  CHECK(BotActor::check_answer({{"placement", {{1, 1}}}}, "dcms", "setup").empty());
  CHECK_FALSE(BotActor::check_answer({{"move", "M 4"}}, "dcms", "setup").empty());
  CHECK(BotActor::check_answer({{"resign", true}}, "dcms", "play").empty());
  CHECK_FALSE(BotActor::check_answer(json::array(), "dcms", "play").empty());
}

TEST_CASE("match options are KEY=VALUE") {
  CHECK(parse_match_options({"map=small", "pieces_text=F 1"}) ==
        json({{"map", "small"}, {"pieces_text", "F 1"}}));
  CHECK_THROWS_WITH(parse_match_options({"small"}), Catch::Contains("KEY=VALUE"));
}

// Found by the server_view fuzzer (tests/fuzz): views that a faulty or hostile server sends
// are refused, not read past their end or converted without a check.
TEST_CASE("a DCMS prompt refuses a view with a piece set or colour the game does not have") {
  const json walls = json::array({"######", "#....#", "######"});
  json state = {{"game", "dcms"},
                {"view", {{"color", 0}, {"rows", 3}, {"cols", 6}, {"pieces", "SMCDD"}, {"phase", "play"}, {"walls", walls}}}};
  CHECK_THROWS_WITH(make_move_dialog(state), Catch::Contains("a DCMS piece set \"SMCDD\" (SM, SMC or SMCD)"));
  state["view"]["pieces"] = "SM";
  state["view"]["color"] = 7;
  CHECK_THROWS_WITH(make_move_dialog(state), Catch::Contains("a DCMS colour 7 (0 or 1)"));
}

TEST_CASE("a DCMS setup prompt refuses a view whose walls are smaller than its rows and columns") {
  const json state = {{"game", "dcms"},
                      {"view", {{"color", 0}, {"rows", 3}, {"cols", 6}, {"pieces", "SM"}, {"phase", "setup"},
                                {"walls", json::array({"######"})}}}};
  auto dialog = make_move_dialog(state);
  CHECK_THROWS_WITH(dialog->feed("1 1 1 2"), Catch::Contains("walls have no square (1, 1)"));
}

TEST_CASE("a board size or square that is not a whole number is refused by name") {
  const json tactego = {{"rows", 1e300}, {"cols", 2}, {"board", json::array()}};
  CHECK_THROWS_WITH(render_board("tactego", tactego, Style::plain()),
                    "a Tactego board's rows 1e+300 is not a whole number");
  const json dcms = {{"rows", 3}, {"cols", 4}, {"walls", {"####", "#..#", "####"}},
                     {"placement", {{"S", {1, 4294967297.0}}}}};
  CHECK_THROWS_WITH(render_board("dcms", dcms, Style::plain()), Catch::Contains("a piece's column 4294967297.0"));
}

TEST_CASE("a 1D Chess prompt refuses a board of fewer than nine cells") {
  const json state = {{"game", "onedchess"}, {"you", "white"}, {"view", {{"board", {"", "", "B"}}}}};
  CHECK_THROWS_WITH(make_move_dialog(state), "a 1D Chess board that is not 9 cell names");
}

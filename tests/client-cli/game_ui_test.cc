// The client's per-game registry keeps up with the engine's: a game the server hosts that
// the client cannot draw or play is caught here, not by a player.
#include <catch2/catch.hpp>

#include "client-cli/game_ui.h"
#include "engine/registry.h"

using namespace skirmish::client;

TEST_CASE("every game the engine hosts has a complete GameUi entry") {
  for (const skirmish::engine::GameInfo* game : skirmish::engine::all_games()) {
    INFO(game->name);
    const GameUi* ui = find_ui(game->name);
    REQUIRE(ui != nullptr);
    CHECK(ui->name == game->name);
    CHECK(ui->render_board != nullptr);
    CHECK(ui->describe_last != nullptr);
    CHECK(ui->make_dialog != nullptr);
    CHECK(ui->legend != nullptr);
    CHECK(ui->check_answer != nullptr);
  }
}

TEST_CASE("a game the client does not know has no GameUi entry") {
  CHECK(find_ui("go") == nullptr);
}

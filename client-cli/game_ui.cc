#include "client-cli/game_ui.h"

#include "client-cli/game_ui_parts.h"

namespace skirmish::client {
namespace {

// A game the engine hosts needs its line here (tests/client-cli checks that each has one).
constexpr GameUi kGames[] = {
    {.name = "tactego",
     .render_board = render_tactego,
     .describe_last = describe_tactego_last,
     .make_dialog = make_tactego_dialog,
     .legend = tactego_legend,
     .check_answer = check_tactego_answer},
    {.name = "dcms",
     .render_board = render_dcms,
     .describe_last = describe_dcms_last,
     .make_dialog = make_dcms_dialog,
     .legend = dcms_legend,
     .check_answer = check_dcms_answer},
    {.name = "onedchess",
     .render_board = render_onedchess,
     .describe_last = describe_onedchess_last,
     .make_dialog = make_onedchess_dialog,
     .legend = onedchess_legend,
     .check_answer = check_onedchess_answer},
};

}  // namespace

const GameUi* find_ui(std::string_view game) {
  for (const GameUi& ui : kGames)
    if (ui.name == game) return &ui;
  return nullptr;
}

}  // namespace skirmish::client

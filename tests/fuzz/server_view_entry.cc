// A `state` message from a possibly hostile server, as the client draws it: parsed as
// untrusted JSON, made displayable, then the board, the last move, the outcome and the move
// prompts drawn from it. A message of the wrong shape may be refused (an exception the
// client reports as the server's fault) but never crashes the client, and nothing drawn
// carries an escape character to the terminal.
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/game_ui.h"
#include "client-cli/json_field.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/screens.h"
#include "client-cli/untrusted_json.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {
namespace {

void check_drawn(const std::string& text, std::string_view what) {
  expect(text.find('\x1b') == std::string::npos, std::string(what) + " sends an escape to the terminal");
}

// Runs one drawing step; an exception for a message of the wrong shape is expected.
template <typename Step>
void drawn(std::string_view what, Step step) {
  try {
    check_drawn(step(), what);
  } catch (const std::exception& error) {
    expect_message(error.what(), what);
  }
}

}  // namespace

void fuzz_one_server_view(std::string_view input) {
  std::string why;
  nlohmann::json state = client::parse_untrusted(input, why);
  if (state.is_discarded()) return;
  client::make_displayable(state);
  const client::Style style = client::Style::plain();
  const nlohmann::json& game_field = client::field(state, "game");
  const std::string game = game_field.is_string() ? game_field.get<std::string>() : "";
  drawn("render_board", [&] { return client::render_board(game, client::field(state, "view"), style); });
  drawn("describe_last", [&] { return client::describe_last(game, client::field(state, "last")); });
  drawn("describe_outcome", [&] { return client::describe_outcome(client::field(state, "outcome"), "red"); });
  drawn("explain_outcome", [&] { return client::explain_outcome(game, client::field(state, "outcome")); });
  drawn("format_pos", [&] { return client::format_pos(client::field(state, "at")); });
  const client::GameUi* ui = client::find_ui(game);
  if (!ui) return;
  drawn("check_answer", [&] { return ui->check_answer(client::field(state, "answer"), "play"); });
  std::unique_ptr<client::MoveDialog> dialog;
  try {
    dialog = ui->make_dialog(state);
  } catch (const std::exception& error) {
    expect_message(error.what(), "make_dialog");
    return;
  }
  // A prompt reads the view too, and may refuse it as the board does.
  drawn("prompt", [&] { return dialog->prompt(); });
  drawn("help", [&] { return dialog->help(); });
  for (const char* line : {"1 1", "0 0", "M 4", "2 RIGHT", "1 1 2 2", "back", "1 1 1 2 1 3 1 4"}) {
    try {
      if (const auto move = dialog->feed(line)) check_drawn(move->dump(), "a move");
      check_drawn(dialog->prompt(), "a prompt");
    } catch (const std::exception& error) {
      expect_message(error.what(), "a prompt's answer");
    }
  }
}

}  // namespace skirmish::fuzz

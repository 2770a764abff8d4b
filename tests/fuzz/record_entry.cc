// A record file as `skirmish verify` and `skirmish replay` read it: parsed as untrusted JSON,
// then verified (a report, never an exception) and replayed (a clear error naming what is
// wrong, or the states of every turn).
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/match_record_file.h"
#include "client-cli/untrusted_json.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {

void fuzz_one_record(std::string_view input) {
  std::string why;
  nlohmann::json record = client::parse_untrusted(input, why);
  if (record.is_discarded()) {
    expect(!why.empty(), "a record that is not JSON says why");
    return;
  }
  client::make_displayable(record);

  const client::VerifyReport report = client::verify_record(record);
  expect(!report.lines.empty(), "verify says what it checked");
  for (const std::string& line : report.lines) expect(!line.empty(), "verify's lines say something");

  try {
    const engine::GameRecord game = client::game_record_from_json(record);
    const auto states = client::replay_states(game);
    expect(states.size() == game.turns.size() + 1, "a replay has a state per turn and the start");
    if (report.ok) {
      // What verify called valid replays to the stored result, or one the server gave.
      const auto& info = *engine::find_game(game.game);
      if (const auto stored = client::stored_outcome(record, info); stored && states.back()->outcome().over)
        expect(*stored == states.back()->outcome(), "a valid record's result is the rules'");
    }
  } catch (const std::invalid_argument& error) {
    expect_message(error.what(), "replay");
    expect(!report.ok, "a record that replay refuses is not valid");
  }
}

}  // namespace skirmish::fuzz

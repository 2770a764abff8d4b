#include "client-cli/match_record_file.h"

#include <algorithm>
#include <optional>
#include <regex>
#include <stdexcept>
#include <vector>

#include "client-cli/game_facts.h"
#include "engine/registry.h"

namespace skirmish::client {

using nlohmann::json;

namespace {

const json& field(const json& object, const char* name, const std::string& where) {
  if (!object.is_object() || !object.contains(name))
    throw std::invalid_argument(where + ": field '" + name + "' is missing");
  return object.at(name);
}

bool ended_by_server(engine::EndReason reason) {
  return reason == engine::EndReason::Resignation || reason == engine::EndReason::Timeout ||
         reason == engine::EndReason::Forfeit || reason == engine::EndReason::Crash;
}

// The rules engine tells the player who moved ("...; you play black", "one of your
// pieces"); a report on a record speaks of the seat. These are its only second-person words.
std::string about_seat(std::string reason, const std::string& seat) {
  reason = std::regex_replace(reason, std::regex("; you play \\w+"), "");
  reason = std::regex_replace(reason, std::regex("\\bselect one of your pieces"), seat + " must move one of its own pieces");
  return std::regex_replace(reason, std::regex("\\byour\\b"), seat + "'s");
}

// Why a seat's move of `turn` cannot be played from `state`: "black's move '6 LEFT' is
// illegal: ..." (the first seat's, for a simultaneous turn); nullopt when both may be played.
std::optional<std::string> illegal_move(const engine::GameState& state, const engine::JointMove& turn,
                                        const engine::GameInfo& info) {
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    const auto& move = turn[static_cast<std::size_t>(s)];
    const std::string seat = info.seat_names[static_cast<std::size_t>(s)];
    if (!move) continue;
    if (!state.to_act().contains(s)) return seat + " moved ('" + *move + "') but it was not " + seat + "'s turn";
    if (auto reason = state.check_move(s, *move))
      return seat + "'s move '" + *move + "' is illegal: " + about_seat(*reason, seat);
  }
  return std::nullopt;
}

std::string all_turns_legal(const std::string& game, std::size_t recorded) {
  if (recorded == 0) return "the record has no turns to check";
  if (has_setup_turn(game)) {
    if (recorded == 1) return "the setup is legal";
    if (recorded == 2) return "the setup and the 1 turn are legal";
    return "the setup and every one of the " + turns_text(recorded - 1) + " are legal";
  }
  if (recorded == 1) return "the 1 turn is legal";
  return "every one of the " + turns_text(recorded) + " is legal";
}

// A result says who won twice: by `winner` and by `draw`.
std::string result_contradiction(const json& record) {
  const auto result = record.find("result");
  if (result == record.end() || !result->is_object() || !result->contains("draw")) return "";
  const bool has_winner = result->contains("winner") && !result->at("winner").is_null();
  if (result->at("draw") == json(true) && has_winner)
    return "field 'result' says it is a draw and that " + result->at("winner").dump() + " won";
  if (result->at("draw") == json(false) && !has_winner)
    return "field 'result' says it is not a draw, but names no winner";
  return "";
}

// Each seat is listed once.
std::string seats_contradiction(const json& record) {
  const auto seats = record.find("seats");
  if (seats == record.end() || !seats->is_array()) return "";
  std::vector<std::string> named;
  for (const json& seat : *seats) {
    if (!seat.is_object() || !seat.contains("seat")) continue;
    const std::string name = seat.at("seat").dump();
    if (std::find(named.begin(), named.end(), name) != named.end())
      return "field 'seats' lists seat " + name + " twice";
    named.push_back(name);
  }
  return "";
}

// A match is created, then started, then finished.
std::string times_contradiction(const json& record) {
  const char* const order[] = {"created_ms", "started_ms", "finished_ms"};
  const char* earlier = nullptr;
  for (const char* name : order) {
    const auto time = record.find(name);
    if (time == record.end() || !time->is_number()) continue;
    if (earlier != nullptr && *time < record.at(earlier))
      return std::string("field '") + name + "' (" + time->dump() + ") is before '" + earlier + "' (" +
             record.at(earlier).dump() + ")";
    earlier = name;
  }
  return "";
}

// What a record says of itself that its moves and result must agree with: edited by hand,
// it can contradict itself while every move stays legal. "" when it does not.
std::string self_contradiction(const json& record) {
  const json& moves = record.at("moves");  // checked to be a list already
  if (const auto turns = record.find("turns"); turns != record.end() && *turns != json(moves.size()))
    return "field 'turns' says " + turns->dump() + ", but 'moves' has " + std::to_string(moves.size()) + " entries";
  const auto state = record.find("state");
  const bool has_result = record.contains("result") && !record.at("result").is_null();
  if (state != record.end() && has_result && (*state == "open" || *state == "running"))
    return "field 'state' says " + state->dump() + ", but the record has a result";
  if (state != record.end() && !has_result && *state == "finished")
    return "field 'state' says \"finished\", but the record has no result";
  const auto seed = record.find("seed");
  const json& options = record.at("options");
  if (seed != record.end() && !seed->is_null() && options.contains("seed") && *seed != options.at("seed"))
    return "field 'seed' (" + seed->dump() + ") is not the seed in 'options' (" + options.at("seed").dump() + ")";
  if (const std::string problem = result_contradiction(record); !problem.empty()) return problem;
  if (const std::string problem = seats_contradiction(record); !problem.empty()) return problem;
  if (const std::string problem = times_contradiction(record); !problem.empty()) return problem;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto ms = moves[i].find("ms");
    if (ms == moves[i].end() || ms->is_null()) continue;
    if (!ms->is_object()) return "moves[" + std::to_string(i) + "].ms must be an object";
    const json& moved = moves[i].at("moves");
    for (const auto& [seat, value] : ms->items()) {
      if (!moved.is_object() || !moved.contains(seat))
        return "moves[" + std::to_string(i) + "].ms gives a time for " + seat + ", which did not move then";
      const bool whole_ms = value.is_number_unsigned() || (value.is_number_integer() && value.get<long long>() >= 0);
      if (!value.is_null() && !whole_ms)
        return "moves[" + std::to_string(i) + "].ms." + seat + " must be a whole number of milliseconds, not " +
               value.dump();
    }
  }
  return "";
}

}  // namespace

std::string outcome_text(const engine::GameInfo& info, const engine::Outcome& outcome) {
  const std::string who = outcome.is_draw() ? std::string("a draw")
                                            : info.seat_names[static_cast<std::size_t>(outcome.winner)] + " wins";
  return who + " (" + std::string(engine::to_string(outcome.reason)) + ")";
}

std::string turns_text(std::size_t turns) {
  return std::to_string(turns) + (turns == 1 ? " turn" : " turns");
}

std::string recorded_turns_text(const std::string& game, std::size_t recorded) {
  if (!has_setup_turn(game) || recorded == 0) return turns_text(recorded);
  return recorded == 1 ? "the setup" : "the setup and " + turns_text(recorded - 1);
}

std::optional<engine::Outcome> stored_outcome(const json& record, const engine::GameInfo& info) {
  const json result = record.value("result", json(nullptr));
  if (result.is_null()) return std::nullopt;
  if (!result.is_object()) throw std::invalid_argument("result: must be an object or null");
  // value() throws json's own type_error for a reason of another type, which no caller
  // expects and which names no field.
  if (result.contains("reason") && !result.at("reason").is_string())
    throw std::invalid_argument("result: field 'reason' must be text, not " +
                                result.at("reason").dump(-1, ' ', false, json::error_handler_t::replace));
  const auto reason = engine::end_reason_from_string(result.value("reason", ""));
  if (!reason) throw std::invalid_argument("result: unknown reason '" + result.value("reason", "") + "'");
  const json winner = result.value("winner", json(nullptr));
  if (!winner.is_string()) return engine::Outcome::draw(*reason);
  for (int s = 0; s < 2; ++s)
    if (info.seat_names[static_cast<std::size_t>(s)] == winner.get<std::string>()) return engine::Outcome::win(s, *reason);
  throw std::invalid_argument("result: unknown winner '" + winner.get<std::string>() + "'");
}

engine::GameRecord game_record_from_json(const json& record) {
  const json& game_field = field(record, "game", "record");
  if (!game_field.is_string()) throw std::invalid_argument("record: field 'game' must be text, not " +
                                                         game_field.dump(-1, ' ', false, json::error_handler_t::replace));
  const std::string game = game_field.get<std::string>();
  const auto* info = engine::find_game(game);
  if (!info) throw std::invalid_argument("record: field 'game': unknown game '" + game + "'");
  engine::GameRecord out{game, {}, {}};
  for (const auto& [name, value] : field(record, "options", "record").items()) {
    if (!value.is_string()) throw std::invalid_argument("record: options." + name + " must be text");
    out.options.set(name, value.get<std::string>());
  }
  const json& moves = field(record, "moves", "record");
  if (!moves.is_array())
    throw std::invalid_argument("record: field 'moves' must be a list (a running fog match hides it)");
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "moves[" + std::to_string(i) + "]";
    const json& entry = field(moves[i], "moves", where);
    if (!entry.is_object() || entry.empty())
      throw std::invalid_argument(where + ".moves must name at least one seat");
    engine::JointMove turn{};
    for (const auto& [seat, text] : entry.items()) {
      std::size_t index = 2;
      for (std::size_t s = 0; s < 2; ++s)
        if (info->seat_names[s] == seat) index = s;
      if (index == 2) throw std::invalid_argument(where + ": unknown seat '" + seat + "'");
      if (text.is_string()) turn[index] = text.get<std::string>();
      else if (!text.is_null()) throw std::invalid_argument(where + "." + seat + " must be text or null");
    }
    out.turns.push_back(std::move(turn));
  }
  return out;
}

VerifyReport verify_record(const json& record) {
  VerifyReport report;
  engine::GameRecord game;
  std::unique_ptr<engine::GameState> state;
  try {
    game = game_record_from_json(record);
    state = engine::create_game(game.game, game.options);
  } catch (const std::exception& error) {
    report.lines.push_back(std::string("not a valid record: ") + error.what());
    return report;
  }
  if (const std::string problem = self_contradiction(record); !problem.empty()) {
    report.lines.push_back("the record contradicts itself: " + problem);
    return report;
  }
  const auto& info = *engine::find_game(game.game);
  for (std::size_t i = 0; i < game.turns.size(); ++i) {
    const auto where = turn_name(game.game, static_cast<long long>(i));
    if (state->outcome().over) {
      report.lines.push_back(where + ": the game was already over (" + outcome_text(info, state->outcome()) + ")");
      return report;
    }
    if (const auto illegal = illegal_move(*state, game.turns[i], info)) {
      report.lines.push_back(where + ": " + *illegal);
      return report;
    }
    try {
      state->apply(game.turns[i]);
    } catch (const std::exception& error) {
      report.lines.push_back(where + ": refused by the rules: " + error.what());
      return report;
    }
  }
  const engine::Outcome rules = state->outcome();
  // A DCMS setup that breaks the setup rules is a legal thing to send: the rules judge it
  // and end the game there, so "the setup is legal" would mislead.
  if (rules.over && rules.reason == engine::EndReason::IllegalSetup)
    report.lines.push_back("the setup was sent as the protocol allows; by the rules it is illegal and ends the game");
  else
    report.lines.push_back(all_turns_legal(game.game, game.turns.size()));

  std::optional<engine::Outcome> result;
  try {
    result = stored_outcome(record, info);
  } catch (const std::invalid_argument& error) {
    report.lines.push_back(error.what());
    return report;
  }
  if (!result) {
    if (rules.over) {
      report.lines.push_back("the record has no result, but the rules say the game is over: " + outcome_text(info, rules));
      return report;
    }
    const bool cancelled = record.contains("state") && record.at("state") == "cancelled";
    report.lines.push_back(cancelled ? "the match was cancelled before it started: no game was played"
                                     : "the game is not over yet, and the rules agree");
    report.ok = true;
    return report;
  }
  const engine::Outcome stored = *result;
  if (rules.over) {
    if (stored == rules) {
      report.lines.push_back("the stored result, " + outcome_text(info, stored) + ", is the one the rules give");
      report.ok = true;
    } else {
      report.lines.push_back("the stored result, " + outcome_text(info, stored) + ", is not the one the rules give: " +
                             outcome_text(info, rules));
    }
    return report;
  }
  if (!ended_by_server(stored.reason)) {
    report.lines.push_back("the stored result, " + outcome_text(info, stored) +
                           ", is not what the rules give: after these turns the game is not over");
    return report;
  }
  report.lines.push_back("the rules leave the game open; the server ended it: " + outcome_text(info, stored));
  report.ok = true;
  return report;
}

std::vector<std::unique_ptr<engine::GameState>> replay_states(const engine::GameRecord& record) {
  std::vector<std::unique_ptr<engine::GameState>> states;
  states.push_back(engine::create_game(record.game, record.options));
  const auto& info = *engine::find_game(record.game);
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    const std::string where = turn_name(record.game, static_cast<long long>(i));
    // Said as verify says it, of the seat: the engine's own reason speaks to its player.
    const auto illegal = states.back()->outcome().over ? std::nullopt : illegal_move(*states.back(), record.turns[i], info);
    if (illegal)
      throw std::invalid_argument(where + ": " + *illegal);
    auto next = states.back()->clone();
    try {
      next->apply(record.turns[i]);
    } catch (const std::exception& error) {
      throw std::invalid_argument(where + ": " + error.what());
    }
    states.push_back(std::move(next));
  }
  return states;
}

}  // namespace skirmish::client

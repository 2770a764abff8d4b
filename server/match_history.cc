#include "server/match_history.h"

#include "engine/registry.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"
#include "server/match_services.h"

namespace skirmish::server {

namespace {

using nlohmann::json;

bool finished(const store::MatchRecord& record) {
  return record.state == store::MatchState::Finished || record.state == store::MatchState::Cancelled;
}

// True when an option of this match is secret until it ends.
bool hidden(const store::MatchRecord& record, const std::string& option) {
  if (finished(record)) return false;
  const auto* codec = protocol::find_codec(record.game);
  return codec != nullptr && codec->hides_option(option, record.options);
}

bool has_hidden_information(const store::MatchRecord& record) {
  if (finished(record)) return false;
  const auto* codec = protocol::find_codec(record.game);
  return codec != nullptr && protocol::has_hidden_information(*codec, record.options);
}

std::string seat_name(const store::MatchRecord& record, engine::Seat seat) {
  const auto* info = engine::find_game(record.game);
  if (!info) return std::to_string(seat);
  return info->seat_names[static_cast<std::size_t>(seat)];
}

// Why a running match's moves are not shown here, or nullptr: with spectators=none nobody
// may watch it, so nobody follows its moves here either; a private one only those with
// its invite code may watch.
const char* unwatchable_while_running(const store::MatchRecord& record) {
  if (finished(record)) return nullptr;
  if (record.settings.has(store::kInviteHashSetting))
    return "this match is private: its moves are shown when it ends";
  if (record.settings.has("spectators") && record.settings.text("spectators") == "none")
    return "this match allows no spectators: its moves are shown when it ends";
  return nullptr;
}

json optional_ms(const std::optional<std::int64_t>& ms) { return ms ? json(*ms) : json(nullptr); }

}  // namespace

json match_summary_json(const store::MatchRecord& record) {
  json options = json::object();
  for (const auto& [name, value] : record.options.values())
    if (!hidden(record, name)) options[name] = value;
  json settings = json::object();
  const engine::Options shown_settings = public_settings(record.settings);
  for (const auto& [name, value] : shown_settings.values()) settings[name] = value;
  json seats = json::array();
  for (const auto& seat : record.seats)
    seats.push_back({{"seat", seat_name(record, seat.seat)}, {"index", seat.seat}, {"name", seat.name}});
  json result = nullptr;
  if (record.result)
    result = {{"winner", record.result->is_draw() ? json(nullptr)
                                                  : json(seat_name(record, record.result->winner))},
              {"draw", record.result->is_draw()},
              {"reason", engine::to_string(record.result->reason)}};
  return {{"match", record.id},
          {"game", record.game},
          {"state", store::to_string(record.state)},
          {"created_ms", record.created_ms},
          {"started_ms", optional_ms(record.started_ms)},
          {"finished_ms", optional_ms(record.finished_ms)},
          {"options", std::move(options)},
          {"settings", std::move(settings)},
          {"seats", std::move(seats)},
          {"turns", record.turn_count},
          {"result", std::move(result)}};
}

json match_detail_json(const store::MatchRecord& record) {
  json out = match_summary_json(record);
  out["turns"] = record.turns.size();
  if (has_hidden_information(record)) {
    out["seed"] = nullptr;
    out["moves"] = nullptr;
    out["hidden"] = "this match has hidden information: its seed and moves are shown when it ends";
    return out;
  }
  out["seed"] = record.options.has("seed") ? json(record.options.text("seed")) : json(nullptr);
  if (const char* why = unwatchable_while_running(record)) {
    out["moves"] = nullptr;
    out["hidden"] = why;
    return out;
  }
  json moves = json::array();
  for (const auto& turn : record.turns) {
    json entry = {{"moves", json::object()}, {"ms", json::object()}};
    for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
      const auto i = static_cast<std::size_t>(s);
      if (!turn.acted[i]) continue;
      const std::string name = seat_name(record, s);
      entry["moves"][name] = turn.moves[i] ? json(*turn.moves[i]) : json(nullptr);
      entry["ms"][name] = optional_ms(turn.millis[i]);
    }
    moves.push_back(std::move(entry));
  }
  out["moves"] = std::move(moves);
  return out;
}

}  // namespace skirmish::server

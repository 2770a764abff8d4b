#include "protocol/server_messages.h"

#include "engine/registry.h"
#include "protocol/json_writer.h"
#include "protocol/version.h"

namespace skirmish::protocol {
namespace {

// {"type": TYPE[, "id": ID] — the caller adds the rest and closes the object.
JsonWriter& open(JsonWriter& out, std::string_view type, std::string_view id) {
  out.begin_object().key("type").string(type);
  if (!id.empty()) out.key("id").raw(id);
  return out;
}

void write_option_specs(JsonWriter& out, const std::vector<engine::OptionSpec>& specs) {
  for (const auto& spec : specs) {
    out.begin_object();
    out.key("name").string(spec.name);
    out.key("type").string(engine::to_string(spec.type));
    out.key("default").string(spec.default_value);
    if (spec.type == engine::OptionSpec::Type::Choice) {
      out.key("choices").begin_array();
      for (const auto& choice : spec.choices) out.string(choice);
      out.end_array();
    }
    if (spec.type == engine::OptionSpec::Type::Int) {
      out.key("min").number(spec.min);
      out.key("max").number(spec.max);
    }
    out.key("help").string(spec.help);
    out.end_object();
  }
}

// "players": {"red": "alice", "blue": null}
void write_players(JsonWriter& out, const Players& players) {
  out.key("players").begin_object();
  for (const auto& player : players) {
    out.key(player.seat);
    if (player.name) out.string(*player.name); else out.null();
  }
  out.end_object();
}

std::string_view to_string(PresenceEvent event) {
  switch (event) {
    case PresenceEvent::Joined: return "joined";
    case PresenceEvent::Left: return "left";
    case PresenceEvent::Disconnected: return "disconnected";
    case PresenceEvent::Reconnected: return "reconnected";
  }
  return "joined";
}

}  // namespace

std::string encode_error(ErrorCode code, std::string_view message, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "error", id);
  out.key("code").string(to_string(code));
  out.key("message").string(message);
  out.end_object();
  return text;
}

std::string encode_welcome(const Limits& limits, bool history, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "welcome", id);
  out.key("version").number(kProtocolVersion);
  out.key("server").string("skirmish");
  out.key("limits").begin_object();
  out.key("max_message_bytes").number(static_cast<long long>(limits.max_message_bytes));
  // A fraction (--rate-limit 0.5) stays one: 0 would read as "no limit".
  out.key("rate_limit_per_second").decimal(limits.rate_limit_per_second);
  out.key("rate_burst").number(limits.rate_burst);
  out.key("idle_timeout_ms").number(limits.idle_timeout_ms);
  out.end_object();
  out.key("history").boolean(history);
  out.end_object();
  return text;
}

std::string encode_games(const std::vector<const engine::GameInfo*>& games,
                         std::chrono::milliseconds default_grace, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "games", id);
  out.key("games").begin_array();
  for (const engine::GameInfo* game : games) {
    out.begin_object();
    out.key("name").string(game->name);
    out.key("title").string(game->title);
    out.key("simultaneous").boolean(game->simultaneous);
    out.key("seats").begin_array();
    for (const auto& seat : game->seat_names) out.string(seat);
    out.end_array();
    out.key("options").begin_array();
    write_option_specs(out, game->options);
    write_option_specs(out, match_option_specs(*game, default_grace));
    out.end_array();
    out.end_object();
  }
  out.end_array();
  out.end_object();
  return text;
}

std::string encode_match_created(std::string_view match, const engine::GameInfo& game,
                                 const engine::Options& resolved, const MatchSettings& settings,
                                 std::string_view invite, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "match_created", id);
  out.key("match").string(match);
  out.key("game").string(game.name);
  out.key("seats").begin_array();
  for (const auto& seat : game.seat_names) out.string(seat);
  out.end_array();
  out.key("options").begin_object();
  for (const auto& [name, value] : resolved.values()) out.key(name).string(value);
  const engine::Options match_options = settings_as_text(settings);
  for (const auto& [name, value] : match_options.values()) out.key(name).string(value);
  out.end_object();
  if (!invite.empty()) out.key("invite").string(invite);
  out.end_object();
  return text;
}

std::string encode_matches(const std::vector<MatchSummary>& matches, std::size_t total,
                           std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "matches", id);
  out.key("total").number(static_cast<long long>(total));
  out.key("matches").begin_array();
  for (const auto& match : matches) {
    out.begin_object();
    out.key("match").string(match.match);
    out.key("game").string(match.game);
    out.key("status").string(match.status);
    out.key("seats").begin_array();
    for (const auto& seat : match.seats) {
      out.begin_object();
      out.key("seat").string(seat.seat);
      out.key("taken").boolean(seat.taken);
      out.key("connected").boolean(seat.connected);
      out.key("name");
      if (!seat.taken)
        out.null();  // a free seat; a player who gave no name is "", as in joined and presence
      else
        out.string(seat.player);
      out.end_object();
    }
    out.end_array();
    out.key("spectators").number(match.spectators);
    out.key("spectators_allowed").string(to_string(match.spectators_allowed));
    if (match.terms) {
      out.key("options").begin_object();
      for (const auto& [name, value] : match.terms->options.values()) out.key(name).string(value);
      out.end_object();
      out.key("set_by_creator").begin_array();
      for (const auto& name : match.terms->set_by_creator) out.string(name);
      out.end_array();
    }
    out.end_object();
  }
  out.end_array();
  out.end_object();
  return text;
}

std::string encode_joined(std::string_view match, std::string_view game, std::string_view seat,
                          engine::Seat seat_index, std::string_view token, bool resumed,
                          const Players& players, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "joined", id);
  out.key("match").string(match);
  out.key("game").string(game);
  out.key("seat").string(seat);
  out.key("seat_index").number(seat_index);
  out.key("token").string(token);
  out.key("resumed").boolean(resumed);
  write_players(out, players);
  out.end_object();
  return text;
}

std::string encode_watching(std::string_view match, std::string_view game, bool full_view,
                            const Players& players, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "watching", id);
  out.key("match").string(match);
  out.key("game").string(game);
  out.key("full_view").boolean(full_view);
  write_players(out, players);
  out.end_object();
  return text;
}

std::string encode_submitted(std::string_view match, std::string_view seat, int turn,
                             std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "submitted", id);
  out.key("match").string(match);
  out.key("seat").string(seat);
  out.key("turn").number(turn);
  out.end_object();
  return text;
}

std::string encode_presence(std::string_view match, std::string_view seat, std::string_view name,
                            PresenceEvent event, long long grace_ms) {
  std::string text;
  JsonWriter out(text);
  open(out, "presence", {});
  out.key("match").string(match);
  out.key("seat").string(seat);
  out.key("name").string(name);
  out.key("event").string(to_string(event));
  out.key("connected").boolean(event == PresenceEvent::Joined || event == PresenceEvent::Reconnected);
  out.key("grace_ms").number(grace_ms);
  out.end_object();
  return text;
}

std::string encode_left(std::string_view match, std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "left", id);
  out.key("match").string(match);
  out.end_object();
  return text;
}

std::string encode_pong(std::string_view id) {
  std::string text;
  JsonWriter out(text);
  open(out, "pong", id);
  out.end_object();
  return text;
}

std::string encode_shutdown(std::string_view message) {
  std::string text;
  JsonWriter out(text);
  open(out, "shutdown", {});
  out.key("message").string(message);
  out.end_object();
  return text;
}

}  // namespace skirmish::protocol

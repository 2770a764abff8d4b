#include "client-cli/tournament/results_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "client-cli/tournament/report.h"

namespace skirmish::tournament {

using nlohmann::json;
namespace fs = std::filesystem;

std::vector<std::string> TournamentSetup::bot_names() const {
  std::vector<std::string> names;
  for (const auto& bot : bots) names.push_back(bot.name);
  return names;
}

std::vector<ScheduledGame> TournamentSetup::schedule() const {
  if (format == "round_robin") return round_robin(bot_names(), rounds);
  if (format == "gauntlet") return gauntlet(bot_names(), hero, rounds);
  throw std::invalid_argument("unknown tournament format '" + format + "' (round_robin or gauntlet)");
}

namespace {

json elo_json(const EloEstimate& e) {
  return {{"score", e.score},
          {"difference", e.difference ? json(*e.difference) : json()},
          {"margin", e.margin ? json(*e.margin) : json()},
          {"los", e.los},
          {"draw_ratio", e.draw_ratio}};
}

json game_json(const GameRecord& g) {
  return {{"index", g.index},     {"round", g.round},
          {"seats", {{{"seat", g.seat0_name}, {"bot", g.seat0}}, {{"seat", g.seat1_name}, {"bot", g.seat1}}}},
          {"match", g.match},     {"winner", g.winner.empty() ? json() : json(g.winner)},
          {"draw", g.draw()},     {"reason", g.reason},
          {"turns", g.turns},     {"crashes", g.crashes},
          {"timeouts", g.timeouts},  {"both_crashed", g.both_crashed},
          {"points", {{g.seat0, g.points_of(g.seat0)}, {g.seat1, g.points_of(g.seat1)}}}};
}

// Field access with errors that say where.
const json& field(const json& object, const char* key, const std::string& where) {
  if (!object.is_object() || !object.contains(key))
    throw std::invalid_argument(where + ": missing \"" + key + "\"");
  return object.at(key);
}

std::string text_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (!value.is_string()) throw std::invalid_argument(where + ": \"" + key + "\" must be a string");
  return value.get<std::string>();
}

int int_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (!value.is_number_integer()) throw std::invalid_argument(where + ": \"" + key + "\" must be an integer");
  return value.get<int>();
}

GameRecord game_from_json(const json& j, const std::string& where) {
  GameRecord g;
  g.index = int_field(j, "index", where);
  g.round = int_field(j, "round", where);
  const json& seats = field(j, "seats", where);
  if (!seats.is_array() || seats.size() != 2) throw std::invalid_argument(where + ": \"seats\" must list two seats");
  g.seat0_name = text_field(seats[0], "seat", where + " seats[0]");
  g.seat0 = text_field(seats[0], "bot", where + " seats[0]");
  g.seat1_name = text_field(seats[1], "seat", where + " seats[1]");
  g.seat1 = text_field(seats[1], "bot", where + " seats[1]");
  g.match = text_field(j, "match", where);
  const json& winner = field(j, "winner", where);
  if (!winner.is_null() && !winner.is_string())
    throw std::invalid_argument(where + ": \"winner\" must be a bot name or null");
  g.winner = winner.is_string() ? winner.get<std::string>() : "";
  if (!g.winner.empty() && g.winner != g.seat0 && g.winner != g.seat1)
    throw std::invalid_argument(where + ": the winner '" + g.winner + "' did not play this game");
  g.reason = text_field(j, "reason", where);
  g.turns = int_field(j, "turns", where);
  try {
    g.crashes = field(j, "crashes", where).get<std::map<std::string, std::string>>();
    g.timeouts = field(j, "timeouts", where).get<std::map<std::string, int>>();
  } catch (const json::exception&) {
    throw std::invalid_argument(where + ": \"crashes\" must map bots to text and \"timeouts\" bots to counts");
  }
  const json both = j.value("both_crashed", json(false));  // absent in older files
  if (!both.is_boolean()) throw std::invalid_argument(where + ": \"both_crashed\" must be true or false");
  g.both_crashed = both.get<bool>();
  if (g.both_crashed && !g.winner.empty())
    throw std::invalid_argument(where + ": a game both bots lost by crashing has no winner");
  return g;
}

}  // namespace

json results_to_json(const Results& r) {
  json bots = json::array();
  for (const auto& bot : r.setup.bots) {
    json entry{{"name", bot.name},
               {"kind", bot.kind == BotEntry::Kind::PythonDcms ? "python_dcms" : "command"},
               {"source", bot.source}};
    if (!bot.fingerprint.empty()) entry["sha256"] = bot.fingerprint;
    bots.push_back(std::move(entry));
  }
  json games = json::array();
  for (const auto& g : r.games) games.push_back(game_json(g));
  const Standings standings = compute_standings(r.setup.bot_names(), r.games);
  json table = json::array();
  for (const auto& row : standings.table)
    table.push_back({{"rank", row.rank},       {"bot", row.bot},         {"points", row.points},
                     {"games", row.games},     {"wins", row.wins},       {"draws", row.draws},
                     {"losses", row.losses},   {"crashes", row.crashes}, {"timeouts", row.timeouts},
                     {"elo", elo_json(row.elo)}});
  return {{"format", kResultsFormat},
          {"game", r.setup.game},
          {"tournament", r.setup.format},
          {"gauntlet", r.setup.hero.empty() ? json() : json(r.setup.hero)},
          {"rounds", r.setup.rounds},
          {"options", r.setup.options},
          {"server", r.setup.server.empty() ? json() : json(r.setup.server)},
          {"bots", bots},
          {"total_games", r.setup.schedule().size()},
          {"finished_games", r.games.size()},
          {"games", games},
          {"standings", table}};
}

Results results_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) throw std::invalid_argument(where + ": not a JSON object");
  if (j.value("format", "") != kResultsFormat)
    throw std::invalid_argument(where + ": not a skirmish tournament results file (\"format\" is not \"" +
                                kResultsFormat + "\")");
  Results r;
  r.setup.game = text_field(j, "game", where);
  r.setup.format = text_field(j, "tournament", where);
  const json& hero = field(j, "gauntlet", where);
  r.setup.hero = hero.is_string() ? hero.get<std::string>() : "";
  r.setup.rounds = int_field(j, "rounds", where);
  r.setup.options = field(j, "options", where);
  if (!r.setup.options.is_object()) throw std::invalid_argument(where + ": \"options\" must be an object");
  const json server = j.value("server", json());  // absent in older files: a private server
  if (!server.is_null() && !server.is_string())
    throw std::invalid_argument(where + ": \"server\" must be a URL or null");
  r.setup.server = server.is_string() ? server.get<std::string>() : "";
  const json& bots = field(j, "bots", where);
  if (!bots.is_array()) throw std::invalid_argument(where + ": \"bots\" must be a list");
  for (std::size_t i = 0; i < bots.size(); ++i) {
    const std::string at = where + " bots[" + std::to_string(i) + "]";
    const std::string kind = text_field(bots[i], "kind", at);
    if (kind != "python_dcms" && kind != "command")
      throw std::invalid_argument(at + ": \"kind\" must be python_dcms or command");
    const json sha256 = bots[i].value("sha256", json());  // absent in older files
    r.setup.bots.push_back(BotEntry{text_field(bots[i], "name", at),
                                    kind == "command" ? BotEntry::Kind::Command : BotEntry::Kind::PythonDcms,
                                    text_field(bots[i], "source", at),
                                    sha256.is_string() ? sha256.get<std::string>() : ""});
  }
  const std::vector<ScheduledGame> schedule = r.setup.schedule();
  const json& games = field(j, "games", where);
  if (!games.is_array()) throw std::invalid_argument(where + ": \"games\" must be a list");
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string at = where + " games[" + std::to_string(i) + "]";
    GameRecord g = game_from_json(games[i], at);
    // A finished game must be the one the schedule has at its index.
    if (g.index < 0 || static_cast<std::size_t>(g.index) >= schedule.size() ||
        schedule[static_cast<std::size_t>(g.index)].seat0 != g.seat0 ||
        schedule[static_cast<std::size_t>(g.index)].seat1 != g.seat1)
      throw std::invalid_argument(at + ": game " + std::to_string(g.index) + " (" + g.seat0 + " vs " +
                                  g.seat1 + ") is not in this tournament's schedule");
    r.games.push_back(std::move(g));
  }
  return r;
}

void save_results(const std::string& dir, const Results& results) {
  fs::create_directories(dir);
  const fs::path final_path = fs::path(dir) / kResultsFileName;
  const fs::path temp_path = fs::path(dir) / (std::string(kResultsFileName) + ".tmp");
  {
    std::ofstream out(temp_path, std::ios::trunc);
    out << results_to_json(results).dump(2) << "\n";
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + temp_path.string());
  }
  fs::rename(temp_path, final_path);
  const std::string title = "Tournament: " + results.setup.game + " " + results.setup.format + ", " +
                            std::to_string(results.games.size()) + " of " +
                            std::to_string(results.setup.schedule().size()) + " games";
  std::ofstream md(fs::path(dir) / kMarkdownFileName, std::ios::trunc);
  md << standings_markdown(compute_standings(results.setup.bot_names(), results.games), title);
}

Results load_results(const std::string& dir) {
  const fs::path path = fs::path(dir) / kResultsFileName;
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("--resume " + dir + ": no " + kResultsFileName + " in that folder");
  std::stringstream text;
  text << in.rdbuf();
  const json j = json::parse(text.str(), nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument(path.string() + ": not valid JSON");
  return results_from_json(j, path.string());
}

}  // namespace skirmish::tournament

#include "client-cli/history_commands.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "client-cli/json_field.h"
#include "client-cli/match_record_file.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/screens.h"
#include "client-cli/server_http.h"
#include "client-cli/style.h"
#include "client-cli/untrusted_json.h"
#include "client-cli/words.h"
#include "engine/registry.h"

namespace skirmish::client {

using nlohmann::json;

namespace {

// A letters-and-digits argument that is no file is most likely a match id ("7QK2MZ4A").
bool looks_like_match_id(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char ch) { return std::isalnum(ch); });
}

// Why export's MATCH is a file or a folder rather than a match id, or "" when it may be one:
// it names a file or folder that exists (unless it reads as a match id: `export ID -o ID`
// writes one), or looks like a path ('/' in it, or ".json" at its end).
std::string not_a_match_id(const std::string& match) {
  std::error_code error;
  const bool exists = std::filesystem::exists(match, error);
  const bool path_like = match.find('/') != std::string::npos ||
                         (match.size() >= 5 && lowercase(match.substr(match.size() - 5)) == ".json");
  if (!path_like && (!exists || looks_like_match_id(match))) return "";
  const std::string start = "export takes a match id (e.g. IAEIAPYO); '" + match + "' ";
  if (std::filesystem::is_directory(match, error)) return start + "is a folder";
  if (!exists) return start + "looks like a file name, and there is no such file";
  return start + "is a file — to check it: skirmish verify " + match + "; to step through it: skirmish replay " + match;
}

}  // namespace

json fetch_match_record(const ServerUrl& server, const std::string& match) {
  const std::string path = "/api/matches/" + match;
  const std::string where = server.http_text(path);
  const HttpReply response = http_get(server, path);
  std::string not_json;
  json body = parse_untrusted(response.body, not_json);
  if (!body.is_discarded()) make_displayable(body);
  if (response.status != 200) {
    const std::string why = body.is_object() && field(body, "error").is_string()
                                ? field(body, "error").get<std::string>()
                                : printable(response.body.substr(0, 200));
    throw std::runtime_error(where + ": HTTP " + std::to_string(response.status) + ": " + why);
  }
  if (!body.is_object())
    throw std::runtime_error(where + ": the answer is not a JSON object" + (not_json.empty() ? "" : " (" + not_json + ")"));
  return body;
}

int export_match(const ServerUrl& server, const std::string& match, const std::string& out_path) {
  if (const std::string why = not_a_match_id(match); !why.empty()) {
    std::cerr << "skirmish: " << why << std::endl;
    return 2;  // the command line is wrong
  }
  const json record = fetch_match_record(server, match);
  // The server keeps back the moves of a running match with hidden information, a private
  // one or one without spectators until it ends: such a record is no record.
  if (record.value("moves", json()).is_null()) {
    // The server says why it keeps them back (hidden information, a private match, no
    // spectators allowed): each is lifted when the game ends.
    std::cerr << "skirmish export: match " << match << " is " << printable(text_field(record, "state", "not finished"))
              << ": " << printable(text_field(record, "hidden", "its moves are hidden until it ends"))
              << "; export it after it ends" << std::endl;
    return 1;
  }
  const std::string text = record.dump(2) + "\n";
  if (out_path == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream out(out_path);
  out << text;
  if (!out) {
    std::cerr << "skirmish export: cannot write " << out_path << std::endl;
    return 1;
  }
  std::cerr << "wrote match " << match << " ("
            << recorded_turns_text(record.value("game", ""), record.value("turns", 0u)) << ") to " << out_path
            << std::endl;
  return 0;
}

namespace {

json read_record_file(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    std::string why = path + ": no such file";
    if (looks_like_match_id(path))
      why += "; if " + path + " is a match id, export its record first: skirmish export " + path + " -o " + path + ".json";
    throw std::runtime_error(why);
  }
  std::ifstream in(path);
  if (!in || std::filesystem::is_directory(path, error)) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  std::string why;
  json record = parse_untrusted(text.str(), why);
  if (record.is_discarded()) throw std::runtime_error(path + " is " + why);
  make_displayable(record);  // a record file may come from anyone
  return record;
}

// Some renders (1D Chess's box) end without a newline; what follows needs a line of its own.
std::string with_final_newline(std::string text) {
  if (text.empty() || text.back() != '\n') text += '\n';
  return text;
}

// Walks the states of one finished game. Steps are numbered as the game counts its turns:
// DCMS's board says "play, turn 0 of 60" once the pieces are placed, so there the setup is
// step 0 (called "setup") and the empty board before it is left out.
class Replay {
 public:
  explicit Replay(const json& record)
      : game_(game_record_from_json(record)),
        info_(*engine::find_game(game_.game)),
        states_(replay_states(game_)),
        counts_from_setup_(info_.setup_turn),
        first_(counts_from_setup_ && !game_.turns.empty() ? 1 : 0),
        at_(first_),
        end_(ending(record)),
        match_(field(record, "match").is_string() ? printable(field(record, "match").get<std::string>()) : ""),
        players_(players_of(record)) {}

  std::size_t last_step() const { return states_.size() - 1 - first_; }

  // "1D Chess | match EC3AT7KU | white (alice) vs black (bob)": said once, before the first
  // board (the headers give the turn alone).
  std::string introduction() const { return info_.title + (match_.empty() ? "" : " | match " + match_) + " | " + players_ + "\n"; }

  // For `help` or `?`: what the board's symbols mean and what the prompt takes.
  std::string help() const {
    return board_legend(game_.game) + "Replay: Enter or n next turn, p previous, j N jump to turn N (0 to " +
           std::to_string(last_step()) + (counts_from_setup_ ? ", 0 is the setup" : "") + "), q quit.\n";
  }

  void show(std::ostream& out) const {
    out << "== " << info_.title << ", " << step_name(at_ - first_) << " ==\n";
    if (at_ > 0) show_moves(out, game_.turns[at_ - 1]);
    out << with_final_newline(states_[at_]->render(engine::Viewer::full()));
    // The seed's box has no numbers; the moves above it name positions ("white: 0 RIGHT").
    if (game_.game == "onedchess") out << onedchess_position_row() << "\n";
    if (at_ + 1 == states_.size() && end_) out << "Game over: " << outcome_text(info_, *end_) << "\n";
  }

  // Each returns "" when it moved, else what to tell the viewer.
  std::string next() {
    if (at_ + 1 == states_.size()) return "already at the last turn";
    ++at_;
    return "";
  }
  std::string previous() {
    if (at_ == first_) return "already at the first turn";
    --at_;
    return "";
  }
  std::string jump(std::istringstream& words) {
    std::string target;
    words >> target;
    if (counts_from_setup_ && lowercase(target) == "setup") target = "0";
    std::size_t step = 0;
    const char* end = target.data() + target.size();
    const auto [parsed_to, error] = std::from_chars(target.data(), end, step);
    if (target.empty() || error != std::errc() || parsed_to != end || step > last_step()) return jump_help();
    at_ = first_ + step;
    return "";
  }

 private:
  // The rules' result when they end the game; otherwise the stored one (a game the server
  // ended: resignation, timeout, forfeit, crash). A result replay cannot read is left out.
  std::optional<engine::Outcome> ending(const json& record) const {
    if (states_.back()->outcome().over) return states_.back()->outcome();
    try {
      return stored_outcome(record, info_);
    } catch (const std::invalid_argument&) {
      return std::nullopt;
    }
  }

  std::string step_name(std::size_t step) const {
    // DCMS's board says "turn K of MAX" itself: a second total here would differ when the
    // game ended early, so the header gives the turn alone.
    if (counts_from_setup_) return step == 0 ? "setup" : "turn " + std::to_string(step);
    return "turn " + std::to_string(step) + " of " + std::to_string(last_step());
  }

  void show_moves(std::ostream& out, const engine::JointMove& turn) const {
    for (std::size_t s = 0; s < 2; ++s)
      if (turn[s] || info_.simultaneous)
        out << info_.seat_names[s] << ": " << (turn[s] ? *turn[s] : std::string("(null move)")) << "\n";
  }

  std::string jump_help() const {
    const std::size_t last = last_step();
    return "jump to a turn from 0 to " + std::to_string(last) + (counts_from_setup_ ? " (0 is the setup)" : "") +
           ", e.g. jump " + std::to_string(last / 2);
  }

  // "white (alice) vs black (bob)", in the game's seat order; a seat without a name alone.
  std::string players_of(const json& record) const {
    std::string text;
    for (const auto& seat_name : info_.seat_names) {
      std::string label = seat_name;
      const json& seats = field(record, "seats");
      for (const auto& seat : seats.is_array() ? seats : json::array())
        if (field(seat, "seat") == seat_name && field(seat, "name").is_string())
          label += " (" + printable(field(seat, "name").get<std::string>()) + ")";
      text += (text.empty() ? "" : " vs ") + label;
    }
    return text;
  }

  engine::GameRecord game_;
  const engine::GameInfo& info_;
  std::vector<std::unique_ptr<engine::GameState>> states_;
  bool counts_from_setup_;  // the game's setup (DCMS's) is turn 0
  std::size_t first_;  // the state shown as step 0
  std::size_t at_;
  std::optional<engine::Outcome> end_;
  std::string match_;
  std::string players_;
};

enum class ReplayCommand { Next, Previous, Jump, Help, Quit, Unknown };

ReplayCommand parse_replay_command(const std::string& word) {
  const std::string command = lowercase(word);
  if (command.empty() || command == "n" || command == "next") return ReplayCommand::Next;
  if (command == "p" || command == "prev" || command == "previous") return ReplayCommand::Previous;
  if (command == "j" || command == "jump") return ReplayCommand::Jump;
  if (command == "q" || command == "quit") return ReplayCommand::Quit;
  if (command == "?" || command == "h" || command == "help") return ReplayCommand::Help;
  return ReplayCommand::Unknown;
}

// Runs one command (not Quit); "" when the replay moved, else what to tell the viewer.
std::string run_replay_command(Replay& replay, ReplayCommand command, const std::string& word,
                               std::istringstream& words) {
  switch (command) {
    case ReplayCommand::Next: return replay.next();
    case ReplayCommand::Previous: return replay.previous();
    case ReplayCommand::Jump: return replay.jump(words);
    case ReplayCommand::Help: return replay.help();
    default: return "unknown command '" + word + "': type next, previous, jump N, help or quit";
  }
}

json load_replay_record(const ServerUrl& server, const std::string& source) {
  if (std::filesystem::exists(source) || !looks_like_match_id(source)) return read_record_file(source);
  return fetch_match_record(server, source);
}

}  // namespace

int replay_match(const ServerUrl& server, const std::string& source, std::istream& in, std::ostream& out) {
  const json record = load_replay_record(server, source);
  if (const std::string state = text_field(record, "state", "finished"); state != "finished") {
    std::cerr << "skirmish replay: match " << source << " is " << printable(state)
              << "; only finished games are replayed" << std::endl;
    return 1;
  }
  Replay replay(record);
  out << replay.introduction();
  replay.show(out);
  std::string line;
  while (out << "[n]ext, [p]revious, [j]ump N, [q]uit, ? help > " << std::flush, std::getline(in, line)) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    const ReplayCommand command = parse_replay_command(word);
    if (command == ReplayCommand::Quit) break;
    const std::string refused = run_replay_command(replay, command, word, words);
    if (refused.empty()) replay.show(out);
    else out << with_final_newline(refused);
  }
  out << "\n";
  return 0;
}

int verify_record_file(const std::string& path, std::ostream& out) {
  const VerifyReport report = verify_record(read_record_file(path));
  for (const auto& line : report.lines) out << line << "\n";
  out << (report.ok ? "VALID" : "INVALID") << ": " << path << "\n";
  return report.ok ? 0 : 1;
}

}  // namespace skirmish::client

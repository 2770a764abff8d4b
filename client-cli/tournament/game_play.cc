#include "client-cli/tournament/game_play.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <boost/asio/post.hpp>

#include "client-cli/actor.h"
#include "client-cli/bot_actor.h"
#include "client-cli/bot_process.h"
#include "client-cli/game_facts.h"
#include "client-cli/json_field.h"
#include "client-cli/match_session.h"

namespace skirmish::tournament {

namespace asio = boost::asio;
using nlohmann::json;

struct GamePlay::Player {
  int seat = 0;
  std::string bot;
  std::string seat_name;
  std::ostringstream bridge;  // what the bridge says about this bot (deadlines, crashes)
  std::unique_ptr<client::BotProcess> process;
  std::unique_ptr<client::BotActor> actor;
  std::unique_ptr<RecordingActor> recorder;
  std::unique_ptr<client::MatchSession> session;
  std::string crash;        // why the bridge gave the seat up, if it did before the end
  bool saw_end = false;     // the final state arrived
  bool running = false;     // the last state was of a running game
  bool resigned = false;    // the seat was given up for the crash
  bool done = false;        // the session is over
  std::set<int> null_move_turns;  // the turns the server played without this bot's move
};

// Passes everything to the bridge's BotActor and tells the game what it needs to know:
// the match id once seated, the final state, and when the session is over.
class GamePlay::RecordingActor : public client::Actor {
 public:
  RecordingActor(GamePlay& game, int seat, client::BotActor& inner) : game_(game), seat_(seat), inner_(inner) {}
  void seated(const json& joined) override {
    inner_.seated(joined);
    game_.on_seated(seat_, joined);
  }
  void show(const json& state) override {
    inner_.show(state);
    game_.on_state(seat_, state);
  }
  void act(const json& state, const std::string& refused, client::ActionHandler done) override {
    // A bot that already died is not asked: its seat is being given up.
    if (game_.players_[static_cast<std::size_t>(seat_)]->crash.empty()) inner_.act(state, refused, std::move(done));
  }
  void giving_up(const std::string& why, bool crashed) override {
    inner_.giving_up(why, crashed);
    game_.on_giving_up(seat_, why, crashed);
  }
  void notice(const std::string& text) override { inner_.notice(text); }
  void finished(const json& state) override {
    game_.on_finished(seat_);
    if (game_.final_state_.is_null()) game_.final_state_ = state;
    inner_.finished(state);
  }
  void interrupted(client::ActionHandler done) override { inner_.interrupted(std::move(done)); }
  void stop() override {
    inner_.stop();
    // Called from inside the session: let it unwind before the game moves on.
    asio::post(game_.io_, [this] { game_.on_player_done(seat_); });
  }

 private:
  GamePlay& game_;
  int seat_;
  client::BotActor& inner_;
};

std::optional<int> null_move_turn(const json& state, const std::string& seat) {
  const json last = state.value("last", json());
  if (!last.is_object() || !last.contains("moves") || !last.at("moves").is_object()) return std::nullopt;
  const json& moves = last.at("moves");
  if (!moves.contains(seat) || !moves.at(seat).is_null()) return std::nullopt;
  return state.value("turn", 0);
}

// The last line the bot wrote to stderr in this game ("" if none), cut to a line an
// instructor can pass on: "MemoryError", "SyntaxError: expected ':'", "...: not found".
std::string last_words(const std::string& stderr_path) {
  std::ifstream in(stderr_path, std::ios::binary);
  if (!in) return "";
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  constexpr std::streamoff kTail = 4096;
  in.seekg(size > kTail ? size - kTail : 0);
  std::string line, last;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) last = line;
  }
  for (char& ch : last)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
  constexpr std::size_t kMax = 200;
  if (last.size() > kMax) last = last.substr(0, kMax) + "...";
  return last;
}

// A crash the bridge saw only as an exit or a signal gets the bot's own last words added:
// the results then tell a syntax error, an exception and a missing program apart.
std::string with_last_words(const std::string& crash, const std::string& stderr_path) {
  if (crash.find("exited with status") == std::string::npos && crash.find("killed by signal") == std::string::npos)
    return crash;
  const std::string words = last_words(stderr_path);
  return words.empty() ? crash : crash + "; its last words on stderr: '" + words + "'";
}

int played_turns(const std::string& game, int final_turn) {
  // A setup turn (DCMS's) is on the counter too; the other games' counter is the moves made.
  return client::has_setup_turn(game) ? std::max(0, final_turn - 1) : final_turn;
}

GamePlay::GamePlay(asio::io_context& io, const GameSettings& settings, ScheduledGame game,
                   const BotEntry& bot0, const BotEntry& bot1)
    : io_(io), settings_(settings), game_(std::move(game)), bots_{bot0, bot1}, watchdog_(io) {}

GamePlay::~GamePlay() = default;

void GamePlay::start(DoneHandler done) {
  done_ = std::move(done);
  watchdog_.expires_after(settings_.game_timeout);
  watchdog_.async_wait([this](boost::system::error_code ec) {
    if (!ec) abort("the game did not finish within " + std::to_string(settings_.game_timeout.count()) + " s");
  });
  // Both programs start now, so both have the same head start on the first deadline (the
  // second seat can only join once the first has created the match).
  start_bot(0);
  start_bot(1);
  start_session(0, "");
}

// The bot's stderr while the game runs: one file per game, so games played at the same
// time do not mix in NAME.log.
std::string GamePlay::running_log(const Player& player) const {
  return settings_.log_dir + "/running/game-" + std::to_string(game_.index) + "-" + player.bot + ".log";
}

// NAME.log, game by game: the header, what the bot wrote to stderr, what the bridge said.
void GamePlay::append_game_log(const Player& player) const {
  std::ofstream log(settings_.log_dir + "/" + player.bot + ".log", std::ios::app);
  log << "\n===== game " << game_.index << " (round " << game_.round << "): " << game_.seat0 << " ("
      << settings_.seat_names[0] << ") vs " << game_.seat1 << " (" << settings_.seat_names[1]
      << "); this bot plays " << player.seat_name << " =====\n";
  const std::string running = running_log(player);
  {
    std::ifstream stderr_text(running);
    if (stderr_text && stderr_text.peek() != std::ifstream::traits_type::eof()) log << stderr_text.rdbuf();
  }
  std::error_code ignored;
  std::filesystem::remove(running, ignored);
  log << "----- bridge, game " << game_.index << ", match " << match_ << " -----\n" << player.bridge.str();
  // An interrupted or stalled game's end above is not a result: say so, or a student reads
  // a loss that never counted (the game is played again on --resume).
  if (!succeeded())
    log << "tournament: this game was not recorded (" << (error_.empty() ? "no result" : error_)
        << "); it is played again on --resume\n";
  log << std::flush;
}

void GamePlay::start_bot(int seat) {
  const auto index = static_cast<std::size_t>(seat);
  players_[index] = std::make_unique<Player>();
  Player& p = *players_[index];
  p.seat = seat;
  p.bot = bots_[index].name;
  p.seat_name = settings_.seat_names[index];

  std::vector<std::string> argv = bot_argv(bots_[index], settings_.python, settings_.bots_dir);
  if (!settings_.limits_program.empty()) argv = limited_argv(settings_.limits_program, settings_.limits, argv);
  std::error_code ignored;
  std::filesystem::create_directories(settings_.log_dir + "/running", ignored);
  p.process = std::make_unique<client::BotProcess>(io_, argv, running_log(p));
  p.actor = std::make_unique<client::BotActor>(io_, *p.process, p.bridge);
  p.actor->set_log_name(settings_.log_dir + "/" + p.bot + ".log");
  p.recorder = std::make_unique<RecordingActor>(*this, seat, *p.actor);
  try {
    p.actor->start([this, &p](const std::string& why) {
      if (!p.saw_end && p.crash.empty()) p.crash = why;
      give_up_if_crashed(p);
    });
  } catch (const std::exception& e) {  // the program could not even be started: a crash
    p.crash = e.what();
  }
}

void GamePlay::start_session(int seat, const std::string& match) {
  Player& p = *players_[static_cast<std::size_t>(seat)];
  client::SeatRequest request;
  request.seat = p.seat_name;
  request.replay_hint = false;
  if (seat == 0) {
    request.mode = client::SeatRequest::Mode::Create;
    request.game = settings_.game;
    request.options = settings_.options;
  } else {
    request.mode = client::SeatRequest::Mode::Join;
    request.match = match;
    request.invite = players_[0]->session->invite();  // -o private=true: the creator's code
  }
  p.session = std::make_unique<client::MatchSession>(io_, settings_.server, p.bot, request, *p.recorder);
  p.session->start();
}

void GamePlay::on_seated(int seat, const json& joined) {
  if (seat != 0 || players_[1]->session) return;
  match_ = joined.value("match", "");
  std::cout << "game " << game_.index << " is match " << match_ << ": " << game_.seat0 << " ("
            << settings_.seat_names[0] << ") vs " << game_.seat1 << " (" << settings_.seat_names[1] << ")"
            << std::endl;
  if (!error_.empty()) return;  // given up (Ctrl-C): nothing to play
  // Also when a bot already died: its seat resigns as soon as the game runs, so the game
  // is a finished match like any other (results.json and records/ agree).
  start_session(1, match_);
}

void GamePlay::on_state(int seat, const json& state) {
  Player& p = *players_[static_cast<std::size_t>(seat)];
  p.running = state.value("status", "") == "running";
  // A set: the state of a turn seen again after a reconnect counts once.
  if (const auto turn = null_move_turn(state, p.seat_name)) p.null_move_turns.insert(*turn);
  // After the session has handled this state (it may be asking the actor right now).
  if (!p.crash.empty()) asio::post(io_, [this, &p] { give_up_if_crashed(p); });
}

void GamePlay::on_finished(int seat) {
  Player& p = *players_[static_cast<std::size_t>(seat)];
  // The program was already gone when the final state came: its stdout closed (the exit
  // status may not be read yet), or it exited and the loop has not yet seen its output end.
  // It crashed before it learned the game was over. A bot that never answered anything, or
  // still owes an answer, may still be dying (a shell that cannot find the program, a
  // Python traceback being printed) when its opponent's failure ends the game at once: it
  // gets the same short wait, so that two bots that fail in the same turn both lose,
  // whichever failure the server saw first. (A bot that is only thinking pays the wait.)
  if (p.crash.empty()) {
    constexpr std::chrono::milliseconds kDyingWait{300};
    std::optional<std::string> ended;
    if (p.process->output_closed())
      ended = p.process->wait_for_exit(kDyingWait);
    else if (p.actor->last_answer().empty() || p.actor->owes_answer())
      ended = p.process->exit_status_within(kDyingWait);
    else
      ended = p.process->exit_status_now();
    if (ended) {
      p.crash = "the bot " + *ended;
      p.bridge << "bridge: " << p.crash << " before the game ended" << std::endl;
    }
  }
  p.saw_end = true;
}

void GamePlay::give_up_if_crashed(Player& p) {
  if (p.crash.empty() || p.resigned || !p.session || !p.running || p.saw_end) return;
  p.resigned = true;
  p.session->abandon(p.crash, true);
}

void GamePlay::on_giving_up(int seat, const std::string& why, bool crashed) {
  Player& p = *players_[static_cast<std::size_t>(seat)];
  // The session's own verdict (too many refused moves) is the bot's fault too.
  if (crashed && p.crash.empty() && !p.saw_end) {
    p.crash = why;
    if (!p.actor->last_answer().empty()) p.crash += "; its last answer: '" + p.actor->last_answer() + "'";
  }
  std::cout << "game " << game_.index << " (match " << match_ << "): " << p.bot << " (" << p.seat_name
            << ") gives up its seat: " << why << std::endl;
}

void GamePlay::on_player_done(int seat) {
  players_[static_cast<std::size_t>(seat)]->done = true;
  for (const auto& p : players_)
    if (p->session && !p->done) return;
  conclude();
}

void GamePlay::abort(const std::string& why) {
  if (concluded_) return;
  if (error_.empty()) error_ = why;
  for (auto& p : players_)
    if (p->session && !p->done) p->session->abandon(why);
}

void GamePlay::conclude() {
  if (concluded_) return;
  concluded_ = true;
  watchdog_.cancel();
  for (auto& p : players_)
    if (!p->session) p->actor->stop();  // a bot that never got to its seat
  record_.index = game_.index;
  record_.round = game_.round;
  record_.seat0 = game_.seat0;
  record_.seat1 = game_.seat1;
  record_.seat0_name = settings_.seat_names[0];
  record_.seat1_name = settings_.seat_names[1];
  record_.match = match_;
  const auto bot_of_seat = [this](const std::string& seat_name) {
    return seat_name == settings_.seat_names[0] ? game_.seat0 : game_.seat1;
  };
  std::array<std::string, 2> crash;
  for (std::size_t i = 0; i < 2; ++i) {
    const Player& p = *players_[i];
    if (!p.crash.empty()) crash[i] = with_last_words(p.crash, running_log(p));
    if (!p.null_move_turns.empty()) record_.timeouts[p.bot] = static_cast<int>(p.null_move_turns.size());
  }
  const json outcome = final_state_.is_object() ? final_state_.value("outcome", json()) : json();
  if (outcome.is_object()) {
    const json& winner = client::field(outcome, "winner");
    record_.winner = winner.is_string() ? bot_of_seat(winner.get<std::string>()) : "";
    record_.reason = outcome.value("reason", "");
    record_.turns = played_turns(settings_.game, final_state_.value("turn", 0));
    recorded_ = true;
  } else if (error_.empty()) {
    // Even a game a bot lost by crashing ends on the server (its seat resigns); without a
    // final state the game was never played out (the server refused or went away), so it
    // is not recorded and --resume plays it again.
    error_ = "the game ended without a result: the server sent no final state (its messages are on the "
             "terminal and in tournament.log; the bots' logs are in " + settings_.log_dir + ")";
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (crash[i].empty()) continue;
    const std::string& bot = i == 0 ? game_.seat0 : game_.seat1;
    record_.crashes[bot] = crash[i];
    if (record_.winner != bot && !record_.draw() && record_.reason == "resignation") record_.reason = "crash";
  }
  // Both crashed, each before its bridge learned the game was over: which resignation the
  // server saw first decided its result, not the bots. Both lose (the server's record keeps
  // its own result).
  if (recorded_ && !crash[0].empty() && !crash[1].empty()) {
    record_.winner.clear();
    record_.both_crashed = true;
    record_.reason = "crash";
    for (auto& p : players_) p->bridge << "tournament: both bots crashed, so both lose this game\n";
  }
  for (const auto& p : players_) append_game_log(*p);
  // Turn-based games: the server's timeout rule decided it.
  if (record_.reason == "timeout" && !record_.draw()) {
    const std::string loser = record_.winner == game_.seat0 ? game_.seat1 : game_.seat0;
    if (record_.timeouts[loser] == 0) record_.timeouts[loser] = 1;
  }
  asio::post(io_, [this] {
    if (done_) done_();
  });
}

}  // namespace skirmish::tournament

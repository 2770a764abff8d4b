#include "client-cli/bot_actor.h"

#include "client-cli/game_facts.h"
#include "client-cli/game_ui.h"
#include "client-cli/json_field.h"
#include "client-cli/screens.h"
#include "client-cli/style.h"
#include "client-cli/untrusted_json.h"

namespace skirmish::client {

using nlohmann::json;

namespace {

// A bot's line as the bridge quotes it: cut short, and safe for the terminal or log it goes
// to (a student's bot must not reach the instructor's terminal with escape sequences).
std::string quote_line(const std::string& line) {
  constexpr std::size_t kShown = 200;
  return "'" + printable(line.size() > kShown ? line.substr(0, kShown) + "..." : line) + "'";
}

// Refused answers of one turn written to the log; the rest are only counted (a bot may
// be refused up to 50 times in a turn: the 50th ends the session).
constexpr int kRefusalsShown = 3;

}  // namespace

BotActor::BotActor(boost::asio::io_context& io, BotProcess& bot, std::ostream& out)
    : bot_(bot), out_(out), deadline_(io) {}

void BotActor::start(FailureHandler on_failure) {
  on_failure_ = std::move(on_failure);
  bot_.start([this](const std::string& line) { on_line(line); },
             [this](const std::string& what) {
               if (!stopped_) fail("the bot " + what);
             });
}

std::string BotActor::check_answer(const json& answer, const std::string& game,
                                   const std::string& phase) {
  if (!answer.is_object()) return "not a JSON object";
  if (answer.contains("resign")) return "";
  // Only the shape: the codec's stricter reading is the server's, whose refusal the bot is
  // told and may answer again. A game this client does not know is left to the server.
  const GameUi* ui = find_ui(game);
  return ui != nullptr ? ui->check_answer(answer, phase) : "";
}

// One line per change, so whoever runs the bridge can follow the game.
void BotActor::show(const json& state) {
  note_missed_deadline(state);
  const std::string game = state.value("game", "");
  const std::string last = describe_last(game, field(state, "last"));
  if (last.empty()) return;
  // The same report comes again with states that change something else (a seat came
  // back after a drop, a resume): printed once.
  json shown = {field(state, "turn"), field(state, "last")};
  if (shown == last_shown_) return;
  last_shown_ = std::move(shown);
  // `last` reports the move before the current counter; a setup's report names itself
  // (DCMS: "Setup:").
  const long long played = state.value("turn", 0LL) - 1;
  if (!has_setup_turn(game) || played > 0) out_ << turn_name(game, played) << ": ";
  out_ << last;
  // The report names only the pieces still on the board ("S 5" once only the cheeSe is
  // left): say what the bot itself sent when that reads differently.
  const json& moves = field(state, "last").is_object() ? field(state, "last").value("moves", json()) : json();
  const std::string seat = state.value("you", "");
  if (game == "dcms" && played == sent_move_turn_ && moves.is_object() && moves.value(seat, json()).is_string() &&
      moves[seat].get<std::string>() != sent_move_)
    out_ << "(" << seat << "'s move as the bot sent it: '" << sent_move_
         << "'; the report names only the pieces still on the board)\n";
  out_ << std::flush;
}

void BotActor::act(const json& state, const std::string& refused, ActionHandler done) {
  if (failed_) return;
  const json& view = field(state, "view");
  const std::string game = state.value("game", "");
  const std::string phase = view.is_object() ? view.value("phase", "play") : "play";
  // A request still unanswered belongs to an earlier turn: its answer will be dropped.
  for (auto& p : pending_) p.done = nullptr;
  json request = {{"type", "act"},           {"game", game},
                  {"match", field(state, "match")}, {"seat", field(state, "you")},
                  {"turn", field(state, "turn")},   {"phase", phase},
                  {"deadline_ms", deadline_ms(state)}, {"view", view},
                  {"last", field(state, "last")},   {"refused", refused.empty() ? json() : json(refused)}};
  const int turn = state.value("turn", 0);
  if (refused.empty()) {
    refusals_shown_ = 0;
  } else if (++refusals_shown_ <= kRefusalsShown) {
    out_ << "bridge: the server refused " << quote_line(last_answer_) << " for " << turn_name(game, turn) << ": "
         << refused << (refusals_shown_ == kRefusalsShown ? " (more refusals of this turn are not shown)" : "")
         << std::endl;
  }
  pending_.push_back(Pending{std::move(done), game, phase, turn});
  bot_.send_line(request.dump());
  deadline_.cancel();
  if (deadline_ms(state).is_number()) {
    deadline_.expires_after(std::chrono::milliseconds(deadline_ms(state).get<long long>()));
    deadline_.async_wait([this](boost::system::error_code ec) {
      if (ec || pending_.empty() || !pending_.back().done) return;
      report_missed(pending_.back());
    });
  }
}

void BotActor::report_missed(Pending& late) {
  late.done = nullptr;  // an answer that still comes is dropped
  deadline_.cancel();
  // The server's rule: in a simultaneous game (DCMS) a missing setup is an illegal setup
  // (a loss), a missing move a null move.
  const char* consequence = !is_simultaneous(late.game) ? ": the server applies the timeout rule"
                            : late.phase == "setup"     ? ": no placement, an illegal setup"
                                                        : ": null move";
  out_ << "bridge: the bot missed the deadline for " << turn_name(late.game, late.turn) << consequence << std::endl;
}

// The server can tell of a missed deadline before the bridge's timer does (that clock
// started later, when the request reached the bridge): a DCMS turn resolved with the seat's
// move null, or a lost-on-time ending.
void BotActor::note_missed_deadline(const json& state) {
  if (pending_.empty() || !pending_.back().done) return;
  Pending& waiting = pending_.back();
  const std::string you = state.value("you", "");
  bool missed = false;
  if (is_simultaneous(waiting.game)) {
    const json& moves = field(field(state, "last"), "moves");
    missed = state.value("turn", 0) == waiting.turn + 1 && moves.is_object() && moves.contains(you) &&
             moves[you].is_null();
  } else {
    const json& outcome = field(state, "outcome");
    missed = outcome.is_object() && outcome.value("reason", "") == "timeout" && field(outcome, "winner") != you;
  }
  if (missed) report_missed(waiting);
}

void BotActor::on_line(const std::string& line) {
  if (failed_ || stopped_) return;
  if (pending_.empty()) return fail("the bot wrote " + quote_line(line) + " when no move was asked for");
  Pending request = std::move(pending_.front());
  pending_.pop_front();
  last_answer_ = line;
  std::string not_json;
  const json answer = parse_untrusted(line, not_json);  // a bot's deep nesting must not overflow our stack
  const std::string problem = answer.is_discarded() ? not_json : check_answer(answer, request.game, request.phase);
  if (!problem.empty()) return fail("the bot wrote something that is not a move: " + quote_line(line) + " (" + problem + ")");
  if (!request.done) {
    out_ << "bridge: dropped the bot's late answer for " << turn_name(request.game, request.turn) << std::endl;
    return;
  }
  deadline_.cancel();
  if (request.game == "dcms" && answer.value("move", json()).is_string()) {
    sent_move_ = field(answer, "move").get<std::string>();
    sent_move_turn_ = request.turn;
  }
  if (answer.contains("resign")) return request.done(Action{Action::Kind::Resign, {}});
  request.done(Action{Action::Kind::Move, answer});
}

void BotActor::notice(const std::string& text) { out_ << "* " << text << std::endl; }

void BotActor::finished(const json& state) {
  const std::string you = state.value("you", "");
  bot_.send_line(json({{"type", "over"}, {"game", field(state, "game")}, {"seat", field(state, "you")},
                       {"outcome", field(state, "outcome")}, {"view", field(state, "view")}, {"last", field(state, "last")}})
                     .dump());
  out_ << "Game over: " << describe_outcome(field(state, "outcome"), you) << std::flush;
}

void BotActor::interrupted(ActionHandler done) { done(Action{Action::Kind::Resign, {}}); }

void BotActor::fail(const std::string& why) {
  if (failed_) return;
  failed_ = true;
  deadline_.cancel();
  pending_.clear();
  out_ << "bridge: " << why << " (log: " << (log_name_.empty() ? bot_.log_path() : log_name_) << ")" << std::endl;
  if (on_failure_) on_failure_(why);
}

void BotActor::giving_up(const std::string& why, bool crashed) {
  // A failed bot was reported by fail(); this is the session's own reason (refused moves).
  if (crashed && !failed_) out_ << "bridge: giving up the seat: " << why << std::endl;
}

void BotActor::stop() {
  stopped_ = true;
  deadline_.cancel();
  bot_.stop();
}

}  // namespace skirmish::client

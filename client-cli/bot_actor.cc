#include "client-cli/bot_actor.h"

#include "client-cli/screens.h"

namespace skirmish::client {

using nlohmann::json;

namespace {

bool is_position(const json& value) {
  return value.is_array() && value.size() == 2 && value[0].is_number_integer() &&
         value[1].is_number_integer();
}

std::string quoted(const std::string& line) {
  constexpr std::size_t kShown = 200;
  return "'" + (line.size() > kShown ? line.substr(0, kShown) + "..." : line) + "'";
}

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
  if (game == "tactego") {
    if (!is_position(answer.value("from", json())) || !is_position(answer.value("to", json())))
      return "a Tactego move needs \"from\" and \"to\", each [row, col]";
  } else if (game == "onedchess") {
    if (!answer.value("position", json()).is_number_integer() ||
        !answer.value("direction", json()).is_string())
      return "a 1D Chess move needs \"position\" (integer) and \"direction\" (\"LEFT\"/\"RIGHT\")";
  } else if (game == "dcms") {
    if (phase == "setup" && !answer.value("placement", json()).is_array())
      return "a DCMS setup needs \"placement\": a list of [row, col]";
    if (phase != "setup" && !answer.value("move", json()).is_string())
      return "a DCMS move needs \"move\": a string such as \"M 4\"";
  }
  return "";
}

// One line per change, so whoever runs the bridge can follow the game.
void BotActor::show(const json& state) {
  const std::string last = describe_last(state.value("game", ""), state["last"]);
  if (!last.empty()) out_ << "turn " << state.value("turn", 0) << ": " << last << std::flush;
}

void BotActor::act(const json& state, const std::string& refused, ActionHandler done) {
  if (failed_) return;
  const json& view = state["view"];
  const std::string game = state.value("game", "");
  const std::string phase = view.is_object() ? view.value("phase", "play") : "play";
  // A request still unanswered belongs to an earlier turn: its answer will be dropped.
  for (auto& p : pending_) p.done = nullptr;
  json request = {{"type", "act"},           {"game", game},
                  {"match", state["match"]}, {"seat", state["you"]},
                  {"turn", state["turn"]},   {"phase", phase},
                  {"deadline_ms", state["deadline_ms"]}, {"view", view},
                  {"last", state["last"]},   {"refused", refused.empty() ? json() : json(refused)}};
  pending_.push_back(Pending{std::move(done), game, phase, state.value("turn", 0)});
  bot_.send_line(request.dump());
  deadline_.cancel();
  if (state["deadline_ms"].is_number()) {
    const int turn = state.value("turn", 0);
    deadline_.expires_after(std::chrono::milliseconds(state["deadline_ms"].get<long long>()));
    deadline_.async_wait([this, turn](boost::system::error_code ec) {
      if (ec || pending_.empty() || !pending_.back().done) return;
      pending_.back().done = nullptr;
      out_ << "bridge: the bot missed the deadline for turn " << turn
           << (pending_.back().game == "dcms" ? ": null move" : ": the server applies the timeout rule")
           << std::endl;
    });
  }
}

void BotActor::on_line(const std::string& line) {
  if (failed_ || stopped_) return;
  if (pending_.empty()) return fail("the bot wrote " + quoted(line) + " when no move was asked for");
  Pending request = std::move(pending_.front());
  pending_.pop_front();
  const json answer = json::parse(line, nullptr, false);
  const std::string problem = answer.is_discarded() ? "not JSON" : check_answer(answer, request.game, request.phase);
  if (!problem.empty()) return fail("the bot wrote something that is not a move: " + quoted(line) + " (" + problem + ")");
  if (!request.done) {
    out_ << "bridge: dropped the bot's late answer for turn " << request.turn << std::endl;
    return;
  }
  deadline_.cancel();
  if (answer.contains("resign")) return request.done(Action{Action::Kind::Resign, {}});
  request.done(Action{Action::Kind::Move, answer});
}

void BotActor::notice(const std::string& text) { out_ << "* " << text << std::endl; }

void BotActor::finished(const json& state) {
  const std::string you = state.value("you", "");
  bot_.send_line(json({{"type", "over"}, {"game", state["game"]}, {"seat", state["you"]},
                       {"outcome", state["outcome"]}, {"view", state["view"]}, {"last", state["last"]}})
                     .dump());
  out_ << "Game over: " << describe_outcome(state["outcome"], you) << std::flush;
}

void BotActor::interrupted(ActionHandler done) { done(Action{Action::Kind::Resign, {}}); }

void BotActor::fail(const std::string& why) {
  if (failed_) return;
  failed_ = true;
  deadline_.cancel();
  pending_.clear();
  out_ << "bridge: " << why << " (log: " << bot_.log_path() << ")" << std::endl;
  if (on_failure_) on_failure_(why);
}

void BotActor::stop() {
  stopped_ = true;
  deadline_.cancel();
  bot_.stop();
}

}  // namespace skirmish::client

#include "client-cli/human_actor.h"

#include <algorithm>
#include <cstdio>

#include "client-cli/screens.h"

namespace skirmish::client {

namespace {

const char* title(const std::string& game) {
  if (game == "tactego") return "Tactego";
  if (game == "onedchess") return "1D Chess";
  if (game == "dcms") return "Dog-Cat-Mouse-cheeSe";
  return "?";
}

std::string seconds(long long ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

}  // namespace

std::string HumanActor::status_line(const nlohmann::json& state) const {
  const std::string status = state.value("status", "");
  const std::string you = state.value("you", "");
  if (status == "waiting") return "Waiting for an opponent to join...";
  if (status != "running") return "";
  const auto& to_act = state["to_act"];
  const bool mine = std::find(to_act.begin(), to_act.end(), you) != to_act.end();
  std::string deadline;
  if (state["deadline_ms"].is_number()) deadline = ", " + seconds(state["deadline_ms"].get<long long>()) + " left";
  if (mine) return style_.bold("Your turn (" + you + ")" + deadline + ".");
  std::string others;
  for (const auto& seat : to_act) others += (others.empty() ? "" : " and ") + seat.get<std::string>();
  return "Waiting for " + others + deadline + ".";
}

void HumanActor::show(const nlohmann::json& state) {
  const std::string game = state.value("game", "");
  out_ << "\n"
       << style_.bold(std::string("== ") + title(game) + " | match " + state.value("match", "") +
                      " | you: " + state.value("you", "") + " | turn " +
                      std::to_string(state.value("turn", 0)) + " ==")
       << "\n";
  out_ << describe_last(game, state["last"]);
  out_ << render_board(game, state.at("view"), style_);
  const std::string line = status_line(state);
  if (!line.empty()) out_ << line << "\n";
  out_.flush();
}

void HumanActor::act(const nlohmann::json& state, const std::string& refused, ActionHandler done) {
  if (!refused.empty()) out_ << style_.yellow("Refused by the server: " + refused) << "\n";
  dialog_ = make_move_dialog(state);
  done_ = std::move(done);
  if (!asking_resign_) ask();
}

void HumanActor::ask() {
  if (!dialog_) return;
  out_ << dialog_->prompt() << std::flush;
  input_.read_line([this](std::optional<std::string> line) {
    if (!dialog_) return;
    if (!line) {
      out_ << "\nEnd of input: leaving the match." << std::endl;
      dialog_.reset();
      if (done_) done_(Action{Action::Kind::Leave, {}});
      return;
    }
    try {
      auto move = dialog_->feed(*line);
      if (!move) return ask();
      dialog_.reset();
      auto done = std::move(done_);
      done_ = nullptr;
      done(Action{Action::Kind::Move, *move});
    } catch (const InputError& e) {
      out_ << style_.yellow(e.what()) << "\n";
      ask();
    }
  });
}

void HumanActor::notice(const std::string& text) {
  if (dialog_ && !asking_resign_) {  // keep the open prompt last on the screen
    out_ << "\n" << style_.dim("* " + text) << "\n" << dialog_->prompt() << std::flush;
    return;
  }
  out_ << style_.dim("* " + text) << std::endl;
}

void HumanActor::finished(const nlohmann::json& state) {
  dialog_.reset();
  out_ << style_.bold("Game over: " + describe_outcome(state["outcome"], state.value("you", ""))) << std::flush;
}

void HumanActor::interrupted(ActionHandler done) {
  asking_resign_ = true;
  out_ << "\nResign this game? [y/N] " << std::flush;
  input_.read_line([this, done](std::optional<std::string> line) {
    asking_resign_ = false;
    if (line && !line->empty() && (line->front() == 'y' || line->front() == 'Y')) {
      dialog_.reset();
      return done(Action{Action::Kind::Resign, {}});
    }
    if (!line) {
      dialog_.reset();
      return done(Action{Action::Kind::Leave, {}});
    }
    out_ << "Carrying on." << std::endl;
    ask();  // back to the move prompt, if one was open
  });
}

void HumanActor::stop() {
  dialog_.reset();
  input_.close();
}

}  // namespace skirmish::client

#include "client-cli/human_actor.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "client-cli/game_facts.h"
#include "client-cli/json_field.h"
#include "client-cli/match_terms.h"
#include "client-cli/screens.h"
#include "client-cli/words.h"
#include "engine/registry.h"

namespace skirmish::client {

namespace {

constexpr const char* kResignQuestion = "Resign this game? [y/N] ";
constexpr const char* kJoinQuestion = "Join anyway? [y/N] ";

std::string title(const std::string& game) {
  const engine::GameInfo* info = engine::find_game(game);
  return info != nullptr ? info->title : "?";
}

// What a state shows on the screen: a state that changes none of it (a seat came back,
// a new deadline) is not drawn again.
nlohmann::json on_screen(const nlohmann::json& state) {
  nlohmann::json shown = nlohmann::json::object();
  for (const char* key : {"status", "turn", "to_act", "view", "last", "outcome", "you"})
    if (state.contains(key)) shown[key] = state[key];
  return shown;
}

// The turn being played; a finished game has none (its counter is already one past).
// A game with a setup turn (DCMS) counts as its board and `skirmish replay` do: the setup,
// then play turns from 0 (the protocol's turn counts the setup as turn 0).
std::string turn_label(const nlohmann::json& state) {
  if (state.value("status", "") == "over") return " | game over";
  const long long turn = state.value("turn", 0LL);
  if (!has_setup_turn(state.value("game", ""))) return " | turn " + std::to_string(turn);
  const nlohmann::json& view = field(state, "view");
  if (!view.is_object() || view.value("phase", "") == "setup") return " | setup";
  std::string label = " | turn " + std::to_string(turn - 1);
  if (view.contains("max_turns")) label += " of " + field(view, "max_turns").dump();
  return label;
}

std::string seconds(long long ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

}  // namespace

HumanActor::HumanActor(LineInput& input, Style style, std::ostream& out)
    : input_(input), style_(style), out_(out), time_warning_(input.io()) {
  // What is typed is drawn after the open question (show, say_above_typing, ask).
  input_.prompt_source([this] { return open_question(); });
  // Back from Ctrl-Z (`fg`): the shell wrote over the screen, so the open question is asked
  // again, with what was typed into it.
  input_.on_resumed([this] {
    const std::string question = open_question();
    if (!question.empty() || !input_.pending().empty())
      out_ << "\n" << question << input_.pending() << std::flush;
  });
}

std::string HumanActor::status_line(const nlohmann::json& state) const {
  const std::string status = state.value("status", "");
  const std::string you = state.value("you", "");
  if (status == "waiting") {
    // The server shows a seat its hidden pieces only once the game starts (the seat may
    // still change hands until then).
    const bool fog = field(field(state, "view"), "fog") == true;
    return fog ? "Waiting for an opponent to join... (fog: your pieces are shown when the game starts)"
               : "Waiting for an opponent to join...";
  }
  if (status != "running") return "";
  const auto& to_act = field(state, "to_act");
  const bool mine = std::find(to_act.begin(), to_act.end(), you) != to_act.end();
  std::string deadline;
  if (deadline_ms(state).is_number()) deadline = ", " + seconds(deadline_ms(state).get<long long>()) + " left";
  if (mine) return style_.bold("Your turn (" + you + ")" + deadline + ".");
  std::string others;
  for (const auto& seat : to_act) others += (others.empty() ? "" : " and ") + seat.get<std::string>();
  return "Waiting for " + others + deadline + ".";
}

void HumanActor::show(const nlohmann::json& state) {
  status_ = state.value("status", "");
  you_ = state.value("you", "");
  game_ = state.value("game", "");
  listen_between_prompts();
  auto shown = on_screen(state);
  const bool timed = deadline_ms(state).is_number();
  const bool was_timed = std::exchange(timed_, timed);
  const bool clock_started = timed && !was_timed && status_ == "running";
  if (shown == last_drawn_) {
    // The same board, but the clock runs again (after a server restart it waits until every
    // seat is back): the time drawn as unlimited is said, and the warning armed.
    if (clock_started) {
      notice("The clock runs again: " + seconds(deadline_ms(state).get<long long>()) +
             " left for this move.");
      if (dialog_ && dialog_turn_ == state.value("turn", -1)) warn_before_deadline(state);
    }
    return;
  }
  last_drawn_ = std::move(shown);
  // A prompt for an earlier turn (the turn moved on without us), or in a game that ended
  // (the opponent resigned or left), is no longer asked: it is not drawn again.
  if (dialog_ && (state.value("turn", -1) != dialog_turn_ || status_ != "running")) dialog_.reset();
  const std::string game = state.value("game", "");
  out_ << "\n"
       << style_.bold("== " + title(game) + " | match " + state.value("match", "") +
                      " | you: " + names_.who_plays(game, state.value("you", "")) + turn_label(state) + " ==")
       << "\n";
  out_ << describe_last(game, field(state, "last"));
  out_ << render_board(game, state.at("view"), style_);
  const std::string line = status_line(state);
  if (!line.empty()) out_ << line << "\n";
  // Still waiting for an answer, under the board, with what was typed into it. (A line
  // typed with no question open is on the screen above the board.)
  if (const std::string question = open_question(); !question.empty()) out_ << question << input_.pending();
  out_.flush();
}

void HumanActor::act(const nlohmann::json& state, const std::string& refused, ActionHandler done) {
  done_ = std::move(done);
  const int turn = state.value("turn", -1);
  // Asked again for the same turn with nothing refused (after a reconnect): the prompt on
  // the screen, and what was typed into it, stay.
  if (dialog_ && refused.empty() && turn == dialog_turn_) return;
  if (!refused.empty()) out_ << style_.yellow("Refused by the server: " + refused) << "\n";
  if (asking_resign_) {
    // The resign question stays open and last, with whatever was typed as its answer (not
    // a move typed ahead); the move prompt comes after the answer.
    dialog_ = make_move_dialog(state);
    dialog_turn_ = turn;
    if (refused.empty()) warn_before_deadline(state);
    return;
  }
  if (refused.empty() && input_.discard_typed_ahead())
    out_ << style_.dim("(what you typed before your turn was ignored)") << "\n";
  if (!std::exchange(told_how_to_resign_, true))
    out_ << style_.dim("(type resign at any prompt to give up the game, help or ? for what the board shows)") << "\n";
  // A time limit can be the game's default (DCMS: 5 s), which nobody chose: said once, at
  // the first prompt that has one, before it costs anything.
  if (deadline_ms(state).is_number() && !std::exchange(told_time_limit_, true))
    out_ << style_.yellow("Each move here has a time limit (" +
                          seconds(deadline_ms(state).get<long long>()) + " left for this one): if it runs out, " +
                          late_move_cost(state.value("game", "")) + ".")
         << "\n";
  dialog_ = make_move_dialog(state);
  dialog_turn_ = turn;
  // A refused move is asked again with the state it answered, whose time left is old news:
  // the warning armed for this turn stands.
  if (refused.empty()) warn_before_deadline(state);
  if (!asking_resign_) ask();
}

void HumanActor::warn_before_deadline(const nlohmann::json& state) {
  time_warning_.cancel();
  const auto& deadline = deadline_ms(state);
  if (!input_.terminal() || !deadline.is_number()) return;
  const std::chrono::milliseconds left(deadline.get<long long>());
  if (left <= kTimeWarning * 3 / 2) return;  // a short limit is its own warning
  time_warning_.expires_after(left - kTimeWarning);
  const std::string cost = late_move_cost(state.value("game", ""));
  time_warning_.async_wait([this, turn = dialog_turn_, cost](boost::system::error_code error) {
    // Still this turn's prompt: a move sent, a game over or a dropped link closed it.
    if (error || !dialog_ || dialog_turn_ != turn) return;
    notice(std::to_string(kTimeWarning.count()) + " s left for this move; then " + cost + ".");
  });
}

void HumanActor::ask() {
  if (!dialog_) return listen_between_prompts();
  out_ << dialog_->prompt() << std::flush;
  input_.read_line([this](std::optional<std::string> line) { answer(std::move(line)); });
}

void HumanActor::answer(std::optional<std::string> line) {
  if (!dialog_) {
    // The prompt was withdrawn (the connection dropped, or the turn moved on).
    if (line) out_ << style_.dim("(not sent: no move is asked for now)") << std::endl;
    return listen_between_prompts();
  }
  if (!line) {
    dialog_.reset();
    if (input_.terminal()) out_ << "\n";  // Ctrl-D left the cursor after the prompt
    if (done_) done_(end_of_input());
    return;
  }
  if (is_word(*line, "resign")) return confirm_resign(done_);
  if (is_word(*line, "help") || is_word(*line, "?")) {
    out_ << dialog_->help() << "Also: 'resign' gives up the game (it asks first); 'help' or '?' shows this.\n";
    return ask();
  }
  try {
    auto move = dialog_->feed(*line);
    if (!move) return ask();
    dialog_.reset();
    auto done = std::move(done_);
    done_ = nullptr;
    done(Action{Action::Kind::Move, *move});
    listen_between_prompts();
  } catch (const InputError& e) {
    out_ << style_.yellow(e.what()) << "\n";
    ask();
  }
}

// On a terminal, a line typed while no prompt is open (the other player's turn, a game
// not started, a spectator's screen) is answered at once: it is never played later (see
// LineInput::discard_typed_ahead), and silence left people wondering whether a `resign`
// had worked. Piped input is left alone: it is a script of moves for the prompts to come.
void HumanActor::listen_between_prompts() {
  if (!input_.terminal() || input_.at_end() || dialog_ || asking_resign_ || asking_join_) return;
  input_.read_line([this](std::optional<std::string> line) {
    if (!line) {
      // Ctrl-D or a closed terminal: acted on now, as the session acts on SIGHUP. (Without
      // a handler, at the next prompt: end_of_input.)
      if (input_ended_) input_ended_();
      return;
    }
    // What the board shows is worth knowing between prompts too, and a spectator has none.
    if (const std::string legend = board_legend(game_);
        !legend.empty() && (is_word(*line, "help") || is_word(*line, "?")))
      say_above_typing(legend);
    else
      say_above_typing(style_.dim(not_asked_note()) + "\n");
    listen_between_prompts();
  });
}

std::string HumanActor::not_asked_note() const {
  if (offline_) return "(not sent: no move is asked for now)";
  if (you_ == "spectator") return "(not sent: a spectator only watches; '?' explains the board, Ctrl-C stops watching)";
  if (status_ == "waiting") return "(not sent: the game has not started; Ctrl-C leaves the match)";
  return "(not sent: it is not your turn; 'resign' and 'help' work at your prompt, Ctrl-C resigns now)";
}

std::string HumanActor::open_question() const {
  if (asking_join_) return kJoinQuestion;
  if (asking_resign_) return kResignQuestion;
  return dialog_ ? dialog_->prompt() : std::string();
}

void HumanActor::say_above_typing(const std::string& text) {
  // On a terminal the open question (a move prompt, the resign question) is drawn again, to
  // stay last on the screen, with what was typed so far. A script at the other end of a
  // pipe would take a second prompt for a second question.
  if (input_.terminal()) {
    const std::string question = open_question();
    const bool mid_line = !question.empty() || !input_.pending().empty();
    out_ << (mid_line ? "\n" : "") << text << question << input_.pending() << std::flush;
    return;
  }
  out_ << (dialog_ || asking_resign_ ? "\n" : "") << text << std::flush;
}

void HumanActor::notice(const std::string& text) { say_above_typing(style_.dim("* " + text) + "\n"); }

void HumanActor::disconnected(const std::string& text) {
  // No prompt while there is no connection: a move typed now could not be sent. The turn
  // is asked again once the seat is back.
  dialog_.reset();
  offline_ = true;
  say_above_typing(style_.dim("* " + text) + "\n");
}

void HumanActor::reconnected(const std::string& text) {
  // The current state follows: it is drawn again, with the open prompt under it.
  offline_ = false;
  say_above_typing(style_.dim("* " + text) + "\n");
  last_drawn_ = nullptr;
}

void HumanActor::finished(const nlohmann::json& state) {
  dialog_.reset();
  // show() drew the final board without the prompt, so this starts a line of its own; the
  // style ends before the newline, so the next line is not bold.
  std::string outcome = describe_outcome(field(state, "outcome"), state.value("you", ""));
  if (!outcome.empty() && outcome.back() == '\n') outcome.pop_back();
  out_ << style_.bold("Game over: " + outcome) << std::endl;
  if (const std::string why = explain_outcome(state.value("game", ""), field(state, "outcome")); !why.empty())
    out_ << "(" << capitalized(why) << ".)" << std::endl;
}

void HumanActor::interrupted(ActionHandler done) {
  out_ << "\n";
  input_.clear_pending();  // Ctrl-C drops the line being typed, as a terminal's own would
  // Ctrl-C again at the question: a way out that loses nothing, as closing the terminal is.
  if (asking_resign_) {
    asking_resign_ = false;
    dialog_.reset();
    input_.cancel();  // the question's read: its answer, if one comes, is not wanted
    return done(Action{Action::Kind::Detach, {}, "Ctrl-C twice"});
  }
  out_ << style_.dim("(Ctrl-C again stops this client without resigning: the seat is kept for skirmish resume)")
       << "\n";
  confirm_resign(std::move(done));
}

void HumanActor::confirm_resign(ActionHandler done) {
  asking_resign_ = true;
  out_ << kResignQuestion << std::flush;
  input_.read_line([this, done](std::optional<std::string> line) {
    asking_resign_ = false;
    if (!line) {
      dialog_.reset();
      if (input_.terminal()) out_ << "\n";  // Ctrl-D left the cursor after the question
      return done(end_of_input());
    }
    if (!line->empty() && (line->front() == 'y' || line->front() == 'Y')) {
      dialog_.reset();
      return done(Action{Action::Kind::Resign, {}});
    }
    out_ << "Carrying on." << std::endl;
    // Not an answer but a move, typed at the prompt that the turn brought meanwhile (the
    // question had scrolled away): it is that prompt's answer, not lost.
    const bool no = line->empty() || line->front() == 'n' || line->front() == 'N';
    if (!no && dialog_) return answer(std::move(line));
    ask();  // back to the move prompt, if one was open
  });
}

void HumanActor::confirm_join(std::function<void(bool)> answer) {
  // Piped input is a script that named its match: it goes on, as `join --yes` does.
  if (!input_.terminal()) return answer(true);
  input_.discard_typed_ahead();  // only a key pressed after the warnings answers them
  asking_join_ = true;
  out_ << kJoinQuestion << std::flush;
  input_.read_line([this, answer = std::move(answer)](std::optional<std::string> line) {
    asking_join_ = false;
    if (!line && input_.terminal()) out_ << "\n";  // Ctrl-D left the cursor after the question
    answer(line && !line->empty() && (line->front() == 'y' || line->front() == 'Y'));
  });
}

// A terminal that reaches its end was closed (or Ctrl-D was pressed): that is not a
// decision to lose, so the seat is kept for `skirmish resume`. Piped moves that run out
// are a script that has finished: it resigns, so the opponent need not wait.
Action HumanActor::end_of_input() {
  if (input_.terminal()) return Action{Action::Kind::Detach, {}};
  out_ << "\nEnd of input: resigning this game." << std::endl;
  return Action{Action::Kind::Resign, {}};
}

void HumanActor::stop() {
  input_.prompt_source(nullptr);  // the input may outlive this actor
  dialog_.reset();
  time_warning_.cancel();  // else it would keep the io_context, and the program, running
  input_.close();
}

}  // namespace skirmish::client

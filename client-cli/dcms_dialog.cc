// DCMS: the setup asks where each piece starts ("row col" per piece, cheeSe first); each
// turn asks for the seed's move string ("M 4"), checked by the rule engine's parser.
// The bridge's check of a bot's answer is here too: it wants the fields this dialog writes.
#include <sstream>
#include <stdexcept>
#include <vector>

#include "client-cli/move_dialogs.h"
#include "client-cli/game_ui_parts.h"
#include "client-cli/json_field.h"
#include "client-cli/style.h"
#include "engine/dcms/map.h"
#include "engine/dcms/move_text.h"
#include "engine/dcms/pieces.h"

namespace skirmish::client {
namespace {

namespace dcms = engine::dcms;

// What dcms_screen.cc draws (rules.md, DCMS), for `help`.
constexpr const char* kLegend =
    "Board: ### is a wall, . open floor; blue's pieces in capitals, red's in lower case.\n"
    "  S cheeSe (never moves; lose it and you lose), M Mouse, C Cat, D Dog.\n"
    "  Both players move at once; then a piece is taken by an enemy one rank above it\n"
    "  (Mouse eats cheeSe, Cat eats Mouse, Dog eats Cat) or of its own rank (both go).\n";

// The view's seat and piece set, checked: the engine's move parser and the piece names index
// by them (a server's "SMCDD" read past the end of the piece letters).
engine::Seat seat_of(const nlohmann::json& view) {
  const nlohmann::json& color = field(view, "color");
  if (color.is_null()) return dcms::kBlue;
  const int seat = int_of(color, "a DCMS colour");
  if (seat != dcms::kBlue && seat != dcms::kRed) throw std::runtime_error("a DCMS colour " + std::to_string(seat) + " (0 or 1)");
  return seat;
}

std::string piece_set_of(const nlohmann::json& view) {
  const nlohmann::json& pieces = field(view, "pieces");
  if (pieces.is_null()) return "SM";
  if (!pieces.is_string() || !dcms::is_piece_set(pieces.get<std::string>()))
    throw std::runtime_error("a DCMS piece set " + pieces.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                             " (SM, SMC or SMCD)");
  return pieces.get<std::string>();
}

class DcmsDialog : public MoveDialog {
 public:
  explicit DcmsDialog(const nlohmann::json& state)
      : view_(state.at("view")),
        color_(seat_of(view_)),
        pieces_(piece_set_of(view_)),
        setup_(view_.value("phase", "") == "setup") {}

  std::string prompt() const override {
    if (!setup_) {
      std::string example(1, dcms::piece_letter(color_, 1));
      return "Your move, e.g. '" + example + " 6' (directions 7 8 9 / 4 5 6 / 1 2 3) >> ";
    }
    std::string names;
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      names += (i ? ", " : "") + std::string(dcms::kPieceNames[i]);
    }
    const int cols = int_of(field(view_, "cols"), "a DCMS map's columns");
    const int half = cols / 2;
    const std::string columns = color_ == dcms::kBlue
                                    ? "columns 0-" + std::to_string(half - 1)
                                    : "columns " + std::to_string(cols - half) + "-" + std::to_string(cols - 1);
    return "Place " + names + " as 'row col' each, in that order (your half: " + columns + ") >> ";
  }

  std::string help() const override {
    if (setup_)
      return std::string(kLegend) +
             "Type: a 'row col' for each of your pieces, in the prompt's order, all in your half\n"
             "  (rows down the side, columns across the top), e.g. '" + example_placement() + "'.\n";
    const std::string mouse(1, dcms::piece_letter(color_, 1));
    return std::string(kLegend) + "Type: your piece's letter and a direction, e.g. '" + mouse +
           " 6': 8 up, 2 down, 4 left, 6 right, 7 9 1 3 diagonally, 5 stay.\n"
           "  Several pairs move several pieces; a piece not named stays.\n";
  }

  std::optional<nlohmann::json> feed(const std::string& line) override {
    if (!setup_) {
      std::string reason;
      if (!dcms::parse_orders_text(color_, pieces_, line, &reason)) {
        throw InputError("'" + printable(line) + "': " + printable(reason));
      }
      return nlohmann::json{{"move", line}};
    }
    std::istringstream in(position_numbers(line));
    std::vector<int> numbers;
    int n = 0;
    while (in >> n) numbers.push_back(n);
    std::string rest;
    in.clear();
    if ((in >> rest) || numbers.size() != 2 * pieces_.size()) {
      throw InputError("'" + printable(line) + "': type " + std::to_string(pieces_.size()) +
                       " positions as 'row col' pairs, e.g. '" + example_placement() + "'");
    }
    nlohmann::json placement = nlohmann::json::array();
    const int cols = int_of(field(view_, "cols"), "a DCMS map's columns");
    const int rows = int_of(field(view_, "rows"), "a DCMS map's rows");
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      const int r = numbers[2 * i];
      const int c = numbers[2 * i + 1];
      const std::string where = std::string(dcms::kPieceNames[i]) + " at (" + std::to_string(r) +
                                ", " + std::to_string(c) + ")";
      if (r < 0 || c < 0 || r >= rows || c >= cols) throw InputError(where + " is off the board");
      if (wall_at(r, c)) throw InputError(where + " is on a wall");
      if (!in_my_half(c, cols)) throw InputError(where + " is not in your half (that would lose the game)");
      placement.push_back({r, c});
    }
    return nlohmann::json{{"placement", placement}};
  }

 private:
  bool in_my_half(int c, int cols) const { return dcms::in_seat_half(color_, c, cols); }
  // Square (r, c) of the view's walls; a view whose walls are fewer or narrower than its
  // rows and columns throws (it was read past its end).
  bool wall_at(int r, int c) const {
    const nlohmann::json& walls = field(view_, "walls");
    const auto row = static_cast<std::size_t>(r), col = static_cast<std::size_t>(c);
    if (!walls.is_array() || row >= walls.size() || !walls[row].is_string() ||
        col >= walls[row].get_ref<const std::string&>().size())
      throw std::runtime_error("a DCMS view whose walls have no square (" + std::to_string(r) + ", " +
                               std::to_string(c) + ")");
    return walls[row].get_ref<const std::string&>()[col] == '#';
  }

  // A legal placement on this board, for the examples: the first open squares of this
  // seat's half, row by row, the first one again when there are fewer squares than pieces
  // (pieces may share one). An example copied must not lose the game.
  std::string example_placement() const {
    const nlohmann::json& walls = field(view_, "walls");
    std::vector<std::string> squares;
    for (std::size_t r = 0; r < walls.size() && squares.size() < pieces_.size(); ++r) {
      const std::string row = walls[r].get<std::string>();
      const int cols = static_cast<int>(row.size());
      for (int c = 0; c < cols && squares.size() < pieces_.size(); ++c)
        if (row[static_cast<std::size_t>(c)] != '#' && in_my_half(c, cols))
          squares.push_back(std::to_string(r) + " " + std::to_string(c));
    }
    if (squares.empty()) return "";  // no open square in the half: the server refuses such maps
    while (squares.size() < pieces_.size()) squares.push_back(squares.front());
    std::string example;
    for (const auto& square : squares) example += (example.empty() ? "" : " ") + square;
    return example;
  }

  nlohmann::json view_;
  int color_;
  std::string pieces_;
  bool setup_;
};

}  // namespace

std::unique_ptr<MoveDialog> make_dcms_dialog(const nlohmann::json& state) {
  return std::make_unique<DcmsDialog>(state);
}

std::string dcms_legend() { return kLegend; }

std::string check_dcms_answer(const nlohmann::json& answer, const std::string& phase) {
  if (phase == "setup" && !answer.value("placement", nlohmann::json()).is_array())
    return "a DCMS setup needs \"placement\": a list of [row, col]";
  if (phase != "setup" && !answer.value("move", nlohmann::json()).is_string())
    return "a DCMS move needs \"move\": a string such as \"M 4\"";
  return "";
}

}  // namespace skirmish::client

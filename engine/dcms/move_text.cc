#include "engine/dcms/move_text.h"

#include <vector>

#include "engine/dcms/blanks.h"

namespace skirmish::engine::dcms {
namespace {

std::optional<Orders> refuse(std::string* reason, std::string why) {
  if (reason) *reason = std::move(why);
  return std::nullopt;
}

std::string quoted(std::string_view token) { return "'" + std::string(token) + "'"; }

}  // namespace

std::optional<Orders> parse_orders_text(Seat seat, std::string_view pieces, std::string_view text,
                                        std::string* reason) {
  const auto tokens = split_blanks(text);
  const std::string example = seat == kBlue ? "\"M 4\"" : "\"m 4\"";
  if (tokens.empty())
    return refuse(reason, "empty move: name a piece and a direction, e.g. " + example);

  Orders orders;
  std::array<bool, kMaxPieces> named{};
  for (std::size_t t = 0; t < tokens.size(); t += 2) {
    const std::string_view letter_token = tokens[t];
    const std::string where = "token " + std::to_string(t + 1) + " ";
    if (letter_token.size() != 1)
      return refuse(reason, where + quoted(letter_token) +
                                " is not a piece letter (a move is pairs like " + example + ")");
    const char letter = letter_token[0];
    int index = -1;
    int other_colour_index = -1;
    for (int i = 0; i < static_cast<int>(pieces.size()); ++i) {
      if (letter == piece_letter(seat, i)) index = i;
      if (letter == piece_letter(1 - seat, i)) other_colour_index = i;
    }
    if (index < 0 && other_colour_index >= 0)
      return refuse(reason, where + quoted(letter_token) + " is " +
                                std::string(seat_name(1 - seat)) + "'s " +
                                std::string(kPieceNames[static_cast<std::size_t>(other_colour_index)]) +
                                "; " + std::string(seat_name(seat)) + " writes its pieces in " +
                                (seat == kBlue ? "upper" : "lower") + " case");
    if (index < 0) {
      std::string letters;
      for (int i = 0; i < static_cast<int>(pieces.size()); ++i)
        letters += std::string(letters.empty() ? "" : " ") + piece_letter(seat, i);
      return refuse(reason, where + quoted(letter_token) +
                                " is not one of your pieces in this game (" + letters + ")");
    }
    const auto slot = static_cast<std::size_t>(index);
    if (named[slot])
      return refuse(reason, where + quoted(letter_token) + " names the " +
                                std::string(kPieceNames[slot]) + " a second time");
    named[slot] = true;
    if (t + 1 >= tokens.size())
      return refuse(reason, where + quoted(letter_token) + " has no direction after it");
    const std::string_view digit = tokens[t + 1];
    if (digit.size() != 1 || digit[0] < '1' || digit[0] > '9')
      return refuse(reason, "token " + std::to_string(t + 2) + " " + quoted(digit) +
                                " is not a direction (one digit 1-9, 5 = stay)");
    const auto direction = static_cast<std::int8_t>(digit[0] - '0');
    if (index == 0 && direction != kStay)
      return refuse(reason, where + "the cheeSe never moves; its only direction is 5, not " +
                                quoted(digit));
    orders.direction[slot] = direction;
  }
  return orders;
}

void format_orders(Seat seat, std::string_view pieces, const Orders& orders,
                   const std::array<bool, kMaxPieces>& on_board, std::string& out) {
  out.clear();
  for (int i = 1; i < static_cast<int>(pieces.size()); ++i) {
    const auto slot = static_cast<std::size_t>(i);
    if (!on_board[slot]) continue;
    if (!out.empty()) out.push_back(' ');
    out.push_back(piece_letter(seat, i));
    out.push_back(' ');
    out.push_back(static_cast<char>('0' + orders.direction[slot]));
  }
  if (out.empty()) {
    out.push_back(piece_letter(seat, 0));
    out.append(" 5");
  }
}

}  // namespace skirmish::engine::dcms

// A pieces file parses to a set that reads back the same when written out, or to an error
// that names its line.
#include <algorithm>
#include <string>

#include "engine/registry.h"
#include "engine/tactego/tactego.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {

namespace tg = engine::tactego;

void fuzz_one_pieces(std::string_view input) {
  std::vector<tg::Piece> pieces;
  try {
    pieces = tg::parse_pieces(input);
  } catch (const tg::PiecesError& error) {
    expect_message(error.what(), "parse_pieces");
    const auto lines = 1 + std::count(input.begin(), input.end(), '\n');
    expect(error.line() >= 0 && error.line() <= lines, "a pieces error names a line the file has");
    if (error.line() > 0)
      expect(std::string_view(error.what()).starts_with("pieces file line " + std::to_string(error.line())),
             "a pieces error starts with its line number");
    return;
  }
  expect(!pieces.empty() && static_cast<int>(pieces.size()) <= tg::kMaxPiecesPerSide,
         "a pieces set has 1..10000 pieces");
  expect(std::any_of(pieces.begin(), pieces.end(), [](const tg::Piece& p) { return p.kind == tg::Kind::Flag; }),
         "a pieces set has a flag");
  // Written out one line per piece, the set reads back the same.
  std::string text;
  for (const tg::Piece& piece : pieces) {
    expect(piece.kind != tg::Kind::Number || (piece.strength >= tg::kMinStrength && piece.strength <= tg::kMaxStrength),
           "a strength is 1..999");
    text += tg::symbol(piece) + " 1\n";
  }
  expect(tg::parse_pieces(text) == pieces, "a pieces set written out reads back the same");

  // As create_match's pieces_text, on the narrowest board it fits (or refused, saying why).
  if (pieces.size() > 500) return;  // a game on a huge board is the engine target's business
  const std::size_t width = std::min<std::size_t>(pieces.size(), 10);
  const std::size_t length = 2 * ((pieces.size() + width - 1) / width);
  try {
    auto game = engine::create_game("tactego", {{"pieces_text", std::string(input)},
                                                {"length", std::to_string(length)},
                                                {"width", std::to_string(width)},
                                                {"seed", "fuzz"}});
    expect(!game->render(engine::Viewer::full()).empty(), "a new game draws a board");
  } catch (const engine::OptionError& error) {
    expect_message(error.what(), "create_game");
    expect(length > 100, "a pieces set that fits the board makes a game");
  }
}

}  // namespace skirmish::fuzz

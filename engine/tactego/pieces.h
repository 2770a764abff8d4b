#pragma once
// Tactego pieces and the pieces file (rules.md §1 "Pieces file", §4 fine points).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::engine::tactego {

enum class Kind : std::uint8_t { Number, Flag, Mine, Sapper, Assassin };

struct Piece {
  Kind kind = Kind::Number;
  int strength = 0;  // 1..999 for Number, 0 for every other kind
  bool operator==(const Piece&) const = default;
};

inline constexpr int kMinStrength = 1;
inline constexpr int kMaxStrength = 999;
// No board has more cells than 100 x 100, so a larger set could never be placed; the cap
// also keeps a hostile pieces text from asking for billions of pieces.
inline constexpr int kMaxPiecesPerSide = 10000;

// "5", "10", "F", "M", "S", "A".
std::string symbol(const Piece& piece);
// The letter of a kind that has no strength (F, M, S, A); '?' for Number.
constexpr char kind_letter(Kind kind) {
  switch (kind) {
    case Kind::Flag: return 'F';
    case Kind::Mine: return 'M';
    case Kind::Sapper: return 'S';
    case Kind::Assassin: return 'A';
    case Kind::Number: break;
  }
  return '?';
}

// Flags and mines never move.
constexpr bool can_move(const Piece& piece) {
  return piece.kind != Kind::Flag && piece.kind != Kind::Mine;
}

// A fault in a pieces file. line() is 1-based, or 0 for a fault of the whole set (no flag).
class PiecesError : public std::invalid_argument {
 public:
  PiecesError(int line, const std::string& message)
      : std::invalid_argument(message), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

// Expands the file into one side's pieces, in file order (each line COUNT copies).
// Throws PiecesError naming the line number and its text.
std::vector<Piece> parse_pieces(std::string_view text);

}  // namespace skirmish::engine::tactego

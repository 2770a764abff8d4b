// The pieces file parser: good files in file order, and one clear error per kind of fault.
#include <catch2/catch.hpp>

#include "engine/tactego/tactego.h"

using namespace skirmish::engine::tactego;

namespace {

// Parses `text` expecting a PiecesError on `line` whose message contains `words`.
void require_fault(const std::string& text, int line, const std::string& words) {
  INFO("pieces text: " << text);
  try {
    parse_pieces(text);
    FAIL("no error");
  } catch (const PiecesError& error) {
    CHECK(error.line() == line);
    const std::string message = error.what();
    CHECK_THAT(message, Catch::Contains(words));
    if (line > 0) CHECK_THAT(message, Catch::Contains("line " + std::to_string(line)));
  }
}

}  // namespace

TEST_CASE("pieces: lines expand in file order, nothing sorted", "[tactego][pieces]") {
  const auto pieces = parse_pieces("1 2\nF 1\n10 1\nM 1\nS 2\nA 1\n1 1\n");
  const std::vector<Piece> expected{{Kind::Number, 1}, {Kind::Number, 1}, {Kind::Flag, 0},
                                    {Kind::Number, 10}, {Kind::Mine, 0},  {Kind::Sapper, 0},
                                    {Kind::Sapper, 0},  {Kind::Assassin, 0}, {Kind::Number, 1}};
  CHECK(pieces == expected);
}

TEST_CASE("pieces: blanks, tabs, leading zeros, blank lines and CRLF are accepted",
          "[tactego][pieces]") {
  const auto pieces = parse_pieces("\n  07 \t 2  \r\n\n\tF\t01\r\n999 0\n   \n");
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0] == Piece{Kind::Number, 7});
  CHECK(pieces[1] == Piece{Kind::Number, 7});
  CHECK(pieces[2] == Piece{Kind::Flag, 0});
  CHECK(parse_pieces("F 1\n999 1").back() == Piece{Kind::Number, 999});
  CHECK(parse_pieces("F 1\n1 1").back() == Piece{Kind::Number, 1});
  // The seed's split() also takes vertical tabs, form feeds and carriage returns as blanks.
  CHECK(parse_pieces("F\v1\n3\f\r2").back() == Piece{Kind::Number, 3});
}

TEST_CASE("pieces: symbols", "[tactego][pieces]") {
  CHECK(symbol({Kind::Number, 5}) == "5");
  CHECK(symbol({Kind::Number, 10}) == "10");
  CHECK(symbol({Kind::Flag, 0}) == "F");
  CHECK(symbol({Kind::Mine, 0}) == "M");
  CHECK(symbol({Kind::Sapper, 0}) == "S");
  CHECK(symbol({Kind::Assassin, 0}) == "A");
}

TEST_CASE("pieces: each fault has its own error naming the line and its text",
          "[tactego][pieces]") {
  // Line numbers start at 1 and count blank lines.
  require_fault("F 1\n\nX 2\n", 3, "unknown kind 'X'");
  require_fault("F 1\nX 2\n", 2, "'X 2'");
  require_fault("f 1\n", 1, "kind letters are upper case: write 'F', not 'f'");
  require_fault("F 1\nm 2\n", 2, "upper case");
  require_fault("F 1\n7\n", 2, "missing count after '7'");
  require_fault("F\n", 1, "missing count after 'F'");
  require_fault("F 1\n7 3 2\n", 2, "unexpected third token '2'");
  require_fault("F 1\n-7 3\n", 2, "strength '-7' has a sign");
  require_fault("F 1\n7 +3\n", 2, "count '+3' has a sign");
  require_fault("F 1\n7 -3\n", 2, "count '-3' has a sign");
  require_fault("F 1\n7.5 3\n", 2, "strength '7.5' has a decimal point");
  require_fault("F 1\n7 3.0\n", 2, "count '3.0' has a decimal point");
  require_fault("F 1\n7 3 # sevens\n", 2, "comments are not allowed");
  require_fault("# header\nF 1\n", 1, "comments are not allowed");
  require_fault("F 1\n0 3\n", 2, "strength 0 is out of range 1..999");
  require_fault("F 1\n1000 3\n", 2, "strength 1000 is out of range 1..999");
  require_fault("F 1\n000 3\n", 2, "out of range 1..999");
  require_fault("F 1\nseven 3\n", 2, "'seven' is neither a strength");
  require_fault("F 1\n7 three\n", 2, "count 'three' is not a whole number");
  require_fault("F 1\n1 99999999999999999999\n", 2, "more than 10000");
}

TEST_CASE("pieces: a set without a flag is refused", "[tactego][pieces]") {
  require_fault("", 0, "no flag");
  require_fault("\n\n  \n", 0, "no flag");
  require_fault("5 1\n3 2\n", 0, "no flag");
  require_fault("5 1\nF 0\n", 0, "no flag");
}

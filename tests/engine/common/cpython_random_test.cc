// CPythonRandom against golden vectors produced by the machine's python3
// (scripts/gen_cpython_vectors.py).
#include "engine/common/cpython_random.h"

#include <catch2/catch.hpp>

#include <numeric>
#include <sstream>
#include <vector>

#include "engine/common/test_data.h"

using skirmish::engine::CPythonRandom;

namespace {

std::string from_hex(const std::string& hex) {
  if (hex == "-") return "";
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::vector<int> parse_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::stoi(item));
  return out;
}

}  // namespace

TEST_CASE("getrandbits(32) after seed('asdf') matches CPython", "[cpython]") {
  CPythonRandom rng("asdf");
  CHECK(rng.getrandbits(32) == 96280406U);
  CHECK(rng.getrandbits(32) == 745951233U);
  CHECK(rng.getrandbits(32) == 4256082653U);
}

TEST_CASE("shuffle of red then blue matches CPython for every golden vector", "[cpython]") {
  std::istringstream lines(skirmish::test::read_source_file(
      "tests/engine/common/data/cpython_shuffle_vectors.txt"));
  std::string line;
  int vectors = 0;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string seed_hex, red_text, blue_text;
    std::size_t n = 0;
    fields >> seed_hex >> n >> red_text >> blue_text;
    const std::string seed = from_hex(seed_hex);
    INFO("seed hex " << seed_hex << ", n = " << n);

    CPythonRandom rng(seed);
    std::vector<int> red(n), blue(n);
    std::iota(red.begin(), red.end(), 0);
    std::iota(blue.begin(), blue.end(), 0);
    rng.shuffle(std::span<int>(red));
    rng.shuffle(std::span<int>(blue));
    CHECK(red == parse_list(red_text));
    CHECK(blue == parse_list(blue_text));
    ++vectors;
  }
  CHECK(vectors >= 250);
}

TEST_CASE("randbelow rejects out-of-range bounds", "[cpython]") {
  CPythonRandom rng("x");
  CHECK_THROWS(rng.randbelow(0));
  CHECK(rng.randbelow(1) == 0);
  CHECK_THROWS(rng.getrandbits(33));
  CHECK(rng.getrandbits(0) == 0);
}

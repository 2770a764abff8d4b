// A new match never takes the id of a match the server holds or has handed out
// (server/used_match_ids.h).
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "server/random_ids.h"
#include "server/used_match_ids.h"

namespace skirmish::server {
namespace {

// The 8-character id of a 40-bit number, as random_ids.cc writes it (written again here:
// the test's own reading of RFC 4648).
std::string id_of(std::uint64_t number) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  std::string id(8, 'A');
  for (int i = 7; i >= 0; --i, number >>= 5) id[static_cast<std::size_t>(i)] = kAlphabet[number & 31u];
  return id;
}

TEST_CASE("used match ids: an id is read as its 40 bits and nothing else is", "[server][match_ids]") {
  CHECK(match_id_number("AAAAAAAA") == 0u);
  CHECK(match_id_number("AAAAAAAB") == 1u);
  CHECK(match_id_number("77777777") == (std::uint64_t{1} << 40) - 1);
  CHECK(match_id_number(id_of(0x123456789Aull)) == 0x123456789Aull);
  CHECK(match_id_number(random_match_id()));
  CHECK_FALSE(match_id_number("aaaaaaaa"));  // ids are canonical: upper case
  CHECK_FALSE(match_id_number("AAAAAAA1"));  // 0, 1, 8 and 9 are not base32
  CHECK_FALSE(match_id_number("AAAAAAA"));
  CHECK_FALSE(match_id_number("AAAAAAAAA"));
}

TEST_CASE("used match ids: a stored id and a claimed one are never claimed again", "[server][match_ids]") {
  UsedMatchIds used;
  used.add_stored("K7QX2M4A");
  used.add_stored("not an id");  // ignored: no new id can equal it
  CHECK(used.contains("K7QX2M4A"));
  CHECK_FALSE(used.claim("K7QX2M4A"));
  CHECK(used.claim("P3ZDK7QX"));
  CHECK_FALSE(used.claim("P3ZDK7QX"));
  CHECK(used.contains("P3ZDK7QX"));
  CHECK_FALSE(used.contains("AAAAAAAA"));
  CHECK(used.size() == 2);
}

TEST_CASE("used match ids: every id stays taken across the tail's merges and later stored ids",
          "[server][match_ids]") {
  std::mt19937_64 rng(5);
  std::unordered_set<std::uint64_t> taken;
  UsedMatchIds used;
  const auto fresh_number = [&] {
    std::uint64_t number = 0;
    do number = rng() & ((std::uint64_t{1} << 40) - 1);
    while (taken.count(number) != 0);
    return number;
  };
  // Stored ids, then claims enough for three merges, then more stored ids, then claims.
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 1000; ++i) {
      const std::uint64_t number = fresh_number();
      taken.insert(number);
      used.add_stored(id_of(number));
    }
    for (std::size_t i = 0; i < 3 * UsedMatchIds::kTailMax + 5; ++i) {
      const std::uint64_t number = fresh_number();
      taken.insert(number);
      REQUIRE(used.claim(id_of(number)));
    }
  }
  CHECK(used.size() == taken.size());
  std::size_t refused = 0;
  for (const std::uint64_t number : taken) refused += used.claim(id_of(number)) ? 0u : 1u;
  CHECK(refused == taken.size());
  CHECK(used.claim(id_of(fresh_number())));
}

}  // namespace
}  // namespace skirmish::server

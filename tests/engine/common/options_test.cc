#include "engine/common/options.h"

#include <catch2/catch.hpp>

using namespace skirmish::engine;

namespace {
const std::vector<OptionSpec> kSpecs{
    {"length", OptionSpec::Type::Int, "10", {}, 1, 100, "rows"},
    {"fog", OptionSpec::Type::Bool, "false", {}, 0, 0, "hide enemy kinds"},
    {"pieces", OptionSpec::Type::Choice, "SM", {"SM", "SMC", "SMCD"}, 0, 0, "piece set"},
    {"seed", OptionSpec::Type::String, "", {}, 0, 0, "seed string"},
};
}

TEST_CASE("resolve_options fills defaults and normalises values", "[options]") {
  Options resolved = resolve_options(kSpecs, Options{{"fog", "yes"}, {"length", "007"}});
  CHECK(resolved.integer("length") == 7);
  CHECK(resolved.text("length") == "7");
  CHECK(resolved.boolean("fog"));
  CHECK(resolved.text("fog") == "true");
  CHECK(resolved.text("pieces") == "SM");
  CHECK(resolved.text("seed").empty());
}

TEST_CASE("resolve_options names the option that is wrong", "[options]") {
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"colour", "red"}}),
                    Catch::Contains("unknown option 'colour'"));
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"length", "ten"}}),
                    Catch::Contains("option 'length': 'ten' is not an integer in the range 1..100"));
  // Past what a long long holds, as a JSON number's text would be: the range, not a wrap-around.
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"length", "1e+20"}}),
                    Catch::Contains("'1e+20' is not an integer in the range 1..100"));
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"length", "99999999999999999999"}}),
                    Catch::Contains("99999999999999999999 is out of range 1..100"));
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"length", "0"}}),
                    Catch::Contains("out of range 1..100"));
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"fog", "maybe"}}),
                    Catch::Contains("option 'fog'"));
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"pieces", "SMX"}}),
                    Catch::Contains("not one of: SM, SMC, SMCD"));
  // A one-line value is bounded (the lobby repeats it in every listing); 256 bytes pass.
  CHECK(resolve_options(kSpecs, Options{{"seed", std::string(kMaxStringOptionBytes, 's')}}).text("seed").size() ==
        kMaxStringOptionBytes);
  CHECK_THROWS_WITH(resolve_options(kSpecs, Options{{"seed", std::string(kMaxStringOptionBytes + 1, 's')}}),
                    Catch::Contains("option 'seed': is 257 bytes long; at most 256"));
}

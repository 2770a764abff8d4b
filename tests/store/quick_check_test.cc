// The start error of a corrupt database: the first few of quick_check's problems and how
// many more there are, on one line (quick_check puts up to 100 in one multi-line row).
#include <catch2/catch.hpp>

#include "server/store/quick_check.h"

using skirmish::store::summarize_problems;

TEST_CASE("quick_check's problems are cut to the first three and a count of the rest") {
  std::string row = "*** in database main ***\nPage 52: btreeInitPage() returns error code 11";
  for (int cell = 154; cell > 154 - 99; --cell)  // 99 cells: 100 problems in all
    row += "\nOn tree page 51 cell " + std::to_string(cell) + ": Offset 57005 out of range";
  const std::string summary = summarize_problems({row});
  CHECK(summary ==
        "Page 52: btreeInitPage() returns error code 11; "
        "On tree page 51 cell 154: Offset 57005 out of range; "
        "On tree page 51 cell 153: Offset 57005 out of range (and at least 97 more)");
}

TEST_CASE("a few problems over several rows are all shown, and a short list says no more") {
  CHECK(summarize_problems({"row 1 missing from index a", "row 2 missing from index a"}) ==
        "row 1 missing from index a; row 2 missing from index a");
  CHECK(summarize_problems({"one\ntwo", "three", "four\nfive"}) == "one; two; three (and 2 more)");
  CHECK(summarize_problems({"one\ntwo\nthree"}, 1) == "one (and 2 more)");
}

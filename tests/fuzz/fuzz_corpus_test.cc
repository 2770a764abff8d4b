// Replays every file of tests/fuzz/corpus/<target>/ through its fuzz entry (fuzz_entries.h):
// the seeds and every input a fuzzer once crashed on stay checked in every build, fuzzer
// or not (docs/testing.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace {

namespace fs = std::filesystem;

struct Target {
  const char* name;
  void (*entry)(std::string_view);
};

constexpr Target kTargets[] = {
    {"client_message", skirmish::fuzz::fuzz_one_client_message},
    {"pieces", skirmish::fuzz::fuzz_one_pieces},
    {"dcms_map", skirmish::fuzz::fuzz_one_dcms_map},
    {"game_moves", skirmish::fuzz::fuzz_one_game_moves},
    {"record", skirmish::fuzz::fuzz_one_record},
    {"server_view", skirmish::fuzz::fuzz_one_server_view},
    {"http_target", skirmish::fuzz::fuzz_one_http_target},
    {"client_session", skirmish::fuzz::fuzz_one_client_session},
};

fs::path corpus_dir() {
  const char* source = std::getenv("SKIRMISH_SOURCE_DIR");
  REQUIRE(source != nullptr);
  return fs::path(source) / "tests" / "fuzz" / "corpus";
}

std::vector<fs::path> files_of(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string contents(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

CATCH_TRANSLATE_EXCEPTION(const skirmish::fuzz::InvariantBroken& broken) { return "invariant broken: " + broken.what; }

TEST_CASE("every fuzz corpus file replays through its target without a fault") {
  for (const Target& target : kTargets) {
    const fs::path dir = corpus_dir() / target.name;
    INFO("target " << target.name);
    REQUIRE(fs::is_directory(dir));
    const auto files = files_of(dir);
    CHECK_FALSE(files.empty());
    for (const fs::path& file : files) {
      INFO("corpus file " << file.string());
      CHECK_NOTHROW(target.entry(contents(file)));
    }
  }
}

TEST_CASE("every fuzz corpus folder names a target") {
  for (const auto& entry : fs::directory_iterator(corpus_dir())) {
    const std::string name = entry.path().filename().string();
    INFO("corpus folder " << name);
    CHECK(std::any_of(std::begin(kTargets), std::end(kTargets), [&](const Target& t) { return name == t.name; }));
  }
}

// A bad data directory or database must fail when the store opens (server start), with a
// message that names the path, never later in the middle of a game.
#include <catch2/catch.hpp>

#include <fstream>


#include "engine/registry.h"
#include "server/store/disk_space.h"
#include "server/store/match_store.h"
#include "server/store/schema.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::store::MatchStore;
using skirmish::store::StoreError;
using skirmish::test::run_sql;

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string open_error(const std::filesystem::path& dir) {
  try {
    MatchStore store(dir);
  } catch (const StoreError& error) {
    return error.what();
  }
  FAIL("the store opened " << dir << " without an error");
  return {};
}

}  // namespace

TEST_CASE("a missing data directory is created") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path() / "a" / "b");
  CHECK(std::filesystem::exists(dir.path() / "a" / "b" / MatchStore::kFileName));
  CHECK(store.path() == (dir.path() / "a" / "b" / MatchStore::kFileName).string());
}

TEST_CASE("a file that is not a database is refused at open, naming it and what to do") {
  skirmish::test::TempDir dir;
  write_file(dir.path() / MatchStore::kFileName, std::string(8192, 'x'));
  const auto message = open_error(dir.path());
  CHECK_THAT(message, Catch::Contains((dir.path() / MatchStore::kFileName).string()));
  CHECK_THAT(message, Catch::Contains("not a database"));
  CHECK_THAT(message, Catch::Contains("restore a backup") && Catch::Contains("docs/operations.md"));
}

TEST_CASE("a database with damaged pages is refused at open as corrupt") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    const auto options = skirmish::engine::resolve_options(
        skirmish::engine::find_game("onedchess")->options, {});
    for (int i = 0; i < 300; ++i)
      store.create_match("match-with-a-long-identifier-" + std::to_string(i), "onedchess", options, {}, i);
  }
  const auto file = dir.path() / MatchStore::kFileName;
  REQUIRE(std::filesystem::file_size(file) > 4 * 4096);
  {
    std::fstream io(file, std::ios::in | std::ios::out | std::ios::binary);
    io.seekp(2 * 4096);  // a table page: its b-tree header and cells
    const std::string garbage(3000, '\x5a');
    io.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  const auto message = open_error(dir.path());
  CHECK_THAT(message, Catch::Contains(file.string()));
  CHECK_THAT(message, Catch::Contains("corrupt") || Catch::Contains("malformed"));
  // One readable line: the first problems and how many more, not quick_check's whole list.
  CHECK(message.find('\n') == std::string::npos);
  CHECK(message.size() < 800);
}

TEST_CASE("another program's SQLite database is not taken for a store") {
  skirmish::test::TempDir dir;
  run_sql(dir.path() / MatchStore::kFileName, "CREATE TABLE photos (id INTEGER)");
  CHECK_THAT(open_error(dir.path()), Catch::Contains("is not a Skirmish store"));
}

TEST_CASE("a database from a newer server is refused rather than misread") {
  skirmish::test::TempDir dir;
  { MatchStore store(dir.path()); }
  run_sql(dir.path() / MatchStore::kFileName, "UPDATE schema_version SET version = 99");
  const auto message = open_error(dir.path());
  CHECK_THAT(message, Catch::Contains("schema version 99"));
  CHECK_THAT(message, Catch::Contains(std::to_string(skirmish::store::kSchemaVersion)));
}

TEST_CASE("a schema version no server writes (0, negative, a fraction, text) is refused") {
  const std::pair<const char*, const char*> cases[] = {
      {"0", "schema version 0,"}, {"-3", "schema version -3,"},
      {"1.5", "schema version 1.5,"}, {"'abc'", "schema version 'abc',"}};
  for (const auto& [value, expected] : cases) {
    skirmish::test::TempDir dir;
    { MatchStore store(dir.path()); }
    const auto file = dir.path() / MatchStore::kFileName;
    run_sql(file, (std::string("UPDATE schema_version SET version = ") + value).c_str());
    const auto message = open_error(dir.path());
    INFO(value << ": " << message);
    CHECK_THAT(message, Catch::Contains(file.string()));
    CHECK_THAT(message, Catch::Contains(expected));
    CHECK_THAT(message, Catch::Contains("no Skirmish server writes"));
  }
}

TEST_CASE("a data directory that cannot be created or used is refused at open") {
  skirmish::test::TempDir dir;
  SECTION("the path is a regular file") {
    write_file(dir.path() / "file", "x");
    const auto message = open_error(dir.path() / "file");
    CHECK_THAT(message, Catch::Contains((dir.path() / "file").string()));
  }
  SECTION("the database path is a directory") {
    std::filesystem::create_directories(dir.path() / MatchStore::kFileName);
    CHECK_THAT(open_error(dir.path()), Catch::Contains((dir.path() / MatchStore::kFileName).string()));
  }
  SECTION("the directory is on a file system nobody can write (/proc)") {
    CHECK_THAT(open_error("/proc/self/skirmish-data"),
               Catch::Contains("cannot create data directory /proc/self/skirmish-data"));
  }
  SECTION("the directory and file are read-only (as a user root's rights do not bypass)") {
    { MatchStore store(dir.path() / "ro"); }
    std::filesystem::permissions(dir.path() / "ro" / MatchStore::kFileName,
                                 std::filesystem::perms::owner_read |
                                     std::filesystem::perms::group_read);
    std::filesystem::permissions(dir.path() / "ro", std::filesystem::perms::owner_read |
                                                        std::filesystem::perms::owner_exec);
    if (::geteuid() == 0) {
      // Root writes regardless of permission bits; prove the store then still works.
      CHECK_NOTHROW(MatchStore(dir.path() / "ro"));
    } else {
      CHECK_THAT(open_error(dir.path() / "ro"), Catch::Contains((dir.path() / "ro").string()));
    }
  }
}

TEST_CASE("a data directory in use by another store is refused, naming the holder's pid") {
  skirmish::test::TempDir dir;
  {
    MatchStore first(dir.path());
    const auto message = open_error(dir.path());
    CHECK_THAT(message, Catch::Contains("data directory " + dir.path().string() + " is in use"));
    CHECK_THAT(message, Catch::Contains("pid " + std::to_string(::getpid())));
  }
  // Released with its holder: the next server opens the directory.
  CHECK_NOTHROW(MatchStore(dir.path()));
}

TEST_CASE("a match whose stored options were damaged is refused, naming the match and the fault") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    skirmish::engine::Options options;
    options.set("seed", "5");
    store.create_match("m1", "onedchess", options, {}, 1000);
  }
  const auto load_error = [&](const char* damage) {
    run_sql(dir.path() / MatchStore::kFileName, damage);
    MatchStore store(dir.path());
    try {
      store.load_unfinished();
    } catch (const StoreError& error) {
      return std::string(error.what());
    }
    FAIL("the damaged options were read");
    return std::string();
  };
  const auto not_text = load_error(R"(UPDATE matches SET options = '{"seed":5}')");
  CHECK_THAT(not_text, Catch::Contains("match m1 has unreadable options"));
  CHECK_THAT(not_text, Catch::Contains("option seed is not text"));
  CHECK_THAT(load_error(R"(UPDATE matches SET options = '{"seed":"5"}', settings = '[1')"), Catch::Contains("match m1 has unreadable options [1: "));
  CHECK_THAT(load_error(R"(UPDATE matches SET options = '{"seed":"5"}', settings = '[1]')"), Catch::Contains("options are not a JSON object"));
}

TEST_CASE("a store that cannot start on a nearly full disk says how much space is left") {
  using skirmish::store::low_disk_note;
  CHECK(low_disk_note("/srv/data", 512 * 1024) ==
        " (the file system holding /srv/data has only 512 KiB free; a full disk is the likely cause)");
  CHECK(low_disk_note("/srv/data", 3 * 1024 * 1024 + 200 * 1024) ==
        " (the file system holding /srv/data has only 3.2 MiB free; a full disk is the likely cause)");
  CHECK(low_disk_note("/srv/data", skirmish::store::kLowDiskBytes).empty());
  CHECK(low_disk_note("/no/such/directory/at/all").empty());  // space unknown: nothing claimed
}

// The seat files of `skirmish resume` (saved_seats.h): owner-only from the start, in
// owner-only directories, with the CA file the seat was taken with, and stale ones
// removed when another seat is saved.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include <sys/stat.h>

#include "client-cli/saved_seats.h"
#include "client-cli/server_url.h"
#include "tests/client-cli/scoped_env.h"
#include "tests/engine/common/test_data.h"
#include "tests/store/temp_dir.h"

using namespace skirmish::client;
namespace fs = std::filesystem;

namespace {

using skirmish::test::ScopedEnv;

// A umask that would leave files readable by all; put back afterwards.
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask) : old_(::umask(mask)) {}
  ~ScopedUmask() { ::umask(old_); }
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;

 private:
  mode_t old_;
};

std::string fixture(const std::string& name) {
  return (skirmish::test::source_dir() / "tests/fixtures/tls" / name).string();
}

fs::perms permissions(const fs::path& path) {
  return fs::status(path).permissions() & fs::perms::mask;
}

SavedSeat seat(const std::string& match, const std::string& server = "wss://games.example.org:8080/",
               const std::string& ca_file = "") {
  return {server, match, "tactego", "red", "TOKEN-" + match, ca_file};
}

}  // namespace

TEST_CASE("a seat file and the directories made for it are the owner's only") {
  skirmish::test::TempDir home;
  const fs::path dir = home.path() / "state" / "skirmish" / "seats";
  ScopedEnv state("SKIRMISH_STATE_DIR", dir.c_str());
  ScopedUmask open_to_all(0);
  const auto shared = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec;
  fs::permissions(home.path(), shared);

  const SaveResult saved = save_seat(seat("AAAA1111"));
  INFO(saved.error);
  REQUIRE(saved.path.has_value());
  CHECK(permissions(*saved.path) == (fs::perms::owner_read | fs::perms::owner_write));
  for (const fs::path& made : {dir, dir.parent_path(), dir.parent_path().parent_path()}) {
    INFO(made);
    CHECK(permissions(made) == fs::perms::owner_all);
  }
  CHECK(permissions(home.path()) == shared);  // one that existed is left alone

  // An older client's file, readable by all, is made private before the token goes in.
  fs::permissions(*saved.path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                   fs::perms::others_read);
  REQUIRE(save_seat(seat("AAAA1111")).path);
  CHECK(permissions(*saved.path) == (fs::perms::owner_read | fs::perms::owner_write));
  REQUIRE(saved_seats("AAAA1111").size() == 1);
  CHECK(saved_seats("AAAA1111")[0].token == "TOKEN-AAAA1111");
}

TEST_CASE("a seat taken over wss:// keeps its CA file, as an absolute path, for resume") {
  skirmish::test::TempDir home;
  ScopedEnv state("SKIRMISH_STATE_DIR", home.path().c_str());
  const fs::path cwd = fs::current_path();
  fs::current_path(home.path());
  const SaveResult relative = save_seat(seat("BBBB2222", "wss://games.example.org:8080/", "certs/../server.crt"));
  fs::current_path(cwd);
  REQUIRE(relative.path);
  REQUIRE(saved_seats("BBBB2222").size() == 1);
  CHECK(saved_seats("BBBB2222")[0].ca_file == (home.path() / "server.crt").string());
  CHECK(saved_seats("BBBB2222")[0].server == "wss://games.example.org:8080/");

  // ws:// trusts no certificate: nothing to keep. A seat saved without one has none.
  REQUIRE(save_seat(seat("CCCC3333", "ws://127.0.0.1:8080/", "/etc/server.crt")).path);
  CHECK(saved_seats("CCCC3333")[0].ca_file.empty());
  REQUIRE(save_seat(seat("DDDD4444")).path);
  CHECK(saved_seats("DDDD4444")[0].ca_file.empty());
}

TEST_CASE("resume trusts the saved CA file for the saved server, unless told otherwise") {
  ScopedEnv no_server("SKIRMISH_SERVER", nullptr);
  ScopedEnv no_ca("SKIRMISH_CA_FILE", nullptr);
  const std::string saved_server = "wss://127.0.0.1:8443/";
  const std::string saved_ca = fixture("server.crt");
  const std::string other_ca = fixture("other.crt");
  CHECK(choose_server_url("", "", saved_server, saved_ca).ca_file == saved_ca);
  CHECK(choose_server_url("wss://127.0.0.1:8443", "", saved_server, saved_ca).ca_file == saved_ca);  // same server
  {
    ScopedEnv same("SKIRMISH_SERVER", "wss://127.0.0.1:8443");
    CHECK(choose_server_url("", "", saved_server, saved_ca).ca_file == saved_ca);
  }
  {
    ScopedEnv env_ca("SKIRMISH_CA_FILE", other_ca.c_str());  // $SKIRMISH_CA_FILE wins too
    CHECK(choose_server_url("", "", saved_server, saved_ca).ca_file == other_ca);
  }
  // --ca-file wins; another server does not get the saved server's certificate.
  CHECK(choose_server_url("", other_ca, saved_server, saved_ca).ca_file == other_ca);
  CHECK(choose_server_url("wss://127.0.0.1:9443", "", saved_server, saved_ca).ca_file.empty());
  // A saved CA file that is gone is named before anything connects.
  CHECK_THROWS_WITH(choose_server_url("", "", saved_server, "/no/such/saved.crt"),
                    Catch::Contains("/no/such/saved.crt"));
}

TEST_CASE("saving a seat removes seat files older than a day, and nothing else") {
  skirmish::test::TempDir dir;
  ScopedEnv state("SKIRMISH_STATE_DIR", dir.path().c_str());
  REQUIRE(save_seat(seat("OLD00001")).path);
  REQUIRE(save_seat(seat("RECENT01")).path);
  const fs::path old_file = dir.path() / "OLD00001-red.json";
  const fs::path not_a_seat = dir.path() / "notes.json";
  std::ofstream(not_a_seat) << "{}\n";
  const auto two_days_ago = fs::file_time_type::clock::now() - 2 * kStaleSeatAge;
  fs::last_write_time(old_file, two_days_ago);
  fs::last_write_time(not_a_seat, two_days_ago);
  fs::last_write_time(dir.path() / "RECENT01-red.json", fs::file_time_type::clock::now() - kStaleSeatAge / 2);

  REQUIRE(save_seat(seat("NEW00001")).path);
  CHECK_FALSE(fs::exists(old_file));
  CHECK(saved_seats("OLD00001").empty());
  CHECK(saved_seats("RECENT01").size() == 1);
  CHECK(saved_seats("NEW00001").size() == 1);
  CHECK(fs::exists(not_a_seat));
}

namespace {

// A seat file as another client wrote it (another server's seat, or not a seat's at all).
void write_file(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::string text;
  for (std::string line; std::getline(in, line);) text += line + "\n";
  return text;
}

constexpr const char* kFriendsSeat =
    R"({"server":"ws://friend.example:8080/","match":"ZZZZZZZZ","game":"onedchess","seat":"white","token":"REAL"})"
    "\n";

}  // namespace

TEST_CASE("a seat file of another server's match of the same id is neither replaced nor removed") {
  skirmish::test::TempDir dir;
  ScopedEnv state("SKIRMISH_STATE_DIR", dir.path().c_str());
  const fs::path file = dir.path() / "ZZZZZZZZ-white.json";
  write_file(file, kFriendsSeat);

  const SavedSeat ours{"ws://127.0.0.1:9000/", "ZZZZZZZZ", "onedchess", "white", "EVIL"};
  const SaveResult saved = save_seat(ours);
  CHECK_FALSE(saved.path.has_value());
  CHECK_THAT(saved.error, Catch::Contains(file.string()) && Catch::Contains("another server") &&
                              Catch::Contains("ws://friend.example:8080/"));
  CHECK(read_file(file) == kFriendsSeat);

  forget_seat("ws://127.0.0.1:9000/", "ZZZZZZZZ", "white");
  CHECK(read_file(file) == kFriendsSeat);
  REQUIRE(saved_seats("ZZZZZZZZ").size() == 1);
  CHECK(saved_seats("ZZZZZZZZ")[0].token == "REAL");  // `skirmish resume ZZZZZZZZ` still finds it

  // Its own server forgets it, however the URL is written.
  forget_seat("ws://friend.example:8080", "ZZZZZZZZ", "white");
  CHECK_FALSE(fs::exists(file));
}

TEST_CASE("a seat file of the same server is replaced and forgotten") {
  skirmish::test::TempDir dir;
  ScopedEnv state("SKIRMISH_STATE_DIR", dir.path().c_str());
  const fs::path file = dir.path() / "AAAA1111-red.json";
  REQUIRE(save_seat(seat("AAAA1111")).path);
  SavedSeat again = seat("AAAA1111", "wss://games.example.org:8080");  // the same server, written otherwise
  again.token = "NEWTOKEN";
  REQUIRE(save_seat(again).path);
  CHECK(saved_seats("AAAA1111")[0].token == "NEWTOKEN");

  // Another seat, or another match, of this server is not this file's.
  forget_seat("wss://games.example.org:8080/", "AAAA1111", "blue");
  forget_seat("wss://games.example.org:8080/", "BBBB1111", "red");
  CHECK(fs::exists(file));
  forget_seat("wss://games.example.org:8080/", "AAAA1111", "red");
  CHECK_FALSE(fs::exists(file));
}

TEST_CASE("a seat file that says another match or none is not forgotten") {
  skirmish::test::TempDir dir;
  ScopedEnv state("SKIRMISH_STATE_DIR", dir.path().c_str());
  const fs::path misnamed = dir.path() / "AAAA1111-red.json";
  const std::string other_match =
      R"({"server":"ws://127.0.0.1:9000/","match":"BBBB2222","game":"tactego","seat":"red","token":"T"})" "\n";
  write_file(misnamed, other_match);
  forget_seat("ws://127.0.0.1:9000/", "AAAA1111", "red");
  CHECK(read_file(misnamed) == other_match);

  const fs::path garbled = dir.path() / "CCCC3333-red.json";
  write_file(garbled, "{\"server\":");  // cut short: no one's seat
  forget_seat("ws://127.0.0.1:9000/", "CCCC3333", "red");
  CHECK(fs::exists(garbled));
  // Nothing in it can take a seat back: a seat of that name is saved over it.
  const SaveResult saved = save_seat({"ws://127.0.0.1:9000/", "CCCC3333", "tactego", "red", "T"});
  INFO(saved.error);
  REQUIRE(saved.path);
  CHECK(saved_seats("CCCC3333").size() == 1);
}

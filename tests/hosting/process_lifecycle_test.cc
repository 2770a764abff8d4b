// skirmish-server as a process: refuses a bad data directory at start, warns when a backup
// restored alone lost the games its batch held back, stops cleanly on
// SIGTERM (clients told, 1001 "going away", store flushed, exit 0 within 5 s, matches
// resume afterwards), and runs exactly as docker/entrypoint.sh starts it in the image.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <thread>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "server/store/held_matches.h"
#include "server/store/match_store.h"
#include "tests/engine/common/test_data.h"
#include "tests/hosting/http_get.h"
#include "tests/hosting/scripted_match.h"
#include "tests/hosting/server_process.h"
#include "tests/server/match_helpers.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::http_get;
using skirmish::test::Json;
using skirmish::test::ScriptedMatch;
using skirmish::test::ServerProcess;

std::vector<std::string> server_args(const std::filesystem::path& data_dir) {
  return {"--port", "0", "--threads", "2", "--rate-limit", "0", "--data-dir", data_dir.string(), "--log-level", "info"};
}

// A WebSocket client that completes the handshake and then never reads or answers: the
// server must still get through its shutdown within its time.
class SilentWebSocket {
 public:
  explicit SilentWebSocket(unsigned short port) : socket_(ioc_) {
    socket_.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    const std::string upgrade =
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    boost::asio::write(socket_, boost::asio::buffer(upgrade));
    boost::asio::streambuf response;
    boost::asio::read_until(socket_, response, "\r\n\r\n");
    std::istream in(&response);
    std::getline(in, status_line_);
  }
  const std::string& status_line() const { return status_line_; }

 private:
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_;
  std::string status_line_;
};

int exit_status_for(const std::filesystem::path& data_dir, const std::filesystem::path& log,
                    std::string& output) {
  ServerProcess server(skirmish::test::server_binary(), server_args(data_dir), {}, log);
  const auto status = server.wait_exit(std::chrono::seconds(10));
  output = server.log_text();
  REQUIRE(status.has_value());
  return *status;
}

}  // namespace

TEST_CASE("a corrupt, unusable or busy database stops the server at start with a clear message") {
  skirmish::test::TempDir dir;
  std::string output;
  SECTION("corrupt") {
    std::filesystem::create_directories(dir.path() / "data");
    std::ofstream(dir.path() / "data" / "skirmish.db") << std::string(10000, '#');
    CHECK(exit_status_for(dir.path() / "data", dir.path() / "log", output) == 1);
    CHECK_THAT(output, Catch::Contains((dir.path() / "data" / "skirmish.db").string()));
    CHECK_THAT(output, Catch::Contains("not a database"));
  }
  SECTION("the data directory is a file") {
    std::ofstream(dir.path() / "file") << "x";
    CHECK(exit_status_for(dir.path() / "file", dir.path() / "log", output) == 1);
    CHECK_THAT(output, Catch::Contains((dir.path() / "file").string()));
  }
  SECTION("another server uses the data directory") {
    ServerProcess first(skirmish::test::server_binary(), server_args(dir.path() / "data"), {}, dir.path() / "log1");
    const auto first_port = first.wait_for_port();
    CHECK(exit_status_for(dir.path() / "data", dir.path() / "log", output) == 1);
    CHECK_THAT(output, Catch::Contains("data directory " + (dir.path() / "data").string() +
                                       " is in use by another skirmish-server (pid "));
    CHECK(http_get(first_port, "/healthz").status == 200);  // the first one carries on
  }
  SECTION("the data directory cannot be written by the server's user") {
    namespace fs = std::filesystem;
    const fs::path data = dir.path() / "data";
    fs::create_directories(data);
    std::string program = skirmish::test::server_binary();
    std::vector<std::string> args = server_args(data);
    if (::geteuid() == 0) {
      // Root may write anywhere: the server runs as nobody (setpriv), from a copy nobody can
      // reach, on a directory nobody owns and may not write.
      const auto open = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                        fs::perms::others_read | fs::perms::others_exec;
      fs::permissions(dir.path(), open);
      const fs::path copy = dir.path() / "skirmish-server";
      fs::copy_file(program, copy);
      fs::permissions(copy, open);
      REQUIRE(::chown(data.c_str(), 65534, 65534) == 0);
      args.insert(args.begin(), {"--reuid=65534", "--regid=65534", "--clear-groups", copy.string()});
      program = "/usr/bin/setpriv";
    }
    fs::permissions(data, fs::perms::owner_read | fs::perms::owner_exec);
    ServerProcess server(program, args, {}, dir.path() / "log");
    const auto status = server.wait_exit(std::chrono::seconds(10));
    output = server.log_text();
    INFO(output);
    REQUIRE(status.has_value());
    CHECK(*status == 1);
    CHECK_THAT(output, Catch::Contains("data directory " + data.string() + " cannot be written by this user"));
  }
  SECTION("the data directory cannot be created") {
    CHECK(exit_status_for("/proc/self/no-such-dir/data", dir.path() / "log", output) == 1);
    CHECK_THAT(output, Catch::Contains("cannot create data directory /proc/self/no-such-dir/data"));
  }
}

TEST_CASE("a backup restored without its journal starts, and the log says the games held back are lost") {
  skirmish::test::TempDir dir;
  const auto data = dir.path() / "data";
  {
    // What a backup copied after a batch that held one young game back looks like: its
    // database says the held writes are in the journal, but no journal file came with it.
    using namespace skirmish::store;
    MatchStore store(data);
    store.defer_commits();
    std::vector<std::vector<StoreWrite>> batch{{MatchCreated{"CANCELED", "onedchess", {}, {}, 1},
                                                MatchCancelled{"CANCELED", 2},
                                                MatchCreated{"HELDBACK", "onedchess", {}, {}, 3}}};
    HeldMatches held;
    held.apply(batch, 1, store, HoldBack{10, 30'000, 100, 32});
    REQUIRE(held.first_seq() == 3u);
    store.mark_journal_applied(3, *held.first_seq());
    store.commit_pending();
  }
  ServerProcess server(skirmish::test::server_binary(), server_args(data), {}, dir.path() / "log");
  const auto port = server.wait_for_port();
  CHECK_THAT(server.log_text(), Catch::Contains("(writes from number 3 on), but the data directory has no "
                                                "journal files: those games are not restored"));
  CHECK(http_get(port, "/healthz").status == 200);
  CHECK(http_get(port, "/api/matches/CANCELED").status == 200);
  CHECK(http_get(port, "/api/matches/HELDBACK").status == 404);
}

TEST_CASE("a stored match whose turns no longer replay is skipped at start and every other one comes back") {
  skirmish::test::TempDir dir;
  const auto data = dir.path() / "data";
  {
    // Two running 1D Chess matches; the second's stored turn is one the rules refuse, as a
    // damaged database or a server whose rules changed would leave it.
    skirmish::store::MatchStore store(data);
    for (const char* id : {"GOODGAME", "BADTURNS"}) {
      store.create_match(id, "onedchess", {}, {}, 1);
      store.record_join(id, 0, "white", std::string(id) + "-token-0", 2);
      store.record_join(id, 1, "black", std::string(id) + "-token-1", 3);
      store.start_match(id, 4);
    }
    store.append_turn("BADTURNS", 0, skirmish::store::TurnRecord::single(0, "99 LEFT", 5));
  }
  ServerProcess server(skirmish::test::server_binary(), server_args(data), {}, dir.path() / "log");
  const auto port = server.wait_for_port();
  const auto log = server.log_text();
  CHECK_THAT(log, Catch::Contains("match BADTURNS: cannot be reloaded from the store:"));
  CHECK_THAT(log, Catch::Contains("reloaded from the store: 1 running match,"));
  CHECK(http_get(port, "/healthz").status == 200);
  // Left as stored, so that a server able to replay it picks it up again.
  const auto bad = http_get(port, "/api/matches/BADTURNS");
  REQUIRE(bad.status == 200);
  CHECK(Json::parse(bad.body).at("state") == "running");
}

TEST_CASE("SIGTERM: clients are told, closed with 1001, the server exits 0 within 5 s, games resume") {
  skirmish::test::TempDir dir;
  auto server = std::make_unique<ServerProcess>(skirmish::test::server_binary(),
                                                server_args(dir.path() / "data"),
                                                std::map<std::string, std::string>{}, dir.path() / "log");
  const auto port = server->wait_for_port();
  ScriptedMatch game("onedchess", {}, 77);
  game.start(port);
  game.play(3);
  skirmish::test::TestClient watcher(port, "watcher");
  watcher.hello("watcher");
  REQUIRE(watcher.request({{"type", "watch"}, {"match", game.id()}}).at("type") == "watching");
  SilentWebSocket silent(port);
  REQUIRE_THAT(silent.status_line(), Catch::StartsWith("HTTP/1.1 101"));

  const auto sent = std::chrono::steady_clock::now();
  server->signal(SIGTERM);
  // While it drains, health says so (the listener stays open until the clients are gone).
  skirmish::test::HttpResult health;
  for (int i = 0; i < 100 && health.status != 503; ++i) {
    try {
      health = http_get(port, "/healthz");
    } catch (const std::exception& error) {
      FAIL(error.what() << "\nserver log:\n" << server->log_text());
    }
    if (health.status != 503) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(health.status == 503);
  CHECK_THAT(health.body, Catch::Contains("stopping"));

  const Json notice = watcher.wait_for("shutdown", std::chrono::seconds(5));
  CHECK_THAT(notice.at("message").get<std::string>(), Catch::Contains("restarting"));
  CHECK(watcher.wait_for_close(std::chrono::seconds(5)) == 1001);
  // The players' drops as the server closes them are not told: everyone gets the notice.
  for (const std::string& frame : watcher.frames())
    CHECK_THAT(frame, !Catch::Contains("\"disconnected\""));

  const auto status = server->wait_exit(std::chrono::seconds(6));
  const auto took = std::chrono::steady_clock::now() - sent;
  INFO(server->log_text());
  CHECK(status == 0);
  CHECK(took < std::chrono::seconds(5));

  server = std::make_unique<ServerProcess>(skirmish::test::server_binary(), server_args(dir.path() / "data"),
                                           std::map<std::string, std::string>{}, dir.path() / "log2");
  const auto port2 = server->wait_for_port();
  game.resume(port2);
  game.play_to_end();
  CHECK(game.seq_problems() == std::vector<std::string>{});  // seq never went back for a seat
  const Json stored = Json::parse(http_get(port2, "/api/matches/" + game.id()).body);
  CHECK(stored.at("state") == "finished");
  CHECK(stored.at("moves").size() == game.turns().size());
}

TEST_CASE("while the server stops no clock or reconnect grace decides a game") {
  // The players close at once on the restart notice, while a client that never reads holds
  // the drain for its 3 s: their 300 ms graces ran out in it and the game was a draw by
  // forfeit, though everyone had been told to come back after the restart.
  skirmish::test::TempDir dir;
  auto server = std::make_unique<ServerProcess>(skirmish::test::server_binary(), server_args(dir.path() / "data"),
                                                std::map<std::string, std::string>{}, dir.path() / "log");
  const auto port = server->wait_for_port();
  skirmish::test::TwoSeatMatch m = skirmish::test::start_match(port, "onedchess", {{"reconnect_grace_ms", 300}});
  SilentWebSocket silent(port);
  server->signal(SIGTERM);
  m.seat0->wait_for("shutdown", std::chrono::seconds(5));
  m.seat0->drop();
  m.seat1->drop();
  REQUIRE(server->wait_exit(std::chrono::seconds(6)) == 0);
  INFO(server->log_text());
  CHECK_THAT(server->log_text(), !Catch::Contains("did not come back"));

  server = std::make_unique<ServerProcess>(skirmish::test::server_binary(), server_args(dir.path() / "data"),
                                           std::map<std::string, std::string>{}, dir.path() / "log2");
  skirmish::test::TestClient back(server->wait_for_port(), "back");
  back.hello("first");
  REQUIRE(back.request({{"type", "resume"}, {"match", m.id}, {"token", m.token0}}).at("type") == "joined");
  CHECK(back.wait_for("state").at("status") == "running");
}

TEST_CASE("SIGHUP (its terminal closed) stops the server as SIGTERM does, exit 0") {
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(), server_args(dir.path() / "data"), {},
                       dir.path() / "log");
  const auto port = server.wait_for_port();
  skirmish::test::TestClient player(port, "player");
  player.hello("player");
  server.signal(SIGHUP);
  CHECK(player.wait_for("shutdown", std::chrono::seconds(5)).at("type") == "shutdown");
  CHECK(server.wait_exit(std::chrono::seconds(6)) == 0);
  CHECK_THAT(server.log_text(), Catch::Contains("received SIGHUP, stopping"));
}

TEST_CASE("the data directory and its database are for the server's user only and an open one is warned of") {
  namespace fs = std::filesystem;
  skirmish::test::TempDir dir;
  const fs::path made = dir.path() / "made";
  {
    ServerProcess server(skirmish::test::server_binary(), server_args(made), {}, dir.path() / "log1");
    server.wait_for_port();
    server.signal(SIGTERM);
    CHECK(server.wait_exit(std::chrono::seconds(6)) == 0);
    CHECK_THAT(server.log_text(), !Catch::Contains("open to other users"));
  }
  const auto others = fs::perms::group_all | fs::perms::others_all;
  CHECK((fs::status(made).permissions() & others) == fs::perms::none);
  CHECK((fs::status(made / "skirmish.db").permissions() & others) == fs::perms::none);
  // One made by someone else, readable by all (as `mkdir` leaves it): said at every start.
  const fs::path open = dir.path() / "open";
  fs::create_directory(open);
  fs::permissions(open, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  ServerProcess server(skirmish::test::server_binary(), server_args(open), {}, dir.path() / "log2");
  server.wait_for_port();
  CHECK_THAT(server.log_text(), Catch::Contains("data directory " + open.string() +
                                                " is open to other users (mode 755): its database holds the "
                                                "seeds of running fog games; chmod 700 " + open.string()));
  CHECK((fs::status(open / "skirmish.db").permissions() & others) == fs::perms::none);
}

TEST_CASE("a store that can no longer write stops the server with exit status 1, saying why") {
  skirmish::test::TempDir dir;
  ServerProcess server(skirmish::test::server_binary(), server_args(dir.path() / "data"), {},
                       dir.path() / "log");
  const auto port = server.wait_for_port();
  // A player idle in the lobby: it must get the restart notice, as on SIGTERM.
  skirmish::test::TestClient idle(port, "idle");
  idle.hello("idle");
  // From now on no file of the server's may grow past 64 KiB (as on a full disk, the write
  // fails). The journal's file does not grow (its space was reserved when it was started):
  // SQLite's write-ahead log reaches the limit, within a few games when each is committed
  // at once (a history read of it has the store commit it), long before the server's log.
  const rlimit limit{64 * 1024, 64 * 1024};
  REQUIRE(prlimit(server.pid(), RLIMIT_FSIZE, &limit, nullptr) == 0);
  for (std::uint64_t seed = 0; seed < 200 && !server.wait_exit(std::chrono::milliseconds(0)); ++seed) {
    try {
      ScriptedMatch game("onedchess", {}, seed);
      game.start(port);
      game.play_to_end();
      skirmish::test::http_get(port, "/api/matches/" + game.id());
    } catch (const std::exception&) {
      break;  // the server stopped under the game
    }
  }
  const auto status = server.wait_exit(std::chrono::seconds(10));
  const std::string log = server.log_text();
  INFO(log);
  CHECK(status == 1);  // a supervisor's restart-on-failure sees a failure
  CHECK_THAT(log, Catch::Contains("[critical] store:") &&
                      Catch::Contains("stopping because the store failed"));
  CHECK_THAT(log, !Catch::Contains("received SIGTERM"));
  // The notice tells of nothing stored: it is not held behind the commit that failed.
  CHECK(idle.wait_for("shutdown", std::chrono::seconds(2)).at("type") == "shutdown");
}

TEST_CASE("the Docker image builds and installs every program the server and client run, and CA certificates") {
  // No Docker engine here: read the Dockerfile. `skirmish tournament` runs each bot under
  // skirmish-bot-limits, found beside `skirmish` (client-cli/tournament/resource_limits.h).
  std::ifstream in(skirmish::test::source_dir() / "Dockerfile");
  const std::string dockerfile((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  REQUIRE_FALSE(dockerfile.empty());
  // From a marker to the end of its instruction's text that names the programs.
  const auto text_from = [&](const std::string& start, const std::string& end) {
    const auto at = dockerfile.find(start);
    REQUIRE(at != std::string::npos);
    return dockerfile.substr(at, dockerfile.find(end, at) - at);
  };
  const std::string built = text_from("--target", "\n");
  const std::string copied = text_from("COPY --from=build /src/build/release/", "/usr/local/bin/");
  for (const std::string program : {"server/skirmish-server", "client-cli/skirmish",
                                    "client-cli/tournament/skirmish-bot-limits"}) {
    CAPTURE(program);
    CHECK_THAT(built, Catch::Contains(" " + program.substr(program.rfind('/') + 1)));
    CHECK_THAT(copied, Catch::Contains("/src/build/release/" + program));
  }
  // The client checks a wss:// server's certificate against the system's CA certificates
  // (client-cli/tls_context.cc), which the slim runtime has only if installed.
  CHECK_THAT(text_from("FROM debian:bookworm-slim", "rm -rf"), Catch::Contains(" ca-certificates "));
}

TEST_CASE("the server starts as docker/entrypoint.sh starts it in the image") {
  skirmish::test::TempDir dir;
  const auto source = skirmish::test::source_dir();
  const std::string entrypoint = (source / "docker" / "entrypoint.sh").string();
  const std::string bin_dir = std::filesystem::path(skirmish::test::server_binary()).parent_path().string();
  // The image's environment (Dockerfile ENV), with a free port and a fresh data directory.
  const std::map<std::string, std::string> env{
      {"SKIRMISH_ADDRESS", "0.0.0.0"}, {"SKIRMISH_PORT", "0"}, {"SKIRMISH_RATE_LIMIT", "0"},
      {"SKIRMISH_DATA_DIR", (dir.path() / "data").string()}, {"SKIRMISH_LOG_LEVEL", "info"},
      {"SKIRMISH_BIN_DIR", bin_dir}};

  SECTION("it serves /healthz and a game, and keeps the game in the data directory") {
    ServerProcess server("/bin/sh", {entrypoint}, env, dir.path() / "log");
    const auto port = server.wait_for_port();
    CHECK_THAT(server.log_text(), Catch::Contains("skirmish-server " SKIRMISH_VERSION " (protocol 1) listening on 0.0.0.0:"));
    // docker/healthcheck.sh is the image's HEALTHCHECK: run it against this server.
    const std::string check = "SKIRMISH_PORT=" + std::to_string(port) + " /bin/bash " +
                              (source / "docker" / "healthcheck.sh").string();
    CHECK(std::system(check.c_str()) == 0);
    CHECK(http_get(port, "/healthz").status == 200);

    ScriptedMatch game("onedchess", {}, 123);
    game.start(port);
    game.play_to_end();
    CHECK(std::filesystem::exists(dir.path() / "data" / "skirmish.db"));
    // The entrypoint made the missing directory itself: for the server's user only, as the
    // server would have (its database holds the seeds of running fog games), so no warning.
    CHECK(std::filesystem::status(dir.path() / "data").permissions() == std::filesystem::perms::owner_all);
    CHECK_THAT(server.log_text(), !Catch::Contains("open to other users"));
    const Json stored = Json::parse(http_get(port, "/api/matches/" + game.id()).body);
    CHECK(stored.at("state") == "finished");

    server.signal(SIGTERM);
    CHECK(server.wait_exit(std::chrono::seconds(5)) == 0);  // exec: the signal reached the server

    // With nothing listening: unhealthy, in one line of its own (not bash's /dev/tcp errors).
    const auto said = dir.path() / "healthcheck.err";
    const int status = std::system((check + " 2>" + said.string()).c_str());
    CHECK(WEXITSTATUS(status) == 1);
    std::ifstream in(said);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "unhealthy: nothing answers on 127.0.0.1:" + std::to_string(port) + "\n");
  }
  SECTION("it refuses a data directory it cannot write, saying which") {
    std::ofstream(dir.path() / "data") << "a file, not a directory";
    ServerProcess server("/bin/sh", {entrypoint}, env, dir.path() / "log");
    CHECK(server.wait_exit(std::chrono::seconds(5)) == 1);
    CHECK_THAT(server.log_text(), Catch::Contains("data directory " + (dir.path() / "data").string() +
                                                  " is a file, not a directory"));
  }
  SECTION("a variable set but empty reaches the server, which names it, instead of the default") {
    auto empty = env;
    empty["SKIRMISH_DATA_DIR"] = "";
    ServerProcess server("/bin/sh", {entrypoint}, empty, dir.path() / "log");
    CHECK(server.wait_exit(std::chrono::seconds(5)) == 2);
    CHECK_THAT(server.log_text(), Catch::Contains("SKIRMISH_DATA_DIR is set but empty"));
  }
}

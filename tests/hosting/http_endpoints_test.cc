// /healthz, /metrics and /api/matches on the game port of an in-process server with a store.
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdio>
#include <chrono>
#include <thread>

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "server/http_api.h"
#include "server/server_context.h"
#include "tests/hosting/http_get.h"
#include "tests/hosting/scripted_match.h"
#include "tests/server/server_fixture.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::http_get;
using skirmish::test::Json;
using skirmish::test::ScriptedMatch;

skirmish::server::Config config_with_store(const std::filesystem::path& dir) {
  auto config = skirmish::test::test_config();
  config.data_dir = dir.string();
  config.rate_limit_per_second = 0;  // the scripted games play faster than people
  return config;
}

// Writes `request` as it is and reads the reply until the server closes (at most 5 s).
std::string raw_exchange(unsigned short port, const std::string& request) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), port});
  const timeval five_seconds{5, 0};
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &five_seconds, sizeof five_seconds);
  boost::asio::write(socket, boost::asio::buffer(request));
  std::string reply;
  char chunk[4096];
  boost::system::error_code ec;
  for (std::size_t n; (n = socket.read_some(boost::asio::buffer(chunk), ec)) > 0 && !ec;) reply.append(chunk, n);
  return reply;
}

Json get_json(unsigned short port, const std::string& target, unsigned expected_status = 200) {
  const auto reply = http_get(port, target);
  INFO(target << " -> " << reply.status << " " << reply.body);
  REQUIRE(reply.status == expected_status);
  CHECK(reply.content_type == "application/json");
  return Json::parse(reply.body);
}

}  // namespace

TEST_CASE("GET /healthz answers 200 with a small JSON status") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  const Json health = get_json(server.port(), "/healthz");
  CHECK(health.at("status") == "ok");
  CHECK(health.at("store") == "sqlite");
  CHECK(health.at("connections").is_number());
}

TEST_CASE("GET /metrics counts connections, matches, moves, errors and latencies") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  ScriptedMatch game("tactego", {{"seed", "metrics"}}, 5);
  game.start(server.port());
  game.play(4);
  REQUIRE_FALSE(game.over());
  skirmish::test::TestClient rude(server.port(), "rude");
  rude.send_text("{not json");
  rude.wait_for_error("bad_json");

  const auto reply = http_get(server.port(), "/metrics");
  REQUIRE(reply.status == 200);
  CHECK_THAT(reply.content_type, Catch::StartsWith("text/plain; version=0.0.4"));
  const std::string& text = reply.body;
  CHECK_THAT(text, Catch::Contains("# TYPE skirmish_connections gauge\nskirmish_connections 3\n"));
  CHECK_THAT(text, Catch::Contains("skirmish_matches{game=\"tactego\",state=\"running\"} 1\n"));
  CHECK_THAT(text, Catch::Contains("skirmish_moves_total 4\n"));
  CHECK_THAT(text, Catch::Contains("skirmish_errors_total{code=\"bad_json\"} 1\n"));
  CHECK_THAT(text, Catch::Contains("skirmish_errors_total{code=\"illegal_move\"} 0\n"));
  CHECK_THAT(text, Catch::Contains("# TYPE skirmish_message_handling_seconds histogram\n"));
  CHECK_THAT(text, Catch::Contains("skirmish_message_handling_seconds_bucket{le=\"+Inf\"}"));
  CHECK_THAT(text, Catch::Contains("# TYPE skirmish_store_write_seconds histogram\n"));
  // create + 2 joins + start + 4 turns, at least, were journaled before anyone heard of them,
  // in one append or more.
  const auto counter_in = [](const std::string& metrics, const std::string& name) {
    const auto at = metrics.find("\n" + name + " ");
    REQUIRE(at != std::string::npos);
    return std::stoi(metrics.substr(at + name.size() + 2));
  };
  const int writes = counter_in(text, "skirmish_store_writes_total");
  CHECK(writes >= 8);
  const int appends = counter_in(text, "skirmish_store_write_seconds_count");
  CHECK(appends >= 1);
  CHECK(appends <= writes);
  // The store thread puts them into SQLite within about DurabilityGate::kApplyInterval.
  int commits = counter_in(text, "skirmish_store_commits_total");
  for (int i = 0; i < 100 && commits == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    commits = counter_in(http_get(server.port(), "/metrics").body, "skirmish_store_commits_total");
  }
  CHECK(commits >= 1);
  CHECK(commits <= writes);
  CHECK_THAT(text, Catch::Contains("# TYPE skirmish_store_commit_seconds histogram\n"));
  CHECK_THAT(text, Catch::Contains("# TYPE skirmish_store_backlog gauge\n"));
}

TEST_CASE("GET /metrics counts connections refused because the server is full") {
  skirmish::test::TempDir dir;
  auto config = config_with_store(dir.path());
  config.max_connections = 1;
  skirmish::test::RunningServer server(config);
  skirmish::test::TestClient first(server.port(), "first");
  first.hello();
  skirmish::test::TestClient refused(server.port(), "refused");
  CHECK(refused.wait_for_error("server_full").at("code") == "server_full");
  const auto metrics = http_get(server.port(), "/metrics");
  CHECK_THAT(metrics.body, Catch::Contains("skirmish_errors_total{code=\"server_full\"} 1\n"));
}

TEST_CASE("GET /api/matches lists by state and shows a finished match with its moves") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  ScriptedMatch done("onedchess", {}, 9);
  done.start(server.port());
  done.play_to_end();
  ScriptedMatch running("dcms", {}, 10);
  running.start(server.port());
  running.play(2);

  const Json finished = get_json(server.port(), "/api/matches?state=finished");
  REQUIRE(finished.at("matches").size() == 1);
  CHECK(finished["matches"][0].at("match") == done.id());
  CHECK(finished["matches"][0].at("result") == done.last_state().at("outcome"));
  CHECK(finished["matches"][0].at("seats")[0].at("name") == "alice");
  const Json now = get_json(server.port(), "/api/matches?state=running");
  REQUIRE(now.at("matches").size() == 1);
  CHECK(now["matches"][0].at("match") == running.id());
  CHECK(now["matches"][0].at("turns") == 2);
  CHECK(get_json(server.port(), "/api/matches?state=open").at("matches").empty());
  CHECK(get_json(server.port(), "/api/matches").at("matches").size() == 2);

  const Json detail = get_json(server.port(), "/api/matches/" + done.id());
  CHECK(detail.at("game") == "onedchess");
  CHECK(detail.at("options").at("max_turns").is_string());
  CHECK(detail.at("seed").is_null());  // 1D Chess has no seed
  REQUIRE(detail.at("moves").size() == done.turns().size());
  const auto& first = done.turns()[0];
  CHECK(detail["moves"][0].at("moves").at("white") == *first[0]);
  CHECK(detail["moves"][0].at("ms").at("white").is_number());

  const Json dcms = get_json(server.port(), "/api/matches/" + running.id());
  REQUIRE(dcms.at("moves").size() == 2);
  // Read as the game protocol reads ids: any case, and a trailing slash is no part of it.
  std::string lower = running.id();
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  CHECK(get_json(server.port(), "/api/matches/" + lower + "/").at("match") == running.id());
  CHECK(dcms["moves"][1].at("moves").size() == 2);  // both seats' moves of one DCMS turn
  // Percent-encoded characters are the characters (RFC 3986), in the path and the query.
  char escaped_first[4];
  std::snprintf(escaped_first, sizeof escaped_first, "%%%02X", static_cast<unsigned char>(done.id()[0]));
  CHECK(get_json(server.port(), "/api/%6Datches/" + std::string(escaped_first) + done.id().substr(1)).at("match") ==
        done.id());
  CHECK(get_json(server.port(), "/api/matches?%73tate=fin%69shed").at("matches").size() == 1);
  // A misspelt parameter is refused, not taken as no filter.
  CHECK(get_json(server.port(), "/api/matches?stat=running", 400).at("error") ==
        "unknown query parameter 'stat' (known: state, limit)");

  CHECK_THAT(get_json(server.port(), "/api/matches?state=sideways", 400).at("error").get<std::string>(),
             Catch::Contains("'sideways'"));
  CHECK(get_json(server.port(), "/api/matches/NOPE", 404).at("error") == "no match 'NOPE'");
  CHECK(get_json(server.port(), "/api/matches//", 404).at("error") == "no match ''");  // not an SQL error (500)
  CHECK(http_get(server.port(), "/nowhere").status == 404);
}

TEST_CASE("GET /api/matches lists at most 1000 matches a request and says so") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  CHECK(get_json(server.port(), "/api/matches?limit=1000").at("matches").empty());
  CHECK(get_json(server.port(), "/api/matches?state=finished&limit=1").at("matches").empty());
  for (const char* limit : {"1001", "10000", "0", "-5", "lots"}) {
    const Json refused = get_json(server.port(), std::string("/api/matches?limit=") + limit, 400);
    INFO(refused.dump());
    CHECK_THAT(refused.at("error").get<std::string>(),
               Catch::Contains(std::string("'") + limit + "'") && Catch::Contains("from 1 to 1000"));
  }
}

TEST_CASE("a running fog Tactego match shows neither its seed nor its moves until it ends") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  const std::string seed = "a-secret-seed-7f3a";
  ScriptedMatch fog("tactego", {{"seed", seed}, {"fog", "true"}}, 4);
  fog.start(server.port());
  fog.play(3);
  for (const std::string& target : {"/api/matches/" + fog.id(), std::string("/api/matches"),
                                   std::string("/api/matches?state=running")}) {
    const auto reply = http_get(server.port(), target);
    INFO(target);
    CHECK(reply.status == 200);
    CHECK(reply.body.find(seed) == std::string::npos);
    CHECK(reply.body.find(*fog.turns()[0][0]) == std::string::npos);
  }
  const Json hidden = get_json(server.port(), "/api/matches/" + fog.id());
  CHECK(hidden.at("seed").is_null());
  CHECK(hidden.at("moves").is_null());
  CHECK_FALSE(hidden.at("options").contains("seed"));
  CHECK(hidden.at("turns") == 3);

  // Without fog nothing is hidden, even while running.
  ScriptedMatch open_board("tactego", {{"seed", "plain"}, {"fog", "false"}}, 5);
  open_board.start(server.port());
  open_board.play(2);
  const Json visible = get_json(server.port(), "/api/matches/" + open_board.id());
  CHECK(visible.at("seed") == "plain");
  CHECK(visible.at("moves").size() == 2);

  fog.play_to_end();
  const Json revealed = get_json(server.port(), "/api/matches/" + fog.id());
  CHECK(revealed.at("state") == "finished");
  CHECK(revealed.at("seed") == seed);
  CHECK(revealed.at("moves").size() == fog.turns().size());
}

TEST_CASE("with the store off the game still runs and the history says it is off") {
  auto config = skirmish::test::test_config();
  config.data_dir.clear();
  config.rate_limit_per_second = 0;
  skirmish::test::RunningServer server(config);
  ScriptedMatch game("onedchess", {}, 3);
  game.start(server.port());
  game.play_to_end();
  CHECK(get_json(server.port(), "/healthz").at("store") == "off");
  CHECK_THAT(get_json(server.port(), "/api/matches", 503).at("error").get<std::string>(),
             Catch::Contains("without a store (--store off)"));
}

// The window between listening and ready (the store opening, old matches reloading) is too
// short to hit reliably from outside, so the handler is asked directly.
TEST_CASE("while the server starts, /healthz says starting (503) and the history waits") {
  skirmish::server::ServerContext starting;  // ready is false; no lobby, no store yet
  const auto health = skirmish::server::handle_http_request("GET", "/healthz", starting);
  CHECK(health.status == 503);
  CHECK(Json::parse(health.body).at("status") == "starting");
  const auto history = skirmish::server::handle_http_request("GET", "/api/matches", starting);
  CHECK(history.status == 503);
  CHECK_THAT(history.body, Catch::Contains("starting"));
  const auto metrics = skirmish::server::handle_http_request("GET", "/metrics", starting);
  CHECK(metrics.status == 503);
}

// A stop cancels the store's reads (MatchStore::cancel_reads): a history request cut short
// is the server stopping, not a store fault (500, logged as an error).
TEST_CASE("a history read cut short by a stop answers 503 stopping") {
  skirmish::test::TempDir dir;
  skirmish::server::ServerContext stopping;
  stopping.store = std::make_shared<skirmish::store::MatchStore>(dir.path());
  stopping.ready = true;
  stopping.store->cancel_reads();
  for (const char* target : {"/api/matches", "/api/matches/ABCD"}) {
    const auto reply = skirmish::server::handle_http_request("GET", target, stopping);
    INFO(target << " -> " << reply.status << " " << reply.body);
    CHECK(reply.status == 503);
    CHECK_THAT(reply.body, Catch::Contains("the server is stopping"));
  }
}

TEST_CASE("a running match that allows no spectators shows its moves only when it ends") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  ScriptedMatch private_game("dcms", {}, 10, {{"spectators", "none"}});
  private_game.start(server.port());
  private_game.play(2);
  const Json running = get_json(server.port(), "/api/matches/" + private_game.id());
  INFO(running.dump());
  CHECK(running.at("moves").is_null());
  CHECK_THAT(running.at("hidden").get<std::string>(), Catch::Contains("no spectators"));
  CHECK(running.at("turns") == 2);
  private_game.play_to_end();
  const Json over = get_json(server.port(), "/api/matches/" + private_game.id());
  CHECK(over.at("moves").size() == private_game.turns().size());
  CHECK_FALSE(over.contains("hidden"));
}

TEST_CASE("a private match is not in the history's list, keeps its moves to itself while it runs, "
          "and stays private after a restart") {
  skirmish::test::TempDir dir;
  std::string id, invite;
  {
    skirmish::test::RunningServer server(config_with_store(dir.path()));
    skirmish::test::TestClient alice(server.port(), "alice"), bob(server.port(), "bob");
    alice.hello("alice");
    bob.hello("bob");
    const Json created = alice.request(
        {{"type", "create_match"}, {"game", "onedchess"}, {"options", {{"private", true}}}});
    id = created.at("match");
    invite = created.at("invite");
    REQUIRE(alice.request({{"type", "join"}, {"match", id}, {"invite", invite}}).at("type") == "joined");
    REQUIRE(bob.request({{"type", "join"}, {"match", id}, {"invite", invite}}).at("type") == "joined");
    REQUIRE(alice.request({{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}}).at("type") == "state");

    CHECK(get_json(server.port(), "/api/matches").at("matches").empty());
    CHECK(get_json(server.port(), "/api/matches?state=running").at("matches").empty());
    const Json running = get_json(server.port(), "/api/matches/" + id);
    INFO(running.dump());
    CHECK(running.at("moves").is_null());
    CHECK_THAT(running.at("hidden").get<std::string>(), Catch::Contains("private"));
    CHECK(running.at("settings").at("private") == "true");
    CHECK_FALSE(running.at("settings").contains("invite_sha256"));  // not even its hash
    CHECK(running.dump().find(invite) == std::string::npos);
  }
  // Reloaded from the store: still unlisted, and the same code still opens it.
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  skirmish::test::TestClient carol(server.port(), "carol");
  carol.hello("carol");
  CHECK(carol.request({{"type", "list_matches"}}).at("total") == 0);
  CHECK(carol.request({{"type", "watch"}, {"match", id}}).at("code") == "unauthorized");
  CHECK(carol.request({{"type", "watch"}, {"match", id}, {"invite", "AAAA-AAAA-AAAA"}}).at("code") ==
        "unauthorized");
  CHECK(carol.request({{"type", "watch"}, {"match", id}, {"invite", invite}}).at("type") == "watching");
}

TEST_CASE("a WebSocket upgrade with a missing or wrong handshake field is refused in JSON saying which") {
  skirmish::test::RunningServer server(skirmish::test::test_config());
  const std::string upgrade = "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n";
  const std::string no_key = raw_exchange(server.port(), upgrade + "Sec-WebSocket-Version: 13\r\n\r\n");
  CHECK_THAT(no_key, Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("Content-Type: application/json") &&
                         Catch::Contains("Connection: close") &&
                         Catch::Contains("{\"error\":\"WebSocket upgrade without a Sec-WebSocket-Key header\"}"));
  const std::string old_version = raw_exchange(
      server.port(), upgrade + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n");
  CHECK_THAT(old_version, Catch::StartsWith("HTTP/1.1 426 ") && Catch::Contains("Sec-WebSocket-Version: 13") &&
                              Catch::Contains("WebSocket version '8' is not served here: only 13 (RFC 6455)"));
  CHECK(http_get(server.port(), "/healthz").status == 200);
}

TEST_CASE("a request too large or not HTTP gets a status saying so, not a silent close") {
  skirmish::test::RunningServer server(skirmish::test::test_config());
  const std::string huge = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n";
  const std::string too_large = raw_exchange(server.port(), huge);
  CHECK_THAT(too_large, Catch::StartsWith("HTTP/1.1 431 ") && Catch::Contains("larger than 16 KiB"));
  const std::string garbage = raw_exchange(server.port(), "HELLO THERE\r\n\r\n");
  CHECK_THAT(garbage, Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("not an HTTP request"));
  // What was wrong, and where, in the JSON of every other error: here a control byte in the path.
  const std::string control = raw_exchange(server.port(), "GET /health\x01z HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK_THAT(control, Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("Content-Type: application/json") &&
                          Catch::Contains("the path holds byte 0x01 (a control character) at column 12 of the "
                                          "request line \\\"GET /health\\u0001z HTTP/1.1\\\"") &&
                          Catch::Contains("(%01)"));
  const std::string bad_header = raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHo\x01st: x\r\n\r\n");
  CHECK_THAT(bad_header, Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("in its name at column 3"));
  // The server carries on.
  CHECK(http_get(server.port(), "/healthz").status == 200);
}

TEST_CASE("bytes that are not UTF-8 in a request's path or query are quoted replaced, and the server carries on") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  // One such request used to abort the whole server (the JSON error reply threw).
  const std::string nowhere = raw_exchange(server.port(), "GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK_THAT(nowhere, Catch::StartsWith("HTTP/1.1 404 ") && Catch::Contains("nothing at /\xef\xbf\xbd"));
  const std::string refused = raw_exchange(server.port(), "DELETE /api/matches/\xc3 HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK_THAT(refused, Catch::StartsWith("HTTP/1.1 405 ") && Catch::Contains("Allow: GET, HEAD") &&
                          Catch::Contains("only GET and HEAD are served here"));
  // Inside the history too: a 404 and a 400 naming what was sent, not a 500 from the JSON library.
  CHECK_THAT(raw_exchange(server.port(), "GET /api/matches/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"),
             Catch::StartsWith("HTTP/1.1 404 ") && Catch::Contains("no match '\xef\xbf\xbd\xef\xbf\xbd'"));
  CHECK_THAT(raw_exchange(server.port(), "GET /api/matches?state=\xff HTTP/1.1\r\nHost: x\r\n\r\n"),
             Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("query 'state'"));
  CHECK(http_get(server.port(), "/healthz").status == 200);
}

TEST_CASE("a request naming the whole URL (absolute form) is served as its path") {
  skirmish::test::TempDir dir;
  skirmish::test::RunningServer server(config_with_store(dir.path()));
  const auto get = [&](const std::string& target) {
    return raw_exchange(server.port(), "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
  };
  CHECK_THAT(get("http://127.0.0.1/healthz"), Catch::StartsWith("HTTP/1.1 200 ") && Catch::Contains("\"status\""));
  CHECK_THAT(get("HTTP://x:8080/api/matches?state=open"), Catch::StartsWith("HTTP/1.1 200 ") && Catch::Contains("\"matches\""));
  CHECK_THAT(get("http://x:8080/api/matches?bogus=1"), Catch::StartsWith("HTTP/1.1 400 ") && Catch::Contains("bogus"));
  CHECK_THAT(get("http://x"), Catch::StartsWith("HTTP/1.1 404 ") && Catch::Contains("nothing at / (try"));
  CHECK_THAT(get("ftp://x/healthz"), Catch::StartsWith("HTTP/1.1 404 "));  // not ours to take
}

TEST_CASE("HEAD answers with the length a GET would send, and no body") {
  skirmish::test::RunningServer server(skirmish::test::test_config());
  const std::string get = raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string head = raw_exchange(server.port(), "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto body_length = get.size() - (get.find("\r\n\r\n") + 4);
  REQUIRE(body_length > 0);
  CHECK_THAT(head, Catch::Contains("Content-Length: " + std::to_string(body_length) + "\r\n") &&
                       Catch::EndsWith("\r\n\r\n"));
}

// The protocol's requests without a socket: ClientRequests driven by hand, its replies
// caught by a fake connection. The integration tests cover the same over WebSockets; these
// pin down what belongs to the requests alone (hello first, who may act for which seat).
#include <catch2/catch.hpp>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "server/client_requests.h"
#include "server/server_context.h"
#include "server/store/match_store.h"
#include "tests/store/temp_dir.h"

namespace skirmish::server {
namespace {

using Json = nlohmann::json;

// A connection that keeps what it is sent.
class FakeConnection : public Participant {
 public:
  void deliver(Message message) override { received.push_back(Json::parse(*message)); }
  std::vector<Json> received;
};

// One client: its fake connection and its requests, as a Session holds them.
struct Client {
  Client(ServerContext& context, std::string client_address)
      : address(std::move(client_address)), connection(std::make_shared<FakeConnection>()),
        requests(context, *connection, this->address) {}

  // Sends `request` and returns the last message this client received (the reply).
  Json send(const Json& request) {
    requests.handle(request.dump(), connection, "test");
    REQUIRE_FALSE(connection->received.empty());
    return connection->received.back();
  }

  std::string address;
  std::shared_ptr<FakeConnection> connection;
  ClientRequests requests;
};

struct Fixture {
  Fixture() { context.lobby = std::make_shared<Lobby>(io.get_executor(), LobbySettings{}); }
  boost::asio::io_context io;
  ServerContext context;
};

Json hello(const std::string& name) { return {{"type", "hello"}, {"version", 1}, {"name", name}}; }

TEST_CASE("requests: nothing but hello is answered before hello", "[server][requests]") {
  Fixture f;
  Client client(f.context, "203.0.113.7");
  const Json refused = client.send({{"type", "list_games"}, {"id", 7}});
  CHECK(refused.at("code") == "hello_required");
  CHECK(refused.at("id") == 7);
  CHECK_FALSE(client.requests.said_hello());

  CHECK(client.send({{"type", "hello"}, {"version", 2}}).at("code") == "unsupported_version");
  CHECK_FALSE(client.requests.said_hello());
  CHECK(client.send(hello("ann")).at("type") == "welcome");
  CHECK(client.requests.said_hello());
  CHECK(client.send({{"type", "list_games"}}).at("type") == "games");
  const Json again = client.send(hello("bob"));
  CHECK(again.at("code") == "bad_message");
  CHECK(again.at("message") ==
        "hello was already sent on this connection (as 'ann'); it is sent once, first, and nothing changed");
  CHECK(client.send("not an object").at("code") == "bad_json");  // JSON, but not an object
  CHECK(client.send({{"type", "join"}}).at("code") == "bad_message");  // no match named
}

TEST_CASE("requests: each connection acts only for its own seat, a spectator for none",
          "[server][requests]") {
  Fixture f;
  Client white(f.context, "203.0.113.7"), black(f.context, "198.51.100.1"), watcher(f.context, "192.0.2.5");
  white.send(hello("ann"));
  black.send(hello("bob"));
  watcher.send(hello("eve"));

  const std::string match = white.send({{"type", "create_match"}, {"game", "onedchess"}}).at("match");
  white.send({{"type", "join"}, {"match", match}});
  black.send({{"type", "join"}, {"match", match}});
  CHECK(watcher.send({{"type", "watch"}, {"match", match}}).at("type") == "state");
  const Json& joined = black.connection->received.at(black.connection->received.size() - 2);
  CHECK(joined.at("type") == "joined");
  CHECK(joined.at("players") == Json{{"white", "ann"}, {"black", "bob"}});

  const Json move{{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}};
  CHECK(black.send(move).at("code") == "not_your_turn");
  CHECK(watcher.send(move).at("code") == "not_a_player");
  const Json played = white.send(move);
  CHECK(played.at("type") == "state");
  CHECK(played.at("turn") == 1);
  CHECK(black.connection->received.back().at("turn") == 1);    // told too
  CHECK(watcher.connection->received.back().at("turn") == 1);  // and the spectator
  CHECK(white.send({{"type", "join"}, {"match", match}}).at("code") == "already_in_match");
  // An id is read in any case, 0/1/8 as O/I/B; one that is not there is quoted as sent.
  Client late(f.context, "192.0.2.9");
  late.send(hello("late"));
  const Json missing = late.send({{"type", "join"}, {"match", "nope1234"}});
  CHECK(missing.at("code") == "no_such_match");
  CHECK_THAT(missing.at("message").get<std::string>(), Catch::StartsWith("no match 'nope1234' (looked up as NOPEI234) here"));
  // Too short or too long: a typo, said so, not sent to the history after a match that never was.
  CHECK(late.send({{"type", "join"}, {"match", "ABCDEFG"}}).at("message") ==
        "no match 'ABCDEFG': a match id has 8 letters and digits, this has 7");
  std::string typed = match;
  for (char& ch : typed) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  CHECK(late.send({{"type", "watch"}, {"match", typed}}).at("type") == "state");

  // Gone: its seat is held for the grace, and the opponent is told.
  white.requests.disconnected();
  const Json& notice = black.connection->received.back();
  CHECK(notice.at("type") == "presence");
  CHECK(notice.at("event") == "disconnected");
}


TEST_CASE("requests: finished matches linger up to the cap, then their timers forget them",
          "[server][requests][lobby]") {
  boost::asio::io_context io;
  ServerContext context;
  LobbySettings settings;
  settings.finished_linger = std::chrono::milliseconds(30);
  settings.max_matches = 2;  // a third finished match lets the oldest go at once
  context.lobby = std::make_shared<Lobby>(io.get_executor(), settings);
  Client white(context, "203.0.113.7"), black(context, "198.51.100.1");
  white.send(hello("ann"));
  black.send(hello("bob"));

  std::vector<std::string> played;
  for (int game = 0; game < 3; ++game) {
    const std::string match = white.send({{"type", "create_match"}, {"game", "onedchess"}}).at("match");
    white.send({{"type", "join"}, {"match", match}});
    black.send({{"type", "join"}, {"match", match}});
    CHECK(white.send({{"type", "resign"}}).at("status") == "over");
    io.poll();  // the match's retirement is posted
    white.send({{"type", "leave"}});
    black.send({{"type", "leave"}});
    played.push_back(match);
  }
  // The cap let the first go; the other two are still findable.
  CHECK(white.send({{"type", "watch"}, {"match", played[0]}}).at("code") == "no_such_match");
  CHECK(white.send({{"type", "watch"}, {"match", played[2]}}).at("type") == "state");
  white.send({{"type", "leave"}});
  // Every linger timer fires, the evicted match's too: the rest are forgotten, nothing else.
  io.run_for(std::chrono::milliseconds(200));
  CHECK(context.lobby->size() == 0);
  CHECK(white.send({{"type", "watch"}, {"match", played[2]}}).at("code") == "no_such_match");
}

TEST_CASE("requests: a match emptied twice is removed once, and at once leaves its creator's quota",
          "[server][requests][lobby]") {
  // Each leave that empties an open match asks the lobby (posted, so on any network thread)
  // to remove it; two removals running at once both removed it and wrote a second cancel,
  // which the store refused: the server stopped, and the journal line failed again at
  // every restart. The match itself lets one removal through.
  test::TempDir dir;
  boost::asio::io_context io;
  ServerContext context;
  MatchServices services;
  services.store = std::make_shared<store::MatchStore>(dir.path());
  services.metrics_ptr = &context.metrics;
  LobbySettings settings;
  settings.max_open_matches_per_address = 1;
  context.lobby = std::make_shared<Lobby>(io.get_executor(), settings, services);
  Client ann(context, "203.0.113.7");
  ann.send(hello("ann"));
  const std::string match = ann.send({{"type", "create_match"}, {"game", "onedchess"}}).at("match");
  const std::shared_ptr<Match> found = context.lobby->find(match);
  CHECK(found->remove_if_unstarted("first"));
  CHECK_FALSE(found->remove_if_unstarted("second"));
  CHECK(ann.send({{"type", "join"}, {"match", match}}).at("code") == "no_such_match");
  // Removed, it no longer waits for players: its creator may open another at once.
  CHECK(ann.send({{"type", "create_match"}, {"game", "onedchess"}}).at("type") == "match_created");
  CHECK(ann.send({{"type", "create_match"}, {"game", "dcms"}}).at("code") == "too_many_open_matches");
  io.poll();
  CHECK(context.metrics.store_errors_total.load() == 0);
}

TEST_CASE("requests: a new match never takes the id of a stored match nor of one gone from memory",
          "[server][requests][lobby]") {
  // Ids are random: among a million stored matches a new one took a stored id about once in
  // a million creations, and the store's refusal of it stopped the server (the journal
  // then refused the same write at every start).
  test::TempDir dir;
  auto match_store = std::make_shared<store::MatchStore>(dir.path());
  match_store->create_match("AAAAAAAA", "onedchess", {}, {}, 1);
  match_store->cancel_match("AAAAAAAA", 2);
  boost::asio::io_context io;
  ServerContext context;
  MatchServices services;
  services.store = match_store;
  services.metrics_ptr = &context.metrics;
  LobbySettings settings;
  const std::vector<std::string> offered{"AAAAAAAA", "BBBBBBBB", "BBBBBBBB", "CCCCCCCC"};
  std::size_t next = 0;
  settings.new_match_id = [&] { return offered.at(next++); };
  context.lobby = std::make_shared<Lobby>(io.get_executor(), settings, services);
  Client ann(context, "203.0.113.7");
  ann.send(hello("ann"));
  const Json create = {{"type", "create_match"}, {"game", "onedchess"}};
  CHECK(ann.send(create).at("match") == "BBBBBBBB");
  // Removed before it started: gone from memory, its id stays taken.
  REQUIRE(context.lobby->find("BBBBBBBB")->remove_if_unstarted("a test"));
  CHECK(ann.send(create).at("match") == "CCCCCCCC");
  CHECK(next == offered.size());
  io.poll();
  CHECK(context.metrics.store_errors_total.load() == 0);
}

TEST_CASE("requests: an address that stops creating matches is forgotten once its matches end",
          "[server][requests][lobby]") {
  // The quota check prunes only the creating address's list: one that never came back kept
  // its last matches' memory (weak_ptr to make_shared) for as long as the server ran.
  Fixture f;
  Client ann(f.context, "203.0.113.7"), bob(f.context, "198.51.100.1");
  ann.send(hello("ann"));
  bob.send(hello("bob"));
  const Json create = {{"type", "create_match"}, {"game", "onedchess"}};
  const std::string anns = ann.send(create).at("match");
  REQUIRE(f.context.lobby->find(anns)->remove_if_unstarted("a test"));
  CHECK(f.context.lobby->addresses_tracked() == 1);
  for (std::size_t i = 1; i < Lobby::kSweepEvery; ++i) {
    const std::string bobs = bob.send(create).at("match");
    REQUIRE(f.context.lobby->find(bobs)->remove_if_unstarted("a test"));
  }
  // The last creation swept ann away; bob's newest match was live then.
  CHECK(f.context.lobby->addresses_tracked() == 1);
  CHECK(ann.send(create).at("type") == "match_created");
  CHECK(f.context.lobby->addresses_tracked() == 2);
}

}  // namespace
}  // namespace skirmish::server

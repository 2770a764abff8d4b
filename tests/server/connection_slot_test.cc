// Connection counting: the server's limit, the per-address limit, loopback left out of the
// latter, and every slot given back when its connection goes.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "server/client_address.h"
#include "server/connection_slot.h"
#include "server/server_context.h"

namespace skirmish::server {
namespace {

using Over = ConnectionSlot::Over;

std::string key_of(const char* address) { return client_address_key(boost::asio::ip::make_address(address)); }

TEST_CASE("an IPv6 client is counted by its /64 and an IPv4-mapped one by its IPv4 address", "[server][limits]") {
  CHECK(key_of("203.0.113.7") == "203.0.113.7");
  CHECK(key_of("::ffff:203.0.113.7") == "203.0.113.7");
  CHECK(key_of("::ffff:127.0.0.1") == "127.0.0.1");
  CHECK(key_of("2001:db8:1:2::1") == "2001:db8:1:2::/64");
  CHECK(key_of("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64");
  CHECK(key_of("2001:db8:1:3::1") == "2001:db8:1:3::/64");
  CHECK(key_of("::1") == "::1");
  CHECK(is_loopback_address(key_of("::1")));
  CHECK(is_loopback_address(key_of("::ffff:127.0.0.2")));
  CHECK_FALSE(is_loopback_address(key_of("2001:db8::1")));

  // Another address of the same /64 is the same client: it does not get a share of its own.
  ServerContext context;
  context.config.max_connections_per_ip = 2;
  ConnectionSlot first(context, key_of("2001:db8:1:2::1"));
  ConnectionSlot second(context, key_of("2001:db8:1:2::2"));
  ConnectionSlot third(context, key_of("2001:db8:1:2::3"));
  CHECK(second.over() == Over::None);
  CHECK(third.over() == Over::Address);
  CHECK(ConnectionSlot(context, key_of("2001:db8:1:3::1")).over() == Over::None);
}

TEST_CASE("one address gets at most its share of connections, loopback any number", "[server][limits]") {
  ServerContext context;
  context.config.max_connections = 100;
  context.config.max_connections_per_ip = 2;
  std::vector<std::unique_ptr<ConnectionSlot>> slots;
  auto connect = [&](const char* address) {
    slots.push_back(std::make_unique<ConnectionSlot>(context, address));
    return slots.back()->over();
  };
  CHECK(connect("203.0.113.7") == Over::None);
  CHECK(connect("203.0.113.7") == Over::None);
  CHECK(connect("203.0.113.7") == Over::Address);
  CHECK(connect("198.51.100.1") == Over::None);  // another host is not held back
  CHECK(connect("2001:db8::1") == Over::None);
  for (int i = 0; i < 5; ++i) CHECK(connect("127.0.0.1") == Over::None);
  CHECK(connect("::1") == Over::None);
  CHECK(context.connections.load() == 10);  // the one refused is not in the server's total

  slots.erase(slots.begin(), slots.begin() + 3);  // the three from 203.0.113.7 close
  CHECK(context.connections.load() == 8);
  CHECK(connect("203.0.113.7") == Over::None);
  slots.clear();
  CHECK(context.connections.load() == 0);
}

TEST_CASE("the server's own limit comes first, and 0 turns the per-address one off", "[server][limits]") {
  ServerContext context;
  context.config.max_connections = 3;
  context.config.max_connections_per_ip = 0;
  std::vector<ConnectionSlot> slots;
  slots.reserve(5);
  for (int i = 0; i < 3; ++i) CHECK(slots.emplace_back(context, "203.0.113.7").over() == Over::None);
  CHECK(slots.emplace_back(context, "198.51.100.1").over() == Over::Server);
  // Moved, a slot still counts once.
  ConnectionSlot moved(std::move(slots.back()));
  slots.pop_back();
  CHECK(context.connections.load() == 4);
  CHECK(moved.address() == "198.51.100.1");
}

TEST_CASE("sockets one host opens past its share do not fill the server, and get 5 s in all to be told",
          "[server][limits]") {
  ServerContext context;
  context.config.max_connections = 10;
  context.config.max_connections_per_ip = 2;
  std::vector<std::unique_ptr<ConnectionSlot>> slots;
  for (int i = 0; i < 100; ++i) slots.push_back(std::make_unique<ConnectionSlot>(context, "203.0.113.7"));
  const auto now = std::chrono::steady_clock::now();
  CHECK(slots.front()->handshake_deadline() - now > std::chrono::seconds(29));
  CHECK(slots.back()->over() == Over::Address);
  CHECK(slots.back()->handshake_deadline() - now <= std::chrono::seconds(5));
  // Another player still gets in: the 98 refused ones are not counted against the server.
  ConnectionSlot player(context, "198.51.100.1");
  CHECK(player.over() == Over::None);
  CHECK(context.connections.load() == 3);
  slots.clear();
  CHECK(context.connections.load() == 1);
}

}  // namespace
}  // namespace skirmish::server

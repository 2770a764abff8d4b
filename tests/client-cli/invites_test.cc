// Private matches in the client: --private, the command a creator passes on, and the advice
// given when a join or watch is refused for its invite code.
#include <catch2/catch.hpp>

#include "client-cli/invites.h"
#include "tests/client-cli/scoped_env.h"

using namespace skirmish::client;
using nlohmann::json;

// (Not named "--private ...": CTest passes each name to Catch, which would read it as a flag.)
TEST_CASE("the flag --private asks for option private=true, and refuses -o private beside it") {
  json options = {{"fog", "true"}};
  ask_private(options);
  CHECK(options == json({{"fog", "true"}, {"private", "true"}}));
  json both = {{"private", "false"}};
  CHECK_THROWS_WITH(ask_private(both), Catch::Contains("--private or -o private"));
}

TEST_CASE("the join command names the server unless it is the default, and the invite code") {
  CHECK(join_command(parse_server_url("ws://127.0.0.1:8080"), "ANXCV2GS", "") == "skirmish join ANXCV2GS");
  CHECK(join_command(parse_server_url("ws://127.0.0.1:8080"), "ANXCV2GS", "K7QX-2M4A-P3ZD") ==
        "skirmish join ANXCV2GS --invite K7QX-2M4A-P3ZD");
  CHECK(join_command(parse_server_url("ws://203.0.113.7:9000"), "ANXCV2GS", "K7QX-2M4A-P3ZD") ==
        "skirmish --server ws://203.0.113.7:9000/ join ANXCV2GS --invite K7QX-2M4A-P3ZD");
}

TEST_CASE("over wss:// with --ca-file the join command names the certificate's file, which the friend needs") {
  ServerUrl url = parse_server_url("wss://games.example.org:8443");
  url.ca_file = "/home/alice/certs/server.crt";
  CHECK(join_command(url, "ANXCV2GS", "") ==
        "skirmish --server wss://games.example.org:8443/ --ca-file server.crt join ANXCV2GS");
  url.ca_file = "/home/alice/my certs/alice's server.crt";  // pasted into a shell as one word
  CHECK(join_command(url, "M", "C") ==
        "skirmish --server wss://games.example.org:8443/ --ca-file 'alice'\\''s server.crt' join M --invite C");
  // ws:// ignores the CA file, so the friend needs none.
  ServerUrl plain = parse_server_url("ws://h:1");
  plain.ca_file = "server.crt";
  CHECK(join_command(plain, "M", "") == "skirmish --server ws://h:1/ join M");
}

TEST_CASE("the replay command reaches the same server, with this user's own certificate path") {
  CHECK(replay_command(parse_server_url("ws://127.0.0.1:8080"), "ANXCV2GS") == "skirmish replay ANXCV2GS");
  ServerUrl url = parse_server_url("wss://games.example.org:8443");
  url.ca_file = "/home/alice/my certs/server.crt";
  CHECK(replay_command(url, "M") ==
        "skirmish --server wss://games.example.org:8443/ --ca-file '/home/alice/my certs/server.crt' replay M");
}

TEST_CASE("a refused join or watch of a private match gives the whole command with --invite or says to check the code") {
  // The server's own words say whose code it is: the client adds only the command, with the
  // server and certificate options it used (as the match_full hint does).
  CHECK(invite_advice(parse_server_url("ws://127.0.0.1:8080"), "join", "ANXCV2GS", false) ==
        "again with the code: skirmish join ANXCV2GS --invite CODE");
  ServerUrl url = parse_server_url("wss://games.example.org:8443");
  url.ca_file = "/home/alice/my certs/server.crt";
  CHECK(invite_advice(url, "watch", "ANXCV2GS", false) ==
        "again with the code: skirmish --server wss://games.example.org:8443/ --ca-file '/home/alice/my certs/server.crt' "
        "watch ANXCV2GS --invite CODE");
  CHECK(invite_advice(parse_server_url("ws://192.0.2.2:18641"), "join", "ANXCV2GS", false, Joiner::Bot) ==
        "again with the code: skirmish --server ws://192.0.2.2:18641/ bot --cmd PROGRAM ANXCV2GS --invite CODE");
  CHECK(invite_advice(url, "join", "ANXCV2GS", true) ==
        "check the invite code with the match's creator (case, dashes and spaces do not matter)");
}

TEST_CASE("a match a bot created tells the other side the bot command, not join") {
  CHECK(join_command(parse_server_url("ws://203.0.113.7:9000"), "ANXCV2GS", "K7QX-2M4A-P3ZD", Joiner::Bot) ==
        "skirmish --server ws://203.0.113.7:9000/ bot --cmd PROGRAM ANXCV2GS --invite K7QX-2M4A-P3ZD");
  CHECK(join_command(parse_server_url("ws://127.0.0.1:8080"), "M", "", Joiner::Bot) == "skirmish bot --cmd PROGRAM M");
}

TEST_CASE("a join command naming this machine says to use the server's address from another one") {
  CHECK(loopback_note(parse_server_url("wss://localhost:19301")) ==
        "(from another machine, use this server's address instead of localhost)");
  CHECK(loopback_note(parse_server_url("ws://127.0.0.1:9000")) ==
        "(from another machine, use this server's address instead of 127.0.0.1)");
  CHECK(loopback_note(parse_server_url("ws://[::1]:9000")) ==
        "(from another machine, use this server's address instead of [::1])");
  // The default server is left out of the command: elsewhere it needs --server.
  CHECK(loopback_note(parse_server_url("ws://127.0.0.1:8080")) ==
        "(from another machine, add --server ws://ADDRESS:8080 with this server's address)");
  CHECK(loopback_note(parse_server_url("wss://games.example.org:8443")).empty());
  CHECK(loopback_note(parse_server_url("ws://192.168.1.20:8080")).empty());
}

TEST_CASE("options ask for a private match in any of the server's boolean spellings") {
  CHECK(asks_private({{"private", "true"}}));
  CHECK(asks_private({{"private", "Yes"}}));
  CHECK(asks_private({{"private", "1"}}));
  CHECK_FALSE(asks_private({{"private", "off"}}));
  CHECK_FALSE(asks_private({{"private", "maybe"}}));  // the server refuses it
  CHECK_FALSE(asks_private({{"fog", "true"}}));
  CHECK_FALSE(asks_private(json::object()));
}

TEST_CASE("the invite code is --invite, else $SKIRMISH_INVITE, which ps does not show") {
  {
    skirmish::test::ScopedEnv env("SKIRMISH_INVITE", "K7QX-2M4A-P3ZD");
    CHECK(choose_invite("") == "K7QX-2M4A-P3ZD");
    CHECK(choose_invite("AAAA-BBBB-CCCC") == "AAAA-BBBB-CCCC");
  }
  skirmish::test::ScopedEnv unset("SKIRMISH_INVITE", nullptr);
  CHECK(choose_invite("").empty());
}

// BotActor: the bridge says a bot missed its deadline also when the server's next state
// tells of it before the bridge's own timer runs out (that clock starts later, when the
// request reaches the bridge: on a busy machine the server's word comes first).
#include <catch2/catch.hpp>

#include <sstream>

#include <boost/asio/io_context.hpp>

#include "client-cli/bot_actor.h"

namespace {

using nlohmann::json;
using skirmish::client::Action;
using skirmish::client::BotActor;
using skirmish::client::BotProcess;

json dcms_state(int turn, const json& last) {
  return {{"type", "state"}, {"game", "dcms"}, {"match", "M1"}, {"you", "blue"}, {"status", "running"},
          {"turn", turn}, {"to_act", {"blue", "red"}}, {"deadline_ms", 60000}, {"last", last},
          {"view", {{"phase", "play"}}}};
}

struct Bridge {
  boost::asio::io_context io;
  // A bot that reads its requests and never answers.
  BotProcess bot{io, {"/bin/sh", "-c", "cat >/dev/null"}, "/dev/null"};
  std::ostringstream out;
  BotActor actor{io, bot, out};
  Bridge() { actor.start([](const std::string&) {}); }
  ~Bridge() { actor.stop(); }
};

}  // namespace

TEST_CASE("a DCMS turn the server resolved with the bot's move null is said to be missed, once") {
  Bridge bridge;
  bool answered = false;
  bridge.actor.act(dcms_state(3, nullptr), "", [&](Action) { answered = true; });
  // Turn 3 resolved without blue's move, long before the bridge's 60 s ran out.
  const json resolved = dcms_state(4, {{"moves", {{"blue", nullptr}, {"red", "m 5"}}}, {"captures", json::array()}});
  bridge.actor.show(resolved);
  bridge.actor.show(resolved);  // the same state again (a resume): said once
  const std::string said = bridge.out.str();
  CHECK_THAT(said, Catch::Contains("bridge: the bot missed the deadline for turn 3: null move"));
  CHECK(said.find("missed the deadline") == said.rfind("missed the deadline"));
  CHECK_FALSE(answered);
}

TEST_CASE("a DCMS game that ended mid-turn is not called a missed deadline") {
  Bridge bridge;
  bridge.actor.act(dcms_state(3, nullptr), "", [](Action) {});
  // The opponent resigned mid-turn: the report is still the turn before's, where blue was null.
  json over = dcms_state(3, {{"moves", {{"blue", nullptr}, {"red", "m 5"}}}});
  over["status"] = "over";
  over["outcome"] = {{"winner", "blue"}, {"draw", false}, {"reason", "resignation"}};
  bridge.actor.show(over);
  CHECK_THAT(bridge.out.str(), !Catch::Contains("missed the deadline"));
}

TEST_CASE("a turn-based game lost on time while the bot thinks is said to be missed") {
  Bridge bridge;
  const json asked = {{"type", "state"}, {"game", "onedchess"}, {"match", "M1"}, {"you", "white"},
                      {"status", "running"}, {"turn", 0}, {"to_act", {"white"}}, {"deadline_ms", 60000},
                      {"last", nullptr}, {"view", json::object()}};
  bridge.actor.act(asked, "", [](Action) {});
  json lost = asked;
  lost["status"] = "over";
  lost["outcome"] = {{"winner", "black"}, {"draw", false}, {"reason", "timeout"}};
  bridge.actor.show(lost);
  CHECK_THAT(bridge.out.str(),
             Catch::Contains("bridge: the bot missed the deadline for turn 1: the server applies the timeout rule"));
}

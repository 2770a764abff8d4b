#include "client-cli/lobby_commands.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "client-cli/connection.h"
#include "client-cli/connection_errors.h"
#include "client-cli/json_field.h"
#include "client-cli/match_terms.h"
#include "client-cli/style.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "protocol/version.h"

namespace skirmish::client {

using nlohmann::json;

namespace {

// A server that keeps the connection (it answers pings) but never replies would otherwise
// hold a `list` or `games` for ever.
constexpr std::chrono::seconds kReplyWait{15};

// Sends hello and `request`, hands the reply to `print`, and closes. `command` ("list")
// names it in the advice after a lost link.
int ask_server(const ServerUrl& url, const std::string& command, const json& request,
               const std::function<void(const json&)>& print) {
  boost::asio::io_context io;
  auto connection = std::make_shared<Connection>(io, url);
  boost::asio::steady_timer reply_wait(io);
  int code = 1;
  connection->on_message([&](const json& message) {
    const std::string type = message.value("type", "");
    if (type == "welcome") return;
    if (type == "error") {
      std::cerr << "The server refused (" << message.value("code", "") << ": "
                << message.value("message", "") << ")" << std::endl;
    } else {
      print(message);
      code = 0;
    }
    reply_wait.cancel();
    connection->close();
  });
  connection->on_closed([&](const std::string& reason, LinkEnd how) {
    reply_wait.cancel();
    if (how == LinkEnd::UnusableMessage)
      std::cerr << "Stopped: from " << url.text() << ", " << reason << std::endl;
    else
      std::cerr << "Lost the connection to " << url.text() << " before its answer: " << reason
                << ask_again_hint(command) << std::endl;
  });
  connection->connect([&](const std::string& error) {
    if (!error.empty()) {
      std::cerr << "Cannot reach the server at " << url.text() << ": " << error << std::endl;
      return;
    }
    connection->send({{"type", "hello"}, {"version", protocol::kProtocolVersion}, {"id", 1}});
    connection->send(request);
    reply_wait.expires_after(kReplyWait);
    reply_wait.async_wait([&](boost::system::error_code ec) {
      if (ec) return;
      std::cerr << "The server at " << url.text() << " sent no reply within " << kReplyWait.count() << " s" << std::endl;
      connection->close();
    });
  });
  io.run();
  return code;
}

std::string describe_option(const json& option) {
  std::string text = option.value("name", "") + " (" + option.value("type", "");
  if (option.contains("choices")) {
    std::string choices;
    for (const auto& c : field(option, "choices")) choices += (choices.empty() ? "" : "|") + c.get<std::string>();
    text += ": " + choices;
  }
  if (option.contains("min") && option.contains("max"))
    text += " " + field(option, "min").dump() + ".." + field(option, "max").dump();
  return text + ", default '" + option.value("default", "") + "')";
}

}  // namespace

int list_games(const ServerUrl& url) {
  return ask_server(url, "games", {{"type", "list_games"}, {"id", 2}}, [](const json& reply) {
    for (const auto& game : reply.value("games", json::array())) {
      std::string seats;
      for (const auto& s : game.value("seats", json::array())) seats += (seats.empty() ? "" : ", ") + s.get<std::string>();
      std::cout << game.value("name", "") << " - " << game.value("title", "") << " (seats "
                << seats << (game.value("simultaneous", false) ? ", simultaneous moves" : "")
                << ")\n";
      for (const auto& option : game.value("options", json::array()))
        std::cout << "    " << describe_option(option) << "\n";
    }
  });
}

void check_game_name(const std::string& game) {
  if (engine::find_game(game) == nullptr)
    throw UsageError("unknown game '" + game + "': the games are " + engine::game_names());
}

int list_matches(const ServerUrl& url, const std::string& game) {
  if (!game.empty()) check_game_name(game);
  json request = {{"type", "list_matches"}, {"id", 2}};
  if (!game.empty()) request["game"] = game;
  return ask_server(url, "list", request, [](const json& reply) {
    const auto& matches = reply.value("matches", json::array());
    if (matches.empty()) {
      std::cout << "No open or running matches." << std::endl;
      return;
    }
    std::cout << std::left << std::setw(10) << "MATCH" << std::setw(11) << "GAME" << std::setw(9)
              << "STATUS" << "SEATS" << "\n";
    for (const auto& m : matches) {
      std::string seats;
      for (const auto& s : m.value("seats", json::array())) {
        const bool taken = s.value("taken", false);
        const std::string name = text_field(s, "name");
        seats += (seats.empty() ? "" : ", ") + s.value("seat", "") + ": " +
                 (taken ? (name.empty() ? "taken" : printable(name)) : "free") +
                 (taken && !s.value("connected", true) ? " (away)" : "");
      }
      std::cout << std::setw(10) << printable(m.value("match", "")) << std::setw(11)
                << printable(m.value("game", "")) << std::setw(9) << printable(m.value("status", ""))
                << seats << "\n";
      // Its terms under it, when its creator set any: what a joiner should know first.
      if (m.contains("set_by_creator") && describe_terms(m) != "defaults")
        std::cout << "          options: " << printable(describe_terms(m)) << "\n";
      for (const auto& warning : term_warnings(m)) std::cout << "          warning: " << warning << "\n";
    }
    if (reply.value("total", matches.size()) > matches.size())
      std::cout << "(the first " << matches.size() << " of " << reply.value("total", 0) << " matches)\n";
    std::cout << std::flush;
  });
}

}  // namespace skirmish::client

#include "client-cli/history_commands.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "client-cli/match_record_file.h"
#include "engine/registry.h"

namespace skirmish::client {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using nlohmann::json;

json fetch_match_record(const ServerUrl& server, const std::string& match) {
  const std::string where = "http://" + server.host + ":" + server.port + "/api/matches/" + match;
  http::response<http::string_body> response;
  try {
    net::io_context io;
    net::ip::tcp::resolver resolver(io);
    beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(resolver.resolve(server.host, server.port));
    http::request<http::empty_body> request{http::verb::get, "/api/matches/" + match, 11};
    request.set(http::field::host, server.host);
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::read(stream, buffer, response);
  } catch (const beast::system_error& error) {
    throw std::runtime_error("cannot fetch " + where + ": " + error.code().message());
  }
  const json body = json::parse(response.body(), nullptr, false);
  if (response.result_int() != 200) {
    const std::string why = body.is_object() && body.contains("error") ? body["error"].get<std::string>()
                                                                       : response.body();
    throw std::runtime_error(where + ": HTTP " + std::to_string(response.result_int()) + ": " + why);
  }
  if (!body.is_object()) throw std::runtime_error(where + ": the answer is not a JSON object");
  return body;
}

int export_match(const ServerUrl& server, const std::string& match, const std::string& out_path) {
  const json record = fetch_match_record(server, match);
  const std::string text = record.dump(2) + "\n";
  if (out_path == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream out(out_path);
  out << text;
  if (!out) {
    std::cerr << "skirmish export: cannot write " << out_path << std::endl;
    return 1;
  }
  std::cerr << "wrote match " << match << " (" << record.value("turns", 0) << " turns) to " << out_path << std::endl;
  return 0;
}

namespace {

json read_record_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  const json record = json::parse(text.str(), nullptr, false);
  if (record.is_discarded()) throw std::runtime_error(path + " is not JSON");
  return record;
}

void show_turn(std::ostream& out, const engine::GameRecord& record,
               const std::vector<std::unique_ptr<engine::GameState>>& states, std::size_t at) {
  const auto& info = *engine::find_game(record.game);
  out << "== " << info.title << ", turn " << at << " of " << record.turns.size() << " ==\n";
  if (at > 0) {
    const auto& turn = record.turns[at - 1];
    for (std::size_t s = 0; s < 2; ++s)
      if (turn[s] || info.simultaneous)
        out << info.seat_names[s] << ": " << (turn[s] ? *turn[s] : std::string("(null move)")) << "\n";
  }
  out << states[at]->render(engine::Viewer::full());
  if (at == record.turns.size() && states[at]->outcome().over) {
    const auto outcome = states[at]->outcome();
    out << "Game over: "
        << (outcome.is_draw() ? std::string("a draw")
                              : info.seat_names[static_cast<std::size_t>(outcome.winner)] + " wins")
        << " (" << engine::to_string(outcome.reason) << ")\n";
  }
}

}  // namespace

int replay_match(const ServerUrl& server, const std::string& source, std::istream& in, std::ostream& out) {
  const json record = std::filesystem::exists(source) ? read_record_file(source) : fetch_match_record(server, source);
  if (record.value("state", "finished") != "finished") {
    std::cerr << "skirmish replay: match " << source << " is " << record.value("state", "")
              << "; only finished games are replayed" << std::endl;
    return 1;
  }
  const engine::GameRecord game = game_record_from_json(record);
  const auto states = replay_states(game);
  std::size_t at = 0;
  show_turn(out, game, states, at);
  std::string line;
  while (out << "[n]ext [p]revious [j N] jump [q]uit > " << std::flush, std::getline(in, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty() || command == "n") {
      if (at < game.turns.size()) ++at;
    } else if (command == "p") {
      if (at > 0) --at;
    } else if (command == "j") {
      long long target = -1;
      if (!(words >> target) || target < 0 || static_cast<std::size_t>(target) > game.turns.size()) {
        out << "jump to a turn from 0 to " << game.turns.size() << ", e.g. j 12\n";
        continue;
      }
      at = static_cast<std::size_t>(target);
    } else if (command == "q") {
      break;
    } else {
      out << "unknown command '" << command << "'\n";
      continue;
    }
    show_turn(out, game, states, at);
  }
  out << "\n";
  return 0;
}

int verify_record_file(const std::string& path, std::ostream& out) {
  const VerifyReport report = verify_record(read_record_file(path));
  for (const auto& line : report.lines) out << line << "\n";
  out << (report.ok ? "VALID" : "INVALID") << ": " << path << "\n";
  return report.ok ? 0 : 1;
}

}  // namespace skirmish::client

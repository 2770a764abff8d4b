// An HTTP request's method and target, as a client sends them, answered by the server's
// plain-HTTP side: every answer is one of the documented statuses with a JSON body (the
// metrics' text aside), an error says what was wrong, and no target reaches a 500.
// Input: the first byte picks the method, the rest is the target.
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "server/http_api.h"
#include "server/lobby.h"
#include "server/server_context.h"
#include "server/store/match_store.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {
namespace {

// A ready server's context with a store in a directory of its own, holding one finished
// match (ABCDEFGH) for the detail page; made once per process and removed at exit.
struct Server {
  Server() : dir(std::filesystem::temp_directory_path() / ("skirmish-fuzz-http-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir);
    context.store = std::make_shared<store::MatchStore>(dir);
    context.store->create_match("ABCDEFGH", "onedchess", {{"max_turns", "0"}}, {}, 1000);
    context.store->record_join("ABCDEFGH", 0, "ann", "token-a", 1001);
    context.store->record_join("ABCDEFGH", 1, "bob", "token-b", 1002);
    context.store->start_match("ABCDEFGH", 1002);
    context.store->finish_match("ABCDEFGH", engine::Outcome::win(1, engine::EndReason::Resignation), 1003);
    context.lobby = std::make_shared<server::Lobby>(io.get_executor(), server::LobbySettings{});
    context.ready = true;
  }
  ~Server() {
    context.lobby.reset();
    context.store.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  std::filesystem::path dir;
  boost::asio::io_context io;
  server::ServerContext context;
};

server::ServerContext& server_context() {
  static Server server;
  return server.context;
}

}  // namespace

void fuzz_one_http_target(std::string_view input) {
  if (input.empty()) return;
  constexpr std::string_view kMethods[] = {"GET", "HEAD", "POST", "get"};
  const std::string_view method = kMethods[static_cast<unsigned char>(input[0]) % 4];
  const std::string_view target = input.substr(1);
  const server::HttpReply reply = server::handle_http_request(method, target, server_context());
  const unsigned status = reply.status;
  expect(status == 200 || status == 400 || status == 404 || status == 405 || status == 503,
         "an HTTP answer has a documented status, not " + std::to_string(status) + ": " + reply.body);
  (void)server::is_history_request(target);
  if (reply.content_type != "application/json") {
    expect(status == 200, "only the metrics are not JSON");
    return;
  }
  const nlohmann::json body = nlohmann::json::parse(reply.body);
  if (status != 200) {
    expect(body.contains("error") && body.at("error").is_string() && !body.at("error").get<std::string>().empty(),
           "an HTTP error says what was wrong");
  }
}

}  // namespace skirmish::fuzz

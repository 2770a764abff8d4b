// Two clients' frames, one per line, through the server's request handling (ClientRequests,
// the lobby, matches, the engines and codecs) as a Session would pass them, without sockets.
// A line starting "B " is the second client's, any other the first's (a line that is not
// UTF-8 is left out, as the transport drops it). "$M" in a line stands
// for the last match id the server gave out and "$T" for the last seat token (both random),
// so that a line can join, watch or resume the match another line made. Every frame is
// answered, every message the server sends is JSON, and none is an "internal" error (an
// exception the handlers did not expect).
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "server/client_requests.h"
#include "server/lobby.h"
#include "server/server_context.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {
namespace {

using nlohmann::json;

// Keeps the match id and seat token a message gives out, for "$M" and "$T".
struct Handles {
  std::string match;
  std::string token;
};

class RecordingConnection final : public server::Participant {
 public:
  explicit RecordingConnection(Handles& handles) : handles_(handles) {}
  void deliver(server::Message message) override {
    ++delivered;
    const json sent = json::parse(*message);
    expect(sent.is_object() && sent.contains("type"), "a server message is an object with a type");
    if (sent.at("type") == "error") {
      expect(sent.at("code") != "internal", "an unexpected exception answered a request: " + *message);
      expect(!sent.at("message").get<std::string>().empty(), "an error says what was wrong");
    }
    if (const auto it = sent.find("match"); it != sent.end() && it->is_string()) handles_.match = *it;
    if (const auto it = sent.find("token"); it != sent.end() && it->is_string()) handles_.token = *it;
  }
  std::size_t delivered = 0;

 private:
  Handles& handles_;
};

struct Client {
  Client(server::ServerContext& context, Handles& handles)
      : connection(std::make_shared<RecordingConnection>(handles)), requests(context, *connection, address) {}
  std::string address = "192.0.2.1";
  std::shared_ptr<RecordingConnection> connection;
  server::ClientRequests requests;
};

// Beast closes the connection (1007) on a text frame that is not UTF-8, and the session
// closes it on a binary one: neither reaches the requests.
bool is_utf8(std::string_view text) {
  try {
    (void)json(std::string(text)).dump();
    return true;
  } catch (const json::type_error&) {
    return false;
  }
}

std::string with_handles(std::string line, const Handles& handles) {
  for (const auto& [mark, value] : {std::pair<std::string, std::string>{"$M", handles.match}, {"$T", handles.token}})
    for (auto at = line.find(mark); at != std::string::npos; at = line.find(mark, at + value.size()))
      line.replace(at, mark.size(), value);
  return line;
}

}  // namespace

void fuzz_one_client_session(std::string_view input) {
  boost::asio::io_context io;
  server::ServerContext context;
  context.lobby = std::make_shared<server::Lobby>(io.get_executor(), server::LobbySettings{});
  context.ready = true;
  Handles handles;
  {
    Client a(context, handles), b(context, handles);
    while (!input.empty()) {
      const auto end = input.find('\n');
      std::string_view line = input.substr(0, end);
      input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
      if (!is_utf8(line)) continue;
      Client& client = line.starts_with("B ") ? b : a;
      if (&client == &b) line.remove_prefix(2);
      const std::size_t before = client.connection->delivered;
      client.requests.handle(with_handles(std::string(line), handles), client.connection, "fuzz");
      io.poll();
      expect(client.connection->delivered > before, "every frame is answered");
    }
    a.requests.disconnected();
    b.requests.disconnected();
    io.poll();
  }
  context.lobby.reset();
  io.poll();
}

}  // namespace skirmish::fuzz

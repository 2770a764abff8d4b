#pragma once
// The game protocol as one connection speaks it: what each request does in the lobby and in
// the connection's match, and the little state that takes (hello said, the player's name,
// the match and seat it is in). The Session around it owns the transport (WebSocket,
// write queue, size and rate limits); this owns the meaning, without Beast, so it builds
// once and can be driven by a test with no socket.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/common/game.h"
#include "server/match.h"
#include "server/participant.h"
#include "server/server_context.h"

namespace skirmish::protocol {
struct ClientMessage;
}

namespace skirmish::server {

class ClientRequests {
 public:
  // `connection` receives every reply; `address` is its client's IP address (the lobby's
  // per-address quota). All three outlive this (the Session holds them and it).
  ClientRequests(ServerContext& context, Participant& connection, const std::string& address)
      : context_(context), connection_(connection), address_(address) {}

  // Answers one text frame. Every reply and error goes to the connection; nothing throws.
  // `self` owns the connection: a match it joins or watches keeps it to deliver to.
  // `peer` names the connection in the log.
  void handle(std::string_view frame, const std::shared_ptr<Participant>& self, std::string_view peer);
  // The connection is gone: its match holds its seat for the reconnect grace.
  void disconnected();

  bool said_hello() const { return hello_; }

 private:
  void dispatch(const protocol::ClientMessage& message, const std::shared_ptr<Participant>& self);
  // A reply goes after what the request made the match deliver here (see Session::deliver).
  void send(std::string text) { connection_.deliver(make_message(std::move(text))); }
  const std::string& invite_for(const Match& match, const std::string& given) const;
  std::shared_ptr<Match> match_to_enter(const std::string& typed_id);
  void leave_finished_match();
  void require_no_match() const;
  void require_player() const;

  ServerContext& context_;
  Participant& connection_;
  const std::string& address_;
  bool hello_ = false;
  std::string name_;
  // The last private match this connection created (a pointer: most never create one, and
  // every byte of a connection counts at twenty thousand of them).
  struct CreatedPrivate {
    std::string match, invite;
  };
  std::unique_ptr<CreatedPrivate> created_private_;
  std::shared_ptr<Match> match_;
  std::optional<engine::Seat> seat_;
};

}  // namespace skirmish::server

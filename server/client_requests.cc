#include "server/client_requests.h"

#include <spdlog/spdlog.h>

#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/server_messages.h"
#include "protocol/version.h"

namespace skirmish::server {

using protocol::ErrorCode;
using protocol::MessageType;
using protocol::ProtocolError;

void ClientRequests::handle(std::string_view frame, const std::shared_ptr<Participant>& self,
                            std::string_view peer) {
  ScopedTimer timer(context_.metrics.message_latency);
  std::string id;
  try {
    const protocol::ClientMessage message = protocol::parse_client_message(frame, id);
    if (!hello_ && message.type != MessageType::Hello)
      throw ProtocolError(ErrorCode::HelloRequired, "the first message must be hello with the protocol version");
    dispatch(message, self);
  } catch (const ProtocolError& error) {
    context_.metrics.count_error(error.code());
    send(protocol::encode_error(error.code(), error.what(), id));
  } catch (const std::exception& error) {
    spdlog::error("connection {}: internal error: {}", peer, error.what());
    context_.metrics.count_error(ErrorCode::Internal);
    send(protocol::encode_error(ErrorCode::Internal, error.what(), id));
  }
}

void ClientRequests::disconnected() {
  if (match_) match_->disconnected(&connection_, seat_);
  match_.reset();
}

void ClientRequests::dispatch(const protocol::ClientMessage& message, const std::shared_ptr<Participant>& self) {
  const std::string& id = message.id;
  switch (message.type) {
    case MessageType::Hello: {
      // Once, first: a second one would leave a bot believing it renamed itself.
      if (hello_)
        throw ProtocolError(ErrorCode::BadMessage, "hello was already sent on this connection (as '" + name_ +
                                                       "'); it is sent once, first, and nothing changed");
      if (message.version != protocol::kProtocolVersion)
        throw ProtocolError(ErrorCode::UnsupportedVersion,
                            "protocol version " + std::to_string(message.version) +
                                " is not supported; this server speaks version " +
                                std::to_string(protocol::kProtocolVersion));
      hello_ = true;
      name_ = message.name;
      const Config& config = context_.config;
      send(protocol::encode_welcome(
          {config.max_message_bytes, config.rate_limit_per_second, config.rate_burst, config.idle_timeout.count()},
          context_.store != nullptr, id));
      return;
    }
    case MessageType::ListGames:
      send(protocol::encode_games(engine::all_games(), context_.config.reconnect_grace_default, id));
      return;
    case MessageType::CreateMatch: {
      auto created = context_.lobby->create(message.game, message.options, id, address_);
      if (!created.invite.empty())
        created_private_ = std::make_unique<CreatedPrivate>(CreatedPrivate{created.match->id(), created.invite});
      send(std::move(created.reply));
      return;
    }
    case MessageType::ListMatches: {
      const Lobby::Listing listing = context_.lobby->list(message.game, message.match, message.invite);
      send(protocol::encode_matches(listing.matches, listing.total, id));
      return;
    }
    case MessageType::Join: {
      auto match = match_to_enter(message.match);
      match->check_invite(invite_for(*match, message.invite));
      seat_ = match->join(self, message.seat, name_, id);
      match_ = std::move(match);
      return;
    }
    case MessageType::Watch: {
      auto match = match_to_enter(message.match);
      match->check_invite(invite_for(*match, message.invite));
      match->watch(self, id);
      seat_.reset();
      match_ = std::move(match);
      return;
    }
    case MessageType::Resume: {
      auto match = match_to_enter(message.match);
      seat_ = match->resume(self, message.token, id);
      match_ = std::move(match);
      return;
    }
    case MessageType::Move:
      require_player();
      match_->move(&connection_, *seat_, message.body, message.turn, id);
      return;
    case MessageType::Resign:
      require_player();
      match_->resign(&connection_, *seat_, id,
                     message.crashed ? engine::EndReason::Crash : engine::EndReason::Resignation);
      return;
    case MessageType::Leave: {
      if (!match_) throw ProtocolError(ErrorCode::NotInMatch, "you are not in a match");
      match_->leave(&connection_, seat_);
      send(protocol::encode_left(match_->id(), id));
      match_.reset();
      seat_.reset();
      return;
    }
    case MessageType::Ping:
      send(protocol::encode_pong(id));
      return;
  }
}

// The connection that created a private match was given its code: it need not send it back.
const std::string& ClientRequests::invite_for(const Match& match, const std::string& given) const {
  return given.empty() && created_private_ && match.id() == created_private_->match ? created_private_->invite
                                                                                     : given;
}

// The match a join, watch or resume names, once this connection may go into one.
std::shared_ptr<Match> ClientRequests::match_to_enter(const std::string& typed_id) {
  leave_finished_match();
  require_no_match();
  return context_.lobby->find(typed_id);
}

void ClientRequests::leave_finished_match() {
  if (match_ && (match_->over() || match_->removed())) {
    match_->leave(&connection_, seat_);  // no longer its seat's connection, nor a spectator
    match_.reset();
    seat_.reset();
  }
}

void ClientRequests::require_no_match() const {
  if (match_)
    throw ProtocolError(ErrorCode::AlreadyInMatch,
                        "this connection is already in match " + match_->id() + "; send leave first");
}

void ClientRequests::require_player() const {
  if (!match_) throw ProtocolError(ErrorCode::NotInMatch, "you are not in a match");
  if (!seat_) throw ProtocolError(ErrorCode::NotAPlayer, "spectators cannot play");
}

}  // namespace skirmish::server

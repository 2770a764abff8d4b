#include "server/connection_slot.h"

#include "server/server_context.h"

namespace skirmish::server {

int AddressCounts::add(const std::string& address) {
  std::lock_guard lock(mutex_);
  return ++counts_[address];
}

void AddressCounts::remove(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = counts_.find(address);
  if (it == counts_.end()) return;
  if (--it->second <= 0) counts_.erase(it);
}

bool is_loopback_address(const std::string& address) {
  return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}

ConnectionSlot::ConnectionSlot(ServerContext& context, std::string address)
    : context_(&context), address_(std::move(address)) {
  const int mine = context.connections_by_address.add(address_);
  const int per_address = context.config.max_connections_per_ip;
  if (per_address > 0 && mine > per_address && !is_loopback_address(address_)) {
    over_ = Over::Address;
    return;
  }
  in_total_ = true;
  if (context.connections.fetch_add(1) + 1 > context.config.max_connections) over_ = Over::Server;
}

ConnectionSlot::ConnectionSlot(ConnectionSlot&& other) noexcept
    : context_(other.context_),
      address_(std::move(other.address_)),
      over_(other.over_),
      in_total_(other.in_total_),
      accepted_(other.accepted_) {
  other.context_ = nullptr;
}

ConnectionSlot::~ConnectionSlot() {
  if (!context_) return;
  if (in_total_) context_->connections.fetch_sub(1);
  context_->connections_by_address.remove(address_);
}

}  // namespace skirmish::server

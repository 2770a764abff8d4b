#include "server/client_address.h"

namespace skirmish::server {

std::string client_address_key(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  if (v6.is_loopback()) return v6.to_string();
  auto bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;  // the interface half
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace skirmish::server

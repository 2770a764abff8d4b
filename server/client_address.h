#pragma once
// The address the per-IP limits (--max-connections-per-ip, --max-open-matches-per-ip) count a
// client by. IPv4 as it is, and an IPv4-mapped IPv6 address (a dual-stack listener on "::")
// as its IPv4 form; IPv6 by its /64 prefix, "2001:db8:1:2::/64": one subscriber is given a
// whole /64 and picks any address in it, so counted by its full address it would take a new
// one for each connection and match, and no per-IP limit would hold it. ::1 stays ::1.
#include <string>

#include <boost/asio/ip/address.hpp>

namespace skirmish::server {

std::string client_address_key(const boost::asio::ip::address& address);

}  // namespace skirmish::server

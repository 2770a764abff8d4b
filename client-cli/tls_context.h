#pragma once
// The client's side of TLS, for wss:// and https://: which certificates it trusts, the
// check that the certificate it gets is the server's, and what to tell the user when the
// handshake fails.
#include <string>

#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

// Trusts the system's certificate authorities and, when `ca_file` is not empty, the PEM
// certificates in it. Throws std::runtime_error naming the file when it is missing,
// unreadable or holds no PEM certificate.
boost::asio::ssl::context make_client_tls_context(const std::string& ca_file);

// Before the handshake: names `host` to the server (SNI) and accepts only a certificate
// issued for it (a DNS name, or an IP address SAN when `host` is an address).
void expect_certificate_for(TlsStream& stream, const std::string& host);

// Why the handshake with `server` failed and what to do, e.g. "certificate verify failed
// (self-signed certificate); if you trust this server, pass --ca-file FILE with its
// certificate".
std::string describe_tls_failure(const boost::system::error_code& error, TlsStream& stream,
                                 const ServerUrl& server);

}  // namespace skirmish::client

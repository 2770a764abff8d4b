#pragma once
// The server's TLS settings (wss:// and https:// on the game port): its certificate chain
// and private key, loaded once at start so that a bad file stops the server with a clear
// message instead of failing the first player's handshake.
#include <memory>
#include <string>

namespace boost::asio::ssl {
class context;
}

namespace skirmish::server {

// Loads a PEM certificate chain and its PEM private key (unencrypted: the server never
// asks for a pass phrase). Throws std::runtime_error naming the file and saying what is
// wrong: missing, unreadable, not PEM, encrypted, or a key that does not belong to the
// certificate. TLS 1.2 and newer only.
std::shared_ptr<boost::asio::ssl::context> make_server_tls_context(const std::string& cert_file,
                                                                   const std::string& key_file);

}  // namespace skirmish::server

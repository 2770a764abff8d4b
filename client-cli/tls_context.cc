#include "client-cli/tls_context.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <boost/asio/error.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

namespace skirmish::client {

namespace ssl = boost::asio::ssl;

namespace {

std::string openssl_reason(unsigned long code) {
  const char* reason = ERR_reason_error_string(code);
  return reason != nullptr ? reason : "error " + std::to_string(code);
}

void trust_ca_file(ssl::context& context, const std::string& ca_file) {
  const std::string name = "CA file '" + ca_file + "' (--ca-file or $SKIRMISH_CA_FILE)";
  std::error_code fs_error;
  if (std::filesystem::is_directory(ca_file, fs_error))
    throw std::runtime_error(name + " is a directory, not a PEM certificate");
  if (std::FILE* probe = std::fopen(ca_file.c_str(), "r"); probe != nullptr) {
    std::fclose(probe);
  } else {
    throw std::runtime_error("cannot read " + name + ": " + std::strerror(errno));
  }
  boost::system::error_code error;
  context.load_verify_file(ca_file, error);
  if (error) {
    throw std::runtime_error(name + " holds no PEM certificate (" +
                             openssl_reason(static_cast<unsigned long>(error.value())) + ")");
  }
}

bool is_ip_address(const std::string& host) {
  boost::system::error_code not_an_address;
  boost::asio::ip::make_address(host, not_an_address);
  return !not_an_address;
}

bool set_sni(SSL* ssl, const std::string& host) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wold-style-cast"  // the OpenSSL macro casts to void*
  return SSL_set_tlsext_host_name(ssl, host.c_str()) == 1;
#pragma GCC diagnostic pop
}

}  // namespace

ssl::context make_client_tls_context(const std::string& ca_file) {
  ssl::context context(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(context.native_handle(), TLS1_2_VERSION);
  context.set_verify_mode(ssl::verify_peer);
  context.set_default_verify_paths();
  if (!ca_file.empty()) trust_ca_file(context, ca_file);
  return context;
}

void expect_certificate_for(TlsStream& stream, const std::string& host) {
  const bool ip = is_ip_address(host);
  // SNI lets a server with several certificates pick ours; RFC 6066 allows no address there.
  if (!ip && !set_sni(stream.native_handle(), host))
    throw std::runtime_error("cannot ask for host '" + host + "' over TLS (SNI): " +
                             openssl_reason(ERR_get_error()));
  stream.set_verify_callback([check = ssl::host_name_verification(host), ip](bool preverified,
                                                                              ssl::verify_context& context) {
    if (check(preverified, context)) return true;
    // host_name_verification refuses without an OpenSSL reason: give one, so the error
    // says "hostname mismatch" rather than only "certificate verify failed".
    if (preverified)
      X509_STORE_CTX_set_error(context.native_handle(),
                               ip ? X509_V_ERR_IP_ADDRESS_MISMATCH : X509_V_ERR_HOSTNAME_MISMATCH);
    return false;
  });
}

std::string describe_tls_failure(const boost::system::error_code& error, TlsStream& stream,
                                 const ServerUrl& server) {
  const long verify = SSL_get_verify_result(stream.native_handle());
  if (verify != X509_V_OK) {
    const std::string failed =
        "certificate verify failed (" + std::string(X509_verify_cert_error_string(verify)) + ")";
    if (verify == X509_V_ERR_HOSTNAME_MISMATCH || verify == X509_V_ERR_IP_ADDRESS_MISMATCH)
      return failed + "; the server's certificate is not for " + server.host +
             ": connect with a name the certificate has";
    if (!server.ca_file.empty())
      return failed + "; neither the system's certificates nor --ca-file " + server.ca_file +
             " vouch for this server: pass --ca-file with the certificate this server uses";
    return failed + "; if you trust this server, pass --ca-file FILE with its certificate";
  }
  // A server without TLS closes, or answers in plain text (OpenSSL: "wrong version number").
  const std::string plain_hint = " (does the server take TLS on this port? one without TLS takes ws://)";
  if (error == ssl::error::stream_truncated || error == boost::asio::error::eof)
    return "the server closed the connection" + plain_hint;
  if (error.category() == boost::asio::error::get_ssl_category())
    return openssl_reason(static_cast<unsigned long>(error.value())) + plain_hint;
  return error.message();
}

}  // namespace skirmish::client

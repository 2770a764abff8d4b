#include "client-cli/tls_context.h"

#include <algorithm>
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
#include <openssl/x509v3.h>
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

// An iPAddress entry (4 or 16 bytes) as "IP:203.0.113.7".
std::string ip_entry(const ASN1_OCTET_STRING* address) {
  const unsigned char* bytes = ASN1_STRING_get0_data(address);
  const int length = ASN1_STRING_length(address);
  if (length == 4) {
    boost::asio::ip::address_v4::bytes_type v4;
    std::copy_n(bytes, v4.size(), v4.begin());
    return "IP:" + boost::asio::ip::address_v4(v4).to_string();
  }
  if (length == 16) {
    boost::asio::ip::address_v6::bytes_type v6;
    std::copy_n(bytes, v6.size(), v6.begin());
    return "IP:" + boost::asio::ip::address_v6(v6).to_string();
  }
  return "";
}

// "DNS:games.example.org, IP:203.0.113.7": the subjectAltName entries a host can match.
std::string subject_alt_names(X509* certificate) {
  auto* names = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
  if (names == nullptr) return "";
  std::string listed;
  for (int i = 0; i < sk_GENERAL_NAME_num(names); ++i) {
    const GENERAL_NAME* name = sk_GENERAL_NAME_value(names, i);
    std::string entry;
    if (name->type == GEN_DNS)
      entry = "DNS:" + std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(name->d.dNSName)),
                                   static_cast<std::size_t>(ASN1_STRING_length(name->d.dNSName)));
    else if (name->type == GEN_IPADD)
      entry = ip_entry(name->d.iPAddress);
    if (entry.empty()) continue;
    listed += (listed.empty() ? "" : ", ") + entry;
  }
  GENERAL_NAMES_free(names);
  return listed;
}

// "CN=games.example.org", or "" without a common name.
std::string common_name(X509* certificate) {
  char text[256] = {};
  if (X509_NAME_get_text_by_NID(X509_get_subject_name(certificate), NID_commonName, text, sizeof text) <= 0)
    return "";
  return std::string("CN=") + text;
}

// The names the server's certificate has, as the user would put them in one: its
// subjectAltName entries, else its CN (which OpenSSL matches against names, never
// addresses). The chain is kept even when the check refused it.
std::string certificate_names(SSL* ssl) {
  STACK_OF(X509)* chain = SSL_get_peer_cert_chain(ssl);
  if (chain == nullptr || sk_X509_num(chain) == 0) return "";
  X509* leaf = sk_X509_value(chain, 0);
  if (auto names = subject_alt_names(leaf); !names.empty()) return names;
  const std::string cn = common_name(leaf);
  return cn.empty() ? "" : cn + " and no subjectAltName";
}

// After "hostname mismatch" or "IP address mismatch": which names the certificate has, and
// for an address, that it must be an IP: entry (a DNS: entry or CN of "203.0.113.7" is not).
std::string mismatch_advice(SSL* ssl, const std::string& host) {
  const std::string names = certificate_names(ssl);
  std::string advice = "; the server's certificate is not for " + host +
                       (names.empty() ? std::string() : " (it has " + names + ")");
  if (!is_ip_address(host)) return advice + ": connect with a name the certificate has";
  return advice + ": an IP address must be an IP: entry of the certificate's subjectAltName "
                  "(openssl req ... -addext \"subjectAltName=IP:" + host +
         "\"; docs/operations.md, \"TLS\"), or connect with a name the certificate has";
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
      return failed + mismatch_advice(stream.native_handle(), server.host);
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

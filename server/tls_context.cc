#include "server/tls_context.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <boost/asio/ssl/context.hpp>
#include <openssl/err.h>
#include <openssl/ssl.h>

namespace skirmish::server {
namespace {

namespace ssl = boost::asio::ssl;

// OpenSSL's reasons for the last failure, oldest first, without their error-queue codes.
std::string openssl_reasons() {
  std::string reasons;
  while (const unsigned long code = ERR_get_error()) {
    const char* reason = ERR_reason_error_string(code);
    if (!reasons.empty()) reasons += "; ";
    reasons += reason ? reason : "unknown error";
  }
  return reasons.empty() ? "unknown error" : reasons;
}

// Says why, as the OS does: a key readable by root only (certbot's privkey.pem) is common.
void require_readable(const std::string& file, const char* what) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    throw std::runtime_error("cannot read the TLS " + std::string(what) + " " + file + ": it is a folder, not a file");
  errno = 0;
  std::ifstream in(file);
  if (in) return;
  const int reason = errno;
  std::string text = "cannot read the TLS " + std::string(what) + " " + file;
  if (reason != 0) text += ": " + std::string(std::strerror(reason));
  if (reason == EACCES)
    text += " (it must be readable by the server's user; copy it, or give that user read access)";
  throw std::runtime_error(text);
}

// OpenSSL asks this for an encrypted key's pass phrase instead of prompting on the terminal:
// a server must start the same way with or without one (systemd, Docker). It only notes
// that a pass phrase was wanted, and refuses.
int refuse_pass_phrase(char* /*buffer*/, int /*size*/, int /*rwflag*/, void* asked) {
  if (asked != nullptr) *static_cast<bool*>(asked) = true;
  return -1;
}

[[noreturn]] void throw_encrypted_key(const std::string& key_file) {
  throw std::runtime_error("TLS key " + key_file +
                           " is encrypted (it has a pass phrase), and the server never asks for one: "
                           "decrypt it once with `openssl pkey -in " + key_file +
                           " -out PLAIN.key` (it asks for the pass phrase), make PLAIN.key readable by "
                           "the server's user only, and pass --tls-key PLAIN.key");
}

// Loads the key with refuse_pass_phrase in place of OpenSSL's terminal prompt; true when
// it loaded, false with `encrypted` set when it wanted a pass phrase.
bool use_private_key(SSL_CTX* native, const std::string& key_file, bool& encrypted) {
  SSL_CTX_set_default_passwd_cb(native, refuse_pass_phrase);
  SSL_CTX_set_default_passwd_cb_userdata(native, &encrypted);
  const bool loaded = SSL_CTX_use_PrivateKey_file(native, key_file.c_str(), SSL_FILETYPE_PEM) == 1;
  SSL_CTX_set_default_passwd_cb_userdata(native, nullptr);  // `encrypted` does not outlive this call
  return loaded;
}

}  // namespace

std::shared_ptr<ssl::context> make_server_tls_context(const std::string& cert_file,
                                                      const std::string& key_file) {
  require_readable(cert_file, "certificate");
  require_readable(key_file, "key");
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 |
                       ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  SSL_CTX* native = context->native_handle();
  ERR_clear_error();
  if (SSL_CTX_use_certificate_chain_file(native, cert_file.c_str()) != 1)
    throw std::runtime_error("TLS certificate " + cert_file + " is not a PEM certificate (" +
                             openssl_reasons() + ")");
  bool encrypted = false;
  if (!use_private_key(native, key_file, encrypted) || SSL_CTX_check_private_key(native) != 1) {
    const std::string reasons = openssl_reasons();
    if (encrypted) throw_encrypted_key(key_file);
    if (reasons.find("mismatch") != std::string::npos)
      throw std::runtime_error("TLS key " + key_file + " does not belong to certificate " + cert_file);
    throw std::runtime_error("TLS key " + key_file + " is not an unencrypted PEM private key (" +
                             reasons + ")");
  }
  return context;
}

}  // namespace skirmish::server

#pragma once
// What the MatchSession tests against a ScriptedServer share: the client's std::cout and
// std::cerr caught in strings, a state directory of their own for the saved seats, and a
// bounded run of the io_context.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>

#include <boost/asio/io_context.hpp>

#include "tests/client-cli/scoped_env.h"
#include "tests/store/temp_dir.h"

namespace skirmish::test {

// std::cout and std::cerr into strings for the life of this object.
class Captured {
 public:
  Captured() : out_(std::cout.rdbuf(out_text_.rdbuf())), err_(std::cerr.rdbuf(err_text_.rdbuf())) {}
  ~Captured() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  Captured(const Captured&) = delete;
  Captured& operator=(const Captured&) = delete;
  std::string out() const { return out_text_.str(); }
  std::string err() const { return err_text_.str(); }

 private:
  std::ostringstream out_text_;
  std::ostringstream err_text_;
  std::streambuf* out_;
  std::streambuf* err_;
};

// SKIRMISH_STATE_DIR in a fresh folder (where the seats' tokens are saved) for one test.
struct StateDir {
  StateDir() : env("SKIRMISH_STATE_DIR", dir.path().c_str()) {}
  TempDir dir;
  ScopedEnv env;
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text;
  for (std::string line; std::getline(in, line);) text += line + "\n";
  return text;
}

// Runs `io` until `until` holds, at most 10 s.
inline void run_session(boost::asio::io_context& io, const std::function<bool()>& until) {
  using namespace std::chrono_literals;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!until() && std::chrono::steady_clock::now() < deadline) io.run_for(20ms);
}

}  // namespace skirmish::test

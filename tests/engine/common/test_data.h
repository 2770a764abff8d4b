#pragma once
// Locates files the tests read from the source tree (CTest sets SKIRMISH_SOURCE_DIR).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace skirmish::test {

inline std::filesystem::path source_dir() {
  if (const char* dir = std::getenv("SKIRMISH_SOURCE_DIR")) return dir;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
}

inline std::string read_source_file(const std::string& relative) {
  std::ifstream in(source_dir() / relative, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + (source_dir() / relative).string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace skirmish::test

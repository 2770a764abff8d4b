#include "server/store/disk_space.h"

#include <cstdio>
#include <system_error>

namespace skirmish::store {

std::string low_disk_note(const std::filesystem::path& dir, std::uintmax_t available_bytes) {
  if (available_bytes >= kLowDiskBytes) return "";
  char amount[32];
  if (available_bytes < (1u << 20))
    std::snprintf(amount, sizeof amount, "%ju KiB", available_bytes >> 10);
  else
    std::snprintf(amount, sizeof amount, "%.1f MiB", static_cast<double>(available_bytes) / (1u << 20));
  return " (the file system holding " + dir.string() + " has only " + amount +
         " free; a full disk is the likely cause)";
}

std::string low_disk_note(const std::filesystem::path& dir) {
  std::error_code error;
  const std::filesystem::space_info space = std::filesystem::space(dir, error);
  return error ? "" : low_disk_note(dir, space.available);
}

}  // namespace skirmish::store

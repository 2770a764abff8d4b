#pragma once
// Keeps each finished game's full record (GET /api/matches/{id}) in the results folder as
// records/game-<index>.json, so `skirmish replay FILE` and `skirmish verify FILE` work
// after the run, even when the games were played on the tournament's private server.
// Fetches run on a worker thread: the game loop (and the bots' deadlines) never wait on
// the HTTP round trip.
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "client-cli/server_url.h"

namespace skirmish::tournament {

class RecordSaver {
 public:
  RecordSaver(client::ServerUrl server, std::filesystem::path dir);
  ~RecordSaver();  // finishes the queued fetches
  RecordSaver(const RecordSaver&) = delete;
  RecordSaver& operator=(const RecordSaver&) = delete;

  static std::filesystem::path file_for(const std::filesystem::path& dir, int game_index);
  void save(int game_index, std::string match);
  // Waits for the queued fetches; returns what could not be saved, one line each.
  std::vector<std::string> finish();

 private:
  struct Job {
    int game_index;
    std::string match;
  };
  void work();

  client::ServerUrl server_;
  std::filesystem::path dir_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::vector<std::string> failures_;
  bool closing_ = false;
  std::thread worker_;
};

}  // namespace skirmish::tournament

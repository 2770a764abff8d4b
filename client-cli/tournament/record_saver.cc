#include "client-cli/tournament/record_saver.h"

#include <fstream>
#include <stdexcept>

#include "client-cli/history_commands.h"

namespace skirmish::tournament {

RecordSaver::RecordSaver(client::ServerUrl server, std::filesystem::path dir)
    : server_(std::move(server)), dir_(std::move(dir)) {
  std::filesystem::create_directories(dir_);
  worker_ = std::thread([this] { work(); });
}

RecordSaver::~RecordSaver() { finish(); }

std::filesystem::path RecordSaver::file_for(const std::filesystem::path& dir, int game_index) {
  return dir / ("game-" + std::to_string(game_index) + ".json");
}

void RecordSaver::save(int game_index, std::string match) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back({game_index, std::move(match)});
  }
  wake_.notify_one();
}

std::vector<std::string> RecordSaver::finish() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_one();
  if (worker_.joinable()) worker_.join();
  std::lock_guard lock(mutex_);
  return failures_;
}

void RecordSaver::work() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // closing, and nothing left to fetch
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    const auto path = file_for(dir_, job.game_index);
    std::string failure;
    try {
      const auto record = client::fetch_match_record(server_, job.match);
      const auto partial = path.string() + ".partial";
      std::ofstream out(partial);
      out << record.dump(2) << "\n";
      out.close();
      if (!out) throw std::runtime_error("cannot write " + partial);
      std::filesystem::rename(partial, path);  // never a half-written record
    } catch (const std::exception& error) {
      failure = "game " + std::to_string(job.game_index) + " (match " + job.match + "): " + error.what();
    }
    if (!failure.empty()) {
      std::lock_guard lock(mutex_);
      failures_.push_back(std::move(failure));
    }
  }
}

}  // namespace skirmish::tournament

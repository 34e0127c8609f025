// bench/transport_floor: how many 20-byte round trips per second two
// processes make over a unix stream socketpair and over a pair of pipes,
// each side waiting in epoll as a libuv loop does. No V8, no framing: the
// floor under a host <-> worker message round trip, and why the channel's
// frames go through pipes. Rounds alternate the two transports.
#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "bench/common/machine.h"
#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {
namespace {

constexpr std::size_t kMessageBytes = 20;  // about a small PortMessage frame

struct Ends {
  int read_fd;
  int write_fd;
};

// `count` round trips on `ends`: wait readable, read, answer. The side that
// starts writes first.
void PingPong(Ends ends, int count, bool starts) {
  int epoll = epoll_create1(EPOLL_CLOEXEC);
  epoll_event event{};
  event.events = EPOLLIN;
  epoll_ctl(epoll, EPOLL_CTL_ADD, ends.read_fd, &event);
  char message[kMessageBytes] = {};
  char buffer[4096];
  if (starts && write(ends.write_fd, message, sizeof message) < 0) return;
  for (int i = 0; i < count; ++i) {
    epoll_event ready;
    if (epoll_wait(epoll, &ready, 1, -1) < 0) break;
    if (read(ends.read_fd, buffer, sizeof buffer) <= 0) break;
    if (write(ends.write_fd, message, sizeof message) < 0) break;
  }
  close(epoll);
}

// Round trips per second over the transport; -1 when it cannot be set up.
double Measure(bool pipes, int count) {
  Ends parent{}, child{};
  std::vector<int> fds;
  if (pipes) {
    int to_child[2], to_parent[2];
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(to_parent, O_CLOEXEC) != 0) return -1;
    parent = {to_parent[0], to_child[1]};
    child = {to_child[0], to_parent[1]};
    fds = {to_child[0], to_child[1], to_parent[0], to_parent[1]};
  } else {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return -1;
    parent = {pair[0], pair[0]};
    child = {pair[1], pair[1]};
    fds = {pair[0], pair[1]};
  }
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    PingPong(child, count, false);
    _exit(0);
  }
  PingPong(parent, count, true);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (int fd : fds) close(fd);
  waitpid(pid, nullptr, 0);
  return count / seconds;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) {
  using namespace isohost::bench;
  int rounds = 5;
  int count = 100'000;
  bool json = false;
  CLI::App app{"Round trips per second of 20-byte messages between two processes over a unix "
               "socketpair and over pipes, with no V8: the kernel's floor under a message round trip."};
  app.add_option("-r,--rounds", rounds, "Interleaved rounds")->check(CLI::PositiveNumber)->capture_default_str();
  app.add_option("-n", count, "Round trips per round and transport")->check(CLI::PositiveNumber)->capture_default_str();
  app.add_flag("--json", json, "Print one JSON object instead of the table");
  CLI11_PARSE(app, argc, argv);

  MachineLoad machine;
  std::vector<double> socket_rates, pipe_rates;
  for (int round = 0; round < rounds; ++round) {
    bool pipes_first = round % 2 == 1;
    for (bool pipes : {pipes_first, !pipes_first}) {
      double rate = Measure(pipes, count);
      if (rate < 0) {
        std::fprintf(stderr, "transport_floor: cannot set up the %s\n", pipes ? "pipes" : "socketpair");
        return 1;
      }
      (pipes ? pipe_rates : socket_rates).push_back(rate);
    }
    std::fprintf(stderr, "[round %d/%d] socketpair %.0f, pipes %.0f round trips/s\n", round + 1, rounds,
                 socket_rates.back(), pipe_rates.back());
  }
  machine.Finish();
  Summary socket = Summarize(socket_rates);
  Summary pipe = Summarize(pipe_rates);
  if (json) {
    nlohmann::ordered_json out;
    out["rounds"] = rounds;
    out["round_trips_per_round"] = count;
    out["socketpair"] = {{"min", RoundTo(socket.min, 0)}, {"median", RoundTo(socket.median, 0)}, {"max", RoundTo(socket.max, 0)}};
    out["pipes"] = {{"min", RoundTo(pipe.min, 0)}, {"median", RoundTo(pipe.median, 0)}, {"max", RoundTo(pipe.max, 0)}};
    out["pipes_over_socketpair"] = RoundTo(pipe.median / socket.median, 2);
    out["machine"] = machine.ToJson();
    std::cout << out.dump(2) << std::endl;
    return 0;
  }
  std::printf("Round trips/s of %zu-byte messages between two processes, no V8 (%d interleaved rounds of %d)\n\n",
              kMessageBytes, rounds, count);
  Table table({"transport", "min", "median", "max", "x socketpair"}, 1);
  table.AddRow({"socketpair", FormatNumber(socket.min, 0), FormatNumber(socket.median, 0), FormatNumber(socket.max, 0), "-"});
  table.AddRow({"pipes", FormatNumber(pipe.min, 0), FormatNumber(pipe.median, 0), FormatNumber(pipe.max, 0),
                FormatNumber(pipe.median / socket.median, 2)});
  table.Print(stdout);
  std::printf("\nMachine: %s.\n", machine.Describe().c_str());
  return 0;
}

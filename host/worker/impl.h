// A worker process as the host sees it (Worker::Impl, behind isohost/worker.h):
// its spawn, Start and exit (process.cc), the frames it sends (dispatch.cc),
// the workers it starts (nested.cc) and its ports, broadcast channels and
// thread messages (ports.cc).
#ifndef ISOHOST_HOST_WORKER_IMPL_H_
#define ISOHOST_HOST_WORKER_IMPL_H_

#include "isohost/worker.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <unordered_set>

#include "host/launch/cgroup_tree.h"
#include "host/launch/launcher.h"
#include "host/ports/host_port.h"
#include "isohost/clone_codec.h"
#include "host/ports/port_relay.h"
#include "host/worker/permissions_proto.h"
#include "host/launch/script_path.h"
#include "host/launch/worker_binary.h"
#include "ipc/channel.h"
#include "ipc/stdio_flow.h"
#include "base/uv_handle.h"
#include "isohost.pb.h"

namespace isohost {

// How long past its time limit a worker may take to stop by itself.
inline constexpr std::uint64_t kTimeoutGraceMs = 2000;

// The id of the next worker of this process (Worker::id()).
std::uint64_t NextWorkerId();

// The wire's names for what the public API names (worker.cc).
ExitReason FromProto(proto::ExitReason reason);
ConsoleLevel FromProto(proto::ConsoleLevel level);
proto::ExitReason ToProto(ExitReason reason);
proto::SourceKind ToProto(SourceKind kind);

class Worker::Impl : public PortHolder, public BroadcastHub::Member, public ThreadDirectory::Member {
 public:
  Impl(uv_loop_t* loop, WorkerOptions options, WorkerCallbacks callbacks, Launcher* launcher)
      : loop_(loop),
        options_(std::move(options)),
        callbacks_(std::move(callbacks)),
        id_(NextWorkerId()),
        stdout_pipe_(loop),
        stderr_pipe_(loop),
        kill_timer_(loop),
        deferred_(loop),
        nested_reaper_(loop),
        launcher_(launcher) {}

  ~Impl() override;

  void Start();

  std::unique_ptr<Port::Impl> PostPort(Port::Callbacks callbacks);

  bool PostMessage(std::string_view data, std::string* error);

  void Terminate(int code, std::uint64_t grace_ms);

  bool RunTask(std::uint64_t id, std::string_view task, std::uint64_t heap_limit_bytes, std::string* error);

  void CancelTask(std::uint64_t id, std::string_view reason, bool reclaim);

  void WriteStdin(std::string_view data, bool eof);

  std::uint64_t id() const { return id_; }
  int pid() const { return pid_; }
  SpawnStrategy strategy() const { return strategy_; }
  bool running() const { return !finished_; }

 private:
  static bool Refuse(std::string* error, std::string why);

  std::string SpawnProcess();

  // What the worker is to run and with what (its descriptors apart).
  void BuildStart(proto::Envelope* envelope);

  // Start on the channel, after the descriptors that go with it: workerData's
  // SharedArrayBuffers first (the worker takes a frame's own descriptors
  // before it looks at the frame), then the host's stdin.
  void SendStart(proto::Envelope* envelope);

  // Ends of its workerData whose channel closed on the way to Start.
  void ReportStartPortsClosed();

  // A frame from the worker, with the descriptors of the SharedArrayBuffers
  // its message carries, which the host passes on and never maps; they close
  // once the frame is handled, whatever became of it.
  void OnEnvelope(proto::Envelope& envelope);

  void HandleEnvelope(proto::Envelope& envelope);

  void OnTaskResult(const proto::TaskResult& result);

  // A nested worker, spawned as a sibling process on this worker's behalf:
  // its messages, its output and its end go back to this worker only, and
  // it dies with this worker.
  void OnNestedSpawn(const proto::NestedSpawn& spawn);

  // Passed on between this worker and its parent or a nested worker: env
  // changes only between workers that share their env, heap snapshot
  // requests only down, snapshots, uncaught errors and messages of the
  // environment port only up. Anything
  // else (a top-level worker's uncaught error among it), and anything for
  // a worker that exited a moment ago, is dropped.
  void OnNestedControl(proto::Envelope& envelope);

  // --- MessagePorts whose ends are in different processes -----------------------

  std::shared_ptr<PortRelay>& Relay();

  void OnChannelMessage(const proto::ChannelMessage& message);

  void OnPortClose(const proto::PortClose& close);

  void OnPortDrain(const proto::PortDrain& drain);

  // This worker holds no more ends: their channels close; nor
  // BroadcastChannels.
  void DropPorts();

  // Its supervisor's, or its tree's without one.
  std::shared_ptr<ThreadDirectory>& Threads();

  bool SendThreadFrame(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  // worker_threads.postMessageToThread: to the worker of that threadId,
  // with the ports it transfers when that worker is of the same tree (the
  // record of channels is per tree); else, or when there is no such
  // worker, answered NO_LISTENERS at once.
  void OnThreadMessage(const proto::ChannelMessage& message);

  // Its supervisor's, or its tree's without one.
  std::shared_ptr<BroadcastHub>& Hub();

  bool SendBroadcast(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  bool SendPortFrame(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  bool SendPortFrameWith(proto::Envelope& envelope, const SharedFds& fds) override;

  // A frame whose message carries SharedArrayBuffers. When their descriptors
  // cannot go (the worker has not read the hundreds of such messages sent
  // before), the message goes without them, so that the worker sees a
  // message it cannot read ('messageerror') rather than none.
  bool SendShared(proto::Envelope& envelope, const SharedFds& fds);

  bool SendBroadcastWith(proto::Envelope& envelope, const SharedFds& fds) override;

  // A message for its parentPort that carries SharedArrayBuffers.
  void PostShared(std::string_view data, const SharedFds& fds);

  bool SendPortDescriptor(int fd, const proto::Envelope& envelope) override;

  bool SendFrame(const proto::Envelope& envelope);

  void SendNestedEvent(std::uint32_t nested_id, proto::NestedEventKind kind, const ExitInfo& info);

  void ProtocolError(const std::string& message);

  void OnChannelClosed(const std::string& error);

  void OnNativeOutput(StdioStream stream, std::string_view data);

  void OnProcessExit(int exit_status, int term_signal);

  void MaybeFinish();

  uv_loop_t* loop_;
  WorkerOptions options_;
  proto::Permissions permissions_;  // options_.permissions as Start carries them
  std::string error_of_permissions_;
  WorkerCallbacks callbacks_;
  std::uint64_t id_;
  int pid_ = 0;
  // Handles close in reverse order of declaration, each freed in its close
  // callback (ipc/uv_handle.h).
  base::StreamReader stdout_pipe_;
  base::StreamReader stderr_pipe_;
  base::TimerHandle kill_timer_;
  base::DeferredCall deferred_;
  base::DeferredCall nested_reaper_;
  std::unique_ptr<ipc::Channel> channel_;
  std::unique_ptr<ProcessWatch> watch_;
  std::string cgroup_;  // where the process is moved (LaunchedProcess::cgroup)
  Launcher* launcher_;
  SpawnStrategy strategy_ = SpawnStrategy::kExec;
  std::string exec_path_;

  bool process_running_ = false;
  bool channel_closed_ = false;
  bool stdout_done_ = false;
  bool stderr_done_ = false;
  bool finished_ = false;
  bool exit_frame_ = false;
  bool terminate_requested_ = false;
  bool timeout_kill_ = false;
  int exit_status_ = 0;
  int term_signal_ = 0;
  std::uint64_t unacked_stdio_ = 0;
  std::string protocol_error_;
  std::string error_message_;
  // Tasks sent and not yet answered: a result for any other is refused.
  std::unordered_set<std::uint64_t> unsettled_tasks_;
  bool task_ready_ = false;
  // Nested workers running on this worker's behalf, by its ids for them; and
  // ones that have just exited, destroyed on the next turn.
  std::map<std::uint32_t, std::unique_ptr<Worker>> nested_;
  std::vector<std::unique_ptr<Worker>> finished_nested_;
  std::map<std::uint32_t, Impl*> nested_impls_;  // the Impls of nested_
  // The channels of this tree of workers, made on first use; the worker
  // that started this one and its id for it (none for a worker of the host).
  std::shared_ptr<PortRelay> relay_;
  std::shared_ptr<BroadcastHub> hub_;  // made on first use
  std::shared_ptr<ThreadDirectory> threads_;  // made on first use
  std::uint32_t thread_id_ = 0;  // once Start is sent
  Impl* parent_ = nullptr;
  std::uint32_t id_in_parent_ = 0;
  bool shares_env_with_parent_ = false;  // env: SHARE_ENV
  std::string environment_data_;         // from the parent's setEnvironmentData()
  // Points at a flag on the stack of a callback that may destroy us.
  bool* destroyed_flag_ = nullptr;
  // The descriptors that came with the frame being handled (null: none).
  SharedFds frame_fds_;
  // Those of workerData, for Start.
  SharedFds start_fds_;
  // Its names for the ends of the ports its workerData carries (Start
  // names them), and those among them whose channel closed on the way.
  std::vector<std::uint64_t> start_ports_;
  std::vector<std::uint64_t> start_ports_closed_;
  google::protobuf::RepeatedPtrField<proto::ChannelMessage> start_queued_;  // what they had queued
  ExitInfo exit_info_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_WORKER_IMPL_H_

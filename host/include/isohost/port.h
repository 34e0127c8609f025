// One end of a MessageChannel held by the host, whose other end it gave a
// worker (Worker::PostPort): the worker sees a MessagePort, the host posts
// and receives structured-clone bytes on this end. Lives on the worker's
// loop; the caller owns it. Destroying it closes the channel.
#ifndef ISOHOST_PORT_H_
#define ISOHOST_PORT_H_

#include <functional>
#include <memory>
#include <string_view>

namespace isohost {

class Port {
 public:
  struct Callbacks {
    // One message from the worker's end (structured-clone bytes, valid only
    // during the call). Ports it transfers are closed: the host holds none.
    std::function<void(std::string_view data)> on_message;
    // The worker's end was closed, or its worker is gone. Last callback.
    std::function<void()> on_close;
  };

  ~Port();
  Port(const Port&) = delete;
  Port& operator=(const Port&) = delete;

  // Queues a message (structured-clone bytes, without transfers) for the
  // worker's end. False once the channel is closed.
  bool PostMessage(std::string_view data);
  // Closes the channel: the worker's end gets 'close' after what was sent.
  void Close();
  bool closed() const;

  class Impl;

 private:
  friend class Worker;
  explicit Port(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace isohost

#endif  // ISOHOST_PORT_H_

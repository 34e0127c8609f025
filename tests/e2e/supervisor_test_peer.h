// What tests may see of a Supervisor's private zygote and pool, which the
// public API keeps to itself.
#ifndef ISOHOST_TESTS_E2E_SUPERVISOR_TEST_PEER_H_
#define ISOHOST_TESTS_E2E_SUPERVISOR_TEST_PEER_H_

#include "host/launch/launcher.h"
#include "isohost/supervisor.h"

namespace isohost {

class SupervisorTestPeer {
 public:
  static Launcher& launcher(Supervisor& supervisor) { return *supervisor.launcher_; }
};

}  // namespace isohost

#endif  // ISOHOST_TESTS_E2E_SUPERVISOR_TEST_PEER_H_

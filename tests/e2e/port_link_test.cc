// MessagePorts whose ends are in two worker processes, once the host has
// linked them (PortLink in proto/isohost.proto, host/ports/port_relay.h): messages
// go directly, in order with those that transfer ports (which still go
// through the host), a port moved in mid-stream loses and reorders
// nothing, and the death of one end's process closes the other.
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(PortLinkTest, MessagesBothWaysKeepTheirOrderWithTransfersAmongThem) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("ports/stream.js"), "300"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "A got 300 in order, 0 out of order, 43 ports, inner ok, linked true\n"
            "B got 300 in order, 0 out of order, 43 ports, inner ok, linked true\n")
      << result.err;
}

// Under the permission model the workers still make their link's pipes and
// ring (the kernel's sandbox allows them).
TEST(PortLinkTest, SandboxedWorkersAreLinkedToo) {
  CliResult result = RunCli({"run", "--sandbox", "--allow-worker", "--node-option=--expose-internals",
                             ScriptPath("ports/stream.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "A got 300 in order, 0 out of order, 43 ports, inner ok, linked true\n"
            "B got 300 in order, 0 out of order, 43 ports, inner ok, linked true\n")
      << result.err;
}

TEST(PortLinkTest, APortMovedInMidStreamGetsEveryMessageOnceInOrder) {
  // Several runs: where the move falls in the stream varies.
  for (int run = 0; run < 3; ++run) {
    CliResult result = RunCli({"run", ScriptPath("ports/move.js"), "3000"});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, "A read some, C read the rest, all 3000 once and in order: true\n") << result.err;
  }
}

// Moved over and over in mid-stream between two workers: links are made and
// drained again and again while messages (some carrying ports) keep coming.
TEST(PortLinkTest, APortJuggledBetweenWorkersLosesAndReordersNothing) {
  CliResult result = RunCli({"run", ScriptPath("ports/juggle.js"), "6000"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "6000 messages once and in order: true, the port moved 19 times\n") << result.err;
}

TEST(PortLinkTest, TheDeathOfOneEndsProcessClosesTheOther) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("ports/death.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("closed after 100 of the last burst, linked true\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("victim exited, code 137\n"), std::string::npos) << result.out;
}

// The burst is larger than the link's ring and pipe take while the other
// end is busy: the exit writes the rest first.
TEST(PortLinkTest, WhatAWorkerPostedOnALinkBeforeItExitedArrives) {
  CliResult result = RunCli({"run", ScriptPath("ports/exit_flush.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "got 200 of 200, intact true, then close\n") << result.err;
}

// Only the host hands out links: a worker naming one it was not given
// reaches nobody, and goes on.
TEST(PortLinkTest, AWorkerCannotUseALinkItWasNotGiven) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("nested/fake_ports.js"), "link"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "false false\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing

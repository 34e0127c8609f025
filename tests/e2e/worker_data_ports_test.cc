// MessagePorts in a nested worker's workerData (`new Worker(file, {
// workerData: { port }, transferList: [port] })`): the host gives their ends
// to the nested worker with its Start, so they are live from its first line
// with what they had received, what comes after follows in order, the usual
// direct link forms, they can be passed on again, close propagates, and a
// bad transfer list gets Node's errors.
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(WorkerDataPortsTest, PortsInWorkerDataAreLiveAtTheFirstLineAndKeepTheirChannel) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("worker_data_ports/main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "child got queued 1,queued 2,after the spawn,0,1,2,3,4,5,6,7,8,9; shared 42\n"
            "linked true\n"
            "grandchild has a port: true\n"
            "port1 closed\n"
            "inner: live at the first line: true\n"
            "inner closed\n"
            "exit 0\n")
      << result.err;
}

// As in Node, where a port's queue moves with it.
TEST(WorkerDataPortsTest, WhatThePortHadReceivedIsThereAtTheFirstLine) {
  CliResult result = RunCli({"run", ScriptPath("worker_data_ports/first_line.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "first line: q1,q2; then: memory 7,q4,a port,q6\nthrough the passed port\n") << result.err;
}

TEST(WorkerDataPortsTest, ACloseOnEitherSideReachesTheOther) {
  CliResult result = RunCli({"run", ScriptPath("worker_data_ports/close.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "got a,b, then close\nthe nested worker closed its end\n") << result.err;
}

TEST(WorkerDataPortsTest, APortInTheEnvironmentDataGoesWhenTheTransferListCarriesIt) {
  CliResult result = RunCli({"run", ScriptPath("worker_data_ports/environment.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "the same port in both: true\nclosed\n") << result.err;
}

// As Node 20 says them (the same script under node prints the same).
TEST(WorkerDataPortsTest, BadTransferListsGetNodesErrorsAndTakeNoPort) {
  CliResult result = RunCli({"run", ScriptPath("worker_data_ports/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "listed twice DOMException DataCloneError 25: Transfer list contains duplicate MessagePort\n"
            "not listed TypeError TypeError ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST: Object that needs "
            "transfer was found in message but not listed in transferList\n"
            "another listed TypeError TypeError ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST: Object that needs "
            "transfer was found in message but not listed in transferList\n"
            "not transferable TypeError TypeError ERR_INVALID_TRANSFER_OBJECT: Found invalid object in "
            "transferList\n"
            "closed DOMException DataCloneError 25: MessagePort in transfer list is already detached\n"
            "transferred away DOMException DataCloneError 25: MessagePort in transfer list is already detached\n"
            "in the environment data TypeError TypeError ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST: Object "
            "that needs transfer was found in message but not listed in transferList\n"
            "as it should started\n"
            "p was still ours: its close came back\n")
      << result.err;
}

}  // namespace
}  // namespace isohost::testing

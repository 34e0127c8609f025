// crypto in real workers: each script under scripts/crypto/ prints known
// digests (RFC 4231 HMACs, RFC 6070 PBKDF2, RFC 7914 scrypt, RFC 5869 HKDF),
// shapes of random values and Node's errors, and its output must be byte
// for byte what Node 20 printed for it (NAME.out, recorded with
// /usr/bin/node). Also: workers forked from one zygote never share random
// bytes, the global builds nothing until read, and what a worker does not
// offer says so.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class CryptoScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(CryptoScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  ExpectSameOutputAsNode("crypto/" + name);
}

INSTANTIATE_TEST_SUITE_P(Scripts, CryptoScriptTest, ::testing::Values("hashes", "hmac_kdf", "random", "webcrypto"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// Workers forked from one zygote (pooled or not) start from the same
// memory; OpenSSL must still give each its own random bytes.
TEST(CryptoTest, WorkersForkedFromOneZygoteNeverShareRandomBytes) {
  for (const char* spawn : {"pool", "zygote"}) {
    CliResult result = RunCli({"run", "-n", "4", "--spawn", spawn, ScriptPath("crypto/random_identity.js")});
    ASSERT_EQ(result.exit_code, 0) << spawn << ": " << result.err;
    std::set<std::string> values;
    for (const std::string& line : Lines(result.out)) {
      std::size_t end_of_prefix = line.find("] ");
      ASSERT_NE(end_of_prefix, std::string::npos) << line;
      values.insert(line.substr(end_of_prefix + 2));
    }
    EXPECT_EQ(values.size(), 4u) << spawn << ":\n" << result.out;
  }
}

// globalThis.crypto is an accessor that compiles nothing until read, and
// then becomes the value it built.
TEST(CryptoTest, CryptoGlobalIsBuiltOnFirstReadOnly) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int used = BuiltinsLoaded({ScriptPath("crypto/uses_crypto_global.js")});
  ASSERT_GT(idle, 0);
  EXPECT_GT(used, idle);
  CliResult result = RunCli({"run", ScriptPath("crypto/uses_crypto_global.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "function true true\n");
}

TEST(CryptoTest, WhatAWorkerDoesNotOfferNamesItself) {
  CliResult result = RunCli({"run", ScriptPath("crypto/unavailable.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const char* kSuffix = " is not available in an Isohost worker";
  for (const std::string& api :
       {std::string("createCipheriv throws Error ERR_NOT_AVAILABLE_IN_WORKER crypto.createCipheriv"),
        std::string("new KeyObject throws Error ERR_NOT_AVAILABLE_IN_WORKER crypto.KeyObject"),
        std::string("generateKeyPairSync throws Error ERR_NOT_AVAILABLE_IN_WORKER crypto.generateKeyPairSync"),
        std::string("setFips(true) throws Error ERR_NOT_AVAILABLE_IN_WORKER crypto.setFips(true)"),
        std::string("subtle.sign rejects ERR_NOT_AVAILABLE_IN_WORKER crypto.subtle.sign")}) {
    EXPECT_NE(result.out.find(api + kSuffix + "\n"), std::string::npos) << api << "\n" << result.out;
  }
  // Code that only subclasses an unavailable class still loads.
  EXPECT_NE(result.out.find("subclass of Sign function\n"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace isohost::testing

// The ES module face of ./index.js, for the .mjs files of test/parallel.
import common from './index.js';

export const {
  allowGlobals, buildType, busyLoop, canCreateSymLink, escapePOSIXShell, expectsError,
  expectWarning, getArrayBufferViews, getBufferSources, getCallSite, getTTYfd, hasMultiLocalhost,
  hasOpenSSL, invalidArgTypeHelper, isAIX, isAlive, isASan, isDebug, isFreeBSD, isIBMi, isLinux,
  isLinuxPPCBE, isMacOS, isOSX, isOpenBSD, isPi, isSunOS, isWindows, localhostIPv4, mustCall,
  mustCallAtLeast, mustNotCall, mustNotMutateObjectDeep, mustSucceed, nodeProcessAborted,
  platformTimeout, printSkipMessage, pwdCommand, requireNoPackageJSONAbove, runWithInvalidFD, skip,
  skipIf32Bits, skipIfDumbTerminal, skipIfEslintMissing, skipIfInspectorDisabled,
  skipIfSQLiteMissing, skipIfWorker, spawnPromisified,
  // Read once here; each is worked out on first use in ./index.js.
  isMainThread, hasCrypto, hasOpenSSL3, hasIntl, hasIPv6, enoughTestMem, isDumbTerminal,
} = common;

export default common;

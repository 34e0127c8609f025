'use strict';
// Runs a child to its end and checks its exit status and output.

function matches(actual, expected) {
  if (expected instanceof RegExp) return expected.test(actual);
  if (typeof expected === 'function') return expected(actual) !== false;
  return actual === expected;
}

function describeChild(child) {
  return `status ${child.status}, signal ${child.signal}\n` +
    `--- stdout ---\n${child.stdout}\n--- stderr ---\n${child.stderr}`;
}

// expectations: { status = 0, signal = null, stdout, stderr, trim = false }
function expectSyncExit(child, expectations = {}) {
  const { status = 0, signal = null, trim = false } = expectations;
  if (child.error) throw child.error;
  const problems = [];
  if (child.status !== status) problems.push(`exit status ${child.status}, expected ${status}`);
  if (child.signal !== signal) problems.push(`signal ${child.signal}, expected ${signal}`);
  for (const stream of ['stdout', 'stderr']) {
    if (!(stream in expectations)) continue;
    let text = String(child[stream]);
    if (trim) text = text.trim();
    if (!matches(text, expectations[stream])) problems.push(`${stream} does not match ${expectations[stream]}`);
  }
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\n${describeChild(child)}`);
  return { child, stdout: String(child.stdout), stderr: String(child.stderr) };
}

function spawnSync(file, args, options) {
  return require('child_process').spawnSync(file, args, { encoding: 'utf8', ...options });
}

function spawnSyncAndExit(file, args, options, expectations) {
  if (expectations === undefined) {
    expectations = options;
    options = undefined;
  }
  return expectSyncExit(spawnSync(file, args, options), expectations);
}

function spawnSyncAndExitWithoutError(file, args, options, expectations) {
  if (expectations === undefined && options !== undefined && !('env' in options) && !('cwd' in options)) {
    expectations = options;
    options = undefined;
  }
  return expectSyncExit(spawnSync(file, args, options), { status: 0, signal: null, ...expectations });
}

const spawnSyncAndAssert = spawnSyncAndExitWithoutError;

module.exports = {
  expectSyncExit,
  spawnSyncAndAssert,
  spawnSyncAndExit,
  spawnSyncAndExitWithoutError,
};

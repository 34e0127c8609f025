// A script that tries to leave its sandbox, through `fs` and then natively
// (the test-only binding 'sandbox_probe', past the JS checks). Prints one
// JSON object: each attempt's result or error. argv: SECRET_FILE SECRET_ENV.
'use strict';
const fs = require('fs');
const path = require('path');
const [secret, secretEnv] = process.argv.slice(2);
const here = __dirname;

const results = {};
function attempt(name, fn) {
  try {
    const value = fn();
    results[name] = { ok: true, value: value === undefined ? null : String(value) };
  } catch (err) {
    results[name] = { ok: false, code: err.code, permission: err.permission, resource: err.resource };
  }
}

// Through fs: Node's ERR_ACCESS_DENIED, or the kernel's EACCES where the
// path only looks granted (a symbolic link out of the root).
attempt('read', () => fs.readFileSync(secret, 'utf8'));
attempt('readSymlink', () => fs.readFileSync(path.join(here, 'link'), 'utf8'));
attempt('readDotDot', () => fs.readFileSync(`${here}/../secret/${path.basename(secret)}`, 'utf8'));
attempt('readProcRoot', () => fs.readFileSync(`/proc/self/root${secret}`, 'utf8'));
attempt('readdir', () => fs.readdirSync(path.dirname(secret)).join());
attempt('write', () => fs.writeFileSync(path.join(here, 'written.txt'), 'x'));
attempt('writeOutside', () => fs.writeFileSync(path.join(path.dirname(secret), 'written.txt'), 'x'));
attempt('readGranted', () => fs.readFileSync(path.join(here, 'data.txt'), 'utf8'));
attempt('env', () => process.env[secretEnv]);
attempt('childProcess', () => require('child_process').execFileSync('/bin/true'));
attempt('cwd', () => process.cwd());
attempt('hasReadHere', () => process.permission.has('fs.read', here));
attempt('hasReadSecret', () => process.permission.has('fs.read', secret));
attempt('hasWrite', () => process.permission.has('fs.write'));

// Natively, past every JS check: the kernel alone.
const probe = require('internal/test/binding').internalBinding('sandbox_probe');
attempt('nativeRead', () => probe.readFile(secret));
attempt('nativeReadSymlink', () => probe.readFile(path.join(here, 'link')));
attempt('nativeReadDotDot', () => probe.readFile(`${here}/../secret/${path.basename(secret)}`));
attempt('nativeReadProcRoot', () => probe.readFile(`/proc/self/root${secret}`));
attempt('nativeWrite', () => probe.writeFile(path.join(here, 'written.txt'), 'x'));
attempt('nativeWriteOutside', () => probe.writeFile(path.join(path.dirname(secret), 'written.txt'), 'x'));
attempt('nativeReadGranted', () => probe.readFile(path.join(here, 'data.txt')));
attempt('nativeGetenv', () => probe.getenv(secretEnv));
attempt('nativeEnvironHasSecret', () => {
  const environ = probe.readFile('/proc/self/environ');
  return typeof environ === 'string' ? environ.includes(secretEnv) : environ;
});
attempt('nativeExec', () => probe.exec('/bin/true'));
attempt('nativeFork', () => probe.fork());
attempt('nativeSocket', () => probe.socket());
attempt('nativeSignalHost', () => probe.kill(process.ppid, 0));
attempt('nativePtraceHost', () => probe.ptraceParent());

// Asynchronous fs gets the same refusal, through its callback and promise.
fs.readFile(secret, (err) => {
  results.readAsync = { ok: !err, code: err && err.code };
  fs.promises.readFile(secret).then(
    () => { results.readPromise = { ok: true }; },
    (err) => { results.readPromise = { ok: false, code: err.code }; },
  ).then(() => console.log(JSON.stringify(results)));
});

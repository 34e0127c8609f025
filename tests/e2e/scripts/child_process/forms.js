'use strict';
// Every form of child_process that a worker has, printed in a way that does
// not depend on the run (pids are only checked to be numbers): the e2e test
// runs it under /usr/bin/node and under isohost and compares the output.
const cp = require('child_process');
const util = require('util');

function show(value) {
  return JSON.stringify(value, (key, v) => {
    if (key === 'pid') return typeof v === 'number' && v > 0 ? 'PID' : v;
    if (v && v.type === 'Buffer' && Array.isArray(v.data)) return `Buffer(${Buffer.from(v.data).toString()})`;
    return v;
  });
}

function errorFields(e) {
  if (!e) return String(e);
  const fields = { name: e.name, message: e.message, keys: Object.keys(e) };
  for (const key of ['code', 'errno', 'syscall', 'path', 'spawnargs', 'status', 'signal', 'killed', 'cmd']) {
    if (key in e) fields[key] = e[key];
  }
  if ('stdout' in e) fields.stdout = String(e.stdout);
  if ('stderr' in e) fields.stderr = String(e.stderr);
  return show(fields);
}

function attempt(label, fn) {
  try {
    console.log(label, 'returned', show(fn()));
  } catch (e) {
    console.log(label, 'threw', errorFields(e));
  }
}

// spawnSync
attempt('spawnSync exit', () => cp.spawnSync('sh', ['-c', 'echo out; echo err >&2; exit 3']));
attempt('spawnSync signal', () => cp.spawnSync('sh', ['-c', 'kill -9 $$']));
attempt('spawnSync enoent', () => cp.spawnSync('/nonexistent/program', ['a', 'b']));
attempt('spawnSync enoent path', () => cp.spawnSync('no-such-program-anywhere', [], { env: { PATH: '/nonexistent' } }));
attempt('spawnSync bad cwd', () => cp.spawnSync('pwd', { cwd: '/nonexistent/dir' }));
attempt('spawnSync timeout', () => cp.spawnSync('sleep', ['30'], { timeout: 200 }));
attempt('spawnSync timeout SIGKILL', () => cp.spawnSync('sleep', ['30'], { timeout: 200, killSignal: 'SIGKILL' }));
attempt('spawnSync timeout number signal', () => cp.spawnSync('sleep', ['30'], { timeout: 200, killSignal: 2 }));
{
  const r = cp.spawnSync('sh', ['-c', 'head -c 300000 /dev/zero; exec sleep 5'], { maxBuffer: 100 });
  console.log('spawnSync maxBuffer', errorFields(r.error), r.stdout.length > 100, r.signal);
}
attempt('spawnSync input string', () => cp.spawnSync('cat', { input: 'hello' }));
attempt('spawnSync input Uint8Array', () => cp.spawnSync('cat', { input: new Uint8Array([104, 105]) }));
attempt('spawnSync input DataView', () => cp.spawnSync('cat', { input: new DataView(new Uint8Array([111, 107]).buffer) }));
attempt('spawnSync input encoding', () => cp.spawnSync('cat', { input: '68656c6c6f', encoding: 'hex' }));
attempt('spawnSync large input', () => cp.spawnSync('wc', ['-c'], { input: 'x'.repeat(1 << 20), encoding: 'utf8' }).stdout.trim());
attempt('spawnSync input unread', () => cp.spawnSync('true', { input: 'x'.repeat(1 << 20) }).status);
attempt('spawnSync encoding', () => cp.spawnSync('echo', ['héllo'], { encoding: 'utf8' }));
attempt('spawnSync cwd', () => cp.spawnSync('pwd', { cwd: '/tmp', encoding: 'utf8' }).stdout);
attempt('spawnSync cwd URL', () => cp.spawnSync('pwd', { cwd: new URL('file:///usr'), encoding: 'utf8' }).stdout);
attempt('spawnSync env', () => cp.spawnSync('sh', ['-c', 'echo "$A,$B,${PATH:+path}"'], { env: { A: 1, B: 'two' }, encoding: 'utf8' }).stdout);
attempt('spawnSync env inherited', () => {
  process.env.CHILD_PROCESS_TEST_VAR = 'from-parent';
  return cp.spawnSync('sh', ['-c', 'echo $CHILD_PROCESS_TEST_VAR'], { encoding: 'utf8' }).stdout;
});
attempt('spawnSync shell', () => cp.spawnSync('echo $((6 * 7))', { shell: true, encoding: 'utf8' }).stdout);
attempt('spawnSync shell string', () => cp.spawnSync('echo', ['$0'], { shell: '/bin/sh', encoding: 'utf8' }).stdout);
attempt('spawnSync argv0', () => cp.spawnSync('sh', ['-c', 'echo $0'], { argv0: 'renamed', encoding: 'utf8' }).stdout);
attempt('spawnSync args coerced', () => cp.spawnSync('echo', [1, true, null], { encoding: 'utf8' }).stdout);
attempt('spawnSync stdio ignore', () => cp.spawnSync('sh', ['-c', 'echo a; echo b >&2'], { stdio: 'ignore' }));
attempt('spawnSync stdio array', () => cp.spawnSync('sh', ['-c', 'echo a; echo b >&2'], { stdio: ['pipe', 'ignore', 'pipe'] }));
attempt('spawnSync stdio short array', () => cp.spawnSync('sh', ['-c', 'echo a; echo b >&2'], { stdio: ['ignore'] }));
attempt('spawnSync windowsHide', () => cp.spawnSync('true', { windowsHide: true }).status);
attempt('spawnSync grandchild', () => cp.spawnSync('sh', ['-c', '(sleep 0.3; echo late) & echo early'], { encoding: 'utf8' }).stdout);

// execFileSync / execSync
attempt('execFileSync', () => cp.execFileSync('echo', ['x', 'y']));
attempt('execFileSync encoding', () => cp.execFileSync('echo', ['x'], { encoding: 'utf8' }));
attempt('execFileSync fails', () => cp.execFileSync('sh', ['-c', 'echo o; echo e >&2; exit 2'], { stdio: 'pipe' }));
attempt('execFileSync enoent', () => cp.execFileSync('/nonexistent/program'));
attempt('execFileSync timeout', () => cp.execFileSync('sleep', ['30'], { timeout: 100 }));
attempt('execFileSync signal', () => cp.execFileSync('sh', ['-c', 'kill -TERM $$']));
attempt('execSync', () => cp.execSync('echo $((1 + 2))').toString());
attempt('execSync input', () => cp.execSync('tr a-z A-Z', { input: 'shout', encoding: 'utf8' }));
attempt('execSync fails', () => cp.execSync('echo o; exit 5', { stdio: 'pipe' }));
attempt('execSync fails stderr', () => cp.execSync('echo oops >&2; exit 6', { stdio: 'pipe', encoding: 'utf8' }));

// Argument checks
attempt('file type', () => cp.spawnSync(1));
attempt('file empty', () => cp.spawnSync(''));
attempt('file null byte', () => cp.spawnSync('a\u0000b'));
attempt('args type', () => cp.spawnSync('echo', 'x'));
attempt('arg null byte', () => cp.spawnSync('echo', ['a\u0000']));
attempt('options type', () => cp.spawnSync('echo', [], 'x'));
attempt('timeout', () => cp.spawnSync('echo', { timeout: -1 }));
attempt('timeout fraction', () => cp.spawnSync('echo', { timeout: 1.5 }));
attempt('maxBuffer', () => cp.spawnSync('echo', { maxBuffer: -1 }));
attempt('maxBuffer string', () => cp.spawnSync('echo', { maxBuffer: '1' }));
attempt('killSignal', () => cp.spawnSync('echo', { killSignal: 'SIGNOPE' }));
attempt('killSignal type', () => cp.spawnSync('echo', { killSignal: {} }));
attempt('uid', () => cp.spawnSync('echo', { uid: 1.5 }));
attempt('gid', () => cp.spawnSync('echo', { gid: 'x' }));
attempt('shell', () => cp.spawnSync('echo', { shell: 1 }));
attempt('argv0', () => cp.spawnSync('echo', { argv0: 1 }));
attempt('cwd', () => cp.spawnSync('echo', { cwd: 1 }));
attempt('cwd null byte', () => cp.spawnSync('echo', { cwd: '/tmp\u0000' }));
attempt('detached', () => cp.spawnSync('echo', { detached: 1 }));
attempt('env null byte', () => cp.spawnSync('echo', { env: { A: 'x\u0000' } }));
attempt('input', () => cp.spawnSync('cat', { input: 5 }));
attempt('stdio', () => cp.spawnSync('echo', { stdio: 'bogus' }));
attempt('stdio ipc', () => cp.spawnSync('echo', { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] }));
attempt('execFile callback', () => cp.execFile('echo', [], {}, 'nope'));
attempt('execFile options', () => cp.execFile('echo', [], 'nope', () => {}));
attempt('exec command', () => cp.exec(1));
attempt('execSync command', () => cp.execSync({}));
attempt('spawn file null byte', () => cp.spawn('a\u0000b'));
attempt('spawn options', () => cp.spawn('echo', [], 1));
attempt('fork path null byte', () => cp.fork('a\u0000b'));
attempt('ChildProcess spawn options', () => new cp.ChildProcess().spawn());
attempt('ChildProcess spawn file', () => new cp.ChildProcess().spawn({ file: 1 }));
attempt('ChildProcess spawn args', () => new cp.ChildProcess().spawn({ file: 'x', args: 'y' }));
attempt('promisified exec signal', () => util.promisify(cp.exec)('true', { signal: {} }));

// execFile / exec, one after the other so that the order is fixed.
const steps = [];
function step(label, start) {
  steps.push(() => new Promise((resolve) => {
    const events = [];
    const child = start((err, stdout, stderr) => {
      events.push('callback');
      console.log(label, errorFields(err), show(stdout), show(stderr));
    });
    child.on('exit', (code, signal) => events.push(`exit(${code},${signal})`));
    child.on('close', (code, signal) => {
      events.push(`close(${code},${signal})`);
      setImmediate(() => {
        console.log(label, 'events', events.join(','), 'exitCode', child.exitCode, 'signalCode', child.signalCode,
                    'killed', child.killed, 'pid', typeof child.pid);
        resolve();
      });
    });
    child.on('error', (e) => events.push(`error(${e.code})`));
  }));
}
step('execFile ok', (cb) => cp.execFile('sh', ['-c', 'echo out; echo err >&2'], cb));
step('execFile exit', (cb) => cp.execFile('sh', ['-c', 'echo out; echo err >&2; exit 3'], cb));
step('execFile no args', (cb) => cp.execFile('pwd', { cwd: '/' }, cb));
step('execFile enoent', (cb) => cp.execFile('/nonexistent/program', ['a'], cb));
step('execFile bad cwd', (cb) => cp.execFile('pwd', { cwd: '/nonexistent/dir' }, cb));
step('execFile timeout', (cb) => cp.execFile('sleep', ['30'], { timeout: 100 }, cb));
step('execFile timeout SIGKILL', (cb) => cp.execFile('sleep', ['30'], { timeout: 100, killSignal: 'SIGKILL' }, cb));
step('execFile maxBuffer stdout', (cb) => cp.execFile('sh', ['-c', 'head -c 100000 /dev/zero | tr "\\0" a; exec sleep 30'], { maxBuffer: 10 }, cb));
step('execFile maxBuffer stderr', (cb) => cp.execFile('sh', ['-c', 'head -c 100000 /dev/zero >&2; exec sleep 30'], { maxBuffer: 10, encoding: 'buffer' }, cb));
step('execFile maxBuffer 0', (cb) => cp.execFile('sh', ['-c', 'echo x; exec sleep 30'], { maxBuffer: 0 }, cb));
step('execFile maxBuffer Infinity', (cb) => cp.execFile('echo', ['x'], { maxBuffer: Infinity }, cb));
step('execFile encoding buffer', (cb) => cp.execFile('echo', ['bytes'], { encoding: 'buffer' }, cb));
step('execFile encoding hex', (cb) => cp.execFile('echo', ['hi'], { encoding: 'hex' }, cb));
step('execFile env', (cb) => cp.execFile('sh', ['-c', 'echo $ONLY'], { env: { ONLY: 'this' } }, cb));
step('execFile killed', (cb) => {
  const child = cp.execFile('sleep', ['30'], cb);
  console.log('execFile kill returns', child.kill(), child.killed);
  return child;
});
step('execFile kill SIGKILL', (cb) => {
  const child = cp.execFile('sleep', ['30'], cb);
  child.kill('SIGKILL');
  return child;
});
step('execFile kill unknown', (cb) => {
  const child = cp.execFile('true', cb);
  attempt('kill SIGNOPE', () => child.kill('SIGNOPE'));
  return child;
});
step('execFile abort', (cb) => {
  const controller = new AbortController();
  const child = cp.execFile('sleep', ['30'], { signal: controller.signal }, cb);
  controller.abort();
  return child;
});
// The shell may have forked `sleep` when the abort kills it: the orphan
// holds the pipes, and 'close' must not wait for it.
step('exec abort', (cb) => cp.exec('sleep 2', { signal: AbortSignal.abort() }, cb));
step('exec', (cb) => cp.exec('echo $FOO; exit 4', { env: { FOO: 'bar' } }, cb));
step('exec shell', (cb) => cp.exec('echo "$0"', { shell: '/bin/sh' }, cb));
step('exec cwd', (cb) => cp.exec('pwd', { cwd: '/tmp' }, cb));
step('exec grandchild', (cb) => cp.exec('(sleep 0.3; echo late) & echo early', cb));

(async () => {
  for (const run of steps) await run();
  const { stdout } = await util.promisify(cp.exec)('echo promised');
  console.log('promisified exec', show(stdout));
  try {
    await util.promisify(cp.execFile)('sh', ['-c', 'echo partial; exit 1']);
  } catch (e) {
    console.log('promisified execFile', errorFields(e));
  }
})();

'use strict';
// spawn as Node's: the events of the ChildProcess and their order, its stdio
// as streams (written, read, decoded, paused, destroyed, shared between
// children), the options and the errors. Printed in a way that does not
// depend on the run: the e2e test compares it with what Node printed
// (spawn.out). Steps run one after the other.
const cp = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const stream = require('stream');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-spawn-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

function errorFields(e) {
  const fields = { name: e.name, message: e.message };
  for (const key of ['code', 'errno', 'syscall', 'path', 'spawnargs', 'cause']) {
    if (key in e) fields[key] = e[key];
  }
  return JSON.stringify(fields).split(scratch).join('<scratch>');
}

// Runs `start(log)` -> child; prints the child's events in order, and what
// its pipes said, once it has closed.
const steps = [];
function step(label, start, { collect = true, quiet = false } = {}) {
  steps.push(() => new Promise((resolve) => {
    const events = [];
    const log = (...args) => console.log(label, ...args);
    const child = start(log);
    const output = {};
    if (collect) {
      child.stdio.forEach((s, i) => {
        if (s && s.readable) {
          output[i] = '';
          s.on('data', (d) => { output[i] += d; });
        }
      });
    }
    child.on('spawn', () => events.push('spawn'));
    child.on('exit', (code, signal) => events.push(`exit(${code},${signal})`));
    child.on('error', (e) => {
      events.push(`error(${e.code})`);
      log('error', errorFields(e));
    });
    child.on('close', (code, signal) => {
      events.push(`close(${code},${signal})`);
      setImmediate(() => {
        if (quiet) return resolve();
        log('events', events.join(' '));
        if (Object.keys(output).length > 0) log('output', JSON.stringify(output));
        log('pid', typeof child.pid, 'exitCode', child.exitCode, 'signalCode', child.signalCode, 'killed', child.killed);
        resolve();
      });
    });
  }));
}

step('echo', (log) => {
  const child = cp.spawn('sh', ['-c', 'echo out; echo err >&2; exit 3']);
  log('spawnfile', child.spawnfile, 'spawnargs', JSON.stringify(child.spawnargs));
  log('streams', child.stdin instanceof stream.Writable, child.stdout instanceof stream.Readable,
      child.stderr instanceof stream.Readable, child.stdio.length, child.stdio[1] === child.stdout);
  return child;
});

step('cat', (log) => {
  const child = cp.spawn('cat');
  child.stdin.on('finish', () => log('stdin finish'));
  child.stdin.write('a');
  child.stdin.write(Buffer.from('b'));
  child.stdin.end('c');
  return child;
});

// 4 MiB each way through `cat`, written as write() and 'drain' allow.
step('large', (log) => {
  const child = cp.spawn('cat');
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
  let sent = 0;
  let paused = 0;
  (function write() {
    while (sent < 64) {
      sent++;
      if (!child.stdin.write(chunk)) {
        paused++;
        child.stdin.once('drain', write);
        return;
      }
    }
    child.stdin.end();
  })();
  let bytes = 0;
  let sum = 0;
  child.stdout.on('data', (d) => {
    bytes += d.length;
    for (let i = 0; i < d.length; i++) sum = (sum + d[i]) % 65521;
  });
  child.on('close', () => log('bytes', bytes, 'sum', sum, 'writes waited for drain', paused > 0));
  return child;
}, { collect: false });

// A paused stdout stops the reads: the child waits on its full pipe.
step('paused', (log) => {
  const child = cp.spawn('head', ['-c', String(8 << 20), '/dev/zero']);
  let exited = false;
  child.on('exit', () => { exited = true; });
  setTimeout(() => {
    log('while paused: exited', exited, 'buffered at most 128 KiB', child.stdout.readableLength <= 128 * 1024);
    let bytes = 0;
    child.stdout.on('data', (d) => { bytes += d.length; });
    child.stdout.on('end', () => log('then read', bytes));
  }, 300);
  return child;
}, { collect: false });

step('setEncoding', (log) => {
  const child = cp.spawn('printf', ['h\\303\\251llo']);
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => log('chunk', typeof d, d));
  return child;
}, { collect: false });

// The child's next write fails (EPIPE, SIGPIPE or ECONNRESET, as the
// kernel has it), which ends `yes`.
step('destroy stdout', (log) => {
  const child = cp.spawn('yes', { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdout.once('data', () => {
    child.stdout.destroy();
    log('destroyed', child.stdout.destroyed);
  });
  child.on('close', (code, signal) => log('child ended', code !== 0, signal === null || signal === 'SIGPIPE'));
  return child;
}, { collect: false, quiet: true });

step('enoent', (log) => {
  const child = cp.spawn('/nonexistent/program', ['a', 'b']);
  log('stdio', child.stdio.map((s) => s !== null).join(','));
  return child;
});

step('eacces', () => {
  const file = path.join(scratch, 'not-executable');
  fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
  return cp.spawn(file);
}, { collect: false });

step('bad cwd', () => cp.spawn('pwd', { cwd: '/nonexistent/dir' }));

step('kill', (log) => {
  const child = cp.spawn('sleep', ['30']);
  child.on('spawn', () => log('kill returns', child.kill(), child.killed));
  child.on('exit', () => log('kill after exit returns', child.kill()));
  return child;
});

step('kill number', (log) => {
  const child = cp.spawn('sleep', ['30']);
  log('kill 9 returns', child.kill(9));
  return child;
});

step('kill unknown', (log) => {
  const child = cp.spawn('true');
  try {
    child.kill('SIGNOPE');
  } catch (e) {
    log('threw', errorFields(e));
  }
  return child;
});

step('timeout', () => cp.spawn('sleep', ['30'], { timeout: 100, killSignal: 'SIGKILL' }));

step('abort', () => {
  const controller = new AbortController();
  const child = cp.spawn('sleep', ['30'], { signal: controller.signal });
  child.on('spawn', () => controller.abort('why'));
  return child;
});

step('aborted before', () => cp.spawn('sleep', ['30'], { signal: AbortSignal.abort() }));

step('options', () => cp.spawn('sh', ['-c', 'echo "$0 $FOO $(pwd)"'], {
  cwd: '/tmp', env: { FOO: 'bar' }, argv0: 'renamed', windowsHide: true,
}));

step('shell', () => cp.spawn('echo $((6 * 7)) | tr 4 X', { shell: true }));

step('shell string', () => cp.spawn('echo', ['"$0"'], { shell: '/bin/sh' }));

step('ignore', (log) => {
  const child = cp.spawn('sh', ['-c', 'echo hidden; echo hidden >&2'], { stdio: 'ignore' });
  log('streams', child.stdin, child.stdout, child.stderr, JSON.stringify(child.stdio));
  return child;
});

step('fd', (log) => {
  const file = path.join(scratch, 'out.txt');
  const fd = fs.openSync(file, 'w');
  const child = cp.spawn('sh', ['-c', 'echo to-file; echo to-pipe >&2'], { stdio: ['ignore', fd, 'pipe'] });
  fs.closeSync(fd);
  log('stdout', child.stdout);
  child.on('close', () => log('file', JSON.stringify(fs.readFileSync(file, 'utf8'))));
  return child;
});

step('extra pipe', () => cp.spawn('sh', ['-c', 'echo three >&3'], { stdio: ['pipe', 'pipe', 'pipe', 'pipe'] }));

step('pipe between children', (log) => {
  const first = cp.spawn('echo', ['through']);
  const second = cp.spawn('tr', ['a-z', 'A-Z'], { stdio: [first.stdout, 'pipe', 'pipe'] });
  first.on('exit', (code) => log('first exit', code));
  return second;
});

// The child stops reading after a byte: the rest of the write fails with
// EPIPE inside the worker, which goes on (SIGPIPE does not end it).
step('stdin unread', (log) => {
  const child = cp.spawn('head', ['-c', '1']);
  child.stdin.on('error', () => {});
  child.stdin.write(Buffer.alloc(4 << 20));
  child.on('close', () => log('worker goes on'));
  return child;
}, { collect: false });

step('exec has streams', (log) => {
  const child = cp.exec('echo hi; echo there >&2', (err, stdout, stderr) => {
    log('callback', err, JSON.stringify(stdout), JSON.stringify(stderr));
  });
  log('streams', child.stdin instanceof stream.Writable, child.stdout instanceof stream.Readable);
  return child;
}, { collect: false });

function attempt(label, fn) {
  try {
    fn();
    console.log(label, 'did not throw');
  } catch (e) {
    console.log(label, 'threw', errorFields(e));
  }
}

(async () => {
  for (const run of steps) await run();
  attempt('file type', () => cp.spawn(5));
  attempt('file null byte', () => cp.spawn('a\u0000b'));
  attempt('args type', () => cp.spawn('echo', 'x'));
  attempt('stdio', () => cp.spawn('echo', { stdio: 'bogus' }));
  attempt('stdio entry', () => cp.spawn('echo', { stdio: ['pipe', {}, 'pipe'] }));
  attempt('stdio input', () => cp.spawn('cat', { stdio: [Buffer.from('x'), 'pipe', 'pipe'] }));
  attempt('stdio two ipc', () => cp.spawn('echo', { stdio: ['pipe', 'pipe', 'pipe', 'ipc', 'ipc'] }));
  attempt('timeout', () => cp.spawn('echo', { timeout: -1 }));
  attempt('killSignal', () => cp.spawn('echo', { killSignal: 'SIGNOPE' }));
  attempt('signal', () => cp.spawn('echo', { signal: {} }));
  attempt('cwd', () => cp.spawn('echo', { cwd: 1 }));
  attempt('env', () => cp.spawn('echo', { env: { A: 'a\u0000' } }));
  attempt('uid', () => cp.spawn('echo', { uid: 'root' }));
  attempt('detached', () => cp.spawn('echo', { detached: 'yes' }));
  // Last: an unref'd child does not keep the worker alive.
  const child = cp.spawn('sleep', ['30'], { stdio: 'ignore' });
  child.unref();
  console.log('unref: the script ends while its child sleeps');
})();

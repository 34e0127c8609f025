'use strict';
// The Node.js side of bench/throughput, with worker_threads and the same
// worker files the isohost side runs. Prints one JSON object on stdout.
//
//   echo    --worker F --payload small|64k --warmup W --duration-ms D
//           {"round_trips": n, "elapsed_ms": x}: the parent posts, the
//           worker echoes, the parent posts again on receipt; timing starts
//           after W round trips and stops at the first echo past D ms.
//   console --worker F --lines L
//           {"lines", "bytes", "elapsed_ms", "total_ms"}: the worker
//           console.logs L lines; with `stdout: true` they reach the parent
//           as worker.stdout, where they are counted, as the isohost host
//           counts them in on_output. Timed from 'online' (the worker is
//           about to run the script) to the chunk that completes L lines;
//           total_ms is new Worker() -> 'exit'.
//   driver  --worker F --args "MODE A B C"
//           the JSON object worker F (bench/js/port_driver.js, run with
//           argv MODE A B C) posts back: it measures among nested workers
//           of its own.

const { Worker } = require('node:worker_threads');
const { runHarness } = require('./harness.js');

const nowNs = () => process.hrtime.bigint();
const toMs = (ns) => Number(ns) / 1e6;

// Must build the same values as the C++ side encodes.
const kPayloads = { small: 1, '64k': 'x'.repeat(64 * 1024) };

function startWorker(file) {
  const worker = new Worker(file, { stdout: true, stderr: true });
  worker.stderr.resume();
  return worker;
}

function echo(options) {
  const payload = kPayloads[options.payload];
  if (payload === undefined) throw new Error(`unknown payload ${options.payload}`);
  const durationNs = BigInt(options.durationMs) * 1000000n;
  return new Promise((resolve, reject) => {
    const worker = startWorker(options.worker);
    worker.stdout.resume();
    let received = 0;
    let start = options.warmup === 0 ? nowNs() : 0n;
    let result = null;
    worker.on('message', (message) => {
      if (result) return;
      if (received === 0 && message !== payload) {
        return reject(new Error('the echo differs from the message posted'));
      }
      received++;
      const now = nowNs();
      if (received === options.warmup) start = now;
      if (received > options.warmup && now - start >= durationNs) {
        result = { round_trips: received - options.warmup, elapsed_ms: toMs(now - start) };
        worker.terminate();
        return;
      }
      worker.postMessage(payload);
    });
    worker.once('error', reject);
    worker.once('exit', () => (result ? resolve(result) : reject(new Error('worker exited early'))));
    worker.postMessage(payload);
  });
}

function countLines(chunk) {
  let lines = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  return lines;
}

function consoleLines(options) {
  return new Promise((resolve, reject) => {
    const spawn = nowNs();
    const worker = startWorker(options.worker);
    const r = { lines: 0, bytes: 0, elapsed_ms: 0, total_ms: 0 };
    let online = 0n;
    let last = 0n;
    let exited = false;
    let ended = false;
    const finish = () => {
      if (!exited || !ended) return;
      if (r.lines !== options.lines) {
        return reject(new Error(`received ${r.lines} lines, expected ${options.lines}`));
      }
      r.elapsed_ms = toMs(last - online);
      resolve(r);
    };
    worker.once('online', () => { online = nowNs(); });
    worker.stdout.on('data', (chunk) => {
      r.lines += countLines(chunk);
      r.bytes += chunk.length;
      if (last === 0n && r.lines >= options.lines) last = nowNs();
    });
    worker.stdout.on('end', () => { ended = true; finish(); });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      r.total_ms = toMs(nowNs() - spawn);
      if (code !== 0) return reject(new Error(`worker exited with code ${code}`));
      exited = true;
      finish();
    });
  });
}

function driver(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.worker, { argv: options.args.split(' ') });
    worker.once('message', (text) => {
      worker.terminate().then(() => resolve(JSON.parse(text)));
    });
    worker.once('error', reject);
  });
}

runHarness('throughput.js', {
  worker: '', payload: 'small', warmup: 200, durationMs: 2000, lines: 200000, args: '',
}, { echo, console: consoleLines, driver });

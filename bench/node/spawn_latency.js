'use strict';
// The Node.js side of bench/spawn_latency: the same measurements with
// worker_threads, running the same worker file the isohost side runs.
// Prints one JSON object on stdout.
//
//   latency    --worker F --until message|exit -n N --warmup W
//              {"samples_ms": [...]}: new Worker(F) -> first 'message' (or
//              'exit'), N times one after the other, after W untimed ones.
//   concurrent --worker F --workers K --concurrency C
//              {"elapsed_ms": x}: K workers at once until all have posted.
//   memory     --worker F --workers K --settle-ms S
//              process.memoryUsage().rss before and after starting K
//              workers that post once and then wait on a message listener.

const { Worker } = require('node:worker_threads');
const { runHarness } = require('./harness.js');

const nowNs = () => process.hrtime.bigint();
const toMs = (ns) => Number(ns) / 1e6;

// Worker stdout/stderr go to the parent as streams (stdout: true) and are
// drained and dropped: the isohost host likewise receives the output of its
// workers and drops it.
function startWorker(file) {
  const worker = new Worker(file, { stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

function once(file, until) {
  return new Promise((resolve, reject) => {
    const start = nowNs();
    let messageNs = 0n;
    const worker = startWorker(file);
    worker.once('message', () => { messageNs = nowNs(); });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      const exitNs = nowNs();
      if (code !== 0) return reject(new Error(`worker exited with code ${code}`));
      if (messageNs === 0n) return reject(new Error('worker exited without posting'));
      resolve(toMs((until === 'exit' ? exitNs : messageNs) - start));
    });
  });
}

async function latency(options) {
  const samples = [];
  for (let i = 0; i < options.warmup + options.n; i++) {
    const ms = await once(options.worker, options.until);
    if (i >= options.warmup) samples.push(ms);
  }
  return { samples_ms: samples };
}

// Starts `count` workers. `ready` resolves once each has posted its first
// message, `exited` once all are gone; both listen from the start, since a
// worker that only posts can be gone before `ready` resolves.
function startAll(file, count) {
  const workers = [];
  const posted = [];
  const exits = [];
  for (let i = 0; i < count; i++) {
    const worker = startWorker(file);
    workers.push(worker);
    posted.push(new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }));
    exits.push(new Promise((resolve) => worker.once('exit', resolve)));
  }
  return { workers, ready: Promise.all(posted), exited: Promise.all(exits) };
}

// `workers` workers, at most `concurrency` alive at a time: the next starts
// when one exits. Timed from the first start until the last has posted.
async function concurrent(options) {
  const start = nowNs();
  let lastPosted = start;
  let started = 0;
  const runOne = () => new Promise((resolve, reject) => {
    started++;
    const worker = new Worker(options.worker, { stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.once('message', () => { lastPosted = nowNs(); });
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
  const lane = async () => {
    while (started < options.workers) await runOne();
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.workers) }, lane));
  return { elapsed_ms: toMs(lastPosted - start) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function memory(options) {
  // Settle first too, so that start-up garbage of this process is not
  // counted as worker cost in either direction.
  await sleep(options.settleMs);
  const before = process.memoryUsage().rss;
  const { workers, ready, exited } = startAll(options.worker, options.workers);
  await ready;
  await sleep(options.settleMs);
  const after = process.memoryUsage().rss;
  for (const worker of workers) worker.postMessage(undefined);
  await exited;
  return {
    workers: options.workers,
    rss_before_kib: Math.round(before / 1024),
    rss_after_kib: Math.round(after / 1024),
    rss_growth_kib: Math.round((after - before) / 1024),
  };
}

runHarness('spawn_latency.js', {
  worker: '', until: 'message', n: 30, warmup: 1, workers: 30, concurrency: 8, settleMs: 200,
}, { latency, concurrent, memory });

'use strict';
// The piscina side of bench/task_pool: the same task files, the same way of
// feeding tasks (a fixed window of unsettled tasks, each new one started when
// one settles), timed the same way (run() -> its promise settled).
//
//   node task_pool.js throughput --piscina DIR --script FILE --workers N --tasks N --window N
//                                [--warmup N] [--payload-bytes N]
//   node task_pool.js cold --piscina DIR --script FILE --samples N
// prints one JSON object: { tasks_per_s, failed, latencies_ms: [...] } or
// { samples_ms: [...] }.

const path = require('path');
const { runHarness } = require('./harness');

const defaults = {
  piscina: '',
  script: '',
  workers: 1,
  tasks: 1000,
  window: 8,
  warmup: 100,
  payloadBytes: 0,
  samples: 10,
};

function loadPiscina(dir) {
  // Installed by the benchmark into the build tree (npm install --prefix DIR).
  const mod = require(path.join(dir, 'node_modules', 'piscina'));
  return mod.Piscina || mod;
}

// Feeds `count` tasks through `pool`, at most `window` unsettled at a time;
// returns the latencies (ms) and the failures.
function feed(pool, count, window, taskFor) {
  return new Promise((resolve) => {
    const latencies = new Float64Array(count);
    let next = 0;
    let settled = 0;
    let failed = 0;
    const launch = () => {
      const index = next++;
      const start = performance.now();
      const done = (ok) => {
        latencies[index] = performance.now() - start;
        if (!ok) failed++;
        if (++settled === count) {
          resolve({ latencies, failed });
        } else if (next < count) {
          launch();
        }
      };
      pool.run(taskFor(index)).then(() => done(true), () => done(false));
    };
    for (let i = 0; i < Math.min(window, count); i++) launch();
  });
}

function round(values) {
  return Array.from(values, (v) => Math.round(v * 10000) / 10000);
}

async function throughput(options) {
  const Piscina = loadPiscina(options.piscina);
  const pool = new Piscina({
    filename: options.script,
    minThreads: options.workers,
    maxThreads: options.workers,
    idleTimeout: 60000,
  });
  const payload = options.payloadBytes > 0 ? new Uint8Array(options.payloadBytes).fill(7) : null;
  const taskFor = payload ? () => payload : (index) => index;
  await feed(pool, options.warmup, options.window, taskFor);
  const start = performance.now();
  const { latencies, failed } = await feed(pool, options.tasks, options.window, taskFor);
  const seconds = (performance.now() - start) / 1000;
  await pool.destroy();
  return { tasks_per_s: options.tasks / seconds, failed, latencies_ms: round(latencies) };
}

// A new pool of one worker -> its first result, then destroyed.
async function cold(options) {
  const Piscina = loadPiscina(options.piscina);
  const samples = [];
  for (let i = 0; i < options.samples; i++) {
    const start = performance.now();
    const pool = new Piscina({ filename: options.script, minThreads: 1, maxThreads: 1 });
    await pool.run(1);
    samples.push(performance.now() - start);
    await pool.destroy();
  }
  return { samples_ms: round(samples) };
}

runHarness('task_pool', defaults, { throughput, cold });

'use strict';
// The worker bench/throughput runs for its port_* and nested_spawn rows,
// as a worker of the host (isohost) or of Node's main thread (Node); it
// starts nested workers of its own and posts one JSON string back.
//   ports SIZE WARMUP DURATION_MS   two nested workers joined by a
//       MessageChannel made here: one echoes, the other posts a SIZE-byte
//       Uint8Array and posts again on each echo; after WARMUP untimed round
//       trips it counts them for at least DURATION_MS.
//       -> {"round_trips": n, "elapsed_ms": x, "cpu_us": y}
//       cpu_us: the CPU time the conversation cost over the timed window.
//       Node's process.cpuUsage() counts the whole process (every thread),
//       so the pinger's own says it all; under isohost each worker is a
//       process of its own, and the echoing one adds its share.
//   spawn COUNT   COUNT nested workers one after the other, each timed from
//       new Worker() to its first message here. -> {"median_ms", "samples_ms"}
const { Worker, MessageChannel, parentPort, workerData } = require('node:worker_threads');

const workersAreProcesses = process.versions.isohost !== undefined;

function cpuNowUs() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function ping(port, size, warmup, durationMs) {
  const payload = new Uint8Array(size);
  const durationNs = BigInt(durationMs) * 1000000n;
  let received = 0;
  let start = 0n;
  let cpuStart = 0;
  let result = null;
  const begin = () => {
    start = process.hrtime.bigint();
    cpuStart = cpuNowUs();
    port.postMessage({ cpu: 'start' });  // the echoing worker starts counting too
  };
  port.on('message', (m) => {
    if (result !== null) {
      // The echoing worker's CPU time over the window.
      result.cpu_us += m.cpu_us;
      parentPort.postMessage(result);
      port.close();
      return;
    }
    received++;
    const now = process.hrtime.bigint();
    if (received === warmup) return begin();
    if (received > warmup && now - start >= durationNs) {
      result = { round_trips: received - warmup, elapsed_ms: Number(now - start) / 1e6, cpu_us: cpuNowUs() - cpuStart };
      port.postMessage({ cpu: 'end' });
      return;
    }
    port.postMessage(payload);
  });
  if (warmup === 0) begin();
  else port.postMessage(payload);
}

function echo(port) {
  let cpuStart = 0;
  port.on('message', (m) => {
    if (m.cpu === 'start') {
      cpuStart = cpuNowUs();
    } else if (m.cpu === 'end') {
      port.postMessage({ cpu_us: workersAreProcesses ? cpuNowUs() - cpuStart : 0 });
      return;
    }
    port.postMessage(m);
  });
}

if (workerData && workerData.role === 'echo') {
  parentPort.once('message', ({ port }) => echo(port));
} else if (workerData && workerData.role === 'ping') {
  parentPort.once('message', ({ port, size, warmup, durationMs }) => ping(port, size, warmup, durationMs));
} else if (workerData && workerData.role === 'hello') {
  parentPort.postMessage('up');
} else {
  const [mode, a, b, c] = process.argv.slice(2);
  const done = (result) => parentPort.postMessage(JSON.stringify(result));
  if (mode === 'ports') {
    const echo = new Worker(__filename, { workerData: { role: 'echo' } });
    const pinger = new Worker(__filename, { workerData: { role: 'ping' } });
    const { port1, port2 } = new MessageChannel();
    echo.postMessage({ port: port2 }, [port2]);
    pinger.postMessage({ port: port1, size: Number(a), warmup: Number(b), durationMs: Number(c) }, [port1]);
    pinger.once('message', (result) => {
      echo.terminate();
      pinger.terminate();
      done(result);
    });
  } else if (mode === 'spawn') {
    (async () => {
      const samples = [];
      for (let i = 0; i < Number(a); i++) {
        const start = process.hrtime.bigint();
        const w = new Worker(__filename, { workerData: { role: 'hello' } });
        await new Promise((resolve) => w.once('message', resolve));
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
        await w.terminate();
      }
      const sorted = [...samples].sort((x, y) => x - y);
      done({ median_ms: sorted[sorted.length >> 1], samples_ms: samples });
    })();
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

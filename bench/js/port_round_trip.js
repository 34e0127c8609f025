// Round trips between two workers over a MessageChannel, and the latency of
// a nested `new Worker()` (created to its first message). Runs the same
// under Node (node bench/js/port_round_trip.js, threads) and Isohost
// (isohost run bench/js/port_round_trip.js, processes); prints one JSON line.
//   [ROUNDS] [NESTED_SPAWNS]
const { Worker, MessageChannel, isMainThread, parentPort, workerData } = require('node:worker_threads');

if (workerData && workerData.role) {
  parentPort.once('message', ({ port, rounds, size }) => {
    const payload = new Uint8Array(size);
    if (workerData.role === 'echo') {
      port.on('message', (m) => port.postMessage(m));
      return;
    }
    let left = rounds;
    let start = 0;
    port.on('message', () => {
      if (--left === 0) {
        parentPort.postMessage(Number(process.hrtime.bigint() - start) / rounds / 1000);
        port.close();
        return;
      }
      port.postMessage(payload);
    });
    start = process.hrtime.bigint();
    port.postMessage(payload);
  });
  if (workerData.role === 'hello') parentPort.postMessage('up');
} else {
  const rounds = Number(process.argv[2] || 2000);
  const spawns = Number(process.argv[3] || 20);
  const roundTrip = (size) => new Promise((resolve) => {
    const echo = new Worker(__filename, { workerData: { role: 'echo' } });
    const pinger = new Worker(__filename, { workerData: { role: 'ping' } });
    const { port1, port2 } = new MessageChannel();
    echo.postMessage({ port: port2 }, [port2]);
    pinger.postMessage({ port: port1, rounds, size }, [port1]);
    pinger.once('message', (us) => {
      echo.terminate();
      pinger.terminate();
      resolve(us);
    });
  });
  const spawnLatency = async () => {
    const samples = [];
    for (let i = 0; i < spawns; i++) {
      const start = process.hrtime.bigint();
      const w = new Worker(__filename, { workerData: { role: 'hello' } });
      await new Promise((resolve) => w.once('message', resolve));
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      await w.terminate();
    }
    samples.sort((a, b) => a - b);
    return samples[samples.length >> 1];
  };
  (async () => {
    const small = await roundTrip(16);
    const large = await roundTrip(64 * 1024);
    const spawn = await spawnLatency();
    console.log(JSON.stringify({
      runtime: typeof process.versions.node === 'string' && !process.execPath.endsWith('isohost') ? 'node' : 'isohost',
      round_trip_16b_us: +small.toFixed(2),
      round_trip_64kib_us: +large.toFixed(2),
      nested_spawn_median_ms: +spawn.toFixed(2),
    }));
  })();
}

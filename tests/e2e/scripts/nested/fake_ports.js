// Run with --expose-internals and a case in argv: a worker that claims a
// port the host never gave it. The host ends it; nothing reaches anyone.
const native = require('internal/test/binding').internalBinding('worker_threads');
const bytes = new ArrayBuffer(4);
const lie = process.argv[2];
if (lie === 'send') native.channelSend(12345, 0, bytes, []);
if (lie === 'transfer') native.channelSend(0, 0, bytes, [7, false]);
if (lie === 'name') native.channelSend(0, 0, bytes, [8, true]);
setTimeout(() => console.log('still running'), 2000);
// Claims about the drain of an end (proto PortDrain) it never gave away.
if (lie === 'forward') native.channelSend(12345, 0, bytes, [], 4);
if (lie === 'drain') native.portDrained(12345);
if (lie === 'marker') native.channelSend(12345, 0, bytes, [], 2);
// A link the host never handed it leads nowhere: nothing is sent.
if (lie === 'link') {
  console.log(native.linkSend(1, bytes), native.linkSend(2, bytes));
  process.exit(0);
}
// Ports in a nested worker's workerData that it does not hold.
const spawn = (ports, queued = []) =>
  native.nestedSpawn(1, { scriptSource: '', argv: [], execArgv: [], env: [], workerData: bytes, ports, queued });
if (lie === 'spawn_transfer') spawn([7, false]);
if (lie === 'spawn_name') spawn([8, true]);
if (lie === 'spawn_queued') spawn([], [3, bytes]);
// A BroadcastChannel name it never joined.
if (lie === 'broadcast') native.broadcastSend('news', bytes, 0);

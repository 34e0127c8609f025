'use strict';
// threadIds numbered by the host in the order of spawns across a tree of
// workers, and postMessageToThread between any two of them (a port carried
// along), whatever their place in the tree.
const { Worker, threadId, workerData, parentPort, postMessageToThread } = require('worker_threads');
const { once } = require('events');

const root = workerData?.root ?? threadId;
const depth = workerData?.depth ?? 0;

process.on('workerMessage', ({ port, from }, source) => {
  port.postMessage(`${threadId - root} got a message from ${from} (source ${source - root})`);
  port.close();
});

async function main() {
  const ids = [];
  if (depth < 2) {
    for (let i = 0; i < 2; i++) {
      const w = new Worker(__filename, { workerData: { root, depth: depth + 1 } });
      ids.push(w.threadId - root);
      const [childIds] = await once(w, 'message');
      ids.push(...childIds);
    }
  }
  if (depth > 0) {
    parentPort.postMessage(ids);
    parentPort.once('message', () => {});
    return;
  }
  console.log('ids in spawn order:', ids.join(','));
  // Messages to a grandchild and to a child, each with a port to answer on.
  for (const target of [2, 4]) {
    const { port1, port2 } = new MessageChannel();
    const answered = once(port1, 'message');
    await postMessageToThread(root + target, { port: port2, from: 'the root' }, [port2]);
    console.log((await answered)[0]);
    port1.close();
  }
  process.exit(0);
}
main();

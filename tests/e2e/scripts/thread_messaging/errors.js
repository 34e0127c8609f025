'use strict';
// postMessageToThread's answers: Node's errors for itself, for no such
// thread, for a thread without a 'workerMessage' listener, for a listener
// that throws, and for a timeout.
const { Worker, threadId, workerData, parentPort, postMessageToThread } = require('worker_threads');
const { once } = require('events');
const fs = require('fs');
const path = require('path');
const os = require('os');

if (workerData?.mode === 'throws') {
  process.on('workerMessage', () => { throw new Error('KABOOM'); });
} else if (workerData?.mode === 'busy') {
  process.on('workerMessage', () => {});
}
if (workerData !== undefined) {
  parentPort.postMessage('ready');
  parentPort.once('message', () => {
    if (workerData.mode === 'busy') {
      // Its loop does not run until the parent's message has timed out.
      while (!fs.existsSync(workerData.flag));
    }
    parentPort.postMessage('done');
  });
} else {
  const show = (promise) => promise.then(() => 'delivered', (e) => `${e.name} ${e.code}: ${e.message}`);
  (async () => {
    console.log(await show(postMessageToThread(threadId, 1)));
    console.log(await show(postMessageToThread(threadId + 1000000, 1)));
    const flag = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thread-messaging-')), 'timed-out');
    for (const mode of ['none', 'throws', 'busy']) {
      const w = new Worker(__filename, { workerData: { mode, flag } });
      await once(w, 'message');
      console.log(mode, await show(postMessageToThread(w.threadId, { hi: 1 })));
      if (mode === 'busy') {
        w.postMessage('spin');
        console.log(mode, await show(postMessageToThread(w.threadId, { hi: 2 }, 100)));
        fs.writeFileSync(flag, '');
      } else {
        w.postMessage('go');
      }
      await once(w, 'message');
      await w.terminate();
    }
    try {
      await postMessageToThread(threadId + 1, 1, -1);
    } catch (e) {
      console.log(e.code);
    }
    fs.rmSync(path.dirname(flag), { recursive: true });
  })();
}

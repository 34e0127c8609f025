// worker.getHeapSnapshot(): the nested worker's heap as V8's JSON, read
// from a stream; refused once the worker is gone.
const { Worker } = require('node:worker_threads');

const w = new Worker('globalThis.marker = { name: "FindMeInTheSnapshot" }; setInterval(() => {}, 1000);', { eval: true });
w.on('online', async () => {
  const [first, second] = await Promise.all([w.getHeapSnapshot(), w.getHeapSnapshot()]);
  for (const stream of [first, second]) {
    let text = '';
    for await (const chunk of stream) text += chunk;
    const snapshot = JSON.parse(text);
    console.log('nodes', snapshot.nodes.length > 0, 'marker', snapshot.strings.includes('FindMeInTheSnapshot'));
  }
  await w.terminate();
  w.getHeapSnapshot().catch((err) => console.log(err.code));
});

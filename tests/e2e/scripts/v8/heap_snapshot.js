'use strict';
// This worker's heap snapshot: as a stream of Buffers and as a file, named
// as Node names it when no name is given; options and paths checked as
// Node checks them; a worker builds no startup snapshot.
const fs = require('fs');
const os = require('os');
const path = require('path');
const v8 = require('v8');

const chunks = [];
const stream = v8.getHeapSnapshot();
stream.on('data', (chunk) => chunks.push(chunk));
stream.on('end', () => {
  const json = JSON.parse(Buffer.concat(chunks).toString());
  console.log(Object.keys(json).slice(0, 3), chunks.length > 1, Buffer.isBuffer(chunks[0]));
  const name = v8.writeHeapSnapshot();
  console.log(/^Heap\.\d{8}\.\d{6}\.\d+\.\d+\.001\.heapsnapshot$/.test(name),
              JSON.parse(fs.readFileSync(name, 'utf8')).snapshot.node_count > 0);
  fs.unlinkSync(name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v8-snapshot-'));
  const given = path.join(dir, 'given.heapsnapshot');
  console.log(v8.writeHeapSnapshot(given) === given, fs.statSync(given).size > 1000);
  fs.rmSync(dir, { recursive: true });
  const bad = [
    () => v8.getHeapSnapshot(1), () => v8.getHeapSnapshot({ exposeInternals: 1 }),
    () => v8.writeHeapSnapshot(1), () => v8.writeHeapSnapshot('a\0b'),
    () => v8.startupSnapshot.addSerializeCallback(() => {}),
    () => v8.startupSnapshot.addDeserializeCallback(() => {}),
    () => v8.startupSnapshot.setDeserializeMainFunction(() => {}),
  ];
  for (const fn of bad) {
    try {
      fn();
    } catch (error) {
      console.log(error.code, error.message);
    }
  }
});

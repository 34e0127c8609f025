// FileHandle.readableWebStream(), as in Node 20: ArrayBuffers by default,
// Uint8Arrays from a byte stream, one stream per handle at a time, and the
// stream ends when the handle closes.
const fs = require('fs/promises');
const os = require('os');
const path = require('path');

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'webstreams-'));
  const file = path.join(dir, 'data.txt');
  await fs.writeFile(file, 'line one\nline two\n'.repeat(2000));
  try {
    const handle = await fs.open(file);
    const stream = handle.readableWebStream();
    const reader = stream.getReader();
    const first = await reader.read();
    console.log('first', first.value.constructor.name, first.value.byteLength, first.done);
    try {
      handle.readableWebStream();
    } catch (e) {
      console.log('second stream', e.name, e.code, e.message);
    }
    reader.releaseLock();
    let total = first.value.byteLength;
    for await (const chunk of stream) total += chunk.byteLength;
    console.log('total', total);
    await handle.close();
    try {
      handle.readableWebStream();
    } catch (e) {
      console.log('closed', e.code, e.message);
    }

    const bytesHandle = await fs.open(file);
    let text = '';
    for await (const chunk of bytesHandle.readableWebStream({ type: 'bytes' })) {
      text += chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : '?';
    }
    console.log('bytes', text.length, text.slice(0, 9) === 'line one\n');
    await bytesHandle.close();

    const early = await fs.open(file);
    const earlyStream = early.readableWebStream({ type: 'bytes' });
    await early.close();
    console.log('after close', await earlyStream.getReader().read());
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main();

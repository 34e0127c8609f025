// 1 MiB of bytes through ReadableStream -> CompressionStream ->
// DecompressionStream -> WritableStream, compared with the input.
const input = new Uint8Array(1024 * 1024);
for (let i = 0; i < input.length; i++) input[i] = (i * 7919) % 251;

let offset = 0;
const source = new ReadableStream({
  pull(controller) {
    if (offset >= input.length) {
      controller.close();
      return;
    }
    controller.enqueue(input.slice(offset, offset + 65536));
    offset += 65536;
  },
});
const output = new Uint8Array(input.length);
let written = 0;
source.pipeThrough(new CompressionStream('gzip'))
  .pipeThrough(new DecompressionStream('gzip'))
  .pipeTo(new WritableStream({
    write(chunk) {
      output.set(chunk, written);
      written += chunk.byteLength;
    },
  }))
  .then(() => {
    const same = written === input.length && output.every((byte, i) => byte === input[i]);
    console.log('round trip', written, same);
  });

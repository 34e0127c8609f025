// Whether what Buffer.allocUnsafe(), allocUnsafeSlow() and SlowBuffer() hand
// out is zeroed, after memory of the same sizes was filled and let go (run
// with --expose-gc, and with or without --zero-fill-buffers).
const { SlowBuffer } = require('buffer');
const sizes = [16, 100, 128, 1000, 4096, 5000, 20000];
const make = [(n) => Buffer.allocUnsafe(n), (n) => Buffer.allocUnsafeSlow(n), (n) => SlowBuffer(n)];
let dirty = 0;
for (let round = 0; round < 20; round++) {
  for (const size of sizes) {
    for (const alloc of make) alloc(size).fill(0xa5);
  }
  globalThis.gc();
  for (const size of sizes) {
    for (const alloc of make) {
      if (alloc(size).some((byte) => byte !== 0)) dirty++;
    }
  }
}
console.log(dirty === 0 ? 'zeroed' : 'dirty');

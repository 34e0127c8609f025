// The SharedArrayBuffer constructor whose buffers can be shared with other
// worker processes: what a program can observe of it is V8's.
const sab = new SharedArrayBuffer(10);
class Sub extends SharedArrayBuffer {}
const sub = new Sub(3);
console.log(sab instanceof SharedArrayBuffer, Object.prototype.toString.call(sab), sab.byteLength,
            sab.constructor === SharedArrayBuffer, Object.getPrototypeOf(sab) === SharedArrayBuffer.prototype);
console.log(SharedArrayBuffer.name, SharedArrayBuffer.length, sab.slice(2, 5).byteLength,
            sab.slice(1) instanceof SharedArrayBuffer, new SharedArrayBuffer().byteLength);
console.log(sub instanceof Sub, sub.byteLength, SharedArrayBuffer[Symbol.species] === SharedArrayBuffer,
            Object.getOwnPropertyDescriptor(globalThis, 'SharedArrayBuffer').enumerable);
for (const make of [() => new SharedArrayBuffer(-1), () => SharedArrayBuffer(1), () => new SharedArrayBuffer(2 ** 50)]) {
  try {
    make();
  } catch (err) {
    console.log(`${err.name}: ${err.message}`);
  }
}
const big = new SharedArrayBuffer(64 * 1024 * 1024);
new Uint8Array(big)[big.byteLength - 1] = 1;
console.log(big.byteLength, new Uint8Array(big)[big.byteLength - 1]);

// Under --max-memory, takes ArrayBuffers of 16 MiB until one is refused, and
// tries Buffer.alloc(4 GiB) and Buffer.allocUnsafe(256 MiB): each refusal is a
// RangeError the script catches. Prints what it held and what it caught.
'use strict';
const held = [];
const caught = {};
try {
  for (;;) held.push(new ArrayBuffer(16 << 20));
} catch (err) {
  caught.arrayBuffer = `${err.name}: ${err.message}`;
}
const heldMiB = held.length * 16;
for (const [name, make] of [['alloc', () => Buffer.alloc(2 ** 32)], ['allocUnsafe', () => Buffer.allocUnsafe(256 << 20)]]) {
  try {
    make();
    caught[name] = 'allocated';
  } catch (err) {
    caught[name] = err.name;
  }
}
held.length = 0;
// Once let go, the memory is the worker's again.
let again = 'refused';
try {
  again = new ArrayBuffer(16 << 20).byteLength;
} catch {}
console.log(JSON.stringify({ heldMiB, caught, again }));

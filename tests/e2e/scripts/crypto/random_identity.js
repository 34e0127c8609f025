// Prints bytes from each source of randomness a worker has: two workers
// forked from one zygote must never print the same line.
const crypto = require('crypto');
console.log(crypto.randomBytes(16).toString('hex'), crypto.randomUUID(), crypto.randomInt(2 ** 48 - 1),
  Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('hex'));

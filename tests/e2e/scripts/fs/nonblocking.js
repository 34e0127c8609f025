// Asynchronous calls never block the loop: readFile of a FIFO waits (on
// libuv's thread pool) until a writer opens it, and the writer is started
// only from the third firing of a timer, so a loop blocked by the read
// could never get there. Then a large regular file is read while the same
// timer keeps going. argv[2] is the FIFO.
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');

const fifo = process.argv[2];
const big = Buffer.alloc(8 * 1024 * 1024);
for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
let ticks = 0;
const timer = setInterval(() => {
  ticks++;
  if (ticks === 3) {
    fs.writeFile(fifo, big, (err) => console.log('writer done:', err));
  }
}, 1);

fs.readFile(fifo, (err, data) => {
  console.log('read through the FIFO:', err, data.length, data.equals(big), 'timer fired first:', ticks >= 3);
  const file = path.join(path.dirname(fifo), 'big.bin');
  fs.writeFileSync(file, big);
  const before = ticks;
  // The promise form, from a FIFO again: its writer also waits for a timer.
  const second = fsp.readFile(fifo);
  const start = ticks;
  const waitForTick = setInterval(() => {
    if (ticks > start) {
      clearInterval(waitForTick);
      fsp.writeFile(fifo, 'second').catch((e) => console.log(e));
    }
  }, 1);
  second.then((text) => {
    console.log('promise read:', text.toString(), ticks > start);
    fs.readFile(file, (err2, again) => {
      console.log('large file:', err2, again.equals(big), ticks >= before);
      clearInterval(timer);
    });
  });
});

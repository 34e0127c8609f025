// Dirs that are dropped without close() give their descriptors back when
// they are collected. Run with --expose-gc.
const fs = require('fs');
const open = () => fs.readdirSync('/proc/self/fd').length;
const before = open();
function openMany() {
  const dirs = [];
  for (let i = 0; i < 100; i++) dirs.push(fs.opendirSync('/'));
  return open() - before;
}
const held = openMany();
globalThis.gc();
console.log(`held ${held}, left after collection ${open() - before}`);

'use strict';
// Reads the host's stdin as the worker's own fd 0, the way argv[2] says, and
// prints how many bytes came and a checksum of them.
const cp = require('child_process');
const fs = require('fs');

function report(how, bytes) {
  let sum = 0;
  for (const byte of bytes) sum = (sum * 31 + byte) % 1000000007;
  console.log(`${how}: ${bytes.length} bytes, sum ${sum}`);
}

const how = process.argv[2];
if (how === 'readFileSync(0)') {
  report(how, fs.readFileSync(0));
} else if (how === 'readFileSync(/dev/stdin)') {
  report(how, fs.readFileSync('/dev/stdin'));
} else if (how === 'readFile(/dev/stdin)') {
  fs.readFile('/dev/stdin', (err, data) => report(how, err ? Buffer.alloc(0) : data));
} else if (how === 'promises.readFile(/dev/stdin)') {
  fs.promises.readFile('/dev/stdin').then((data) => report(how, data));
} else if (how === 'process.stdin') {
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.on('end', () => report(how, Buffer.concat(chunks)));
} else if (how === 'child inherits fd 0') {
  const chunks = [];
  const child = cp.spawn('cat', { stdio: ['inherit', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.on('close', () => report(how, Buffer.concat(chunks)));
}

// Takes memory of the kind argv[2] names until something stops it, and
// never catches what does: 'buffers' (32 ArrayBuffers of 16 MiB, 512 MiB in
// all), 'heap' (arrays the V8 heap holds), 'native' (a read of the file
// argv[3] whole).
'use strict';
console.log('hogging');
const kind = process.argv[2];
const hog = [];
if (kind === 'buffers') {
  for (let i = 0; i < 32; i++) hog.push(new Uint8Array(16 << 20));
} else if (kind === 'heap') {
  for (let i = 0; ; i++) hog.push(`${i}`.padEnd(1 << 20, 'x').split(''));
} else if (kind === 'native') {
  hog.push(require('fs').readFileSync(process.argv[3]));
}
console.log(`held ${hog.length}`);

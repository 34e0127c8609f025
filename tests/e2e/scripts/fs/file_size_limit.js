// A write past RLIMIT_FSIZE (the test runs this under `ulimit -f 1`) fails
// with EFBIG, as in Node, instead of SIGXFSZ ending the worker; writeFileSync
// leaves what was written before the limit.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const file = path.join(dir, 'efbig.txt');
try {
  fs.writeFileSync(file, '.'.repeat(1 << 16));
  console.log('written');
} catch (e) {
  console.log(e.message, e.code, e.errno, e.syscall, 'size', fs.statSync(file).size);
} finally {
  fs.rmSync(dir, { recursive: true });
}

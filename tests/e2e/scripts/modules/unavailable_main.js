// Builtins a worker does not offer load, keep Node's shape, and throw
// ERR_NOT_AVAILABLE_IN_WORKER naming the API only when used.
const https = require('https');
const tls = require('node:tls');
class MySocket extends tls.TLSSocket {}
console.log('loaded:', typeof https.createServer, typeof MySocket, require('http2').constants !== undefined, require('https') === https);
for (const [name, call] of [
  ['https.createServer', () => https.createServer(() => {})],
  ['new MySocket', () => new MySocket()],
  ['child_process.fork', () => require('child_process').fork('child.js')],
  ['dns.promises.resolve4', () => require('dns').promises.resolve4('localhost')],
  ['node:sea', () => require('node:sea').isSea()],
]) {
  try {
    call();
    console.log(name, 'did not throw');
  } catch (e) {
    console.log(name, '->', e.name, e.code, e.message);
  }
}
console.log('promises:', require('fs').promises === require('fs/promises'), require('dns').promises === require('dns/promises'));
console.log('aliases:', require('sys') === require('util'), require('path/posix') === require('path').posix);
try {
  require('trace_events');
} catch (e) {
  console.log('trace_events:', e.code, e.message);
}
console.log('still running');

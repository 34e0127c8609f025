// The max-listeners warning goes through process.emitWarning: a 'warning'
// event on the next tick, and a line on stderr.
const EventEmitter = require('events');
const e = new EventEmitter();
for (let i = 0; i < 11; i++) e.on('x', () => {});
const t = new EventTarget();
for (let i = 0; i < 11; i++) t.addEventListener('y', () => {});
process.emitWarning('plain text', 'CustomWarning', 'CODE1');
process.emitWarning('with detail', { type: 'T', code: 'C', detail: 'more' });
process.on('warning', (w) => console.log('warning event:', w.name, w.code));
try {
  process.emitWarning(5);
} catch (err) {
  console.log(err.code, err.message);
}
console.log('synchronous end');

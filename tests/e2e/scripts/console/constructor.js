'use strict';
// console.Console as Node 20 has it: both constructor forms, without `new`,
// subclasses, bound methods, the options (stderr, ignoreErrors, colorMode,
// inspectOptions, groupIndentation) and Node's errors for bad ones.
const { Writable } = require('stream');
const { Console } = require('console');

// A writable that records each chunk as a string.
function recorder(name, lines) {
  return new Writable({
    decodeStrings: false,
    write(chunk, encoding, callback) {
      lines.push(`${name}: ${JSON.stringify(String(chunk))}`);
      callback();
    },
  });
}

function show(title, fn) {
  try {
    console.log(title, fn());
  } catch (err) {
    console.log(title, 'throws', err.name, err.code, JSON.stringify(err.message));
  }
}

const lines = [];
const out = recorder('out', lines);
const err = recorder('err', lines);

const c = new Console(out, err);
c.log('hello %s', 'world', { a: 1 });
c.error(new RangeError('to stderr').message);
c.warn('warned');
c.info('info'); c.debug('debug');
c.dir({ nested: { deep: { deeper: 1 } } }, { depth: 0 });
c.group('group');
c.log('indented\ntwo lines');
c.groupEnd();
c.count(); c.count(); c.countReset(); c.count('other');
c.assert(false, 'assertion %d', 1);
c.table([{ a: 1, b: 'x' }, { a: 2 }]);
[1, 2].forEach(c.log);
console.log(lines.join('\n'));
lines.length = 0;

show('instanceof', () => [c instanceof Console, console instanceof Console, {} instanceof Console,
  Console(out) instanceof Console].join(' '));
show('own keys', () => Object.keys(c).join(' '));
show('hidden', () => [c._stdout === out, c._stderr === err, c._ignoreErrors, String(c)].join(' '));
show('names', () => [c.log.name, c.table.name, Console.name, Console.length].join(' '));
show('prototype', () => Object.getOwnPropertyNames(Console.prototype).join(' '));
show('not constructors', () => [c.log, console.log, Console.prototype.warn].map((fn) => {
  try { new fn(); return 'constructs'; } catch (e) { return e.constructor.name; }
}).join(' '));
show('global Console', () => [typeof console.Console, Object.keys(console).indexOf('Console') > 0].join(' '));

class Mine extends Console {
  log(...args) { return `mine ${args.join()}`; }
}
const mine = new Mine({ stdout: out });
const detached = mine.log;
show('subclass', () => [mine instanceof Console, mine.log(1), detached(2)].join(' | '));

// Options.
const grouped = new Console({ stdout: out, groupIndentation: 4 });
grouped.group(); grouped.log('four'); grouped.group(); grouped.log('eight');
const colored = new Console({ stdout: out, colorMode: true });
colored.log({ n: 1 }, 'str');
const colorless = Object.assign(recorder('tty', lines), { isTTY: true, getColorDepth: () => 1 });
new Console({ stdout: colorless }).log({ n: 2 });
const tty = Object.assign(recorder('tty', lines), { isTTY: true, getColorDepth: () => 8 });
new Console({ stdout: tty }).log({ n: 3 });
new Console({ stdout: tty, inspectOptions: { colors: false, compact: false } }).log({ n: 4 });
new Console({ stdout: out, inspectOptions: { breakLength: 10 } }).log({ first: 1, second: 2 });
console.log(lines.join('\n'));
lines.length = 0;

// Errors of write(): swallowed unless ignoreErrors is false.
const throwing = new Writable({ write() { throw new Error('thrown by write'); } });
const failing = new Writable({ write(chunk, encoding, callback) { callback(new Error('failed later')); } });
show('ignored sync', () => new Console(throwing).log('x'));
show('ignored async', () => new Console(failing).log('x'));
show('not ignored', () => new Console({ stdout: throwing, ignoreErrors: false }).log('x'));

// Bad arguments.
show('no stdout', () => new Console());
show('stdout without write', () => new Console({ stdout: {} }));
show('bad stderr', () => new Console(out, { write: 1 }));
show('colorMode', () => new Console({ stdout: out, colorMode: 'yes' }));
show('inspectOptions type', () => new Console({ stdout: out, inspectOptions: 'x' }));
show('colors twice', () => new Console({ stdout: out, colorMode: false, inspectOptions: { colors: true } }));
show('groupIndentation type', () => new Console({ stdout: out, groupIndentation: '2' }));
show('groupIndentation range', () => new Console({ stdout: out, groupIndentation: 1001 }));
show('groupIndentation integer', () => new Console({ stdout: out, groupIndentation: 1.5 }));

setImmediate(() => {
  console.log(lines.join('\n'));
  console.log('no uncaught error from the failed write');
});

'use strict';
// The rest of the buffer module and the Web globals around it: atob/btoa,
// DOMException, Blob and File, isUtf8/isAscii, transcode, constants.
const { check } = require('./show');
const buffer = require('buffer');

check('exports', () => Object.keys(buffer).join(' '));
check('constants', () => [buffer.kMaxLength, buffer.constants.MAX_LENGTH, buffer.constants.MAX_STRING_LENGTH,
  buffer.kStringMaxLength, buffer.INSPECT_MAX_BYTES]);
check('same functions', () => [buffer.atob === atob, buffer.btoa === btoa, buffer.Blob === Blob, buffer.File === File,
  buffer.Buffer === Buffer, require('node:buffer') === buffer]);
check('global descriptors', () => ['Buffer', 'atob', 'btoa', 'Blob', 'File', 'TextEncoder', 'TextDecoder', 'DOMException']
  .map((name) => `${name}:${Object.getOwnPropertyDescriptor(globalThis, name).enumerable}`).join(' '));

// --- atob / btoa ---
for (const input of ['aGkh', ' YW Jj\nZA== ', 'YWJjZA', '', 'ab=', 'ab==', 'a===', 'abc=', 'ab=c', 'abcd=', '=', 'abcde',
  'ab\u00a0c', 'ab-_', 'YQ==\n', '\tYQ\f==\r', '!', 'YQ', 'YWI', '/+/+', null, undefined, 12, 'Y\u0100']) {
  check(`atob ${JSON.stringify(input)}`, () => atob(input));
}
check('atob none', () => atob());
for (const input of ['hi!', '', 'ÿþ', '\u0100', 'é', null, undefined, 42, {}, '\ud83d']) {
  check(`btoa ${JSON.stringify(input)}`, () => btoa(input));
}
check('btoa none', () => btoa());
check('atob error shape', () => {
  try { atob('!'); } catch (e) { return [e.name, e.code, e.message, e instanceof DOMException, e instanceof Error, String(e)]; }
});

// --- DOMException ---
check('DOMException', () => {
  const e = new DOMException('m', 'AbortError');
  return [e.name, e.message, e.code, e instanceof Error, Object.prototype.toString.call(e), String(e),
    e.stack.split('\n')[0], Object.keys(e).length];
});
check('DOMException defaults', () => { const e = new DOMException(); return [e.name, e.message, e.code]; });
check('DOMException options', () => { const e = new DOMException('x', { name: 'DataError', cause: 5 }); return [e.name, e.code, e.cause]; });
check('DOMException constants', () => [DOMException.INDEX_SIZE_ERR, DOMException.DATA_CLONE_ERR, new DOMException().ABORT_ERR,
  DOMException.length, DOMException.name]);
check('DOMException bad this', () => Object.getOwnPropertyDescriptor(DOMException.prototype, 'name').get.call({}));
check('DOMException codes', () => ['IndexSizeError', 'NotFoundError', 'SyntaxError', 'InvalidCharacterError', 'TimeoutError',
  'EncodingError', 'Error'].map((name) => new DOMException('', name).code));

// --- isUtf8 / isAscii ---
for (const bytes of [[], [0x61], [0xc3, 0xa9], [0xc3], [0xe2, 0x82, 0xac], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98, 0x80],
  [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0xe0, 0x80, 0x80], [0xff], [0x80], [0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x80]]) {
  check(`isUtf8/isAscii ${bytes}`, () => [buffer.isUtf8(Buffer.from(bytes)), buffer.isAscii(Buffer.from(bytes)),
    buffer.isUtf8(new Uint8Array(bytes).buffer)]);
}
check('isUtf8 long', () => buffer.isUtf8(Buffer.from('héllo wörld €😀'.repeat(1000))));
check('isUtf8 bad', () => buffer.isUtf8('abc'));
check('isAscii bad', () => buffer.isAscii([1]));

// --- transcode ---
const transcodeCases = [
  [Buffer.from('a€é'), 'utf8', 'ascii'], [Buffer.from('a€é'), 'utf8', 'latin1'], [Buffer.from('a€é'), 'utf8', 'ucs2'],
  [Buffer.from([0x61, 0xe9, 0x80]), 'latin1', 'utf8'], [Buffer.from([0x61, 0xe9, 0x80]), 'ascii', 'utf8'],
  [Buffer.from([0x61, 0xe9, 0x80]), 'ascii', 'latin1'], [Buffer.from([0x61, 0xff, 0x62]), 'utf8', 'ucs2'],
  [Buffer.from([0x3d, 0xd8, 0x41, 0]), 'ucs2', 'utf8'], [Buffer.from([0x41, 0, 0x42]), 'ucs2', 'utf8'],
  [Buffer.from('ab'), 'utf8', 'hex'], [Buffer.from('ab'), 'nope', 'utf8'], ['ab', 'utf8', 'utf8'], [Buffer.alloc(0), 'x', 'y'],
  [Buffer.from('ab'), 'utf8', 'utf8'], [Buffer.from('ab'), 'binary', 'UCS-2'], [Buffer.from([0x61, 0xff, 0x62]), 'utf8', 'utf8'],
  [Buffer.from('a😀'), 'utf8', 'latin1'], [Buffer.from('a😀'), 'utf8', 'ascii'], [Buffer.from('€', 'ucs2'), 'ucs2', 'latin1'],
];
for (const args of transcodeCases) {
  check(`transcode ${JSON.stringify(args[0])} ${args[1]} ${args[2]}`, () => {
    try {
      return buffer.transcode(...args);
    } catch (e) {
      return `${e.name} ${e.code} ${e.message} ${e.errno}`;
    }
  });
}

// --- Blob and File ---
const blob = new Blob(['a', new Uint8Array([98]), new Blob(['c']), new ArrayBuffer(1), new Uint16Array([0x6564])], { type: 'X/Y' });
check('blob', () => [blob.size, blob.type, Object.prototype.toString.call(blob), require('util').inspect(blob)]);
check('blob slice inspect', () => require('util').inspect(blob.slice(1)));
for (const args of [[5], ['abc'], [null], [{}], [[], 5], [[], { endings: 'x' }], [[1, 2, true]],
  [['a\r\nb\n'], { endings: 'native' }], [['a\r\nb\n'], { endings: 'transparent' }], [['x'], { type: 'a\u00e9' }],
  [['x'], { type: 'Text/HTML; Charset=UTF-8' }], [], [undefined], [new Set(['s', 'e', 't'])], [['x'], null]]) {
  check(`Blob ${JSON.stringify(args)}`, () => { const x = new Blob(...args); return [x.size, x.type]; });
}
const s = new Blob(['hello world']);
const slices = [[], [2], [-3], [2, -2], [5, 2], [1, 3, 'A/B'], [100], [-100, 3], [0, 11.7], [undefined, 4]];
const pending = [];
for (const args of slices) pending.push(s.slice(...args).text().then((text) => `slice ${JSON.stringify(args)}: ${JSON.stringify(text)}`));
pending.push(new Blob(['€', Buffer.from([0xff])]).text().then((text) => `text replacement: ${JSON.stringify(text)}`));
pending.push(blob.arrayBuffer().then((ab) => `arrayBuffer: ${ab instanceof ArrayBuffer} ${Buffer.from(ab).toString('hex')}`));
pending.push(blob.bytes().then((bytes) => `bytes: ${bytes.constructor.name} ${Buffer.from(bytes).toString('hex')}`));
pending.push(Blob.prototype.text.call({}).catch((e) => `text bad this: ${e.code} ${e.message}`));
const copied = new Uint8Array([1, 2]);
const kept = new Blob([copied]);
copied[0] = 9;
pending.push(kept.arrayBuffer().then((ab) => `blob copies its parts: ${Buffer.from(ab).toString('hex')}`));
check('size bad this', () => Object.getOwnPropertyDescriptor(Blob.prototype, 'size').get.call({}));
check('blob prototype', () => Reflect.ownKeys(Blob.prototype).filter((k) => typeof k === 'string').join(' '));
const f = new File(['abc'], 'name.txt', { type: 'text/plain', lastModified: 42 });
check('file', () => [f.name, f.lastModified, f instanceof Blob, f.size, f.type, require('util').inspect(f)]);
check('file default lastModified', () => typeof new File([], 'x').lastModified);
check('file NaN lastModified', () => new File([], 'x', { lastModified: 'x' }).lastModified);
check('file missing args', () => new File(['x']));
check('resolveObjectURL', () => buffer.resolveObjectURL('blob:nodedata:abc'));
Promise.all(pending).then((lines) => { for (const line of lines) console.log(line); });

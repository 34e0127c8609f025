// structuredClone's argument checks and transfer list as in Node 20, and a
// DataCloneError that is a DOMException (also from parentPort.postMessage).
const { parentPort } = require('worker_threads');

function attempt(label, fn) {
  try {
    console.log(label, 'ok', JSON.stringify(fn()));
  } catch (e) {
    console.log(label, e.name, e.code, e.constructor.name, e instanceof DOMException, e.message);
  }
}

const ab = (n = 4) => new ArrayBuffer(n);
attempt('no arguments', () => structuredClone());
attempt('options 5', () => structuredClone(1, 5));
attempt('options null', () => structuredClone(1, null));
attempt('options string', () => structuredClone(1, 'x'));
attempt('options function', () => structuredClone(1, () => {}));
attempt('options bigint', () => structuredClone(1, 1n));
attempt('transfer 5', () => structuredClone(1, { transfer: 5 }));
attempt('transfer [5]', () => structuredClone(1, { transfer: [5] }));
attempt('transfer null', () => structuredClone(1, { transfer: null }));
attempt('transfer string', () => structuredClone(1, { transfer: 'ab' }));
attempt('transfer {}', () => structuredClone(1, { transfer: {} }));
attempt('transfer []', () => structuredClone(1, { transfer: [] }));
attempt('transfer getter throws', () => structuredClone(1, { get transfer() { throw new Error('getter'); } }));
attempt('transfer moves', () => {
  const a = ab();
  new Uint8Array(a)[0] = 7;
  const r = structuredClone(a, { transfer: [a] });
  return [a.byteLength, r.byteLength, new Uint8Array(r)[0]];
});
attempt('transfer from a Set', () => {
  const a = ab();
  const r = structuredClone(a, { transfer: new Set([a]) });
  return [a.byteLength, r.byteLength];
});
attempt('transfer as nested options', () => {
  const a = ab();
  structuredClone({ a }, { transfer: { transfer: [a] } });
  return [a.byteLength];
});
attempt('typed array over a transferred buffer', () => {
  const a = ab(8);
  const r = structuredClone(new Uint8Array(a, 2, 4), { transfer: [a] });
  return [a.byteLength, r.byteLength, r.byteOffset, r.buffer.byteLength];
});
attempt('typed array in the list', () => structuredClone(1, { transfer: [new Uint8Array(4)] }));
attempt('SharedArrayBuffer in the list', () => structuredClone(1, { transfer: [new SharedArrayBuffer(4)] }));
attempt('duplicate', () => {
  const a = ab();
  return structuredClone(1, { transfer: [a, a] });
});
attempt('detached in the list', () => {
  const a = ab();
  structuredClone(1, { transfer: [a] });
  return structuredClone(1, { transfer: [a] });
});
attempt('clone of a detached buffer', () => {
  const a = ab();
  structuredClone(1, { transfer: [a] });
  return structuredClone(a);
});
attempt('failed clone detaches nothing', () => {
  const a = ab();
  try {
    structuredClone({ a, f() {} }, { transfer: [a] });
  } catch {
    return a.byteLength;
  }
  return 'cloned';
});
attempt('function', () => structuredClone(() => {}));
attempt('symbol', () => structuredClone(Symbol('s')));
attempt('error with cause', () => {
  const c = structuredClone(new RangeError('x', { cause: 1 }));
  return [c.constructor.name, c.message];
});
attempt('cycle', () => {
  const o = {};
  o.self = o;
  const c = structuredClone(o);
  return c.self === c;
});
attempt('postMessage of a function', () => parentPort.postMessage({ f() {} }));
console.log(Object.getOwnPropertyDescriptor(globalThis, 'structuredClone').enumerable, structuredClone.name, structuredClone.length);

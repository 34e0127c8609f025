'use strict';
// Prints values and thrown errors the same way under Node and Isohost,
// without relying on util.inspect for anything but what a case asks for.
function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `${value.constructor.name}<${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}>`;
  if (value instanceof ArrayBuffer) return `ArrayBuffer<${Buffer.from(value).toString('hex')}>`;
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).map((k) => `${k}: ${show(value[k])}`).join(', ')}}`;
  }
  if (Object.is(value, -0)) return '-0';
  return String(value);
}

function check(label, fn) {
  let line;
  try {
    line = show(fn());
  } catch (err) {
    line = `throws ${err && err.name} ${err && err.code} ${err && err.message}`;
  }
  console.log(`${label}: ${line}`);
}

// A small deterministic generator, so both runtimes see the same inputs.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// FNV-1a over the UTF-16 units of a string: one line for many results.
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

module.exports = { show, check, random, hash };

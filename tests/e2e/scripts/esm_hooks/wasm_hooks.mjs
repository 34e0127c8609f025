// Serves `wasm:quad`, a WebAssembly module that imports double() from
// ./env.mjs (next to this file) and exports quad(), as format 'wasm'.
const name = [...'./env.mjs'].map((c) => c.charCodeAt(0));
const field = [...'double'].map((c) => c.charCodeAt(0));
const bytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f,                                     // type (i32) -> i32
  0x02, 0x14, 0x01, name.length, ...name, field.length, ...field, 0x00, 0x00,         // import ./env.mjs double
  0x03, 0x02, 0x01, 0x00,                                                             // one function
  0x07, 0x08, 0x01, 0x04, 0x71, 0x75, 0x61, 0x64, 0x00, 0x01,                         // export quad
  0x0a, 0x0a, 0x01, 0x08, 0x00, 0x20, 0x00, 0x10, 0x00, 0x10, 0x00, 0x0b,             // double(double(x))
]);

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'wasm:quad') return { url: new URL('quad.wasm', import.meta.url).href, shortCircuit: true };
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith('/quad.wasm')) return { format: 'wasm', source: bytes, shortCircuit: true };
  return nextLoad(url, context);
}

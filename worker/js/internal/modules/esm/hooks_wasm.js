'use strict';
// The 'wasm' format that a `load` hook may return (hooks_graph.js): the
// bytes compile to a WebAssembly.Module, whose imports are ES imports of the
// module names it asks for, and whose exports are the ES module's exports.
// It becomes an ES module written here, which imports each import module's
// namespace and a synthetic module (linked under kInstanceRequest, never
// resolved by hooks) that instantiates the compiled module with them.

const { codes } = internalRequire('internal/errors');

// The request of the synthetic module, among the generated module's imports.
const kInstanceRequest = 'isohost:wasm-instance';

const kIdentifier = /^[A-Za-z_$][\w$]*$/;

function bytesOf(source) {
  if (source instanceof ArrayBuffer || source instanceof SharedArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('an ArrayBuffer, or a TypedArray', 'load', 'source', source);
}

// { text, instantiate }: the generated module's source, and what its
// synthetic instance module exports as default: (imports) => exports.
function translate(source, url) {
  internalRequire('internal/util').emitExperimentalWarning('Importing WebAssembly modules');
  const compiled = new WebAssembly.Module(bytesOf(source));
  const importNames = [];
  for (const { module } of WebAssembly.Module.imports(compiled)) {
    if (!importNames.includes(module)) importNames.push(module);
  }
  const exportNames = WebAssembly.Module.exports(compiled).map(({ name }) => name);
  for (const name of exportNames) {
    if (!kIdentifier.test(name) || name.startsWith('$$')) {
      throw new codes.ERR_UNKNOWN_MODULE_FORMAT(`wasm (export name ${JSON.stringify(name)})`, url);
    }
  }
  // The module's own names start with '$$', which no export may.
  const lines = [`import $$instantiate from ${JSON.stringify(kInstanceRequest)};`];
  importNames.forEach((name, i) => lines.push(`import * as $$import${i} from ${JSON.stringify(name)};`));
  const table = importNames.map((name, i) => `${JSON.stringify(name)}: $$import${i}`).join(', ');
  lines.push(`const $$exports = $$instantiate({ ${table} });`);
  for (const name of exportNames) lines.push(`export const ${name} = $$exports.${name};`);
  return {
    text: lines.join('\n'),
    instantiate: (imports) => new WebAssembly.Instance(compiled, imports).exports,
  };
}

exports.kInstanceRequest = kInstanceRequest;
exports.translate = translate;

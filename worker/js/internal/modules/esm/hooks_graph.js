'use strict';
// Module graphs built through customization hooks (hooks.js): each module's
// URL from the `resolve` chain and its format and source from the `load`
// chain, then translated into a v8::Module as the loader does
// (internal/modules/esm/loader.js). Unlike the loader's synchronous graphs,
// these are built asynchronously, since hooks are.
//
// Two graphs: the application's, which shares its records with the loader
// (a module it loaded before any hook was registered stays as it is), and
// the hooks modules' own, as Node keeps them apart on its hooks thread.

const loader = internalRequire('internal/modules/esm/loader');
const modules = internalRequire('internal/modules/cjs/loader');
const { codes } = internalRequire('internal/errors');
const wrap = binding.internalBinding('module_wrap');

function makeGraph(records) {
  return { records, pending: new Map() };
}

let applicationGraph;
const hooksGraph = makeGraph(new Map());

function application() {
  if (applicationGraph === undefined) applicationGraph = makeGraph(loader.internals.records);
  return applicationGraph;
}

// A hooks module, or a module it imported (for import() made there).
function isHooksModule(url) {
  return hooksGraph.records.has(url);
}

// --- translating -------------------------------------------------------------------------------

// Source text of what a `load` hook returned; only strings and buffers are.
function sourceText(source) {
  if (typeof source === 'string') return source;
  const { Buffer } = internalRequire('node/buffer');
  if (source instanceof ArrayBuffer || source instanceof SharedArrayBuffer) return Buffer.from(source).toString('utf8');
  if (ArrayBuffer.isView(source)) return Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('utf8');
  throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('a string, an ArrayBuffer, or a TypedArray', 'load', 'source', source);
}

function makeRecord(graph, url, format, filename, id) {
  const record = { url, format, filename, id, error: undefined, linking: undefined, deps: undefined };
  graph.records.set(url, record);
  loader.internals.recordsById[id] = record;
  return record;
}

function synthetic(graph, url, format, filename, names, evaluate) {
  const id = wrap.createSynthetic(url, names);
  loader.internals.evaluators.set(id, () => {
    const values = evaluate();
    for (const name of names) wrap.setExport(id, name, values[name]);
  });
  return makeRecord(graph, url, format, filename, id);
}

function filenameOf(url) {
  return /^file:/i.test(url) ? loader.internals.fileUrlToPath(url) : undefined;
}

function builtin(graph, url) {
  const name = url.startsWith('node:') ? url.slice(5) : url;
  if (!url.startsWith('node:') || !internalRequire('internal/modules/builtins').isBuiltin(url)) {
    throw new codes.ERR_UNKNOWN_BUILTIN_MODULE(url);
  }
  const exports = modules.loadBuiltin(name);
  const names = ['default'];
  if (exports !== null && (typeof exports === 'object' || typeof exports === 'function')) {
    for (const key of Object.keys(exports)) if (key !== 'default') names.push(key);
  }
  return synthetic(graph, url, 'builtin', undefined, names, () => {
    const values = { __proto__: null, default: exports };
    for (let i = 1; i < names.length; i++) {
      try {
        values[names[i]] = exports[names[i]];
      } catch {
        values[names[i]] = undefined;
      }
    }
    return values;
  });
}

// CommonJS: without a source, its file through the CommonJS loader (as the
// main module if it is the entry); with one, that source as the module of
// its file name (of its URL, when it is no file).
function commonJs(graph, url, source, isMain) {
  let filename = filenameOf(url);
  if (filename === undefined) {
    if (source == null) throw new codes.ERR_UNKNOWN_MODULE_FORMAT('commonjs', url);
    filename = url;
  }
  const internals = loader.internals;
  const { Module } = modules;
  let names;
  let run;
  if (source == null) {
    names = internals.commonJsNames(filename, modules.readSource(filename), new Set([filename]));
    run = () => Module._load(filename, null, isMain);
  } else {
    const text = sourceText(source);
    names = internalRequire('internal/modules/esm/cjs_exports').parse(text).names;
    run = () => {
      const module = new Module(filename, null);
      module.filename = filename;
      module.paths = filename[0] === '/' ? Module._nodeModulePaths(internalRequire('internal/path/posix').dirname(filename)) : [];
      module._compile(text, filename);
      module.loaded = true;
      return module.exports;
    };
  }
  const exported = ['default'];
  for (const name of names) if (name !== 'default') exported.push(name);
  return synthetic(graph, url, 'commonjs', filename, exported, () => {
    const exports = run();
    const values = { __proto__: null, default: exports };
    for (let i = 1; i < exported.length; i++) values[exported[i]] = exports == null ? undefined : exports[exported[i]];
    return values;
  });
}

function json(graph, url, source) {
  const text = sourceText(source);
  const filename = filenameOf(url);
  return synthetic(graph, url, 'json', filename, ['default'], () => {
    try {
      return { default: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
    } catch (err) {
      err.message = `${filename || url}: ${err.message}`;
      throw err;
    }
  });
}

// WebAssembly (hooks_wasm.js): an ES module written for it, linked to a
// synthetic module that instantiates it.
function wasm(steps, graph, url, source) {
  const { translate: toModule, kInstanceRequest } = internalRequire('internal/modules/esm/hooks_wasm');
  const { text, instantiate } = toModule(source, url);
  const instanceId = wrap.createSynthetic(`${url}#instance`, ['default']);
  loader.internals.evaluators.set(instanceId, () => wrap.setExport(instanceId, 'default', instantiate));
  const record = makeRecord(graph, url, 'wasm', filenameOf(url), wrap.compile(text, url));
  record.linking = link(steps, graph, record, { __proto__: null, [kInstanceRequest]: { id: instanceId } });
  record.linking.then(undefined, () => {});
  return record;
}

function translate(steps, graph, url, format, source, isMain) {
  switch (format) {
    case 'module': {
      const record = makeRecord(graph, url, 'module', filenameOf(url), wrap.compile(sourceText(source), url));
      record.linking = link(steps, graph, record);
      // Its failure is seen by whoever awaits the graph's linking.
      record.linking.then(undefined, () => {});
      return record;
    }
    case 'commonjs':
      return commonJs(graph, url, source, isMain);
    case 'json':
      return json(graph, url, source);
    case 'builtin':
      return builtin(graph, url);
    case 'wasm':
      return wasm(steps, graph, url, source);
    default:
      throw new codes.ERR_UNKNOWN_MODULE_FORMAT(format, url);
  }
}

// --- building ----------------------------------------------------------------------------------

// The record of `url` in `graph`, made if new; its imports are linked
// later (record.linking), so that a cycle finds the record made.
function recordFor(steps, graph, url, format, attributes, isMain = false) {
  const { checkAttributes } = loader.internals;
  const existing = graph.records.get(url);
  if (existing !== undefined) {
    checkAttributes(url, existing.format, attributes);
    if (existing.error !== undefined) throw existing.error;
    return existing;
  }
  let pending = graph.pending.get(url);
  if (pending === undefined) {
    pending = steps.load(url, { format, importAttributes: attributes }).then((loaded) => {
      checkAttributes(url, loaded.format, attributes);
      return translate(steps, graph, url, loaded.format, loaded.source, isMain);
    });
    graph.pending.set(url, pending);
    const forget = () => graph.pending.delete(url);
    pending.then(forget, forget);
  }
  return pending.then((record) => {
    checkAttributes(url, record.format, attributes);
    return record;
  });
}

// `preset`: records for requests that are not the hooks' to resolve.
async function link(steps, graph, record, preset = undefined) {
  try {
    const requests = wrap.requests(record.id);
    const deps = await Promise.all(requests.map(async ([specifier, attributes]) => {
      if (preset !== undefined && preset[specifier] !== undefined) return preset[specifier];
      const resolved = await steps.resolve(specifier, record.url, attributes);
      return recordFor(steps, graph, resolved.url, resolved.format, resolved.importAttributes);
    }));
    wrap.link(record.id, requests.map((request) => request[0]), requests.map((request) => request[1].type),
              deps.map((dep) => dep.id));
    record.deps = deps;
  } catch (err) {
    record.error = err;
    throw err;
  }
}

// Waits until every module of the graph under `record` is linked.
async function linked(record, seen) {
  if (seen.has(record)) return;
  seen.add(record);
  if (record.linking !== undefined) await record.linking;
  if (record.deps !== undefined) for (const dep of record.deps) await linked(dep, seen);
}

async function evaluate(record) {
  await linked(record, new Set());
  wrap.instantiate(record.id);
  try {
    await wrap.evaluate(record.id);
  } catch (err) {
    throw loader.internals.explainCommonJsGlobal(err, record);
  }
  return wrap.namespace(record.id);
}

async function importInto(steps, graph, specifier, parentURL, attributes, isMain) {
  const resolved = await steps.resolve(specifier, parentURL, attributes);
  return evaluate(await recordFor(steps, graph, resolved.url, resolved.format, resolved.importAttributes, isMain));
}

// An ES module of the application given by its source (eval input).
function runSource(steps, source, url) {
  const graph = application();
  const record = graph.records.get(url);
  return evaluate(record !== undefined ? record : translate(steps, graph, url, 'module', source, false));
}

function importForApplication(steps, specifier, parentURL, attributes = { __proto__: null }, isMain = false) {
  return importInto(steps, application(), specifier, parentURL, attributes, isMain);
}

function importForHooks(steps, specifier, parentURL, attributes = { __proto__: null }) {
  return importInto(steps, hooksGraph, specifier, parentURL, attributes, false);
}

exports.isHooksModule = isHooksModule;
exports.importForApplication = importForApplication;
exports.importForHooks = importForHooks;
exports.runSource = runSource;

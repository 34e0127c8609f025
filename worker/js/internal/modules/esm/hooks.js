'use strict';
// Module customization hooks: module.register() and Node's
// --experimental-loader (--loader). A hooks module exports any of
// initialize(data), resolve(specifier, context, nextResolve) and
// load(url, context, nextLoad); each registration adds its hooks on top of
// the chains, so the last registered runs first and reaches the earlier ones
// (and in the end the default steps, internal/modules/esm/resolve.js and
// load.js) through next*(). A chain must be finished (the default step
// reached) or cut with `shortCircuit: true`; what the hooks return is checked
// as Node checks it. This file loads only when hooks are first registered;
// until then the ES module loader pays nothing for them.
//
// How this differs from Node 20, which runs the hooks on a thread of their own:
// - Here they run in the worker's own isolate and realm, between the other
//   jobs of its event loop. The hooks modules (and what they import) form a
//   module graph of their own (hooks_graph.js), as on Node's hooks thread: a
//   module that both the hooks and the application import is evaluated once
//   for each. Imports in that graph go through the hooks registered so far
//   (a hooks module is loaded by the ones registered before it), as on
//   Node's hooks thread; but both graphs share the worker's globals.
// - register() cannot block until the hooks module is loaded and
//   initialize() has run. It returns at once (undefined, not what
//   initialize() returned); the application's next import waits for every
//   pending registration first, so what that import sees is what it sees
//   under Node. A registration that fails is an uncaught exception, not an
//   exception thrown by register().
// - `data` reaches initialize() as it is, not as a structured clone; the
//   MessagePorts of `transferList` are the hooks' from then on, and, like
//   Node's hooks thread, never keep the worker alive.
// - import.meta.resolve() and require() resolve without the hooks.

const loader = internalRequire('internal/modules/esm/loader');
const { codes } = internalRequire('internal/errors');
const { validateObject, validateString } = internalRequire('internal/validators');
const { defaultResolve, defaultConditions } = internalRequire('internal/modules/esm/resolve');
const { defaultLoad } = internalRequire('internal/modules/esm/load');
const graphs = internalRequire('internal/modules/esm/hooks_graph');

// Each chain ends (index 0) with its default step; an entry's `next` is the
// entry registered before it.
const chains = {
  resolve: [{ fn: defaultResolve, url: 'node:internal/modules/esm/resolve', next: undefined }],
  load: [{ fn: defaultLoad, url: 'node:internal/modules/esm/load', next: undefined }],
};

// The registrations not yet done, one after another: the application's
// imports wait for this (a promise that never rejects), the hooks' own don't.
let pending;

function parseUrl(text) {
  const { URL } = internalRequire('internal/url');
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

// --- running a chain ------------------------------------------------------------------------

// The next<Hook>() a hook receives: it calls `entry`'s hook with what the
// caller passed (its context merged into the chain's context) and that
// hook's own next<Hook>(). `meta` records how far the chain went.
function nextStep(entry, meta, checks) {
  const name = meta.hookName === 'resolve' ? 'nextResolve' : 'nextLoad';
  const following = entry.next === undefined ? undefined : nextStep(entry.next, meta, checks);
  const step = async (first = undefined, context = undefined) => {
    meta.hookErrIdentifier = `${entry.url} '${meta.hookName}'`;
    checks.args(`${meta.hookErrIdentifier} hook's ${name}()`, first, context);
    if (entry.next === undefined) meta.chainFinished = true;
    if (context) Object.assign(meta.context, context);
    const fn = entry.fn;
    const output = await fn(first, meta.context, following);
    checks.output(`${entry.url} '${meta.hookName}' hook's ${name}()`, output);
    if (output !== null && typeof output === 'object' && output.shortCircuit === true) meta.shortCircuited = true;
    return output;
  };
  Object.defineProperty(step, 'name', { __proto__: null, value: name });
  return step;
}

function checkObjectOutput(identifier, output) {
  if (output === null || typeof output !== 'object') {
    throw new codes.ERR_INVALID_RETURN_VALUE('an object', identifier, output);
  }
}

// Runs `chain` from its top; returns its final output and who made it.
async function runChain(hookName, chain, first, context, args) {
  const meta = { chainFinished: false, context, hookErrIdentifier: '', hookName, shortCircuited: false };
  const checks = { args, output: checkObjectOutput };
  const output = await nextStep(chain[chain.length - 1], meta, checks)(first, context);
  const identifier = meta.hookErrIdentifier;
  checkObjectOutput(identifier, output);
  if (output.shortCircuit === true) meta.shortCircuited = true;
  if (!meta.chainFinished && !meta.shortCircuited) throw new codes.ERR_LOADER_CHAIN_INCOMPLETE(identifier);
  return { output, identifier };
}

// resolve(specifier, parentURL, attributes) -> { url, format, importAttributes }
async function resolve(specifier, parentURL, importAttributes = { __proto__: null }) {
  // The hooks get a copy of the attributes: what they change there is not the import's.
  const context = { conditions: defaultConditions(), importAttributes: { ...importAttributes }, parentURL };
  const { output, identifier } = await runChain('resolve', chains.resolve, specifier, context, (id, value, ctx) => {
    validateString(value, `${id} specifier`);
    if (ctx) validateObject(ctx, `${id} context`);
  });
  const { format, url } = output;
  if (typeof url !== 'string' || parseUrl(url) === undefined) {
    throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('a URL string', identifier, 'url', url);
  }
  if (format != null && typeof format !== 'string') {
    throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('a string', identifier, 'format', format);
  }
  let attributes = importAttributes;
  if (output.importAttributes != null) {
    validateObject(output.importAttributes, `${identifier} importAttributes`);
    attributes = output.importAttributes;
  }
  return { __proto__: null, format, importAttributes: attributes, url };
}

function isBufferSource(value) {
  return value instanceof ArrayBuffer || value instanceof SharedArrayBuffer || ArrayBuffer.isView(value);
}

// load(url, context) -> { format, source, responseURL }
async function load(url, context) {
  const { output, identifier } = await runChain('load', chains.load, url, context, (id, value, ctx) => {
    if (typeof value !== 'string') throw new codes.ERR_INVALID_ARG_TYPE(`${id} url`, 'a URL string', value);
    if (parseUrl(value) === undefined) throw new codes.ERR_INVALID_ARG_VALUE(`${id} url`, value, 'should be a URL string');
    if (ctx) validateObject(ctx, `${id} context`);
  });
  const { format, source } = output;
  const responseURL = output.responseURL === undefined ? url : output.responseURL;
  const parsed = typeof responseURL === 'string' ? parseUrl(responseURL) : undefined;
  if (parsed === undefined || parsed.href !== responseURL) {
    throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('undefined or a fully resolved URL string', identifier,
                                                      'responseURL', responseURL);
  }
  if (format == null) throw new codes.ERR_UNKNOWN_MODULE_FORMAT(format, url);
  if (typeof format !== 'string') {
    throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('a string', identifier, 'format', format);
  }
  if (source != null && typeof source !== 'string' && !isBufferSource(source)) {
    throw new codes.ERR_INVALID_RETURN_PROPERTY_VALUE('a string, an ArrayBuffer, or a TypedArray', identifier,
                                                      'source', source);
  }
  return { __proto__: null, format, responseURL, source };
}

// --- registering -------------------------------------------------------------------------------

const steps = { resolve, load };

// Imports the hooks module and adds its hooks, then runs its initialize().
async function addHooks(specifier, parentURL, data) {
  const exports = await graphs.importForHooks(steps, specifier, parentURL);
  const { initialize, resolve: resolveHook, load: loadHook } = exports;
  if (typeof resolveHook === 'function') {
    chains.resolve.push({ fn: resolveHook, url: specifier, next: chains.resolve[chains.resolve.length - 1] });
  }
  if (typeof loadHook === 'function') {
    chains.load.push({ fn: loadHook, url: specifier, next: chains.load[chains.load.length - 1] });
  }
  if (typeof initialize === 'function') await initialize(data);
}

function enqueue(specifier, parentURL, data) {
  loader.setHooks(exports);
  internalRequire('internal/modules/cjs/loader').noteHooksRegistered();
  const previous = pending === undefined ? Promise.resolve() : pending;
  const done = previous.then(() => addHooks(specifier, parentURL, data)).then(undefined, (err) => {
    internalRequire('internal/process/uncaught').handleUncaught(err);
  });
  pending = done;
  done.then(() => {
    if (pending === done) pending = undefined;
  });
}

// module.register(specifier[, parentURL][, options]): as in Node, the
// specifier and the parent URL are taken as strings (a relative specifier
// without a parent URL is resolved from 'data:', which fails).
function register(specifier, parentURL = undefined, options = undefined) {
  const { isURL } = internalRequire('internal/url');
  if (parentURL != null && typeof parentURL === 'object' && !isURL(parentURL)) {
    options = parentURL;
    parentURL = options.parentURL;
  }
  const data = options !== null && typeof options === 'object' ? options.data : undefined;
  const transferList = options !== null && typeof options === 'object' ? options.transferList : undefined;
  if (transferList != null && typeof transferList[Symbol.iterator] === 'function') {
    internalRequire('internal/worker/io').keepNotAlive(transferList);
  }
  enqueue(`${specifier}`, `${parentURL == null ? 'data:' : parentURL}`, data);
}

// The --experimental-loader URLs of the command line, relative to the
// working directory, in their order.
function registerFromCommandLine(specifiers) {
  // Node's advice: the same through register(), as an --import of a data: URL.
  const readable = (text) => encodeURIComponent(text).replace(/'/g, '%27').replace(/%22/g, '"').replace(/%2F/gi, '/');
  const calls = specifiers.map((specifier) => `register(${readable(JSON.stringify(specifier))}, pathToFileURL("./"));`);
  globalThis.process.emitWarning(
    '`--experimental-loader` may be removed in the future; instead use `register()`:\n' +
    '--import \'data:text/javascript,import { register } from "node:module"; import { pathToFileURL } from "node:url"; ' +
    `${calls.join(' ')}'`, 'ExperimentalWarning');
  const parentURL = loader.internals.pathToFileUrl(`${binding.cwd()}/`);
  for (const specifier of specifiers) enqueue(specifier, parentURL, undefined);
}

// --- the application's imports -----------------------------------------------------------------

function whenRegistered() {
  return pending === undefined ? Promise.resolve() : pending;
}

// import() of any module once hooks are registered.
function importModuleDynamically(specifier, parentURL, attributes) {
  if (graphs.isHooksModule(parentURL)) return graphs.importForHooks(steps, specifier, parentURL, attributes);
  return whenRegistered().then(() => graphs.importForApplication(steps, specifier, parentURL, attributes));
}

// An entry point run through the hooks once every pending registration is
// done, as loader.runEntry() runs one: a failure is reported as uncaught
// and leaves the returned promise pending; a worker that ends before it
// settled exits with 13.
function settleEntry(run) {
  const process = globalThis.process;
  const unsettled = () => {
    if (process.exitCode === undefined) process.exitCode = 13;
  };
  process.on('exit', unsettled);
  return whenRegistered().then(run).then((namespace) => {
    process.off('exit', unsettled);
    return namespace;
  }, (err) => {
    process.off('exit', unsettled);
    internalRequire('internal/process/uncaught').handleUncaught(err);
    return new Promise(() => {});
  });
}

// The worker's entry file; the resolve hooks see its URL, with no parent.
function runEntry(filename) {
  const url = loader.internals.pathToFileUrl(filename);
  return settleEntry(() => graphs.importForApplication(steps, url, undefined, { __proto__: null }, true));
}

// A module by URL (data:) as the worker's entry, through the hooks as a file entry goes.
function runUrlEntry(url) {
  return settleEntry(() => graphs.importForApplication(steps, url, undefined, { __proto__: null }, true));
}

// Source text run as the worker's ES entry at `url` (Node's
// --input-type=module): the source is not the hooks' to load, its imports are.
function runSourceEntry(source, url) {
  return settleEntry(() => graphs.runSource(steps, source, url));
}

exports.register = register;
exports.registerFromCommandLine = registerFromCommandLine;
exports.importModuleDynamically = importModuleDynamically;
exports.runEntry = runEntry;
exports.runSourceEntry = runSourceEntry;
exports.runUrlEntry = runUrlEntry;
exports.whenRegistered = whenRegistered;

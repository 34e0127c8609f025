'use strict';
// The public modules of Node that a worker does not implement (yet, or ever:
// sockets, child processes, the inspector): each is an object of the same
// shape as Node's, whose functions and classes throw
// ERR_NOT_AVAILABLE_IN_WORKER naming the API when called. A package that
// only requires one at load time, or subclasses one of its classes, still
// loads. Made on first require, one module at a time.

const { codes } = internalRequire('internal/errors');

const kMethods = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH',
  'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH',
  'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK',
  'UNSUBSCRIBE'];

// Objects that Node's modules export as arrays.
const kArrays = new Set(['builtinModules', '_builtinLibs', 'rootCertificates', '_stack']);

// Each module's surface as in Node 20: `fns` are functions and classes
// (space-separated), `objects` are objects (a `promises` object is the
// module's /promises stub), `values` are constants given as Node has them,
// and a `callable` module is itself a function.
const kSurfaces = {
  '_stream_wrap': { fns: 'StreamWrap', callable: true },
  '_tls_common': { fns: 'SecureContext createSecureContext translatePeerCertificate' },
  '_tls_wrap': { fns: 'TLSSocket Server createServer connect' },
  'cluster': { fns: 'Worker setupPrimary setupMaster fork disconnect', objects: '_events workers settings', values: { isWorker: false, isMaster: true, isPrimary: true, SCHED_NONE: 1, SCHED_RR: 2, schedulingPolicy: 2 } },
  // Node's errno, signal and fs numbers; none is given here.
  'constants': { fns: '' },
  'dgram': { fns: '_createSocketHandle createSocket Socket' },
  'dns': { fns: 'lookup lookupService Resolver getDefaultResultOrder setDefaultResultOrder setServers getServers resolve resolve4 resolve6 resolveAny resolveCaa resolveCname resolveMx resolveNaptr resolveNs resolvePtr resolveSoa resolveSrv resolveTxt reverse', objects: 'promises', values: { ADDRCONFIG: 32, ALL: 16, V4MAPPED: 8, NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP', REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP', CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM', DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR', BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS', NOTINITIALIZED: 'ENOTINITIALIZED', LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED' } },
  'dns/promises': { fns: 'lookup lookupService Resolver getDefaultResultOrder setDefaultResultOrder setServers getServers resolve resolve4 resolve6 resolveAny resolveCaa resolveCname resolveMx resolveNaptr resolveNs resolvePtr resolveSoa resolveSrv resolveTxt reverse', values: { NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP', REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP', CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM', DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR', BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS', NOTINITIALIZED: 'ENOTINITIALIZED', LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED' } },
  'http2': { fns: 'connect createServer createSecureServer getDefaultSettings getPackedSettings getUnpackedSettings performServerHandshake Http2ServerRequest Http2ServerResponse', objects: 'constants' },
  'https': { fns: 'Agent Server createServer get request', objects: 'globalAgent' },
  'inspector': { fns: 'open close url waitForDebugger Session', objects: 'console Network' },
  'inspector/promises': { fns: 'open close url waitForDebugger Session', objects: 'console Network' },
  'readline': { fns: 'Interface clearLine clearScreenDown createInterface cursorTo emitKeypressEvents moveCursor', objects: 'promises' },
  'readline/promises': { fns: 'Interface Readline createInterface' },
  'repl': { fns: 'start writer REPLServer Recoverable isValidSyntax', objects: 'builtinModules _builtinLibs' },
  'stream/web': { fns: 'ReadableStream ReadableStreamDefaultReader ReadableStreamBYOBReader ReadableStreamBYOBRequest ReadableByteStreamController ReadableStreamDefaultController TransformStream TransformStreamDefaultController WritableStream WritableStreamDefaultWriter WritableStreamDefaultController ByteLengthQueuingStrategy CountQueuingStrategy TextEncoderStream TextDecoderStream CompressionStream DecompressionStream' },
  'tls': { fns: 'getCiphers convertALPNProtocols checkServerIdentity createSecureContext SecureContext TLSSocket Server createServer connect createSecurePair', objects: 'rootCertificates', values: { CLIENT_RENEG_LIMIT: 3, CLIENT_RENEG_WINDOW: 600, DEFAULT_CIPHERS: 'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-SHA256:DHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:DHE-RSA-AES256-SHA384:ECDHE-RSA-AES256-SHA256:DHE-RSA-AES256-SHA256:HIGH:!aNULL:!eNULL:!EXPORT:!DES:!RC4:!MD5:!PSK:!SRP:!CAMELLIA', DEFAULT_ECDH_CURVE: 'auto', DEFAULT_MIN_VERSION: 'TLSv1.2', DEFAULT_MAX_VERSION: 'TLSv1.3' } },
  'v8': { fns: 'cachedDataVersionTag getHeapSnapshot getHeapStatistics getHeapSpaceStatistics getHeapCodeStatistics setFlagsFromString Serializer Deserializer DefaultSerializer DefaultDeserializer deserialize takeCoverage stopCoverage serialize writeHeapSnapshot queryObjects setHeapSnapshotNearHeapLimit GCProfiler', objects: 'promiseHooks startupSnapshot' },
  'wasi': { fns: 'WASI' },
  'test/reporters': { fns: 'dot junit spec tap', objects: 'lcov' },
  'sea': { fns: 'isSea getAsset getRawAsset getAssetAsBlob' },
};

// A function that throws, named like the API, usable with `new` and as a
// base class so that `class X extends net.Socket {}` still evaluates.
function unavailable(api) {
  const name = api.slice(api.lastIndexOf('.') + 1);
  return {
    [name]: function() {
      throw new codes.ERR_NOT_AVAILABLE_IN_WORKER(api);
    },
  }[name];
}

// What a stub does as Node does, because it needs nothing a worker lacks:
// pure functions, and the argument checks that come before the API's work
// (bad input gets Node's error, good input the not-available one).
const netIp = () => internalRequire('internal/net_ip');

function checkLookupService(api, args, withCallback) {
  const { validateString, validateFunction } = internalRequire('internal/validators');
  const expected = withCallback ? ['address', 'port', 'callback'] : ['address', 'port'];
  if (args.length !== expected.length) throw new codes.ERR_MISSING_ARGS(...expected);
  const [address, port, callback] = args;
  validateString(address, 'address');
  if (netIp().isIP(address) === 0) throw new codes.ERR_INVALID_ARG_VALUE('address', address);
  const number = +port;
  if ((typeof port !== 'number' && typeof port !== 'string') || (typeof port === 'string' && port.trim() === '') ||
      number !== (number >>> 0) || number > 0xffff) {
    throw new codes.ERR_SOCKET_BAD_PORT('Port', port, true);
  }
  if (withCallback) validateFunction(callback, 'callback');
  throw new codes.ERR_NOT_AVAILABLE_IN_WORKER(api);
}

const kWorking = {
  'net': {
    isIP: (input) => netIp().isIP(`${input}`),
    isIPv4: (input) => netIp().isIPv4(`${input}`),
    isIPv6: (input) => netIp().isIPv6(`${input}`),
  },
  'dns': {
    lookupService: function lookupService(...args) { return checkLookupService('dns.lookupService', args, true); },
  },
  'dns/promises': {
    lookupService: function lookupService(...args) {
      return checkLookupService('dns/promises.lookupService', args, false);
    },
  },
};

// The stub of module `id`, or undefined if it has no entry in the table.
function create(id, loadBuiltin) {
  const surface = kSurfaces[id];
  if (surface === undefined) return undefined;
  const target = surface.callable ? unavailable(id) : {};
  for (const name of surface.fns.split(' ')) {
    if (name !== '') target[name] = unavailable(`${id}.${name}`);
  }
  if (surface.objects !== undefined) {
    for (const name of surface.objects.split(' ')) {
      if (name === 'promises' && kSurfaces[`${id}/promises`] !== undefined) {
        target[name] = loadBuiltin(`${id}/promises`);
      } else if (name === 'METHODS' || name === 'methods') {
        target[name] = kMethods.slice();
      } else if (kArrays.has(name)) {
        target[name] = [];
      } else {
        target[name] = {};
      }
    }
  }
  if (surface.values !== undefined) Object.assign(target, surface.values);
  if (kWorking[id] !== undefined) Object.assign(target, kWorking[id]);
  return target;
}

exports.create = create;

'use strict';
// dns.lookup(): the system resolver (getaddrinfo on libuv's thread pool,
// internalBinding('dns'), worker/api/net/dns_lookup.cc), as net.connect() and
// server.listen() use it for a host that is no IP literal. An IP literal or
// an empty name answers without the resolver, as in Node.

const { codes } = internalRequire('internal/errors');
const { validateFunction, validateString, validateOneOf, validateBoolean } = internalRequire('internal/validators');
const { isIP } = internalRequire('internal/net/ip');

const { ERR_INVALID_ARG_TYPE } = codes;
let native = null;

// Node's error for a failed lookup: 'getaddrinfo ENOTFOUND example.invalid'.
function lookupError(status, hostname) {
  if (native === null) native = binding.internalBinding('dns');
  let code = native.errname(status);
  // Node reports a name that does not resolve as ENOTFOUND.
  if (code === 'EAI_NONAME' || code === 'EAI_NODATA') code = 'ENOTFOUND';
  else if (code === 'EAI_AGAIN') code = 'EAI_AGAIN';
  const err = new Error(`getaddrinfo ${code} ${hostname}`);
  err.errno = status;
  err.code = code;
  err.syscall = 'getaddrinfo';
  err.hostname = hostname;
  return err;
}

function normalizeOptions(options) {
  let family = 0;
  let all = false;
  let order = 'verbatim';
  if (typeof options === 'number' || options === undefined || options === null) {
    family = options == null ? 0 : options;
  } else if (typeof options === 'object') {
    if (options.family != null) {
      family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    }
    if (options.all != null) {
      validateBoolean(options.all, 'options.all');
      all = options.all;
    }
    if (options.verbatim === false) order = 'ipv4first';
    if (options.order != null) {
      validateOneOf(options.order, 'options.order', ['verbatim', 'ipv4first', 'ipv6first']);
      order = options.order;
    }
  } else {
    throw new ERR_INVALID_ARG_TYPE('options', ['integer', 'object'], options);
  }
  validateOneOf(family, 'family', [0, 4, 6]);
  return { family, all, order };
}

// `callback(err, address, family)`, or `callback(err, [{ address, family }])`
// with `all`.
function lookup(hostname, options, callback) {
  if (hostname) validateString(hostname, 'hostname');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  validateFunction(callback, 'callback');
  const { family, all, order } = normalizeOptions(options);
  const answer = (list) => {
    if (order === 'ipv4first') list.sort((a, b) => a.family - b.family);
    else if (order === 'ipv6first') list.sort((a, b) => b.family - a.family);
    if (all) callback(null, list);
    else if (list.length === 0) callback(lookupError(-3008, hostname));
    else callback(null, list[0].address, list[0].family);
  };
  if (!hostname) {
    process.nextTick(() => (all ? callback(null, []) : callback(null, null, family === 6 ? 6 : 4)));
    return {};
  }
  const literal = isIP(hostname);
  if (literal !== 0 && (family === 0 || family === literal)) {
    process.nextTick(answer, [{ address: hostname, family: literal }]);
    return {};
  }
  // Resolving a name asks the network (DNS): not without --allow-net.
  if (binding.internalBinding('permission').enabled) {
    const denied = internalRequire('internal/permission').netDenied();
    if (denied !== null) {
      process.nextTick(callback, denied);
      return {};
    }
  }
  if (native === null) native = binding.internalBinding('dns');
  const err = native.getaddrinfo(hostname, family, (status, flat) => {
    if (status !== 0) {
      callback(lookupError(status, hostname));
      return;
    }
    const list = [];
    for (let i = 0; i < flat.length; i += 2) list.push({ address: flat[i], family: flat[i + 1] });
    answer(list);
  });
  if (err !== 0) process.nextTick(callback, lookupError(err, hostname));
  return {};
}

function lookupPromise(hostname, options) {
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) reject(err);
      else resolve(Array.isArray(address) ? address : { address, family });
    });
  });
}

module.exports = { lookup, lookupPromise };

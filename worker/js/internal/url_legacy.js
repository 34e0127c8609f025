'use strict';
// The legacy url API (url.parse, url.format, url.resolve and the Url
// objects they work on): Node's own lenient parser from before the WHATWG
// standard, which code still calls everywhere. It splits rather than
// validates: whatever does not fit a part lands in the next one, characters
// that may not appear are escaped, and a host goes through IDNA.

const { codes } = internalRequire('internal/errors');
const { validateString, validateObject } = internalRequire('internal/validators');
const { domainToASCII, domainToUnicode } = internalRequire('internal/url_host');
const { encodeLegacy } = internalRequire('internal/url_percent');
const { UrlRecord, serialize } = internalRequire('internal/url_parser');
const { recordOf } = internalRequire('internal/url');

let querystring;
function qs() {
  if (querystring === undefined) querystring = internalRequire('node/querystring');
  return querystring;
}

// Schemes whose URLs always have '//' and a host, and those that never do.
const kSlashedProtocols = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:',
  'file', 'file:', 'ws', 'ws:', 'wss', 'wss:']);
const kHostlessProtocols = new Set(['javascript', 'javascript:']);
// Schemes whose rest is left as written.
const kUnsafeProtocols = new Set(['javascript', 'javascript:']);

const kProtocol = /^[a-z0-9.+-]+:/i;
const kPort = /:[0-9]*$/;
const kAuthThenHost = /^\/\/[^@/]+@[^@/]+/;
// A path (with an optional query) and nothing else: no scheme, no host.
const kSimplePath = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/;
const kMaxHostnameLength = 255;
// Characters that may not end up in a hostname, even after IDNA: '[' and ']'
// would make it read as IPv6, ':' and '@' as a port or credentials.
const kForbiddenHostChars = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const kForbiddenIPv6HostChars = /[\0\t\n\r #%/<>?@\\^|]/;

// What the parser escapes in everything after the host.
const kAutoEscape = [];
for (const c of '\t\n\r "\'<>\\^`{|}') kAutoEscape[c.charCodeAt(0)] = `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

// Code units that format() leaves alone in credentials: A-Z a-z 0-9 ! ' ( ) * - . : _ ~
const kAuthNoEscape = new Uint8Array(128);
for (const c of "!'()*-.:_~") kAuthNoEscape[c.charCodeAt(0)] = 1;
for (let c = 0x30; c <= 0x39; c++) kAuthNoEscape[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) kAuthNoEscape[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) kAuthNoEscape[c] = 1;

function isWhitespace(c) {
  return c < 33 || c === 0xa0 || c === 0xfeff;
}

function isIPv6Hostname(hostname) {
  return hostname.charCodeAt(0) === 0x5b && hostname.charCodeAt(hostname.length - 1) === 0x5d;
}

function autoEscape(rest) {
  let out = '';
  let last = 0;
  for (let i = 0; i < rest.length; i++) {
    const escaped = kAutoEscape[rest.charCodeAt(i)];
    if (escaped === undefined) continue;
    if (last < i) out += rest.slice(last, i);
    out += escaped;
    last = i + 1;
  }
  if (last === 0) return rest;
  return last < rest.length ? out + rest.slice(last) : out;
}

let warnedInvalidPort = false;

function invalidUrl(url) {
  const err = new codes.ERR_INVALID_URL();
  err.input = url;
  return err;
}

// The input without surrounding whitespace and with each backslash before
// the first '?' or '#' turned into '/'; and whether it holds '#' or '@'
// (before the query).
function prepare(url) {
  let start = -1;
  let end = url.length;
  while (start + 1 < end && isWhitespace(url.charCodeAt(start + 1))) start++;
  start++;
  while (end > start && isWhitespace(url.charCodeAt(end - 1))) end--;
  let rest = '';
  let last = start;
  let split = false;
  let hasHash = false;
  let hasAt = false;
  for (let i = start; i < end; i++) {
    const c = url.charCodeAt(i);
    if (split) {
      if (c === 0x23) hasHash = true;
      continue;
    }
    if (c === 0x40) {
      hasAt = true;
    } else if (c === 0x23 || c === 0x3f) {
      if (c === 0x23) hasHash = true;
      split = true;
    } else if (c === 0x5c) {
      rest += `${url.slice(last, i)}/`;
      last = i + 1;
    }
  }
  rest += url.slice(last, end);
  return { rest, hasHash, hasAt };
}

function Url() {
  this.protocol = null;
  this.slashes = null;
  this.auth = null;
  this.host = null;
  this.port = null;
  this.hostname = null;
  this.hash = null;
  this.search = null;
  this.query = null;
  this.pathname = null;
  this.path = null;
  this.href = null;
}

// Splits the authority at the start of `rest` (after '//') into auth and
// host; returns what follows the host.
function splitAuthority(self, rest) {
  let hostEnd = -1;
  let atSign = -1;
  let nonHost = -1;
  for (let i = 0; i < rest.length && hostEnd === -1; i++) {
    switch (rest.charCodeAt(i)) {
      case 0x09:
      case 0x0a:
      case 0x0d:
        // Dropped, as the WHATWG parser drops them.
        rest = rest.slice(0, i) + rest.slice(i + 1);
        i--;
        break;
      case 0x20: case 0x22: case 0x25: case 0x27: case 0x3b: case 0x3c: case 0x3e:
      case 0x5c: case 0x5e: case 0x60: case 0x7b: case 0x7c: case 0x7d:
        if (nonHost === -1) nonHost = i;
        break;
      case 0x23:
      case 0x2f:
      case 0x3f:
        if (nonHost === -1) nonHost = i;
        hostEnd = i;
        break;
      case 0x40:
        // Credentials run to the last '@' before the host ends.
        atSign = i;
        nonHost = -1;
        break;
      default:
        break;
    }
  }
  let start = 0;
  if (atSign !== -1) {
    self.auth = decodeURIComponent(rest.slice(0, atSign));
    start = atSign + 1;
  }
  if (nonHost === -1) {
    self.host = rest.slice(start);
    return '';
  }
  self.host = rest.slice(start, nonHost);
  return rest.slice(nonHost);
}

// Cuts the hostname at the first character that cannot be in one; the rest
// goes to the front of the path. A ':' there is a port that is not a number.
function trimHostname(self, rest, hostname, url) {
  for (let i = 0; i < hostname.length; i++) {
    const c = hostname.charCodeAt(i);
    if (c !== 0x2f && c !== 0x5c && c !== 0x23 && c !== 0x3f && c !== 0x3a) continue;
    if (c === 0x3a && !warnedInvalidPort) {
      warnedInvalidPort = true;
      process.emitWarning(`The URL ${url} is invalid. Future versions of Node.js will throw an error.`,
        'DeprecationWarning', 'DEP0170');
    }
    self.hostname = hostname.slice(0, i);
    return `/${hostname.slice(i)}${rest}`;
  }
  return rest;
}

Url.prototype.parse = function parse(url, parseQueryString, slashesDenoteHost) {
  validateString(url, 'url');
  let { rest, hasHash, hasAt } = prepare(url);

  if (!slashesDenoteHost && !hasHash && !hasAt) {
    const simple = kSimplePath.exec(rest);
    if (simple !== null) {
      this.path = rest;
      this.href = rest;
      this.pathname = simple[1];
      if (simple[2]) {
        this.search = simple[2];
        this.query = parseQueryString ? qs().parse(this.search.slice(1)) : this.search.slice(1);
      } else if (parseQueryString) {
        this.search = null;
        this.query = { __proto__: null };
      }
      return this;
    }
  }

  let proto = kProtocol.exec(rest);
  let lowerProto;
  if (proto !== null) {
    proto = proto[0];
    lowerProto = proto.toLowerCase();
    this.protocol = lowerProto;
    rest = rest.slice(proto.length);
  }

  // '//' means a host with slashesDenoteHost, after a scheme, or when
  // credentials follow.
  let slashes = false;
  if (slashesDenoteHost || proto || kAuthThenHost.test(rest)) {
    slashes = rest.charCodeAt(0) === 0x2f && rest.charCodeAt(1) === 0x2f;
    if (slashes && !(proto && kHostlessProtocols.has(lowerProto))) {
      rest = rest.slice(2);
      this.slashes = true;
    }
  }

  if (!kHostlessProtocols.has(lowerProto) && (slashes || (proto && !kSlashedProtocols.has(proto)))) {
    rest = splitAuthority(this, rest);
    this.parseHost();
    if (typeof this.hostname !== 'string') this.hostname = '';
    const ipv6 = isIPv6Hostname(this.hostname);
    if (!ipv6) rest = trimHostname(this, rest, this.hostname, url);
    this.hostname = this.hostname.length > kMaxHostnameLength ? '' : this.hostname.toLowerCase();
    if (this.hostname !== '') {
      if (ipv6) {
        if (kForbiddenIPv6HostChars.test(this.hostname)) throw invalidUrl(url);
      } else {
        const ascii = domainToASCII(this.hostname);
        this.hostname = ascii === null ? '' : ascii;
        if (this.hostname === '' || kForbiddenHostChars.test(this.hostname)) throw invalidUrl(url);
      }
    }
    this.host = (this.hostname || '') + (this.port ? `:${this.port}` : '');
    if (ipv6) {
      this.hostname = this.hostname.slice(1, -1);
      if (rest[0] !== '/') rest = `/${rest}`;
    }
  }

  if (!kUnsafeProtocols.has(lowerProto)) rest = autoEscape(rest);

  let question = -1;
  let hash = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (c === 0x23) {
      this.hash = rest.slice(i);
      hash = i;
      break;
    }
    if (c === 0x3f && question === -1) question = i;
  }
  if (question !== -1) {
    this.search = rest.slice(question, hash === -1 ? undefined : hash);
    this.query = rest.slice(question + 1, hash === -1 ? undefined : hash);
    if (parseQueryString) this.query = qs().parse(this.query);
  } else if (parseQueryString) {
    this.search = null;
    this.query = { __proto__: null };
  }

  const pathEnd = question !== -1 ? question : hash;
  if (pathEnd === -1) {
    if (rest.length > 0) this.pathname = rest;
  } else if (pathEnd > 0) {
    this.pathname = rest.slice(0, pathEnd);
  }
  if (kSlashedProtocols.has(lowerProto) && this.hostname && !this.pathname) this.pathname = '/';

  if (this.pathname || this.search) this.path = (this.pathname || '') + (this.search || '');
  this.href = this.format();
  return this;
};

// Moves a trailing ':digits' of `host` into `port`.
Url.prototype.parseHost = function parseHost() {
  let host = this.host;
  const port = kPort.exec(host);
  if (port !== null) {
    if (port[0] !== ':') this.port = port[0].slice(1);
    host = host.slice(0, host.length - port[0].length);
  }
  if (host) this.hostname = host;
};

Url.prototype.format = function format() {
  let auth = this.auth || '';
  if (auth) auth = `${encodeLegacy(auth, kAuthNoEscape)}@`;
  let protocol = this.protocol || '';
  let pathname = this.pathname || '';
  let hash = this.hash || '';
  let host = '';
  let query = '';
  if (this.host) {
    host = auth + this.host;
  } else if (this.hostname) {
    const hostname = this.hostname;
    host = auth + (hostname.includes(':') && !isIPv6Hostname(hostname) ? `[${hostname}]` : hostname);
    if (this.port) host += `:${this.port}`;
  }
  if (this.query !== null && typeof this.query === 'object') query = qs().stringify(this.query);
  let search = this.search || (query && `?${query}`) || '';
  if (protocol && protocol.charCodeAt(protocol.length - 1) !== 0x3a) protocol += ':';
  if (pathname.includes('#') || pathname.includes('?')) pathname = pathname.replace(/[#?]/g, (c) => (c === '#' ? '%23' : '%3F'));
  if (this.slashes || kSlashedProtocols.has(protocol)) {
    if (this.slashes || host) {
      if (pathname && pathname.charCodeAt(0) !== 0x2f) pathname = `/${pathname}`;
      host = `//${host}`;
    } else if (protocol.startsWith('file')) {
      host = '//';
    }
  }
  search = search.replace(/#/g, '%23');
  if (hash && hash.charCodeAt(0) !== 0x23) hash = `#${hash}`;
  if (search && search.charCodeAt(0) !== 0x3f) search = `?${search}`;
  return protocol + host + pathname + search + hash;
};

Url.prototype.resolve = function resolve(relative) {
  return this.resolveObject(urlParse(relative, false, true)).format();
};

function setPath(result) {
  if (result.pathname !== null || result.search !== null) {
    result.path = (result.pathname ? result.pathname : '') + (result.search ? result.search : '');
  }
}

// Removes '.' segments and '..' with what they cancel; returns how many
// '..' went above the start.
function removeDots(segments) {
  let up = 0;
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i];
    if (segment === '.') {
      segments.splice(i, 1);
    } else if (segment === '..') {
      segments.splice(i, 1);
      up++;
    } else if (up > 0) {
      segments.splice(i, 1);
      up--;
    }
  }
  return up;
}

// A host of the form 'user@host' puts the user back into auth.
function splitAuthFromHost(result) {
  const parts = result.host && result.host.indexOf('@') > 0 ? result.host.split('@') : null;
  if (parts !== null) {
    result.auth = parts.shift();
    result.host = result.hostname = parts.shift();
  }
}

Url.prototype.resolveObject = function resolveObject(relative) {
  if (typeof relative === 'string') {
    const parsed = new Url();
    parsed.parse(relative, false, true);
    relative = parsed;
  }
  const result = new Url();
  for (const key of Object.keys(this)) result[key] = this[key];

  // The fragment always comes from the relative URL, even when that is ''.
  result.hash = relative.hash;
  if (relative.href === '') {
    result.href = result.format();
    return result;
  }

  // '//host/path' keeps only the scheme.
  if (relative.slashes && !relative.protocol) {
    for (const key of Object.keys(relative)) {
      if (key !== 'protocol') result[key] = relative[key];
    }
    if (kSlashedProtocols.has(result.protocol) && result.hostname && !result.pathname) {
      result.path = result.pathname = '/';
    }
    result.href = result.format();
    return result;
  }

  if (relative.protocol && relative.protocol !== result.protocol) {
    // A scheme without '//' stands on its own.
    if (!kSlashedProtocols.has(relative.protocol)) {
      for (const key of Object.keys(relative)) result[key] = relative[key];
      result.href = result.format();
      return result;
    }
    result.protocol = relative.protocol;
    if (!relative.host && !/^file:?$/.test(relative.protocol) && !kHostlessProtocols.has(relative.protocol)) {
      // The first segment of the path is the host.
      const segments = (relative.pathname || '').split('/');
      while (segments.length > 0 && !(relative.host = segments.shift()));
      if (!relative.host) relative.host = '';
      if (!relative.hostname) relative.hostname = '';
      if (segments[0] !== '') segments.unshift('');
      if (segments.length < 2) segments.unshift('');
      result.pathname = segments.join('/');
    } else {
      result.pathname = relative.pathname;
    }
    result.search = relative.search;
    result.query = relative.query;
    result.host = relative.host || '';
    result.auth = relative.auth;
    result.hostname = relative.hostname || relative.host;
    result.port = relative.port;
    if (result.pathname || result.search) result.path = (result.pathname || '') + (result.search || '');
    result.slashes = result.slashes || relative.slashes;
    result.href = result.format();
    return result;
  }

  const isSourceAbsolute = result.pathname && result.pathname.charAt(0) === '/';
  const isRelativeAbsolute = relative.host || (relative.pathname && relative.pathname.charAt(0) === '/');
  let mustEndAbsolute = isRelativeAbsolute || isSourceAbsolute || (result.host && relative.pathname);
  const removeAllDots = mustEndAbsolute;
  let sourcePath = (result.pathname && result.pathname.split('/')) || [];
  const relativePath = (relative.pathname && relative.pathname.split('/')) || [];
  const noLeadingSlashes = result.protocol && !kSlashedProtocols.has(result.protocol);

  // Without '//', '..' may climb into the host: the host becomes the first
  // segment for now.
  if (noLeadingSlashes) {
    result.hostname = '';
    result.port = null;
    if (result.host) {
      if (sourcePath[0] === '') sourcePath[0] = result.host;
      else sourcePath.unshift(result.host);
    }
    result.host = '';
    if (relative.protocol) {
      relative.hostname = null;
      relative.port = null;
      result.auth = null;
      if (relative.host) {
        if (relativePath[0] === '') relativePath[0] = relative.host;
        else relativePath.unshift(relative.host);
      }
      relative.host = null;
    }
    mustEndAbsolute = mustEndAbsolute && (relativePath[0] === '' || sourcePath[0] === '');
  }

  if (isRelativeAbsolute) {
    if (relative.host || relative.host === '') {
      if (result.host !== relative.host) result.auth = null;
      result.host = relative.host;
      result.port = relative.port;
    }
    if (relative.hostname || relative.hostname === '') {
      if (result.hostname !== relative.hostname) result.auth = null;
      result.hostname = relative.hostname;
    }
    result.search = relative.search;
    result.query = relative.query;
    sourcePath = relativePath;
  } else if (relativePath.length > 0) {
    // Relative: the last segment of the source gives way.
    sourcePath.pop();
    sourcePath = sourcePath.concat(relativePath);
    result.search = relative.search;
    result.query = relative.query;
  } else if (relative.search !== null && relative.search !== undefined) {
    // Only a query.
    if (noLeadingSlashes) {
      result.hostname = result.host = sourcePath.shift();
      splitAuthFromHost(result);
    }
    result.search = relative.search;
    result.query = relative.query;
    setPath(result);
    result.href = result.format();
    return result;
  }

  if (sourcePath.length === 0) {
    result.pathname = null;
    result.path = result.search ? `/${result.search}` : null;
    result.href = result.format();
    return result;
  }

  // A path that ends in '.' or '..' ends in a slash; one that ends in a
  // name does not.
  let last = sourcePath[sourcePath.length - 1];
  const hasTrailingSlash = ((result.host || relative.host || sourcePath.length > 1) &&
    (last === '.' || last === '..')) || last === '';

  let up = removeDots(sourcePath);
  if (!mustEndAbsolute && !removeAllDots) {
    while (up-- > 0) sourcePath.unshift('..');
  }
  if (mustEndAbsolute && sourcePath[0] !== '' && (!sourcePath[0] || sourcePath[0].charAt(0) !== '/')) {
    sourcePath.unshift('');
  }
  if (hasTrailingSlash && !sourcePath.join('/').endsWith('/')) sourcePath.push('');

  const isAbsolute = sourcePath[0] === '' || (sourcePath[0] && sourcePath[0].charAt(0) === '/');
  if (noLeadingSlashes) {
    result.hostname = result.host = isAbsolute ? '' : sourcePath.length > 0 ? sourcePath.shift() : '';
    splitAuthFromHost(result);
  }

  mustEndAbsolute = mustEndAbsolute || (result.host && sourcePath.length);
  if (mustEndAbsolute && !isAbsolute) sourcePath.unshift('');

  if (sourcePath.length === 0) {
    result.pathname = null;
    result.path = null;
  } else {
    result.pathname = sourcePath.join('/');
  }
  setPath(result);
  result.auth = relative.auth || result.auth;
  result.slashes = result.slashes || relative.slashes;
  result.href = result.format();
  return result;
};

// Node reads the switch once, at start-up.
let warnedParse = !internalRequire('internal/process/object').pendingDeprecation();

function urlParse(url, parseQueryString, slashesDenoteHost) {
  if (!warnedParse) {
    warnedParse = true;
    process.emitWarning('`url.parse()` behavior is not standardized and prone to errors that have security ' +
      'implications. Use the WHATWG URL API instead. CVEs are not issued for `url.parse()` vulnerabilities.',
    'DeprecationWarning', 'DEP0169');
  }
  if (url instanceof Url) return url;
  const parsed = new Url();
  parsed.parse(url, parseQueryString, slashesDenoteHost);
  return parsed;
}

// format() of a Url-like object, a string (parsed first) or a WHATWG URL
// (with options auth, fragment, search, unicode).
function urlFormat(urlObject, options) {
  if (typeof urlObject === 'string') {
    urlObject = urlParse(urlObject);
  } else if (typeof urlObject !== 'object' || urlObject === null) {
    throw new codes.ERR_INVALID_ARG_TYPE('urlObject', ['object', 'string'], urlObject);
  } else {
    if (recordOf(urlObject) !== undefined) return formatWhatwg(urlObject, options);
  }
  return Url.prototype.format.call(urlObject);
}

// The URL's serialization without the parts the options leave out, and with
// its domain in Unicode if asked.
function formatWhatwg(url, options) {
  let fragment = true;
  let unicode = false;
  let search = true;
  let auth = true;
  if (options) {
    validateObject(options, 'options');
    if (options.fragment != null) fragment = Boolean(options.fragment);
    if (options.unicode != null) unicode = Boolean(options.unicode);
    if (options.search != null) search = Boolean(options.search);
    if (options.auth != null) auth = Boolean(options.auth);
  }
  const record = Object.assign(new UrlRecord(), recordOf(url));
  if (!auth) record.username = record.password = '';
  if (!search) record.query = null;
  if (!fragment) record.fragment = null;
  if (unicode && record.host !== null && record.host !== '') record.host = domainToUnicode(record.host);
  return serialize(record);
}

function urlResolve(source, relative) {
  return urlParse(source, false, true).resolve(relative);
}

function urlResolveObject(source, relative) {
  if (!source) return relative;
  return urlParse(source, false, true).resolveObject(relative);
}

module.exports = { Url, urlParse, urlFormat, urlResolve, urlResolveObject };

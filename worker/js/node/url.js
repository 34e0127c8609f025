'use strict';
// url: the WHATWG URL classes, the legacy parse/format/resolve, and the
// functions between file paths and file: URLs, as Node 20 has them.

const { codes } = internalRequire('internal/errors');
const { URL, URLSearchParams, isURL } = internalRequire('internal/url');
const { Url, urlParse, urlFormat, urlResolve, urlResolveObject } = internalRequire('internal/url_legacy');
const { UrlRecord, parse, states } = internalRequire('internal/url_parser');
const host = internalRequire('internal/url_host');
const path = internalRequire('internal/path/posix');

const {
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_FILE_URL_HOST,
  ERR_INVALID_FILE_URL_PATH,
  ERR_INVALID_URL_SCHEME,
  ERR_MISSING_ARGS,
} = codes;

// --- domains -----------------------------------------------------------------------

// The host that `domain` gives as the hostname of a special URL, '' if none.
function parseDomain(domain) {
  const record = new UrlRecord();
  record.setScheme('ws');
  record.host = '';
  return parse(`${domain}`, null, record, states.HOSTNAME) === null ? '' : record.host;
}

function domainToASCII(domain) {
  if (arguments.length < 1) throw new ERR_MISSING_ARGS('domain');
  return parseDomain(domain);
}

function domainToUnicode(domain) {
  if (arguments.length < 1) throw new ERR_MISSING_ARGS('domain');
  const ascii = parseDomain(domain);
  return ascii === '' || ascii.charCodeAt(0) === 0x5b ? ascii : host.domainToUnicode(ascii);
}

// --- file URLs and paths ---------------------------------------------------------------

function posixPathOf(url) {
  if (url.hostname !== '') throw new ERR_INVALID_FILE_URL_HOST('linux');
  const pathname = url.pathname;
  for (let i = 0; i + 2 < pathname.length; i++) {
    if (pathname[i] === '%' && pathname[i + 1] === '2' && (pathname.charCodeAt(i + 2) | 0x20) === 0x66) {
      throw new ERR_INVALID_FILE_URL_PATH('must not include encoded / characters');
    }
  }
  return decodeURIComponent(pathname);
}

function windowsPathOf(url) {
  let pathname = url.pathname;
  for (let i = 0; i + 2 < pathname.length; i++) {
    if (pathname[i] !== '%') continue;
    const third = pathname.charCodeAt(i + 2) | 0x20;
    if ((pathname[i + 1] === '2' && third === 0x66) || (pathname[i + 1] === '5' && third === 0x63)) {
      throw new ERR_INVALID_FILE_URL_PATH('must not include encoded \\ or / characters');
    }
  }
  pathname = decodeURIComponent(pathname.replaceAll('/', '\\'));
  if (url.hostname !== '') return `\\\\${host.domainToUnicode(url.hostname)}${pathname}`;
  const letter = pathname.charCodeAt(1) | 0x20;
  if (letter < 0x61 || letter > 0x7a || pathname[2] !== ':') {
    throw new ERR_INVALID_FILE_URL_PATH('must be absolute');
  }
  return pathname.slice(1);
}

function fileURLToPath(url, options = undefined) {
  const windows = options != null && options.windows !== undefined && options.windows !== null ? options.windows : false;
  if (typeof url === 'string') url = new URL(url);
  else if (!isURL(url)) throw new ERR_INVALID_ARG_TYPE('path', ['string', 'URL'], url);
  if (url.protocol !== 'file:') throw new ERR_INVALID_URL_SCHEME('file');
  return windows ? windowsPathOf(url) : posixPathOf(url);
}

// What pathToFileURL percent-encodes besides non-ASCII: controls, space,
// '%' and every character the URL parser would read as a delimiter or
// leave as written although it is unsafe in a path.
const kPathEncode = new Uint8Array(128);
for (let c = 0; c <= 0x20; c++) kPathEncode[c] = 1;
for (const c of '"#%<>?[\\]^`{|}~\x7f') kPathEncode[c.charCodeAt(0)] = 1;

function encodePath(filepath, windows) {
  let out = '';
  let last = 0;
  for (let i = 0; i < filepath.length; i++) {
    const c = filepath.charCodeAt(i);
    if (c >= 0x80 || kPathEncode[c] === 0 || (windows && c === 0x5c)) continue;
    out += `${filepath.slice(last, i)}%${c < 16 ? '0' : ''}${c.toString(16).toUpperCase()}`;
    last = i + 1;
  }
  return last === 0 ? filepath : out + filepath.slice(last);
}

// path.win32.resolve for one path, on a machine whose working directory is
// a POSIX path: drive-absolute paths keep their drive; others hang under
// the working directory with no drive.
function resolveWindowsPath(filepath) {
  const normalized = filepath.replaceAll('/', '\\');
  let device = '';
  let rest = normalized;
  if (/^[a-zA-Z]:/.test(normalized)) {
    device = normalized.slice(0, 2);
    rest = normalized.slice(2);
  }
  let absolute = rest.startsWith('\\');
  if (!absolute) {
    const cwd = process.cwd().replaceAll('/', '\\');
    rest = `${cwd}\\${rest}`;
    absolute = true;
  }
  const segments = [];
  for (const segment of rest.split('\\')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `${device}\\${segments.join('\\')}`;
}

function pathToFileURL(filepath, options) {
  if (typeof filepath !== 'string') throw new ERR_INVALID_ARG_TYPE('path', 'string', filepath);
  const windows = options != null && options.windows !== undefined && options.windows !== null ? options.windows : false;
  if (windows && filepath.startsWith('\\\\')) {
    if (filepath.startsWith('\\\\?\\') && !filepath.startsWith('\\\\?\\UNC\\')) {
      // A local extended path, \\?\C:\...
      filepath = filepath.slice(4);
    } else {
      // A UNC path, \\server\share\resource (or \\?\UNC\server\...).
      const prefix = filepath.startsWith('\\\\?\\UNC\\') ? 8 : 2;
      const hostEnd = filepath.indexOf('\\', prefix);
      if (hostEnd === -1) throw new ERR_INVALID_ARG_VALUE('path', filepath, 'Missing UNC resource path');
      if (hostEnd === 2) throw new ERR_INVALID_ARG_VALUE('path', filepath, 'Empty UNC servername');
      const url = new URL('file://');
      url.hostname = domainToASCII(filepath.slice(prefix, hostEnd));
      url.pathname = encodePath(filepath.slice(hostEnd).replaceAll('\\', '/'), true);
      return url;
    }
  }
  let resolved = windows ? resolveWindowsPath(filepath) : path.resolve(filepath);
  // resolve() drops a trailing separator, which the URL keeps.
  const last = filepath.charCodeAt(filepath.length - 1);
  if ((last === 0x2f || (windows && last === 0x5c)) && !resolved.endsWith(windows ? '\\' : '/')) resolved += '/';
  if (windows) {
    resolved = resolved.replaceAll('\\', '/');
    if (!resolved.startsWith('/')) resolved = `/${resolved}`;
  }
  return new URL(`file://${encodePath(resolved, windows)}`);
}

// The options http.request() takes, from a WHATWG URL.
function urlToHttpOptions(url) {
  const { hostname, pathname, port, username, password, search } = url;
  const options = {
    __proto__: null,
    ...url,
    protocol: url.protocol,
    hostname: hostname && hostname[0] === '[' ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search,
    pathname,
    path: `${pathname || ''}${search || ''}`,
    href: url.href,
  };
  if (port !== '') options.port = Number(port);
  if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return options;
}

module.exports = {
  Url,
  parse: urlParse,
  resolve: urlResolve,
  resolveObject: urlResolveObject,
  format: urlFormat,
  URL,
  URLSearchParams,
  domainToASCII,
  domainToUnicode,
  pathToFileURL,
  fileURLToPath,
  urlToHttpOptions,
};

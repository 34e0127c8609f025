'use strict';
// The basic URL parser of the WHATWG URL standard, its serializer and the
// origin of a URL. The parser is the standard's state machine, except that
// each state takes its whole component at once (one scan, one slice, one
// encode) instead of one code point per turn: that is what makes the common
// URL cheap. The setters of the URL class run it with a state override.

const { sets, percentEncode, toUSVString } = internalRequire('internal/url_percent');
const { parseHost } = internalRequire('internal/url_host');

// States, named as in the standard.
const SCHEME_START = 1;
const SCHEME = 2;
const NO_SCHEME = 3;
const SPECIAL_RELATIVE_OR_AUTHORITY = 4;
const PATH_OR_AUTHORITY = 5;
const RELATIVE = 6;
const RELATIVE_SLASH = 7;
const SPECIAL_AUTHORITY_SLASHES = 8;
const SPECIAL_AUTHORITY_IGNORE_SLASHES = 9;
const AUTHORITY = 10;
const HOST = 11;
const HOSTNAME = 12;
const PORT = 13;
const FILE = 14;
const FILE_SLASH = 15;
const FILE_HOST = 16;
const PATH_START = 17;
const PATH = 18;
const OPAQUE_PATH = 19;
const QUERY = 20;
const FRAGMENT = 21;

const EOF = -1;
const kSlash = 0x2f;
const kBackslash = 0x5c;
const kQuestion = 0x3f;
const kHash = 0x23;

// The default port of a special scheme, null for file, undefined for a
// scheme that is not special.
function defaultPort(scheme) {
  switch (scheme) {
    case 'http':
    case 'ws':
      return 80;
    case 'https':
    case 'wss':
      return 443;
    case 'ftp':
      return 21;
    case 'file':
      return null;
    default:
      return undefined;
  }
}

// A URL: its components as the standard has them, except the path, which is
// kept serialized ('/a/b' for the segments a and b, '' for none) unless it
// is opaque.
class UrlRecord {
  constructor() {
    this.scheme = '';
    this.special = false;
    this.username = '';
    this.password = '';
    this.host = null;
    this.port = null;
    this.path = '';
    this.opaque = false;
    this.query = null;
    this.fragment = null;
  }

  setScheme(scheme) {
    this.scheme = scheme;
    this.special = defaultPort(scheme) !== undefined;
  }

  includesCredentials() {
    return this.username !== '' || this.password !== '';
  }

  cannotHaveCredentialsOrPort() {
    return this.host === null || this.host === '' || this.scheme === 'file';
  }

  // Removes the last segment; a file URL keeps a lone drive letter.
  shortenPath() {
    const path = this.path;
    if (path === '') return;
    // A loop: String.prototype.lastIndexOf is a call into the runtime.
    let last = path.length - 1;
    while (last > 0 && path.charCodeAt(last) !== 0x2f) last--;
    if (last === 0 && this.scheme === 'file' && path.length === 3 && isNormalizedDriveLetter(path, 1)) return;
    this.path = path.slice(0, last);
  }
}

function isAsciiAlpha(c) {
  return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
}

// "C:" or "C|" at str[i].
function isDriveLetterAt(str, i) {
  const second = str.charCodeAt(i + 1);
  return isAsciiAlpha(str.charCodeAt(i)) && (second === 0x3a || second === 0x7c);
}

function isNormalizedDriveLetter(str, i) {
  return isAsciiAlpha(str.charCodeAt(i)) && str.charCodeAt(i + 1) === 0x3a;
}

// Whether str[i..] starts with a Windows drive letter: the letter, then the
// end or one of / \ ? #.
function startsWithDriveLetter(str, i) {
  if (str.length - i < 2 || !isDriveLetterAt(str, i)) return false;
  if (str.length - i === 2) return true;
  const c = str.charCodeAt(i + 2);
  return c === kSlash || c === kBackslash || c === kQuestion || c === kHash;
}

// '.' or '%2e' (any case).
function isSingleDot(segment) {
  return segment === '.' || (segment.length === 3 && segment.charCodeAt(0) === 0x25 &&
    segment.charCodeAt(1) === 0x32 && (segment.charCodeAt(2) | 0x20) === 0x65);
}

function isDoubleDot(segment) {
  switch (segment.length) {
    case 2:
      return segment === '..';
    case 4:
      return (segment.charCodeAt(0) === 0x2e && isSingleDot(segment.slice(1))) ||
        (segment.charCodeAt(3) === 0x2e && isSingleDot(segment.slice(0, 3)));
    case 6:
      return isSingleDot(segment.slice(0, 3)) && isSingleDot(segment.slice(3));
    default:
      return false;
  }
}

function isSchemeCodeUnit(c) {
  return isAsciiAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

// What makes the input need more than trimming: a tab or newline to drop,
// or a surrogate, which may be a lone one to replace.
const kTabNewlineOrSurrogate = /[\t\n\r\ud800-\udfff]/;
const kTabsAndNewlines = /[\t\n\r]/g;

// The input as scalar values (lone surrogates become U+FFFD), without any
// tab or newline, and without leading and trailing C0 controls and spaces
// (only when parsing a whole URL). Tabs and newlines are among what
// trimming removes, so taking them out first gives the same.
function preprocess(input, trim) {
  if (typeof input !== 'string' || kTabNewlineOrSurrogate.test(input)) {
    input = toUSVString(input).replace(kTabsAndNewlines, '');
  }
  if (!trim) return input;
  let start = 0;
  let end = input.length;
  while (start < end && input.charCodeAt(start) <= 0x20) start++;
  while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
  return start !== 0 || end !== input.length ? input.slice(start, end) : input;
}

// Whether the path in input[start, end) can be taken as it is: nothing to
// encode, no backslash (a separator in a special URL), no dot segment.
function isPlainPath(input, start, end) {
  let segmentStart = start;
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0x80 || sets.PATH[c] === 1 || c === kBackslash) return false;
    if (c === kSlash) {
      segmentStart = i + 1;
    } else if ((c === 0x2e || c === 0x25) && i === segmentStart) {
      let segmentEnd = i + 1;
      while (segmentEnd < end && input.charCodeAt(segmentEnd) !== kSlash) segmentEnd++;
      const segment = input.slice(i, segmentEnd);
      if (isSingleDot(segment) || isDoubleDot(segment)) return false;
    }
  }
  return true;
}

// The common URL, in one regular expression: a special scheme other than
// file, '//', maybe credentials with nothing to percent-encode, a host of
// lowercase ASCII that needs no IDNA, maybe a port, and a path (no dot
// segments), query and fragment with nothing to percent-encode. Anything
// else (uppercase, spaces, ...) takes the state machine, which gives the
// same record for these. Groups: scheme, username, password, host, port,
// path, query, fragment.
const kCommonUrl = /^(https?|wss?|ftp):\/\/(?:([!$%&'()*+,\-.0-9A-Z_a-z~]*)(?::([!$%&'()*+,\-.0-9A-Z_a-z~]*))?@)?([a-z0-9._~!$&'()*+,;=-]+)(?::([0-9]{1,5}))?((?:\/(?!\.|%2[eE])[!$%&'()*+,\-.0-9:;=@A-Z[\]_a-z|~]*)*)(?:\?([!$%&()*+,\-./0-9:;=?@A-Z[\\\]^_`a-z{|}~]*))?(?:#([!#$%&'()*+,\-./0-9:;=?@A-Z[\\\]^_a-z{|}~]*))?$/;

// An IPv4 address as the host serializer writes it: four decimal numbers up
// to 255 without leading zeros. Such a host is its own serialization.
const kCanonicalIPv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;

// Whether a host that matched kCommonUrl is already what the host parser
// would make of it. A last label that starts with a digit may make an IPv4
// address (only the canonical form is taken here), a trailing dot or a
// Punycode label needs checking: the state machine sees to those.
function isPlainHost(host) {
  const length = host.length;
  if (host.charCodeAt(length - 1) === 0x2e) return false;
  let lastLabel = length - 1;
  while (lastLabel > 0 && host.charCodeAt(lastLabel - 1) !== 0x2e) lastLabel--;
  const first = host.charCodeAt(lastLabel);
  if (first >= 0x30 && first <= 0x39) return kCanonicalIPv4.test(host);
  return host.indexOf('xn--') === -1;
}

// The match of a common URL, or null.
function matchCommon(input) {
  const match = kCommonUrl.exec(input);
  if (match === null || !isPlainHost(match[4])) return null;
  if (match[5] !== undefined && +match[5] > 65535) return null;
  return match;
}

// Whether `input` is a common URL, without making its record (canParse).
function isCommon(input) {
  return matchCommon(input) !== null;
}

// The record of `input` if it is a common URL, else null.
function parseCommon(input) {
  const match = matchCommon(input);
  if (match === null) return null;
  const url = new UrlRecord();
  url.scheme = match[1];
  url.special = true;
  if (match[2] !== undefined) url.username = match[2];
  if (match[3] !== undefined) url.password = match[3];
  url.host = match[4];
  if (match[5] !== undefined) {
    const port = +match[5];
    url.port = port === defaultPort(url.scheme) ? null : port;
  }
  url.path = match[6] === '' ? '/' : match[6];
  if (match[7] !== undefined) url.query = match[7];
  if (match[8] !== undefined) url.fragment = match[8];
  return url;
}

// Runs the basic URL parser over `input` (lone surrogates become U+FFFD).
// Without `url` it makes a new record and returns it, or null for failure.
// With `url` and a state override it changes `url` in place and returns
// null for failure (which the setters ignore) and `url` otherwise.
function parse(input, base = null, url = undefined, stateOverride = 0) {
  const override = stateOverride !== 0;
  if (url === undefined) {
    const common = parseCommon(input);
    if (common !== null) return common;
    url = new UrlRecord();
  }
  input = preprocess(input, !override);
  const length = input.length;
  let state = override ? stateOverride : SCHEME_START;
  let p = 0;

  for (;;) {
    const c = p < length ? input.charCodeAt(p) : EOF;
    switch (state) {
      case SCHEME_START:
        if (c !== EOF && isAsciiAlpha(c)) {
          state = SCHEME;
        } else if (!override) {
          state = NO_SCHEME;
        } else {
          return null;
        }
        break;

      case SCHEME: {
        let end = p;
        while (end < length && isSchemeCodeUnit(input.charCodeAt(end))) end++;
        if (end === length || input.charCodeAt(end) !== 0x3a) {
          if (override) return null;
          state = NO_SCHEME;
          p = 0;
          break;
        }
        const scheme = input.slice(p, end).toLowerCase();
        if (override) {
          const special = defaultPort(scheme) !== undefined;
          if (url.special !== special) return url;
          if ((url.includesCredentials() || url.port !== null) && scheme === 'file') return url;
          if (url.scheme === 'file' && url.host === '') return url;
        }
        url.setScheme(scheme);
        if (override) {
          if (url.port === defaultPort(scheme)) url.port = null;
          return url;
        }
        p = end + 1;
        if (scheme === 'file') {
          state = FILE;
        } else if (url.special && base !== null && base.scheme === scheme) {
          state = SPECIAL_RELATIVE_OR_AUTHORITY;
        } else if (url.special) {
          state = SPECIAL_AUTHORITY_SLASHES;
        } else if (p < length && input.charCodeAt(p) === kSlash) {
          state = PATH_OR_AUTHORITY;
          p++;
        } else {
          url.path = '';
          url.opaque = true;
          state = OPAQUE_PATH;
        }
        break;
      }

      case NO_SCHEME:
        if (base === null || (base.opaque && c !== kHash)) return null;
        if (base.opaque) {
          url.setScheme(base.scheme);
          url.path = base.path;
          url.opaque = true;
          url.query = base.query;
          url.fragment = '';
          state = FRAGMENT;
          p++;
        } else {
          state = base.scheme === 'file' ? FILE : RELATIVE;
        }
        break;

      case SPECIAL_RELATIVE_OR_AUTHORITY:
        if (c === kSlash && input.charCodeAt(p + 1) === kSlash) {
          state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p += 2;
        } else {
          state = RELATIVE;
        }
        break;

      case PATH_OR_AUTHORITY:
        if (c === kSlash) {
          state = AUTHORITY;
          p++;
        } else {
          state = PATH;
        }
        break;

      case RELATIVE:
        url.setScheme(base.scheme);
        if (c === kSlash || (url.special && c === kBackslash)) {
          state = RELATIVE_SLASH;
          p++;
          break;
        }
        url.username = base.username;
        url.password = base.password;
        url.host = base.host;
        url.port = base.port;
        url.path = base.path;
        url.query = base.query;
        if (c === kQuestion) {
          url.query = '';
          state = QUERY;
          p++;
        } else if (c === kHash) {
          url.fragment = '';
          state = FRAGMENT;
          p++;
        } else if (c !== EOF) {
          url.query = null;
          url.shortenPath();
          state = PATH;
        } else {
          return url;
        }
        break;

      case RELATIVE_SLASH:
        if (url.special && (c === kSlash || c === kBackslash)) {
          state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else if (c === kSlash) {
          state = AUTHORITY;
          p++;
        } else {
          url.username = base.username;
          url.password = base.password;
          url.host = base.host;
          url.port = base.port;
          state = PATH;
        }
        break;

      case SPECIAL_AUTHORITY_SLASHES:
        state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
        if (c === kSlash && input.charCodeAt(p + 1) === kSlash) p += 2;
        break;

      case SPECIAL_AUTHORITY_IGNORE_SLASHES:
        while (p < length && (input.charCodeAt(p) === kSlash || input.charCodeAt(p) === kBackslash)) p++;
        state = AUTHORITY;
        break;

      case AUTHORITY: {
        // Up to the end of the authority; credentials end at its last '@'.
        let end = p;
        let at = -1;
        for (; end < length; end++) {
          const d = input.charCodeAt(end);
          if (d === kSlash || d === kQuestion || d === kHash || (d === kBackslash && url.special)) break;
          if (d === 0x40) at = end;
        }
        if (at !== -1) {
          if (at + 1 === end) return null;
          const userinfo = input.slice(p, at);
          const colon = userinfo.indexOf(':');
          if (colon === -1) {
            url.username += percentEncode(userinfo, sets.USERINFO);
          } else {
            url.username += percentEncode(userinfo.slice(0, colon), sets.USERINFO);
            url.password += percentEncode(userinfo.slice(colon + 1), sets.USERINFO);
          }
          p = at + 1;
        }
        state = HOST;
        break;
      }

      case HOST:
      case HOSTNAME: {
        if (override && url.scheme === 'file') {
          state = FILE_HOST;
          break;
        }
        let end = p;
        let insideBrackets = false;
        let d = EOF;
        for (; end < length; end++) {
          d = input.charCodeAt(end);
          if ((d === 0x3a && !insideBrackets) || d === kSlash || d === kQuestion || d === kHash ||
              (d === kBackslash && url.special)) {
            break;
          }
          if (d === 0x5b) insideBrackets = true;
          else if (d === 0x5d) insideBrackets = false;
        }
        if (end === length) d = EOF;
        const buffer = input.slice(p, end);
        if (d === 0x3a) {
          if (buffer === '') return null;
          if (stateOverride === HOSTNAME) return null;
          const host = parseHost(buffer, !url.special);
          if (host === null) return null;
          url.host = host;
          state = PORT;
          p = end + 1;
          break;
        }
        if (url.special && buffer === '') return null;
        if (override && buffer === '' && (url.includesCredentials() || url.port !== null)) return null;
        const host = buffer === '' ? '' : parseHost(buffer, !url.special);
        if (host === null) return null;
        url.host = host;
        if (override) return url;
        state = PATH_START;
        p = end;
        break;
      }

      case PORT: {
        let end = p;
        let port = 0;
        for (; end < length; end++) {
          const d = input.charCodeAt(end);
          if (d < 0x30 || d > 0x39) break;
          port = port * 10 + (d - 0x30);
          if (port > 65535) return null;
        }
        const d = end < length ? input.charCodeAt(end) : EOF;
        if (d === EOF || d === kSlash || d === kQuestion || d === kHash || (d === kBackslash && url.special) || override) {
          if (end !== p) {
            url.port = port === defaultPort(url.scheme) ? null : port;
            if (override) return url;
          }
          if (override) return null;
          state = PATH_START;
          p = end;
          break;
        }
        return null;
      }

      case FILE:
        url.setScheme('file');
        url.host = '';
        if (c === kSlash || c === kBackslash) {
          state = FILE_SLASH;
          p++;
        } else if (base !== null && base.scheme === 'file') {
          url.host = base.host;
          url.path = base.path;
          url.query = base.query;
          if (c === kQuestion) {
            url.query = '';
            state = QUERY;
            p++;
          } else if (c === kHash) {
            url.fragment = '';
            state = FRAGMENT;
            p++;
          } else if (c !== EOF) {
            url.query = null;
            if (!startsWithDriveLetter(input, p)) url.shortenPath();
            else url.path = '';
            state = PATH;
          } else {
            return url;
          }
        } else {
          state = PATH;
        }
        break;

      case FILE_SLASH:
        if (c === kSlash || c === kBackslash) {
          state = FILE_HOST;
          p++;
          break;
        }
        if (base !== null && base.scheme === 'file') {
          url.host = base.host;
          if (!startsWithDriveLetter(input, p) && base.path.length >= 3 &&
              isNormalizedDriveLetter(base.path, 1) && (base.path.length === 3 || base.path.charCodeAt(3) === kSlash)) {
            url.path += base.path.slice(0, 3);
          }
        }
        state = PATH;
        break;

      case FILE_HOST: {
        let end = p;
        for (; end < length; end++) {
          const d = input.charCodeAt(end);
          if (d === kSlash || d === kBackslash || d === kQuestion || d === kHash) break;
        }
        const buffer = input.slice(p, end);
        if (!override && buffer.length === 2 && isDriveLetterAt(buffer, 0)) {
          // The drive letter is the path's first segment: the path state
          // reads it again.
          state = PATH;
          break;
        }
        p = end;
        if (buffer === '') {
          url.host = '';
          if (override) return url;
          state = PATH_START;
          break;
        }
        let host = parseHost(buffer, !url.special);
        if (host === null) return null;
        if (host === 'localhost') host = '';
        url.host = host;
        if (override) return url;
        state = PATH_START;
        break;
      }

      case PATH_START:
        if (url.special) {
          state = PATH;
          if (c === kSlash || c === kBackslash) p++;
        } else if (!override && c === kQuestion) {
          url.query = '';
          state = QUERY;
          p++;
        } else if (!override && c === kHash) {
          url.fragment = '';
          state = FRAGMENT;
          p++;
        } else if (c !== EOF) {
          state = PATH;
          if (c === kSlash) p++;
        } else {
          if (override && url.host === null) url.path += '/';
          return url;
        }
        break;

      case PATH: {
        // The end of the whole path, and the fast case of a path to take
        // as written.
        let end = p;
        if (!override) {
          while (end < length) {
            const d = input.charCodeAt(end);
            if (d === kQuestion || d === kHash) break;
            end++;
          }
        } else {
          end = length;
        }
        // A file URL's first segment may be a drive letter to normalize.
        if ((url.scheme !== 'file' || !isDriveLetterAt(input, p)) && isPlainPath(input, p, end)) {
          url.path += `/${input.slice(p, end)}`;
          p = end;
        } else {
          p = parsePathSegments(input, p, end, url);
        }
        const d = p < length ? input.charCodeAt(p) : EOF;
        if (d === kQuestion) {
          url.query = '';
          state = QUERY;
          p++;
        } else if (d === kHash) {
          url.fragment = '';
          state = FRAGMENT;
          p++;
        } else {
          return url;
        }
        break;
      }

      case OPAQUE_PATH: {
        let end = p;
        while (end < length) {
          const d = input.charCodeAt(end);
          if (d === kQuestion || d === kHash) break;
          end++;
        }
        let path = percentEncode(input.slice(p, end), sets.C0_CONTROL);
        // A space just before the query or fragment would be lost if they
        // went away later.
        if (end < length && path.charCodeAt(path.length - 1) === 0x20) path = `${path.slice(0, -1)}%20`;
        url.path += path;
        p = end;
        if (p === length) return url;
        if (input.charCodeAt(p) === kQuestion) {
          url.query = '';
          state = QUERY;
        } else {
          url.fragment = '';
          state = FRAGMENT;
        }
        p++;
        break;
      }

      case QUERY: {
        let end = length;
        if (!override) {
          const hash = input.indexOf('#', p);
          if (hash !== -1) end = hash;
        }
        url.query += percentEncode(input.slice(p, end), url.special ? sets.SPECIAL_QUERY : sets.QUERY);
        if (end === length) return url;
        url.fragment = '';
        state = FRAGMENT;
        p = end + 1;
        break;
      }

      case FRAGMENT:
        url.fragment += percentEncode(input.slice(p), sets.FRAGMENT);
        return url;

      default:
        return null;
    }
  }
}

// The path state, segment by segment, over input[p, end): returns where it
// stopped (end).
function parsePathSegments(input, p, end, url) {
  const special = url.special;
  for (;;) {
    let segmentEnd = p;
    while (segmentEnd < end) {
      const d = input.charCodeAt(segmentEnd);
      if (d === kSlash || (special && d === kBackslash)) break;
      segmentEnd++;
    }
    let segment = percentEncode(input.slice(p, segmentEnd), sets.PATH);
    const atSlash = segmentEnd < end;
    if (isDoubleDot(segment)) {
      url.shortenPath();
      if (!atSlash) url.path += '/';
    } else if (isSingleDot(segment)) {
      if (!atSlash) url.path += '/';
    } else {
      if (url.scheme === 'file' && url.path === '' && segment.length === 2 && isDriveLetterAt(segment, 0)) {
        segment = `${segment[0]}:`;
      }
      url.path += `/${segment}`;
    }
    if (!atSlash) return segmentEnd;
    p = segmentEnd + 1;
  }
}

// --- serializing -------------------------------------------------------------------

// What follows the scheme: '//' and the authority, if there is a host.
function serializeAuthority(url) {
  if (url.host === null) {
    // Keeps a path that starts with an empty segment from reading as a host.
    return !url.opaque && url.path.startsWith('//') ? '/.' : '';
  }
  let out = '//';
  if (url.username !== '' || url.password !== '') {
    out += url.username;
    if (url.password !== '') out += `:${url.password}`;
    out += '@';
  }
  out += url.host;
  if (url.port !== null) out += `:${url.port}`;
  return out;
}

function serialize(url, excludeFragment = false) {
  let out = `${url.scheme}:${serializeAuthority(url)}${url.path}`;
  if (url.query !== null) out += `?${url.query}`;
  if (!excludeFragment && url.fragment !== null) out += `#${url.fragment}`;
  return out;
}

// The serialized origin: 'scheme://host[:port]' for the special schemes that
// have one, the origin of the inner URL of a blob: URL, and 'null' else.
function serializeOrigin(url) {
  switch (url.scheme) {
    case 'blob': {
      const inner = parse(url.path);
      if (inner !== null && (inner.scheme === 'http' || inner.scheme === 'https' || inner.scheme === 'file')) {
        return serializeOrigin(inner);
      }
      return 'null';
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return `${url.scheme}://${url.host}${url.port === null ? '' : `:${url.port}`}`;
    default:
      return 'null';
  }
}

module.exports = {
  UrlRecord,
  parse,
  isCommon,
  serialize,
  serializeOrigin,
  defaultPort,
  states: { SCHEME_START, AUTHORITY, HOST, HOSTNAME, PORT, PATH_START, QUERY, FRAGMENT },
};

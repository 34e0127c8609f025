'use strict';
// The WHATWG URL API: the URL and URLSearchParams classes (the globals, and
// what require('url') exports), over the parser of internal/url_parser. A
// URL's searchParams and its query stay in step both ways.

const { codes } = internalRequire('internal/errors');
const { parse, isCommon, serialize, serializeOrigin, states } = internalRequire('internal/url_parser');
const { sets, percentEncode, parseForm, serializeForm, toUSVString } = internalRequire('internal/url_percent');

const {
  ERR_ARG_NOT_ITERABLE,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_THIS,
  ERR_INVALID_TUPLE,
  ERR_INVALID_URL,
  ERR_MISSING_ARGS,
  ERR_NOT_AVAILABLE_IN_WORKER,
} = codes;

const kCustomInspect = Symbol.for('nodejs.util.inspect.custom');
const kIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
const kColors = /\u001b\[\d\d?m/g;

// As Node makes it: a plain TypeError that carries the code and the input,
// its stack starting at the constructor.
function invalidUrl(input, base) {
  const err = new TypeError('Invalid URL');
  Error.captureStackTrace(err, invalidUrl);
  err.code = 'ERR_INVALID_URL';
  err.input = input;
  if (base !== undefined) err.base = base;
  return err;
}

// The API URL parser: the record of `input` against `base`, or null.
function parseWithBase(input, base) {
  let baseRecord = null;
  if (base !== undefined) {
    baseRecord = parse(base);
    if (baseRecord === null) return null;
  }
  return parse(input, baseRecord);
}

// Filled in by the class bodies below, which alone see each other's
// private state.
let setUrlQuery;       // (url, query or null): a URLSearchParams changed
let setParamsList;     // (params, list): the URL's query changed
let linkParams;        // (params, url): a URL's own searchParams
let recordOf;          // (value): the record of a URL, or undefined
let isSearchParams;    // (value): whether it is a URLSearchParams
let isParamsIterator;  // (value): whether it is one of their iterators

function lengthWithoutColors(output) {
  let length = -2;
  for (const item of output) length += item.replace(kColors, '').length + 2;
  return length;
}

class URLSearchParams {
  // name, value, name, value, ...
  #list = [];
  // The URL whose query this is, or null.
  #url = null;

  static {
    setParamsList = (params, list) => {
      params.#list = list;
    };
    linkParams = (params, url) => {
      params.#url = url;
    };
    isSearchParams = (value) => value !== null && typeof value === 'object' && #list in value;
  }

  constructor(init = undefined) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object' && typeof init !== 'function') {
      const query = toUSVString(init);
      this.#list = parseForm(query.charCodeAt(0) === 0x3f ? query.slice(1) : query);
      return;
    }
    const iterate = init[Symbol.iterator];
    if (iterate === URLSearchParams.prototype[Symbol.iterator] && #list in init) {
      this.#list = init.#list.slice();
    } else if (iterate !== undefined && iterate !== null) {
      if (typeof iterate !== 'function') throw new ERR_ARG_NOT_ITERABLE('Query pairs');
      for (const pair of init) {
        if (pair === null || (typeof pair !== 'object' && typeof pair !== 'function') ||
            typeof pair[Symbol.iterator] !== 'function') {
          throw new ERR_INVALID_TUPLE('Each query pair', '[name, value]');
        }
        const items = [...pair];
        if (items.length !== 2) throw new ERR_INVALID_TUPLE('Each query pair', '[name, value]');
        this.#list.push(toUSVString(items[0]), toUSVString(items[1]));
      }
    } else {
      // A record: own enumerable keys; keys that become the same string
      // keep the first one's place and the last one's value.
      const seen = new Map();
      for (const key of Reflect.ownKeys(init)) {
        const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
        if (descriptor === undefined || !descriptor.enumerable) continue;
        const name = toUSVString(key);
        const value = toUSVString(init[key]);
        const index = seen.get(name);
        if (index === undefined) {
          seen.set(name, this.#list.length);
          this.#list.push(name, value);
        } else {
          this.#list[index + 1] = value;
        }
      }
    }
  }

  #update() {
    if (this.#url === null) return;
    const query = serializeForm(this.#list);
    setUrlQuery(this.#url, query === '' ? null : query);
  }

  get size() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    return this.#list.length / 2;
  }

  append(name, value) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 2) throw new ERR_MISSING_ARGS('name', 'value');
    this.#list.push(toUSVString(name), toUSVString(value));
    this.#update();
  }

  delete(name, value = undefined) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 1) throw new ERR_MISSING_ARGS('name');
    const list = this.#list;
    name = toUSVString(name);
    const kept = [];
    if (value === undefined) {
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] !== name) kept.push(list[i], list[i + 1]);
      }
    } else {
      value = toUSVString(value);
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] !== name || list[i + 1] !== value) kept.push(list[i], list[i + 1]);
      }
    }
    this.#list = kept;
    this.#update();
  }

  get(name) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 1) throw new ERR_MISSING_ARGS('name');
    const list = this.#list;
    name = toUSVString(name);
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name) return list[i + 1];
    }
    return null;
  }

  getAll(name) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 1) throw new ERR_MISSING_ARGS('name');
    const list = this.#list;
    name = toUSVString(name);
    const values = [];
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name) values.push(list[i + 1]);
    }
    return values;
  }

  has(name, value = undefined) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 1) throw new ERR_MISSING_ARGS('name');
    const list = this.#list;
    name = toUSVString(name);
    if (value !== undefined) value = toUSVString(value);
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name && (value === undefined || list[i + 1] === value)) return true;
    }
    return false;
  }

  set(name, value) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (arguments.length < 2) throw new ERR_MISSING_ARGS('name', 'value');
    const list = this.#list;
    name = toUSVString(name);
    value = toUSVString(value);
    let found = false;
    const kept = [];
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== name) {
        kept.push(list[i], list[i + 1]);
      } else if (!found) {
        found = true;
        kept.push(name, value);
      }
    }
    if (!found) kept.push(name, value);
    this.#list = kept;
    this.#update();
  }

  // A stable sort by name, in code units.
  sort() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    const list = this.#list;
    const pairs = [];
    for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const sorted = [];
    for (const pair of pairs) sorted.push(pair[0], pair[1]);
    this.#list = sorted;
    this.#update();
  }

  entries() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    return new URLSearchParamsIterator(this, 'key+value');
  }

  forEach(callback, thisArg = undefined) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (typeof callback !== 'function') throw new ERR_INVALID_ARG_TYPE('callback', 'function', callback);
    // Live: the callback may change the list.
    for (let i = 0; i < this.#list.length; i += 2) {
      const list = this.#list;
      Reflect.apply(callback, thisArg, [list[i + 1], list[i], this]);
    }
  }

  keys() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    return new URLSearchParamsIterator(this, 'key');
  }

  values() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    return new URLSearchParamsIterator(this, 'value');
  }

  toString() {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    return serializeForm(this.#list);
  }

  // For the iterators: the live list.
  static listOf(params) {
    return params.#list;
  }

  [kCustomInspect](depth, options, inspect) {
    if (!isSearchParams(this)) throw new ERR_INVALID_THIS('URLSearchParams');
    if (typeof depth === 'number' && depth < 0) return options.stylize('[Object]', 'special');
    const inner = { ...options };
    if (depth !== null) inner.depth = depth - 1;
    const list = this.#list;
    const output = [];
    for (let i = 0; i < list.length; i += 2) {
      output.push(`${inspect(list[i], inner)} => ${inspect(list[i + 1], inner)}`);
    }
    const name = (typeof this.constructor === 'function' && this.constructor.name) || 'URLSearchParams';
    if (output.length === 0) return `${name} {}`;
    if (lengthWithoutColors(output) > options.breakLength) return `${name} {\n  ${output.join(',\n  ')} }`;
    return `${name} { ${output.join(', ')} }`;
  }
}

const listOf = URLSearchParams.listOf;
delete URLSearchParams.listOf;

// Walks the live list of a URLSearchParams: keys, values or [key, value].
class URLSearchParamsIterator {
  #params;
  #kind;
  #index = 0;

  static {
    isParamsIterator = (value) => value !== null && typeof value === 'object' && #params in value;
  }

  constructor(params, kind) {
    this.#params = params;
    this.#kind = kind;
  }

  next() {
    if (!isParamsIterator(this)) throw new ERR_INVALID_THIS('URLSearchParamsIterator');
    const list = listOf(this.#params);
    const index = this.#index;
    if (index >= list.length) return { value: undefined, done: true };
    this.#index = index + 2;
    const kind = this.#kind;
    const value = kind === 'key' ? list[index] : kind === 'value' ? list[index + 1] : [list[index], list[index + 1]];
    return { value, done: false };
  }

  [kCustomInspect](depth, options, inspect) {
    if (!isParamsIterator(this)) throw new ERR_INVALID_THIS('URLSearchParamsIterator');
    if (typeof depth === 'number' && depth < 0) return options.stylize('[Object]', 'special');
    const inner = { ...options };
    if (depth !== null) inner.depth = depth - 1;
    const list = listOf(this.#params);
    const output = [];
    for (let i = this.#index; i < list.length; i += 2) {
      const kind = this.#kind;
      const item = kind === 'key' ? list[i] : kind === 'value' ? list[i + 1] : [list[i], list[i + 1]];
      output.push(inspect(item, inner));
    }
    const body = lengthWithoutColors(output) > options.breakLength ? `\n  ${output.join(',\n  ')}` : ` ${output.join(', ')}`;
    return `${this[Symbol.toStringTag]} {${body} }`;
  }
}

Object.setPrototypeOf(URLSearchParamsIterator.prototype, kIteratorPrototype);
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'URLSearchParams Iterator', writable: false, enumerable: false, configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'URLSearchParams', writable: false, enumerable: false, configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  __proto__: null,
  value: URLSearchParams.prototype.entries, writable: true, enumerable: false, configurable: true,
});

class URL {
  // The URL record (internal/url_parser).
  #url;
  // The serialization, until something changes.
  #href = null;
  // The URLSearchParams, made on first read.
  #searchParams = null;

  static {
    setUrlQuery = (url, query) => {
      url.#url.query = query;
      url.#href = null;
    };
    recordOf = (value) => (value !== null && typeof value === 'object' && #url in value ? value.#url : undefined);
  }

  constructor(input, base = undefined) {
    if (arguments.length === 0) throw new ERR_MISSING_ARGS('url');
    // The parser makes scalar values of what needs it.
    input = `${input}`;
    if (base !== undefined) base = `${base}`;
    const record = parseWithBase(input, base);
    if (record === null) throw invalidUrl(input, base);
    this.#url = record;
  }

  #changed() {
    this.#href = null;
  }

  static parse(input, base = undefined) {
    if (arguments.length === 0) throw new ERR_MISSING_ARGS('url');
    input = `${input}`;
    if (base !== undefined) base = `${base}`;
    return parseWithBase(input, base) === null ? null : new URL(input, base);
  }

  static canParse(input, base = undefined) {
    if (arguments.length === 0) throw new ERR_MISSING_ARGS('url');
    input = `${input}`;
    if (base === undefined) return isCommon(input) || parse(input) !== null;
    return parseWithBase(input, `${base}`) !== null;
  }

  static createObjectURL(obj) {
    const Blob = globalThis.Blob;
    if (typeof Blob !== 'function' || !(obj instanceof Blob)) throw new ERR_INVALID_ARG_TYPE('obj', 'Blob', obj);
    throw new ERR_NOT_AVAILABLE_IN_WORKER('URL.createObjectURL');
  }

  // No blob: URL is ever registered, so there is nothing to revoke.
  static revokeObjectURL(url) {
    if (arguments.length === 0) throw new ERR_MISSING_ARGS('url');
  }

  toString() {
    return this.#serialized();
  }

  // Private methods are brand checks too: on another receiver, href, search,
  // toString and toJSON throw "Receiver must be an instance of class URL",
  // the other accessors "Cannot read private member", as Node's do.
  #brand() {}

  // The href, cached until something changes.
  #serialized() {
    if (this.#href === null) this.#href = serialize(this.#url);
    return this.#href;
  }

  get href() {
    return this.#serialized();
  }

  set href(value) {
    const searchParams = this.#searchParams;
    value = toUSVString(value);
    const record = parse(value);
    if (record === null) {
      const err = new ERR_INVALID_URL();
      err.input = value;
      throw err;
    }
    this.#url = record;
    this.#changed();
    if (searchParams !== null) setParamsList(searchParams, record.query === null ? [] : parseForm(record.query));
  }

  get origin() {
    return serializeOrigin(this.#url);
  }

  get protocol() {
    return `${this.#url.scheme}:`;
  }

  set protocol(value) {
    parse(`${toUSVString(value)}:`, null, this.#url, states.SCHEME_START);
    this.#changed();
  }

  get username() {
    return this.#url.username;
  }

  set username(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.cannotHaveCredentialsOrPort()) return;
    url.username = percentEncode(value, sets.USERINFO);
    this.#changed();
  }

  get password() {
    return this.#url.password;
  }

  set password(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.cannotHaveCredentialsOrPort()) return;
    url.password = percentEncode(value, sets.USERINFO);
    this.#changed();
  }

  get host() {
    const url = this.#url;
    if (url.host === null) return '';
    return url.port === null ? url.host : `${url.host}:${url.port}`;
  }

  set host(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.opaque) return;
    parse(value, null, url, states.HOST);
    this.#changed();
  }

  get hostname() {
    const host = this.#url.host;
    return host === null ? '' : host;
  }

  set hostname(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.opaque) return;
    parse(value, null, url, states.HOSTNAME);
    this.#changed();
  }

  get port() {
    const port = this.#url.port;
    return port === null ? '' : `${port}`;
  }

  set port(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.cannotHaveCredentialsOrPort()) return;
    if (value === '') url.port = null;
    else parse(value, null, url, states.PORT);
    this.#changed();
  }

  get pathname() {
    return this.#url.path;
  }

  set pathname(value) {
    const url = this.#url;
    value = toUSVString(value);
    if (url.opaque) return;
    url.path = '';
    parse(value, null, url, states.PATH_START);
    this.#changed();
  }

  get search() {
    this.#brand();
    const query = this.#url.query;
    return query === null || query === '' ? '' : `?${query}`;
  }

  set search(value) {
    const url = this.#url;
    value = toUSVString(value);
    this.#changed();
    if (value === '') {
      url.query = null;
      if (this.#searchParams !== null) setParamsList(this.#searchParams, []);
      return;
    }
    const input = value.charCodeAt(0) === 0x3f ? value.slice(1) : value;
    url.query = '';
    parse(input, null, url, states.QUERY);
    if (this.#searchParams !== null) setParamsList(this.#searchParams, parseForm(input));
  }

  get searchParams() {
    const url = this.#url;
    if (this.#searchParams === null) {
      const params = new URLSearchParams();
      if (url.query !== null) setParamsList(params, parseForm(url.query));
      linkParams(params, this);
      this.#searchParams = params;
    }
    return this.#searchParams;
  }

  get hash() {
    const fragment = this.#url.fragment;
    return fragment === null || fragment === '' ? '' : `#${fragment}`;
  }

  set hash(value) {
    const url = this.#url;
    value = toUSVString(value);
    this.#changed();
    if (value === '') {
      url.fragment = null;
      return;
    }
    url.fragment = '';
    parse(value.charCodeAt(0) === 0x23 ? value.slice(1) : value, null, url, states.FRAGMENT);
  }

  toJSON() {
    return this.#serialized();
  }

  [kCustomInspect](depth, options, inspect) {
    this.#brand();
    if (typeof depth === 'number' && depth < 0) return this;
    const shown = {
      href: this.href,
      origin: this.origin,
      protocol: this.protocol,
      username: this.username,
      password: this.password,
      host: this.host,
      hostname: this.hostname,
      port: this.port,
      pathname: this.pathname,
      search: this.search,
      searchParams: this.searchParams,
      hash: this.hash,
    };
    const name = (typeof this.constructor === 'function' && this.constructor.name) || 'URL';
    return `${name} ${inspect(shown, options)}`;
  }
}

// The accessors and methods are enumerable, as WebIDL makes them.
for (const Class of [URL, URLSearchParams]) {
  const prototype = Class.prototype;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === 'constructor') continue;
    Object.defineProperty(prototype, key, { __proto__: null, enumerable: true });
  }
}
Object.defineProperty(URL.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'URL', writable: false, enumerable: false, configurable: true,
});
for (const name of ['parse', 'canParse', 'createObjectURL', 'revokeObjectURL']) {
  Object.defineProperty(URL, name, { __proto__: null, enumerable: true });
}

// A WHATWG URL, or an object that looks like one (not a legacy Url): what
// the functions that take a path or a file: URL accept as a URL.
function isURL(value) {
  return Boolean(value !== null && typeof value === 'object' && value.href && value.protocol &&
    value.auth === undefined && value.path === undefined);
}

module.exports = { URL, URLSearchParams, recordOf, isURL };

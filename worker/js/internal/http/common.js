'use strict';
// What the parts of the http module share: the methods and status codes
// Node knows, and Node's checks of header names and values.

const { codes } = internalRequire('internal/errors');

const { ERR_INVALID_HTTP_TOKEN, ERR_HTTP_INVALID_HEADER_VALUE, ERR_INVALID_CHAR } = codes;

// Node 20's http.METHODS: what its parser accepts.
const methods = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH',
  'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH',
  'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK',
  'UNSUBSCRIBE'];

const STATUS_CODES = {
  100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
  300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
  305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
  414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
  418: 'I\'m a Teapot', 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked',
  424: 'Failed Dependency', 425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required',
  429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates',
  507: 'Insufficient Storage', 508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended',
  511: 'Network Authentication Required',
};

const kTokenRe = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const kInvalidHeaderCharRe = /[^\t\x20-\x7e\x80-\xff]/;

function checkIsHttpToken(value) {
  return kTokenRe.test(value);
}

function checkInvalidHeaderChar(value) {
  return kInvalidHeaderCharRe.test(value);
}

function validateHeaderName(name, label = 'Header name') {
  if (typeof name !== 'string' || !name || !checkIsHttpToken(name)) throw new ERR_INVALID_HTTP_TOKEN(label, name);
}

function validateHeaderValue(name, value) {
  if (value === undefined) throw new ERR_HTTP_INVALID_HEADER_VALUE(value, name);
  if (checkInvalidHeaderChar(String(value))) throw new ERR_INVALID_CHAR('header content', name);
}

module.exports = { methods, STATUS_CODES, checkIsHttpToken, checkInvalidHeaderChar, validateHeaderName, validateHeaderValue };

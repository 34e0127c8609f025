'use strict';
// DOMException (WebIDL), as Node 20 exposes it: `new DOMException(message,
// nameOrOptions)`, `name`/`message`/`code` as branded getters on the
// prototype, every legacy code as a constant on the class and on the
// prototype, and an optional `cause`. Instances inherit from Error.prototype
// and carry a captured `stack`, but are plain objects to V8 (not of Error's
// internal type), as Node's are: structuredClone() of one gives `{}`.

// Names whose legacy `code` is not 0, with the constant that names the code.
const kLegacyCodes = [
  ['IndexSizeError', 'INDEX_SIZE_ERR', 1],
  ['DOMStringSizeError', 'DOMSTRING_SIZE_ERR', 2],
  ['HierarchyRequestError', 'HIERARCHY_REQUEST_ERR', 3],
  ['WrongDocumentError', 'WRONG_DOCUMENT_ERR', 4],
  ['InvalidCharacterError', 'INVALID_CHARACTER_ERR', 5],
  ['NoDataAllowedError', 'NO_DATA_ALLOWED_ERR', 6],
  ['NoModificationAllowedError', 'NO_MODIFICATION_ALLOWED_ERR', 7],
  ['NotFoundError', 'NOT_FOUND_ERR', 8],
  ['NotSupportedError', 'NOT_SUPPORTED_ERR', 9],
  ['InUseAttributeError', 'INUSE_ATTRIBUTE_ERR', 10],
  ['InvalidStateError', 'INVALID_STATE_ERR', 11],
  ['SyntaxError', 'SYNTAX_ERR', 12],
  ['InvalidModificationError', 'INVALID_MODIFICATION_ERR', 13],
  ['NamespaceError', 'NAMESPACE_ERR', 14],
  ['InvalidAccessError', 'INVALID_ACCESS_ERR', 15],
  ['ValidationError', 'VALIDATION_ERR', 16],
  ['TypeMismatchError', 'TYPE_MISMATCH_ERR', 17],
  ['SecurityError', 'SECURITY_ERR', 18],
  ['NetworkError', 'NETWORK_ERR', 19],
  ['AbortError', 'ABORT_ERR', 20],
  ['URLMismatchError', 'URL_MISMATCH_ERR', 21],
  ['QuotaExceededError', 'QUOTA_EXCEEDED_ERR', 22],
  ['TimeoutError', 'TIMEOUT_ERR', 23],
  ['InvalidNodeTypeError', 'INVALID_NODE_TYPE_ERR', 24],
  ['DataCloneError', 'DATA_CLONE_ERR', 25],
];

// The WebIDL spec lists these names as historical: they keep their constant
// but a DOMException made with that name has code 0.
const kHistoricalNames = new Set(['DOMStringSizeError', 'NoDataAllowedError', 'ValidationError']);

const codeByName = new Map();
for (const [name, , code] of kLegacyCodes) {
  if (!kHistoricalNames.has(name)) codeByName.set(name, code);
}

// Node throws these from its DOMException with this exact text, not through
// its error-code table.
function invalidThis() {
  const err = new TypeError('Value of "this" must be of DOMException');
  err.code = 'ERR_INVALID_THIS';
  return err;
}

class DOMException {
  #name;
  #message;

  constructor(message = '', options = 'Error') {
    this.#message = `${message}`;
    if (options !== null && typeof options === 'object') {
      this.#name = `${options.name}`;
      if ('cause' in options) {
        Object.defineProperty(this, 'cause', {
          __proto__: null,
          value: options.cause, writable: true, enumerable: false, configurable: true,
        });
      }
    } else {
      this.#name = `${options}`;
    }
    // After the fields: the stack's first line reads "Name: message".
    Error.captureStackTrace(this);
  }

  get name() {
    if (!DOMException.#is(this)) throw invalidThis();
    return this.#name;
  }

  get message() {
    if (!DOMException.#is(this)) throw invalidThis();
    return this.#message;
  }

  get code() {
    if (!DOMException.#is(this)) throw invalidThis();
    return codeByName.get(this.#name) || 0;
  }

  static #is(value) {
    return value !== null && typeof value === 'object' && #name in value;
  }
}

Object.setPrototypeOf(DOMException.prototype, Error.prototype);
Object.defineProperties(DOMException.prototype, {
  [Symbol.toStringTag]: { value: 'DOMException', writable: false, enumerable: false, configurable: true },
  name: { enumerable: true },
  message: { enumerable: true },
  code: { enumerable: true },
});

for (const [, constant, code] of kLegacyCodes) {
  const descriptor = { value: code, writable: false, enumerable: true, configurable: false };
  Object.defineProperty(DOMException, constant, descriptor);
  Object.defineProperty(DOMException.prototype, constant, descriptor);
}

module.exports = DOMException;

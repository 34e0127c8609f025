'use strict';
// DOMException (WebIDL): the error the Web APIs throw, with a name, a
// message and the legacy numeric code that the name implies.

const ErrorCaptureStackTrace = Error.captureStackTrace;
const ObjectDefineProperty = Object.defineProperty;

// The legacy codes, by name and by constant.
const kLegacyCodes = [
  ['IndexSizeError', 'INDEX_SIZE_ERR'],
  ['DOMStringSizeError', 'DOMSTRING_SIZE_ERR'],
  ['HierarchyRequestError', 'HIERARCHY_REQUEST_ERR'],
  ['WrongDocumentError', 'WRONG_DOCUMENT_ERR'],
  ['InvalidCharacterError', 'INVALID_CHARACTER_ERR'],
  ['NoDataAllowedError', 'NO_DATA_ALLOWED_ERR'],
  ['NoModificationAllowedError', 'NO_MODIFICATION_ALLOWED_ERR'],
  ['NotFoundError', 'NOT_FOUND_ERR'],
  ['NotSupportedError', 'NOT_SUPPORTED_ERR'],
  ['InUseAttributeError', 'INUSE_ATTRIBUTE_ERR'],
  ['InvalidStateError', 'INVALID_STATE_ERR'],
  ['SyntaxError', 'SYNTAX_ERR'],
  ['InvalidModificationError', 'INVALID_MODIFICATION_ERR'],
  ['NamespaceError', 'NAMESPACE_ERR'],
  ['InvalidAccessError', 'INVALID_ACCESS_ERR'],
  ['ValidationError', 'VALIDATION_ERR'],
  ['TypeMismatchError', 'TYPE_MISMATCH_ERR'],
  ['SecurityError', 'SECURITY_ERR'],
  ['NetworkError', 'NETWORK_ERR'],
  ['AbortError', 'ABORT_ERR'],
  ['URLMismatchError', 'URL_MISMATCH_ERR'],
  ['QuotaExceededError', 'QUOTA_EXCEEDED_ERR'],
  ['TimeoutError', 'TIMEOUT_ERR'],
  ['InvalidNodeTypeError', 'INVALID_NODE_TYPE_ERR'],
  ['DataCloneError', 'DATA_CLONE_ERR'],
];
const codeByName = new Map(kLegacyCodes.map(([name], i) => [name, i + 1]));

function invalidThis() {
  const err = new TypeError('Value of "this" must be of DOMException');
  err.code = 'ERR_INVALID_THIS';
  return err;
}

class DOMException {
  #name;
  #message;

  constructor(message = '', options = 'Error') {
    ErrorCaptureStackTrace(this);
    this.#message = `${message}`;
    if (options !== null && typeof options === 'object') {
      this.#name = `${options.name}`;
      if ('cause' in options) {
        ObjectDefineProperty(this, 'cause', { value: options.cause, writable: true, enumerable: false, configurable: true });
      }
    } else {
      this.#name = `${options}`;
    }
  }

  get name() {
    if (!(#name in this)) throw invalidThis();
    return this.#name;
  }

  get message() {
    if (!(#message in this)) throw invalidThis();
    return this.#message;
  }

  get code() {
    if (!(#name in this)) throw invalidThis();
    return codeByName.get(this.#name) || 0;
  }
}

Object.setPrototypeOf(DOMException.prototype, Error.prototype);
for (const key of ['name', 'message', 'code']) {
  const descriptor = Object.getOwnPropertyDescriptor(DOMException.prototype, key);
  descriptor.enumerable = true;
  ObjectDefineProperty(DOMException.prototype, key, descriptor);
}
ObjectDefineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
kLegacyCodes.forEach(([, constant], i) => {
  const descriptor = { value: i + 1, writable: false, enumerable: true, configurable: false };
  ObjectDefineProperty(DOMException, constant, descriptor);
  ObjectDefineProperty(DOMException.prototype, constant, descriptor);
});

module.exports = DOMException;

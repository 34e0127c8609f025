// DOMException as Node 20 has it: names and legacy codes, the options form
// with `cause`, the constants, brand checks, its place among errors, and what
// util.inspect and structuredClone make of one.
const util = require('util');

function attempt(label, fn) {
  try {
    console.log(label, 'ok', util.inspect(fn()));
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

const d = new DOMException('m', 'AbortError');
console.log(d.name, d.message, d.code, d instanceof Error, d instanceof DOMException, Object.prototype.toString.call(d));
console.log(String(d), d.toString === Error.prototype.toString, d.stack.split('\n')[0]);
console.log(util.inspect(d).split('\n')[0]);
console.log(util.inspect({ error: new DOMException('inner', 'DataCloneError') }).split('\n')[0]);
console.log(Object.getOwnPropertyNames(DOMException.prototype).join(','));
console.log(Object.getOwnPropertyNames(DOMException).join(','));
console.log(Object.getOwnPropertyNames(d).join(','), Object.keys(d).length);
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(DOMException.prototype, 'ABORT_ERR')),
            JSON.stringify(Object.getOwnPropertyDescriptor(DOMException, 'TIMEOUT_ERR')),
            Object.getOwnPropertyDescriptor(DOMException.prototype, 'name').enumerable);
console.log(DOMException.length, DOMException.name, typeof DOMException);
attempt('call without new', () => DOMException('x'));
attempt('name of the prototype', () => DOMException.prototype.name);
attempt('code of a plain object', () => Object.getOwnPropertyDescriptor(DOMException.prototype, 'code').get.call({}));
console.log(JSON.stringify([new DOMException().message, new DOMException().name, new DOMException().code]));
console.log(new DOMException(undefined, undefined).name, new DOMException(null, null).name, new DOMException(null).message);
console.log(new DOMException('m', {}).name, new DOMException('m', { name: 5 }).name, new DOMException('m', 5).name);
console.log(Object.prototype.hasOwnProperty.call(new DOMException('m', { cause: undefined }), 'cause'),
            Object.prototype.hasOwnProperty.call(new DOMException('m', {}), 'cause'),
            JSON.stringify(Object.getOwnPropertyDescriptor(new DOMException('m', { cause: 1 }), 'cause')));
console.log(new DOMException('m', { name: 'SyntaxError', cause: 'c' }).code);
console.log(new DOMException({ toString() { return 'msg'; } }, { toString() { return 'TimeoutError'; } }).code);
attempt('symbol message', () => new DOMException(Symbol('s')));
class NotFound extends DOMException {
  constructor() {
    super('hi', 'NotFoundError');
  }
}
const x = new NotFound();
console.log(x.name, x.code, x instanceof DOMException, Object.prototype.toString.call(x));
console.log('structuredClone:', util.inspect(structuredClone(d)), structuredClone(d) instanceof DOMException);
const names = ['IndexSizeError', 'DOMStringSizeError', 'HierarchyRequestError', 'WrongDocumentError',
  'InvalidCharacterError', 'NoDataAllowedError', 'NoModificationAllowedError', 'NotFoundError',
  'NotSupportedError', 'InUseAttributeError', 'InvalidStateError', 'SyntaxError', 'InvalidModificationError',
  'NamespaceError', 'InvalidAccessError', 'ValidationError', 'TypeMismatchError', 'SecurityError',
  'NetworkError', 'AbortError', 'URLMismatchError', 'QuotaExceededError', 'TimeoutError',
  'InvalidNodeTypeError', 'DataCloneError', 'EncodingError', 'NotReadableError', 'UnknownError',
  'ConstraintError', 'DataError', 'TransactionInactiveError', 'ReadOnlyError', 'VersionError',
  'OperationError', 'NotAllowedError', 'Error', 'abortError'];
console.log(names.map((n) => `${n}=${new DOMException('', n).code}`).join(' '));
const constants = Object.getOwnPropertyNames(DOMException).filter((k) => /_ERR$/.test(k));
console.log(constants.map((k) => `${k}=${DOMException[k]}`).join(' '));

'use strict';
// URL and URLSearchParams are data properties of the global, as in Node,
// built on first read (listing the global's names builds nothing): the
// classes that require('url') exports; an assignment before the first read
// wins.
const describe = (name) => {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  return `${'get' in d ? 'accessor' : 'data'} enumerable=${d.enumerable} configurable=${d.configurable} writable=${d.writable}`;
};
const names = Object.getOwnPropertyNames(globalThis);
console.log('listed:', names.includes('URL'), names.includes('URLSearchParams'));
// A descriptor is a data descriptor even before the first read (which it is).
console.log('URL seen first:', describe('URL'));
const first = URL;
console.log('URL after:', describe('URL'));
console.log('same class:', first === URL, first === require('url').URL, first.name);
globalThis.URLSearchParams = 'replaced';
console.log('assigned first:', URLSearchParams, describe('URLSearchParams'));
console.log('module keeps the class:', typeof require('url').URLSearchParams, require('url').URLSearchParams.name);

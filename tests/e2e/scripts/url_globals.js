'use strict';
// URL and URLSearchParams are lazy, self-replacing globals: accessors until
// the first read, then data properties holding the same classes that
// require('url') exports; an assignment before the first read wins.
const kind = (name) => {
  const d = Object.getOwnPropertyDescriptor(globalThis, name);
  return `${'get' in d ? 'accessor' : 'data'} enumerable=${d.enumerable} configurable=${d.configurable}`;
};
console.log('URL before:', kind('URL'));
console.log('URLSearchParams before:', kind('URLSearchParams'));
const first = URL;
console.log('URL after:', kind('URL'), 'writable', Object.getOwnPropertyDescriptor(globalThis, 'URL').writable);
console.log('same class:', first === URL, first === require('url').URL, first.name);
globalThis.URLSearchParams = 'replaced';
console.log('assigned first:', URLSearchParams, kind('URLSearchParams'));
console.log('module keeps the class:', typeof require('url').URLSearchParams, require('url').URLSearchParams.name);

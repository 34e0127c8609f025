// The web stream classes are globals, as in Node 20: the same objects as
// stream/web's exports, non-enumerable accessors until first read; a
// transferred stream moves to its copy in structuredClone.
const web = require('stream/web');

const names = Object.keys(web).sort();
console.log(names);
for (const name of names) {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
  console.log(name, typeof descriptor.get, descriptor.enumerable, globalThis[name] === web[name]);
}
console.log(Object.keys(require('node:stream/web')).length === names.length);

const original = new ReadableStream({
  start(c) {
    c.enqueue('moved');
    c.close();
  },
});
const [copy] = structuredClone([original], { transfer: [original] });
console.log(copy instanceof ReadableStream, original.locked);
copy.getReader().read().then((result) => console.log('copy reads', result));

// Waits on shareable memory that nobody will ever notify.
const view = new Int32Array(new SharedArrayBuffer(4));
console.log('waiting');
Atomics.wait(view, 0, 0);
console.log('woke');

// Atomics on shareable memory within one worker: the outcomes and errors
// of Atomics.wait / Atomics.notify, and V8's own for other memory.
const view = new Int32Array(new SharedArrayBuffer(16));
console.log(Atomics.wait(view, 1, 5), Atomics.wait(view, 1, 0, 10), Atomics.wait(view, 1, 0, 0), Atomics.notify(view, 1));
for (const call of [() => Atomics.wait(view, 4, 0), () => Atomics.wait(new Int32Array(4), 0, 0),
                    () => Atomics.wait(new Float64Array(new SharedArrayBuffer(8)), 0, 0), () => Atomics.notify(view, -1)]) {
  try {
    console.log(call());
  } catch (err) {
    console.log(`${err.name}: ${err.message}`);
  }
}
console.log(Atomics.notify(new Int32Array(4), 0), typeof Atomics.wait, Atomics.wait.name, Atomics.notify.length);

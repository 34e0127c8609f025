// Says so, then spins in a later callback: the line leaves with the first
// callback's output, and the worker never looks at its channel again.
console.log('spinning forever');
setTimeout(() => {
  while (true) {}
}, 10);

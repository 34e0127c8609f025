// A 0 ms timer made inside a timer callback that then runs long is not due
// in the same pass of the timers phase: the immediate made beside it runs
// first, as in Node (which fixes "now" for the whole pass).
setTimeout(() => {
  setTimeout(() => console.log('timer'), 0);
  setImmediate(() => console.log('immediate'));
  const start = Date.now();
  while (Date.now() - start < 20) {}  // longer than the new timer's 1 ms
}, 5);

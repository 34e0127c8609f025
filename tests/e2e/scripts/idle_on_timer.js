// Waits on a timer and does nothing else.
setTimeout(() => {}, 200);

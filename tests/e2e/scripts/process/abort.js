// process.abort() ends the worker's process with SIGABRT, after the host has
// what it printed.
console.log('before abort');
process.abort();
console.log('never printed');

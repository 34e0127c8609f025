// process.umask() reads the real mask of the worker's process; setting it is
// refused, as in a Node worker.
console.log(process.umask().toString(8));
try {
  process.umask(0o22);
} catch (err) {
  console.log(err.name, err.code, err.message);
}
console.log(process.umask().toString(8));

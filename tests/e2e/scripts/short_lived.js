// Says it started (with its pid) and exits 300 ms later: under
// `--restart always` it keeps new workers coming.
console.log(`started ${process.pid}`);
setTimeout(() => {}, 300);

// The task function of examples/task_pool: counts the primes below n. It
// yields now and then, so that a cancellation (its AbortSignal) gets in.
function isPrime(i) {
  for (let d = 2; d * d <= i; d++) {
    if (i % d === 0) return false;
  }
  return true;
}

module.exports = async function countPrimes({ n }, { signal }) {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number of at least 0, not ${n}`);
  let primes = 0;
  for (let i = 2; i < n; i++) {
    if (i % 50000 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      signal.throwIfAborted();
    }
    if (isPrime(i)) primes++;
  }
  return { n, primes };
};

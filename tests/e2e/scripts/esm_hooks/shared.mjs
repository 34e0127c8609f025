// Evaluated once in the hooks' module graph and once in the application's.
let calls = 0;
export function count() {
  calls += 1;
  return calls;
}

export function double(x) {
  return 2 * x;
}

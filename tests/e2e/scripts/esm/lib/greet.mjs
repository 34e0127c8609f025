console.log('greet.mjs evaluates first');
export let counter = 0;
export function bump() {
  counter += 1;
}
export const greet = (who) => `hello from ${who}`;

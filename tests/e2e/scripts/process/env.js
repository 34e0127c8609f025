// process.env as Node has it: the host's variables, every value stored as a
// string, delete, `in`, enumeration, and Node's errors for what it refuses.
const env = process.env;
console.log('from host:', env.ISOHOST_E2E_FROM_HOST);
console.log('missing:', env.ISOHOST_E2E_NEVER_SET, 'ISOHOST_E2E_NEVER_SET' in env);

env.E2E_NUMBER = 1;
env.E2E_TRUE = true;
env.E2E_UNDEFINED = undefined;
env.E2E_NULL = null;
env.E2E_OBJECT = { toString: () => 'from toString' };
env[7] = 'seven';
for (const key of ['E2E_NUMBER', 'E2E_TRUE', 'E2E_UNDEFINED', 'E2E_NULL', 'E2E_OBJECT', '7']) {
  console.log(key, typeof env[key], env[key]);
}
env.E2E_NUMBER += 1;
console.log('+= concatenates:', env.E2E_NUMBER);

try {
  env.E2E_SYMBOL = Symbol('no');
} catch (err) {
  console.log('symbol value:', err.constructor.name, err.message);
}
console.log('symbol key:', env[Symbol.iterator], Symbol.iterator in env, delete env[Symbol.iterator]);

console.log('in:', 'E2E_TRUE' in env, 'enumerated:', Object.keys(env).includes('E2E_TRUE'));
console.log('descriptor:', JSON.stringify(Object.getOwnPropertyDescriptor(env, 'E2E_TRUE')));
console.log('delete:', delete env.E2E_TRUE, 'E2E_TRUE' in env, env.E2E_TRUE, Object.keys(env).includes('E2E_TRUE'));
console.log('prototype still answers:', typeof env.hasOwnProperty, 'toString' in env);

for (const descriptor of [{ get: () => 'x', configurable: true, enumerable: true }, { value: 'x' }]) {
  try {
    Object.defineProperty(env, 'E2E_DEFINED', descriptor);
  } catch (err) {
    console.log('defineProperty:', err.code, err.message);
  }
}
Object.defineProperty(env, 'E2E_DEFINED', { value: 42, writable: true, enumerable: true, configurable: true });
console.log('defined:', typeof env.E2E_DEFINED, env.E2E_DEFINED);

const copy = JSON.parse(JSON.stringify(env));
console.log('JSON copy:', copy.E2E_OBJECT, copy.ISOHOST_E2E_FROM_HOST);

process.env = { E2E_REPLACED: 1 };
console.log('replaced by a plain object:', typeof process.env.E2E_REPLACED);

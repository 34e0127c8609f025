// Reads the crypto global once; the accessor has become a data property.
const first = crypto;
console.log(typeof first.getRandomValues, Object.getOwnPropertyDescriptor(globalThis, 'crypto').value === first,
  Object.keys(globalThis).includes('crypto'));

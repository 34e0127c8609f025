// Touches the global Buffer, which is built on first read.
const before = typeof Object.getOwnPropertyDescriptor(globalThis, 'Buffer').get;
Buffer.from('x');
const after = typeof Object.getOwnPropertyDescriptor(globalThis, 'Buffer').get;
process.stdout.write(`${before} ${after}\n`);

// Allocates until the heap limit.
console.log('allocating');
const hoard = [];
for (;;) hoard.push(new Array(100000).fill({ x: Math.random() }));

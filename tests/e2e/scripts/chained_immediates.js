// N chained setImmediate callbacks after a touch of process.nextTick given by
// argv[3]: 'call' schedules one tick, 'read' only reads the property.
const n = Number(process.argv[2]);
const mode = process.argv[3];
if (mode === 'call') process.nextTick(() => {});
if (mode === 'read') void process.nextTick;
let left = n;
function step() {
  if (--left > 0) setImmediate(step);
}
setImmediate(step);

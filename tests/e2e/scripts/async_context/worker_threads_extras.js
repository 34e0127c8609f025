// worker_threads beyond the port: the real heap limits, environment data
// that starts empty, and untransferable buffers copied by structuredClone.
const wt = require('worker_threads');

const { maxYoungGenerationSizeMb, maxOldGenerationSizeMb } = wt.resourceLimits;
console.log(`limits young=${maxYoungGenerationSizeMb} old=${maxOldGenerationSizeMb}`);
console.log('environmentData', wt.getEnvironmentData('k'));
wt.setEnvironmentData('k', { a: 1 });
console.log('set', JSON.stringify(wt.getEnvironmentData('k')));
wt.setEnvironmentData('k', undefined);
console.log('deleted', wt.getEnvironmentData('k'));

const kept = new ArrayBuffer(8);
const moved = new ArrayBuffer(8);
wt.markAsUntransferable(kept);
console.log('marked', wt.isMarkedAsUntransferable(kept), wt.isMarkedAsUntransferable(moved));
structuredClone([kept, moved], { transfer: [kept, moved] });
console.log('after transfer', kept.byteLength, moved.byteLength);

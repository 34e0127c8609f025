'use strict';
// v8's questions to this isolate (heap and code statistics, the code
// cache's tag) and setFlagsFromString, which changes this worker's V8 only.
const v8 = require('v8');

const describeError = (fn) => {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return `${error.name} ${error.code} ${error.message}`;
  }
};
// The module's names, in Node's order.
console.log(Object.keys(v8).join(' '));

const shape = (object) => Object.entries(object).map(([key, value]) => `${key}:${typeof value}`).join(' ');

const heap = v8.getHeapStatistics();
console.log(shape(heap));
console.log(heap.used_heap_size > 0, heap.used_heap_size <= heap.total_heap_size, heap.heap_size_limit > 0);
const spaces = v8.getHeapSpaceStatistics();
console.log(['new_space', 'old_space', 'code_space'].every((name) => spaces.some((s) => s.space_name === name)));
console.log(shape(spaces[0]));
console.log(spaces.every((s) => s.space_used_size <= s.space_size));
console.log(shape(v8.getHeapCodeStatistics()));
const tag = v8.cachedDataVersionTag();
console.log(Number.isInteger(tag), tag === v8.cachedDataVersionTag());

// A flag V8 reads as it goes: natives syntax, on and off again.
v8.setFlagsFromString('--allow_natives_syntax');
console.log(eval('%IsSmi(42)'));
v8.setFlagsFromString('--noallow_natives_syntax');
console.log(describeError(() => eval('%IsSmi(43)')));
// Unknown flags are V8's to ignore.
v8.setFlagsFromString('--no-such-flag-at-all');
for (const bad of [1, undefined, null, {}]) console.log(describeError(() => v8.setFlagsFromString(bad)));

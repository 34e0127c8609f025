'use strict';
// The stack of assert.ifError()'s error: the frames of the ifError call down
// to the first frame it shares with the original error, then the original's
// frames; an original stack without frames is left out. Only the frames of
// this file are printed (by function name), since the runtime's differ.
const assert = require('assert');

function frames(stack) {
  return stack.split('\n').filter((line) => line.includes(__filename))
    .map((line) => line.trim().replace(/ \(.*\)$/, '').replace(/:\d+:\d+$/, ''));
}

function check(title, value) {
  try {
    assert.ifError(value);
  } catch (err) {
    console.log(`${title}: ${err.stack.split('\n')[0]}`);
    console.log(`  ${frames(err.stack).join(' | ') || '(no frames of this file)'}`);
    console.log(`  keeps foreign lines: ${err.stack.includes('not a frame')}`);
  }
}

let made;
(function a() { (function b() { made = new Error('made in b'); })(); })();
(function x() { (function y() { check('nested calls', made); })(); })();

const noFrames = new Error('no frames');
noFrames.stack = 'Error: no frames\nnot a frame\nnot a frame either';
check('stack without frames', noFrames);

check('plain object', { message: 'plain', stack: 'Plain: plain\n    at elsewhere (/nowhere.js:1:1)' });
check('stack not a string', { message: 'odd', stack: 42 });

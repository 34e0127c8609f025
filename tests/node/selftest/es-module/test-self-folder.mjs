// A file of another folder of test/ than parallel: it finds the common module
// and a sibling of its own folder, which the runner copies with it.
import '../common/index.mjs';
import assert from 'assert';
import { answer } from './sibling.mjs';

assert.strictEqual(answer, 42);

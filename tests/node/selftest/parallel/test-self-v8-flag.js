// Flags: --expose-gc
'use strict';
// Passes under both runtimes when V8 flags reach the worker.
require('../common');
if (typeof globalThis.gc !== 'function') throw new Error('--expose-gc did not reach V8');
globalThis.gc();

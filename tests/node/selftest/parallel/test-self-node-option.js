// Flags: --pending-deprecation
'use strict';
// Passes under both runtimes when Node's own options reach the worker.
require('../common');
if (!process.execArgv.includes('--pending-deprecation')) throw new Error('--pending-deprecation did not arrive');

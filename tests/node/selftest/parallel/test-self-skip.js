'use strict';
// Skips itself under both runtimes.
const common = require('../common');
common.skip('nothing to see');
throw new Error('skip() returned');

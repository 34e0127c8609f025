'use strict';
// Passes under Node, fails under Isohost: a worker is not the main thread.
const common = require('../common');
if (common.isMainThread !== require('worker_threads').isMainThread) {
  throw new Error('common.isMainThread disagrees with worker_threads');
}
if (!common.isMainThread) throw new Error('runs in a worker');

'use strict';
process.nextTick(() => {
  throw new Error('boom from a tick');
});

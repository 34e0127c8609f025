// The worker waits for a test that ends 300 ms later, then passes.
'use strict';
const { test } = require('node:test');
const started = Date.now();
test('waits', async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  console.log(`waited ${Date.now() - started >= 290}`);
});
console.log('declared');

// A relative specifier without a parent URL is resolved from 'data:', which
// cannot be: register() fails with Node's error.
const { register } = require('node:module');

process.on('uncaughtException', (err) => console.log(`uncaught: ${err.code} ${err.message}`));
register('./virtual_hooks.mjs');

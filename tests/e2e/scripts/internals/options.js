// internal/options: the Node options the worker was started with.
const { getOptionValue } = require('internal/options');
console.log(getOptionValue('--expose-internals'), getOptionValue('--no-deprecation'),
            getOptionValue('--warnings'), JSON.stringify(getOptionValue('--require')),
            getOptionValue('--input-type'), getOptionValue('--trace-warnings'));

require('./a.mjs');

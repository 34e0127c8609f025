const helper = require('./lib/helper');
console.log(helper.greet('cjs'), __filename.endsWith('require_main.js'), require('./lib/data.json').answer);

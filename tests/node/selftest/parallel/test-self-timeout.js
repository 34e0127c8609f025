'use strict';
// Never ends: the runner's time limit must stop it.
require('../common');
setInterval(() => {}, 1000);

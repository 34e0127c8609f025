// Flags: --expose-internals
'use strict';
// Not run under Isohost: the flag is Node's own.
require('../common');

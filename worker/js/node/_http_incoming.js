'use strict';
// require('_http_incoming'): Node's internal name for http's IncomingMessage.
module.exports = { IncomingMessage: internalRequire('node/http').IncomingMessage };

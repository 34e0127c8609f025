'use strict';
// require('_http_client'): Node's internal name for http's ClientRequest.
module.exports = { ClientRequest: internalRequire('node/http').ClientRequest };

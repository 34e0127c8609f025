'use strict';
// require('_http_server'): Node's internal name for http's server side.
const http = internalRequire('node/http');

module.exports = {
  STATUS_CODES: http.STATUS_CODES,
  Server: http.Server,
  ServerResponse: http.ServerResponse,
  _connectionListener: http._connectionListener,
};

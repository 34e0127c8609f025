'use strict';
// require('_http_outgoing'): Node's internal name for http's OutgoingMessage.
const http = internalRequire('node/http');

module.exports = {
  OutgoingMessage: http.OutgoingMessage,
  validateHeaderName: http.validateHeaderName,
  validateHeaderValue: http.validateHeaderValue,
};

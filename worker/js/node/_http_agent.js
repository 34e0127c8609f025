'use strict';
// require('_http_agent'): Node's internal name for the Agent of http.
const http = internalRequire('node/http');

module.exports = { Agent: http.Agent };
Object.defineProperty(module.exports, 'globalAgent', {
  __proto__: null, configurable: true, enumerable: true,
  get() { return http.globalAgent; },
  set(value) { http.globalAgent = value; },
});

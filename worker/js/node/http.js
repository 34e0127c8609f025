'use strict';
// require('http'): HTTP/1.1 servers and clients over net (internal/http/:
// the parser, messages, server, client and agent).

const { methods, STATUS_CODES, validateHeaderName, validateHeaderValue } = internalRequire('internal/http/common');
const { IncomingMessage } = internalRequire('internal/http/incoming');
const { OutgoingMessage } = internalRequire('internal/http/outgoing');
const { Server, ServerResponse, createServer, _connectionListener } = internalRequire('internal/http/server');
const { ClientRequest, request, get } = internalRequire('internal/http/client');
const agent = internalRequire('internal/http/agent');
const { validateInteger } = internalRequire('internal/validators');
const { callable } = internalRequire('internal/net/callable');

module.exports = {
  _connectionListener,
  METHODS: methods.slice().sort(),
  STATUS_CODES,
  Agent: callable(agent.Agent),
  ClientRequest: callable(ClientRequest),
  IncomingMessage: callable(IncomingMessage),
  OutgoingMessage: callable(OutgoingMessage),
  Server: callable(Server),
  ServerResponse: callable(ServerResponse),
  createServer,
  validateHeaderName,
  validateHeaderValue,
  get,
  request,
  setMaxIdleHTTPParsers(max) {
    validateInteger(max, 'max', 1);
  },
  maxHeaderSize: 16384,
};

Object.defineProperty(module.exports, 'globalAgent', {
  __proto__: null,
  configurable: true,
  enumerable: true,
  get() {
    return agent.globalAgent;
  },
  set(value) {
    agent.globalAgent = value;
  },
});

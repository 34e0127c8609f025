'use strict';
// require('_http_common'): the checks and constants Node's http modules
// share, under Node's internal names.
const common = internalRequire('internal/http/common');
const { HTTPParser } = internalRequire('internal/http/parser');

module.exports = {
  _checkInvalidHeaderChar: common.checkInvalidHeaderChar,
  _checkIsHttpToken: common.checkIsHttpToken,
  chunkExpression: /(?:^|\W)chunked(?:$|\W)/i,
  continueExpression: /(?:^|\W)100-continue(?:$|\W)/i,
  CRLF: '\r\n',
  HTTPParser,
  methods: common.methods.slice().sort(),
};

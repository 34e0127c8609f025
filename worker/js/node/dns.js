'use strict';
// require('dns'): lookup() through the system resolver
// (internal/net/lookup.js); the DNS-protocol functions (resolve*, reverse,
// Resolver) are not offered and throw ERR_NOT_AVAILABLE_IN_WORKER, as the
// module's stub does (internal/modules/unavailable.js).

const dns = internalRequire('internal/modules/unavailable').create('dns', () => internalRequire('node/dns/promises'));
const { lookup } = internalRequire('internal/net/lookup');

dns.lookup = lookup;
dns.getDefaultResultOrder = () => 'verbatim';

module.exports = dns;

'use strict';
// require('dns/promises'): lookup() as a promise (internal/net/lookup.js);
// the DNS-protocol functions throw ERR_NOT_AVAILABLE_IN_WORKER.

const dns = internalRequire('internal/modules/unavailable').create('dns/promises', () => undefined);
dns.lookup = internalRequire('internal/net/lookup').lookupPromise;

module.exports = dns;

'use strict';
// url.parse() twice and punycode: deprecated (DEP0169, DEP0040), and warned
// about only under NODE_PENDING_DEPRECATION=1, as in Node 20.
require('url').parse('http://a/');
require('url').parse('http://b/');
console.log(require('punycode').encode('ü'));

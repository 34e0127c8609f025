'use strict';
// The parser takes the common URL in one match (URL.canParse in one test)
// and everything else through the standard's state machine. A leading space sends any input down the
// state machine (which strips it), so the two must agree on every input
// here, and on the real URLs. Prints "compared N, differ M" and the first
// differences; exits 1 if any.
const kAttributes = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname',
  'search', 'hash'];

const inputs = [];
const schemes = ['http://', 'https://', 'ws://', 'wss://', 'ftp://', 'HTTP://', 'http:/', 'file://', 'foo://'];
const hosts = ['a.com', 'A.com', '1.2.3.4', 'a.1', 'a.0x1', 'a.b.', 'xn--zca.com', 'xn--a.com', 'a..b', 'a_b',
  "a!$&'()*+,;=b", '-', '~', 'x.com:80', 'x.com:443', 'x.com:21', 'x.com:0', 'x.com:65535', 'x.com:65536',
  'x.com:00080', 'x:99999', 'u:p@h', '%41.com', '[::1]', 'ü.com', 'u@h', ':p@h', '@h', 'u:@h', 'a%40b:c%@h',
  'u;x@h', 'u:p=q@h', 'U~.-_!:P*(),+@h', 'u:p@q@h', 'u:p@h:8080', '0.0.0.0', '255.255.255.255', '1.2.3.256',
  '01.2.3.4', '1.2.3', '1.2.3.4.', '1.2.3.09', '10.0.0.1:80'];
const paths = ['', '/', '/a/./b', '/a/../b', '/.x', '/%2E%2e', '/a b', '/a^b', "/a|b[c]~:;=@'()*+,!$&", '//', '/é',
  '/a\\b', '/C|/x', '/C:/x', '/c|', '/C:/..', '/a/C|'];
const queries = ['', '?', '?a=b&c', "?'", '?a b', '?^`{|}\\#?', '?é'];
const fragments = ['', '#', '#a#b', '#`', "#a b'\\^{|}", '#é'];
for (const scheme of schemes) {
  for (const host of hosts) {
    for (const path of paths) {
      for (const query of queries) {
        for (const fragment of fragments) inputs.push(scheme + host + path + query + fragment);
      }
    }
  }
}
if (process.argv[2]) inputs.push(...require(process.argv[2]));

function describe(input) {
  const canParse = `canParse ${URL.canParse(input)}\n`;
  try {
    const url = new URL(input);
    return canParse + kAttributes.map((name) => url[name]).join('\n');
  } catch (err) {
    return `${canParse}throws ${err.code}`;
  }
}

let differ = 0;
for (const input of inputs) {
  const common = describe(input);
  const general = describe(` ${input}`);
  if (common !== general) {
    if (differ++ < 10) console.log('differ:', JSON.stringify(input), JSON.stringify(common), JSON.stringify(general));
  }
}
console.log(`compared ${inputs.length}, differ ${differ}`);
process.exitCode = differ === 0 ? 0 : 1;

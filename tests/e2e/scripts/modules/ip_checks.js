const net = require('net'); const dns = require('dns');
for (const a of ['1.2.3.4','01.2.3.4','256.1.1.1','::1','::','1::','fe80::1%eth0','::ffff:1.2.3.4','1:2:3:4:5:6:7:8','1:2:3:4:5:6:7:8:9','1::2::3','x', '', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', ':1', '1:'])
  console.log(JSON.stringify(a), net.isIP(a));
for (const args of [['x', 0, () => {}], ['1.2.3.4', 70000, () => {}], ['1.2.3.4', 0]]) {
  try { dns.lookupService(...args); } catch (e) { console.log(e.code, e.message); }
}
try { require('dns/promises').lookupService('fasdfdsaf', 0) } catch (e) { console.log(e.code, e.message); }

// The network from inside a sandbox: dns.lookup('localhost'), a TCP server
// on a loopback port and a connect to it (both through net, as a script
// would), then sockets made natively, past the JS checks: each family and
// type the seccomp filter judges. Prints one JSON object of results: an
// error's code and permission, or what came back; natively, a descriptor
// (>= 0) or -errno.
'use strict';
const dns = require('dns');
const net = require('net');
const probe = require('internal/test/binding').internalBinding('sandbox_probe');

const results = {};
const failure = (err) => ({ code: err.code, permission: err.permission });

const SYS_socket = 41;
const SYS_socketpair = 53;
const AF = { UNIX: 1, INET: 2, INET6: 10, NETLINK: 16, PACKET: 17, VSOCK: 40 };
const SOCK = { STREAM: 1, DGRAM: 2, RAW: 3, SEQPACKET: 5, NONBLOCK: 0o4000 };
const native = (domain, type, protocol = 0) => probe.syscall(SYS_socket, domain, type, protocol);
results.nativeTcp = native(AF.INET, SOCK.STREAM | SOCK.NONBLOCK) >= 0;
results.nativeUdp6 = native(AF.INET6, SOCK.DGRAM) >= 0;
results.nativeUnix = native(AF.UNIX, SOCK.STREAM);
results.nativeUnixDgram = native(AF.UNIX, SOCK.DGRAM);
results.nativeRaw = native(AF.INET, SOCK.RAW, 1);
results.nativeNetlink = native(AF.NETLINK, SOCK.RAW, 0);
results.nativePacket = native(AF.PACKET, SOCK.RAW, 0);
results.nativeVsock = native(AF.VSOCK, SOCK.STREAM);
// A pair's address is in memory the filter reads not: the result tells
// only whether the call was let through (EFAULT) or refused (EPERM).
results.pairStream = probe.syscall(SYS_socketpair, AF.UNIX, SOCK.STREAM, 0, 0);
results.pairDgram = probe.syscall(SYS_socketpair, AF.UNIX, SOCK.DGRAM, 0, 0);

dns.lookup('localhost', (err, address) => {
  results.lookup = err ? failure(err) : { address };
  const server = net.createServer((socket) => socket.end('hello'));
  server.on('error', (err) => {
    results.listen = failure(err);
    const socket = net.connect(9, '127.0.0.1');
    socket.on('error', (err) => {
      results.connect = failure(err);
      console.log(JSON.stringify(results));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    results.listen = { listening: true };
    const socket = net.connect(server.address().port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => { data += chunk; });
    socket.on('end', () => {
      results.connect = { data };
      server.close();
      console.log(JSON.stringify(results));
    });
  });
});

// A TCP server and client in one worker: listen on an ephemeral port, echo,
// half-close, large writes with back-pressure, addresses and counters.
const net = require('net');
const assert = require('assert');

const server = net.createServer({ allowHalfOpen: true }, (socket) => {
  let received = 0;
  socket.on('data', (chunk) => { received += chunk.length; });
  socket.on('end', () => {
    console.log('server: client ended after', received, 'bytes');
    socket.end(`got ${received}`);
  });
  socket.on('close', (hadError) => console.log('server: socket closed', hadError));
});
server.on('listening', () => console.log('listening event'));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log('address:', address.address, address.family, address.port > 0);
  const client = net.connect({ port: address.port, host: 'localhost' }, () => {
    console.log('connected:', client.remoteAddress, client.remotePort === address.port, client.localAddress);
    client.setNoDelay(true);
    client.setKeepAlive(true, 1000);
    const chunk = Buffer.alloc(1 << 20, 'x');
    let writes = 0;
    let sawFull = false;
    const writeMore = () => {
      while (writes < 16) {
        writes++;
        if (!client.write(chunk)) {
          sawFull = true;
          client.once('drain', writeMore);
          return;
        }
      }
      console.log('back-pressure seen:', sawFull);
      client.end();
    };
    writeMore();
  });
  let reply = '';
  client.setEncoding('utf8');
  client.on('data', (text) => { reply += text; });
  client.on('end', () => console.log('client: reply', reply));
  client.on('close', (hadError) => {
    console.log('client: closed', hadError, client.bytesWritten, client.bytesRead);
    server.close(() => console.log('server closed'));
    server.getConnections((err, count) => console.log('connections:', err, count));
  });
});
assert.strictEqual(net.isIP('::1'), 6);
assert.strictEqual(net.isIP('127.0.0.1'), 4);
assert.strictEqual(net.isIP('::ffff:1.2.3.4'), 6);
assert.strictEqual(net.isIP('1::2::3'), 0);
assert.strictEqual(net.isIPv4('256.0.0.1'), false);
assert.strictEqual(net.isIPv6('fe80::1%eth0'), true);
assert.strictEqual(net.isIP('localhost'), 0);

// What net does with bad input: Node's errors, and the worker goes on.
const net = require('net');

function show(label, fn) {
  try {
    fn();
    console.log(label, 'did not throw');
  } catch (e) {
    console.log(label, '->', e.name, e.code, e.message);
  }
}
show('connect(-1)', () => net.connect(-1));
show('connect(70000)', () => net.connect({ port: 70000 }));
show('connect({port: {}})', () => net.connect({ port: {} }));
show('connect({})', () => net.connect({}));
show('listen(-5)', () => net.createServer().listen(-5));
const twice = net.createServer();
show('listen twice', () => twice.listen(0).listen(0));
twice.close();
show('setTimeout(-1)', () => new net.Socket().setTimeout(-1));

// Connection refused: a port that was free a moment ago.
const probe = net.createServer().listen(0, '127.0.0.1', () => {
  const { port } = probe.address();
  probe.close(() => {
    const client = net.connect(port, '127.0.0.1');
    client.on('error', (e) => {
      console.log('refused:', e.message === `connect ECONNREFUSED 127.0.0.1:${port}`, e.code, e.errno, e.syscall,
                  e.address, e.port === port);
      inUse();
    });
    client.on('close', (hadError) => console.log('refused socket closed', hadError));
  });
});

// Address in use, write after end, a server closed twice.
function inUse() {
  const first = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = first.address();
    const second = net.createServer().listen(port, '127.0.0.1');
    second.on('error', (e) => {
      console.log('in use:', e.message === `listen EADDRINUSE: address already in use 127.0.0.1:${port}`, e.code,
                  e.syscall, e.address, e.port === port);
      first.close();
      first.close((err) => console.log('second close:', err.code, err.message));
      writeAfterEnd();
    });
  });
}

function writeAfterEnd() {
  const server = net.createServer((socket) => socket.resume()).listen(0, () => {
    const client = net.connect(server.address().port, () => {
      client.end('bye');
      client.write('more', (err) => console.log('write callback:', err.code));
      client.on('error', (e) => console.log('write after end:', e.code, e.message));
      client.on('close', () => server.close(() => console.log('done')));
    });
  });
  server.unref();
}
// An unref'd server that listens keeps nothing alive on its own.
net.createServer().listen(0).unref();

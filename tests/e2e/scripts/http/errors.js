// What http does with bad input: Node's errors and answers, and the worker
// goes on.
const http = require('http');
const net = require('net');

function show(label, fn) {
  try {
    fn();
    console.log(label, 'did not throw');
  } catch (e) {
    console.log(label, '->', e.name, e.code, e.message);
  }
}

show('https: protocol', () => http.request('https://localhost/'));
show('bad method', () => http.request({ method: 'BAD METHOD', port: 1 }));
show('unescaped path', () => http.request({ path: '/a b', port: 1 }));
show('bad agent', () => http.request({ agent: 5, port: 1 }));

const server = http.createServer((req, res) => {
  show('bad header name', () => res.setHeader('bad name', 'x'));
  show('bad header value', () => res.setHeader('x-ok', 'a\nb'));
  show('undefined header value', () => res.setHeader('x-ok', undefined));
  show('bad status', () => res.writeHead(1000));
  res.end('ok');
  show('header after send', () => res.setHeader('x-late', '1'));
  res.write('more', (err) => console.log('write after end callback:', err.code));
  res.on('error', (err) => console.log('write after end:', err.code));
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  http.get({ port, host: '127.0.0.1', agent: false }, (res) => {
    res.resume();
    res.on('end', () => raw(port, 'GARBAGE / HTTP/1.1\r\n\r\n', () =>
      raw(port, 'GET / HTTP/1.1\r\nbad header\r\n\r\n', () =>
        raw(port, 'POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n', () =>
          raw(port, `GET / HTTP/1.1\r\nX-Big: ${'x'.repeat(20000)}\r\n\r\n`, clientError)))));
  });
});

// A raw socket writes `text`; prints the server's answer.
function raw(port, text, next) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => { answer += chunk; });
  socket.on('error', () => {});
  socket.on('close', () => {
    console.log('raw answer:', JSON.stringify(answer.split('\r\n')[0]));
    next();
  });
}

function clientError() {
  server.on('clientError', (err, socket) => {
    console.log('clientError:', err.code, err.message, err.bytesParsed >= 0, Buffer.isBuffer(err.rawPacket));
    socket.end('HTTP/1.1 400 Custom\r\n\r\n');
  });
  raw(server.address().port, 'GET / HTTP/9.9\r\n\r\n', () => {
    server.close(() => refused(server.address() === null));
  });
}

function refused(closed) {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => {
      const req = http.get({ port, host: '127.0.0.1' });
      req.on('error', (e) => console.log('refused:', closed, e.code, e.message === `connect ECONNREFUSED 127.0.0.1:${port}`));
      req.on('close', () => hangUp());
    });
  });
}

// A server that closes without answering: 'socket hang up'.
function hangUp() {
  const silent = net.createServer((socket) => socket.destroy()).listen(0, '127.0.0.1', () => {
    const req = http.get({ port: silent.address().port, host: '127.0.0.1', agent: false });
    req.on('error', (e) => {
      console.log('hang up:', e.code, e.message);
      silent.close();
    });
  });
}

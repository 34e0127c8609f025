// An HTTP server and client in one worker: headers, chunked and
// Content-Length bodies, HEAD and 204, keep-alive reuse through an Agent.
const http = require('http');

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (text) => { body += text; });
  req.on('end', () => {
    if (req.url === '/chunked') {
      res.setHeader('X-Removed', 'gone');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.removeHeader('x-removed');
      console.log('server headers:', JSON.stringify(res.getHeaderNames()), res.getHeader('set-cookie'), res.hasHeader('X-Removed'));
      res.write('part one, ');
      res.end('part two');
    } else if (req.url === '/length') {
      res.writeHead(200, 'Fine', { 'Content-Type': 'text/plain', 'Content-Length': 5 });
      res.end('12345');
    } else if (req.url === '/empty') {
      res.statusCode = 204;
      res.end();
    } else {
      res.end(`${req.method} ${req.url} ${req.httpVersion} body=${body} te=${req.headers['transfer-encoding']} cl=${req.headers['content-length']}`);
    }
  });
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function fetch(options, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ port: server.address().port, agent, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ res, text, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

server.listen(0, 'localhost', async () => {
  let r = await fetch({ path: '/chunked' });
  console.log('chunked:', r.res.statusCode, r.res.headers['transfer-encoding'], r.res.headers['set-cookie'], r.text);
  r = await fetch({ path: '/length' });
  console.log('length:', r.res.statusCode, r.res.statusMessage, r.res.headers['content-length'], r.res.headers['content-type'], r.text, 'reused', r.reused);
  r = await fetch({ path: '/echo', method: 'POST' }, 'streamed');
  console.log('post:', r.text);
  r = await fetch({ path: '/echo', method: 'PUT', headers: { 'Content-Length': 3 } }, 'abc');
  console.log('put:', r.text);
  r = await fetch({ path: '/length', method: 'HEAD' });
  console.log('head:', r.res.statusCode, r.res.headers['content-length'], JSON.stringify(r.text));
  r = await fetch({ path: '/empty' });
  console.log('204:', r.res.statusCode, JSON.stringify(r.text), r.res.headers['content-length']);
  const name = Object.keys(agent.freeSockets)[0];
  await new Promise((resolve) => setImmediate(resolve));
  console.log('pool:', Object.keys(agent.sockets).length, agent.freeSockets[Object.keys(agent.freeSockets)[0]].length, name.endsWith(`:${server.address().port}:`));
  const closed = new Promise((resolve) => server.close(resolve));
  agent.destroy();
  await closed;
  console.log('METHODS:', http.METHODS.length, http.METHODS.includes('PATCH'), http.STATUS_CODES[418], http.STATUS_CODES[404]);
});

// Each request's callbacks and its response's events run in the
// AsyncLocalStorage context of the http.request() call, also when the agent
// hands the next request a socket that an earlier one opened.
const http = require('http');
const { AsyncLocalStorage } = require('async_hooks');

const als = new AsyncLocalStorage();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.write('a'.repeat(100000));
    setImmediate(() => res.end('b'));
  });
});

const seen = [];
function check(name, where) {
  const store = als.getStore();
  if (store !== name) seen.push(`${where}: expected ${name}, got ${store}`);
}

server.listen(0, () => {
  let pending = 3;
  for (const name of ['first', 'second', 'third']) {
    als.run(name, () => {
      const req = http.request({ port: server.address().port, agent, method: 'POST' }, (res) => {
        check(name, 'response');
        res.on('data', () => check(name, 'data'));
        res.on('end', () => {
          check(name, 'end');
          setImmediate(() => {
            check(name, 'immediate');
            console.log(name, 'done, reused socket:', req.reusedSocket);
            if (--pending === 0) {
              console.log('mismatches:', seen.length === 0 ? 'none' : seen);
              agent.destroy();
              server.close();
            }
          });
        });
      });
      req.on('socket', () => check(name, 'socket'));
      req.on('finish', () => check(name, 'finish'));
      req.end(name);
    });
  }
});

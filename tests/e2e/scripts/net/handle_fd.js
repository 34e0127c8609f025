'use strict';
// A listening server's handle has `fd`, a number, as Node's handles do: the
// socket's descriptor, which fs can look at.
const fs = require('fs');
const net = require('net');

const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  const { fd } = server._handle;
  console.log(typeof fd, Number.isInteger(fd) && fd > 2, fs.fstatSync(fd).isSocket());
  console.log(Object.getOwnPropertyNames(server._handle).includes('fd'), 'fd' in server._handle);
  server.close(() => console.log('closed', server._handle));
});

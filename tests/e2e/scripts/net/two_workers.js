// Two workers over localhost: this one serves, and a second worker (the
// script run again through process.execPath, as a client) connects to it.
const net = require('net');
const { execFile } = require('child_process');

if (process.argv[2] === 'client') {
  const socket = net.connect(Number(process.argv[3]), 'localhost', () => socket.end('ping from client'));
  socket.setEncoding('utf8');
  socket.on('data', (text) => console.log('client got:', text));
} else {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('data', (text) => {
      console.log('server got:', text);
      socket.end('pong from server');
    });
    socket.on('close', () => server.close());
  });
  server.listen(0, () => {
    execFile(process.execPath, [__filename, 'client', String(server.address().port)], (err, stdout, stderr) => {
      console.log('client exited:', err === null ? 0 : err.code, stderr);
      process.stdout.write(stdout);
    });
  });
}

// Two workers over localhost: this one serves HTTP, and a second worker
// (the script run again through process.execPath) is the client.
const http = require('http');
const { execFile } = require('child_process');

if (process.argv[2] === 'client') {
  const body = JSON.stringify({ from: 'client' });
  const req = http.request({ port: Number(process.argv[3]), method: 'POST', path: '/api',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => { text += chunk; });
    res.on('end', () => console.log('client got:', res.statusCode, res.headers['content-type'], text));
  });
  req.end(body);
} else {
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => {
      console.log('server got:', req.method, req.url, req.headers['content-type'], text);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ echo: JSON.parse(text) }));
    });
  });
  server.listen(0, () => {
    execFile(process.execPath, [__filename, 'client', String(server.address().port)], (err, stdout, stderr) => {
      console.log('client exited:', err === null ? 0 : err.code, stderr);
      process.stdout.write(stdout);
      server.close();
    });
  });
}

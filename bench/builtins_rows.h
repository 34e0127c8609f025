// The rows of bench/builtins: each is a JavaScript snippet that both
// runtimes run in the same generated worker file. `setup` runs once and may
// declare constants; `op` is one call, timed in a loop. An `async` row's op
// gives a promise, and each call is awaited; its `before` (statements, may
// await) runs untimed ahead of each call. To add a row, add a line here.
#ifndef ISOHOST_BENCH_BUILTINS_ROWS_H_
#define ISOHOST_BENCH_BUILTINS_ROWS_H_

namespace isohost::bench {

struct BuiltinRow {
  const char* name;
  const char* setup;
  const char* op;
  bool async = false;
  const char* before = nullptr;
};

// Shared inputs: `ascii(n)` is n bytes of ASCII text, `bytes(n)` n bytes
// that look random (the same on both sides).
constexpr char kBuiltinsPrelude[] = R"js(
const ascii = (n) => 'abcdefghijklmnopqrstuvwxyz012345'.repeat(Math.ceil(n / 32)).slice(0, n);
const bytes = (n) => {
  const b = Buffer.alloc(n);
  let x = 0x12345678;
  for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; b[i] = x & 0xff; }
  return b;
};
const KiB = 1024;
const MiB = 1024 * 1024;
// About n bytes of JSON log lines, one request each: what a server writes
// and ships gzipped.
const logText = (n) => {
  const words = ('request response user session cache miss hit timeout error retry database query insert update ' +
    'delete select order limit token auth login logout payment invoice cart item product price quantity total ' +
    'shipping address email status active pending failed success').split(' ');
  let x = 0x2545f491;
  const rnd = (m) => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) % m; };
  const lines = [];
  let size = 0;
  let time = Date.UTC(2024, 0, 1);
  while (size < n) {
    time += rnd(5000);
    const msg = [];
    for (let i = 0, k = 3 + rnd(8); i < k; i++) msg.push(words[rnd(words.length)]);
    const line = JSON.stringify({
      time: new Date(time).toISOString(), level: ['info', 'warn', 'error', 'debug'][rnd(4)],
      reqId: `${rnd(0x7fffffff).toString(16).padStart(8, '0')}-${rnd(0xffff).toString(16)}`, userId: rnd(100000),
      path: `/api/v1/${words[rnd(words.length)]}/${rnd(10000)}`, status: [200, 200, 200, 201, 304, 404, 500][rnd(7)],
      ms: rnd(2000) / 10, msg: msg.join(' '),
    }) + '\n';
    lines.push(line);
    size += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, n);
};
// Writes an ES module graph of `count` files into `dir`: module i imports
// modules 3i+1..3i+3 (a tree) and, below the last 50, one of those 50 as
// well (shared helpers, so the graph is a DAG); each has a few exports, a
// class and top-level code. `tag` makes every copy's source text new.
const writeModuleGraph = (dir, count, tag) => {
  const fs = require('fs');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(`${dir}/package.json`, '{ "type": "module" }\n');
  const shared = (i) => (i < count - 50 ? count - 50 + (i % 50) : -1);
  for (let i = 0; i < count; i++) {
    const children = [3 * i + 1, 3 * i + 2, 3 * i + 3].filter((c) => c < count);
    const lines = [`// module ${i} (${tag})`];
    children.forEach((c, k) => lines.push(`import { value as v${k}, describe as d${k} } from './m${c}.js';`));
    if (shared(i) >= 0) lines.push(`import helper, { Widget as Base } from './m${shared(i)}.js';`);
    lines.push(
      `export const id = ${i};`,
      `export const value = ${[String(i), ...children.map((c, k) => `v${k}`)].join(' + ')};`,
      `const config = { name: 'm${i}', retries: ${i % 5}, tags: ['a${i % 7}', 'b${i % 11}'], enabled: ${i % 2 === 0} };`,
      `export function describe(depth = 0) {`,
      `  if (depth > 2) return config.name;`,
      `  return \`\${config.name}(\${[${children.map((c, k) => `d${k}(depth + 1)`).join(', ')}].join(',')})\`;`,
      `}`,
      shared(i) >= 0 ? `export class Widget extends Base {` : `export class Widget {`,
      `  constructor(size) { ${shared(i) >= 0 ? 'super(size); ' : ''}this.size = size; this.owner = id; }`,
      `  get area() { return this.size * this.size + value; }`,
      `  static of(list) { return list.map((size) => new Widget(size)); }`,
      `}`,
      `export const checksum = [...config.name].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) >>> 0, ${i});`,
      `export default function main() { return ${shared(i) >= 0 ? 'helper() + ' : ''}value; }`,
      '');
    fs.writeFileSync(`${dir}/m${i}.js`, lines.join('\n'));
  }
  return `${dir}/m0.js`;
};
)js";

// URLs of the shapes met in the wild, for the `new URL()` row: most are
// plain http(s), the rest cover what takes the parser off its common path
// (uppercase, userinfo, ports, IPv4 and IPv6 hosts, IDNA, percent-encoding,
// dot segments, file:, data:, blob:, mailto: and other opaque schemes).
constexpr char kRealWorldUrls[] = R"js(
const realWorldUrls = [
  'https://www.google.com/search?q=isolate+worker&oq=isolate&sourceid=chrome&ie=UTF-8',
  'https://en.wikipedia.org/wiki/Uniform_Resource_Identifier#Syntax',
  'https://github.com/nodejs/node/blob/main/lib/internal/url.js#L120-L180',
  'https://developer.mozilla.org/en-US/docs/Web/API/URL/URL',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs&index=2',
  'https://stackoverflow.com/questions/4564414/delete-a-column-from-a-pandas-dataframe?rq=1',
  'http://example.com/',
  'https://registry.npmjs.org/@babel%2fcore/-/core-7.24.0.tgz',
  'https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js',
  'https://api.github.com/repos/v8/v8/commits?per_page=100&page=3',
  'https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_1?crid=2M096C61O4MLT&keywords=echo+dot&qid=1700000000&sr=8-1',
  'https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlsplit',
  'https://news.ycombinator.com/item?id=38471822',
  'https://maps.google.com/maps?ll=48.8584,2.2945&z=17&t=m&hl=en-US&gl=US&mapclient=embed',
  'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=6731de76-14a6-49ae-97bc-6eba6914391e&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%2Fmyapp%2F&scope=openid%20offline_access',
  'https://www.bbc.co.uk/news/world-europe-68000000',
  'https://s3.eu-west-1.amazonaws.com/my-bucket/path/to/object%20with%20spaces.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600',
  'https://fonts.googleapis.com/css2?family=Roboto:wght@400;700&display=swap',
  'wss://stream.binance.com:9443/ws/btcusdt@trade',
  'ws://localhost:3000/51cf8d0e-3c36-4c59-8efd-54519839e56a',
  'ftp://ftp.debian.org/debian/dists/bookworm/Release',
  'http://localhost:8080/api/v1/users/42?fields=name,email',
  'http://127.0.0.1:9229/json/version',
  'http://192.168.1.1/cgi-bin/luci/;stok=/admin/status',
  'http://[::1]:3000/health',
  'http://[2001:db8:85a3::8a2e:370:7334]/index.html',
  'https://[2606:4700:4700::1111]/dns-query?name=example.com&type=AAAA',
  'http://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash',
  'https://deploy-bot:ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/org/repo.git',
  'postgres://admin:s3cr%40t@db.internal:5432/app?sslmode=require',
  'https://münchen.de/stadtplan',
  'https://www.bücher.de/suche?q=straße',
  'http://xn--nxasmq6b.com/',
  'https://例え.テスト/パス?クエリ=値',
  'https://пример.рф/',
  'HTTP://WWW.EXAMPLE.COM/Index.HTML',
  'https://example.com/a/./b/../c/%7Euser/file name.txt',
  'https://example.com/search?q=caf\u00e9 cr\u00e8me&lang=fr#r\u00e9sultats',
  'https://example.org/%E2%82%AC/%zz/%41%42?x=%2F%3F',
  'https://example.com:443/default-port',
  'http://example.com:80/default-port',
  'file:///home/user/projects/isohost/README.md',
  'file:///C:/Users/Public/Documents/report%202024.pdf',
  'file://server/share/folder/file.txt',
  'data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==',
  'data:text/html,%3Ch1%3EHello%2C%20World%21%3C%2Fh1%3E',
  'blob:https://example.com/550e8400-e29b-41d4-a716-446655440000',
  'mailto:someone@example.com?subject=Hello%20there&cc=other@example.com',
  'tel:+1-201-555-0123',
  'urn:isbn:0451450523',
  'git+ssh://git@github.com:22/npm/cli.git#v10.2.0',
  'chrome-extension://aapbdbdomjkkjkaonfhkkikfgjllcleb/popup.html',
];
)js";

constexpr BuiltinRow kBuiltinRows[] = {
    {"Buffer.from(str,'utf8') 1 KiB", "const s = ascii(KiB);", "Buffer.from(s, 'utf8')"},
    {"Buffer.from(str,'utf8') 1 MiB", "const s = ascii(MiB);", "Buffer.from(s, 'utf8')"},
    {"Buffer.from(str,'utf8') 1 MiB non-ASCII", "const s = 'h\u00e9llo w\u00f6rld \u20ac '.repeat(MiB / 16);",
     "Buffer.from(s, 'utf8')"},
    {"buf.toString() 1 KiB", "const b = Buffer.from(ascii(KiB));", "b.toString()"},
    {"buf.toString() 1 MiB", "const b = Buffer.from(ascii(MiB));", "b.toString()"},
    {"buf.toString('base64') 1 KiB", "const b = bytes(KiB);", "b.toString('base64')"},
    {"buf.toString('base64') 1 MiB", "const b = bytes(MiB);", "b.toString('base64')"},
    {"Buffer.from(str,'base64') 1 KiB", "const s = bytes(KiB).toString('base64');", "Buffer.from(s, 'base64')"},
    {"Buffer.from(str,'base64') 1 MiB", "const s = bytes(MiB).toString('base64');", "Buffer.from(s, 'base64')"},
    {"buf.toString('hex') 1 KiB", "const b = bytes(KiB);", "b.toString('hex')"},
    {"buf.toString('hex') 1 MiB", "const b = bytes(MiB);", "b.toString('hex')"},
    {"Buffer.from(str,'hex') 1 KiB", "const s = bytes(KiB).toString('hex');", "Buffer.from(s, 'hex')"},
    {"Buffer.from(str,'hex') 1 MiB", "const s = bytes(MiB).toString('hex');", "Buffer.from(s, 'hex')"},
    {"TextDecoder.decode 1 MiB", "const d = new TextDecoder(); const b = Buffer.from(ascii(MiB));", "d.decode(b)"},
    {"TextEncoder.encode 1 KiB", "const e = new TextEncoder(); const s = ascii(KiB);", "e.encode(s)"},
    {"Buffer.compare 1 KiB", "const a = bytes(KiB); const b = Buffer.from(a);", "Buffer.compare(a, b)"},
    {"Buffer.compare 1 MiB", "const a = bytes(MiB); const b = Buffer.from(a);", "Buffer.compare(a, b)"},
    {"buf.indexOf(str) 1 MiB", "const b = Buffer.from(ascii(MiB) + 'needle');", "b.indexOf('needle')"},
    {"buf.indexOf(byte) 1 MiB", "const b = Buffer.from(ascii(MiB) + '!');", "b.indexOf(0x21)"},
    {"buf.lastIndexOf(str) 1 MiB", "const b = Buffer.from('needle' + ascii(MiB));", "b.lastIndexOf('needle')"},
    {"createHash('sha256') 64 MiB",
     "const { createHash } = require('crypto'); const chunk = bytes(MiB);"
     " const hash64 = () => { const h = createHash('sha256'); for (let i = 0; i < 64; i++) h.update(chunk);"
     " return h.digest('hex'); };",
     "hash64()"},
    {"new URL() x 52 real-world URLs",
     "const parseAll = () => { let u; for (let i = 0; i < realWorldUrls.length; i++) u = new URL(realWorldUrls[i]);"
     " return u; };",
     "parseAll()"},
    // Files in one folder under the temporary directory, rewritten by each run.
    {"fs.readFileSync 1 MiB",
     "const fs = require('fs'); const dir = require('path').join(require('os').tmpdir(), 'isohost-bench-fs');"
     " fs.mkdirSync(dir, { recursive: true }); const f = dir + '/big'; fs.writeFileSync(f, bytes(MiB));",
     "fs.readFileSync(f)"},
    {"fs.readFileSync 1,000 small files",
     "const fs = require('fs'); const dir = require('path').join(require('os').tmpdir(), 'isohost-bench-fs');"
     " fs.mkdirSync(dir, { recursive: true }); const names = [];"
     " for (let i = 0; i < 1000; i++) { names.push(`${dir}/small${i}`); fs.writeFileSync(names[i], ascii(100 + i)); }",
     "names.map((name) => fs.readFileSync(name))"},
    {"fs.readFile 1 MiB",
     "const fs = require('fs'); const dir = require('path').join(require('os').tmpdir(), 'isohost-bench-fs');"
     " fs.mkdirSync(dir, { recursive: true }); const f = dir + '/big'; fs.writeFileSync(f, bytes(MiB));"
     " const read = (name) => new Promise((resolve, reject) =>"
     " fs.readFile(name, (err, data) => (err ? reject(err) : resolve(data))));",
     "read(f)", true},
    {"fs.readFile 1,000 small files",
     "const fs = require('fs'); const dir = require('path').join(require('os').tmpdir(), 'isohost-bench-fs');"
     " fs.mkdirSync(dir, { recursive: true }); const names = [];"
     " for (let i = 0; i < 1000; i++) { names.push(`${dir}/small${i}`); fs.writeFileSync(names[i], ascii(100 + i)); }"
     " const read = (name) => new Promise((resolve, reject) =>"
     " fs.readFile(name, (err, data) => (err ? reject(err) : resolve(data))));",
     "Promise.all(names.map(read))", true},
    // Text that compresses about as well as source code or JSON does.
    {"zlib.gzipSync 1 MiB", "const zlib = require('zlib'); const b = Buffer.from(ascii(MiB / 2) + bytes(MiB / 4).toString('hex'));",
     "zlib.gzipSync(b)"},
    {"zlib.gunzipSync 1 MiB",
     "const zlib = require('zlib'); const z = zlib.gzipSync(Buffer.from(ascii(MiB / 2) + bytes(MiB / 4).toString('hex')));",
     "zlib.gunzipSync(z)"},
    // A Readable of 64 KiB chunks (4 MiB of JSON log lines, over and over)
    // piped through createGzip() into a Writable that only counts.
    {"Readable 64 MiB -> createGzip() -> sink",
     "const zlib = require('zlib'); const { Readable, Writable, pipeline } = require('stream');"
     " const logs = logText(4 * MiB);"
     " const gzipPipe = () => new Promise((resolve, reject) => {"
     "   let left = 64 * MiB; let at = 0; let out = 0;"
     "   const source = new Readable({ read() {"
     "     if (left === 0) return this.push(null);"
     "     const n = Math.min(64 * KiB, left, logs.length - at);"
     "     this.push(logs.subarray(at, at + n)); left -= n; at = (at + n) % logs.length; } });"
     "   const sink = new Writable({ write(chunk, encoding, callback) { out += chunk.length; callback(); } });"
     "   pipeline(source, zlib.createGzip(), sink, (err) => (err ? reject(err) : resolve(out)));"
     " });",
     "gzipPipe()", true},
    // The same 64 MiB as 64 KiB chunks through the web streams: a
    // ReadableStream that pulls them, a TransformStream that passes each on,
    // and a WritableStream that only counts.
    {"ReadableStream 64 MiB -> TransformStream -> WritableStream",
     "const logs = logText(4 * MiB);"
     " const webPipe = () => {"
     "   let left = 64 * MiB; let at = 0; let out = 0;"
     "   const source = new ReadableStream({ pull(controller) {"
     "     if (left === 0) return controller.close();"
     "     const n = Math.min(64 * KiB, left, logs.length - at);"
     "     controller.enqueue(logs.subarray(at, at + n)); left -= n; at = (at + n) % logs.length; } });"
     "   const pass = new TransformStream({ transform(chunk, controller) { controller.enqueue(chunk); } });"
     "   const sink = new WritableStream({ write(chunk) { out += chunk.byteLength; } });"
     "   return source.pipeThrough(pass).pipeTo(sink).then(() => out);"
     " };",
     "webPipe()", true},
    // A fresh graph each call: the files are written (untimed) into a new
    // folder under the benchmark's own, then import() loads, links and
    // evaluates all 500.
    {"import() of a 500-module ES graph",
     "const fs = require('fs'); const graphs = require('path').join(__dirname, 'esm-graphs');"
     " let copy = 0; let entry;",
     "import(entry)", true,
     "if (copy > 0) fs.rmSync(`${graphs}/${copy - 1}`, { recursive: true, force: true });"
     " entry = writeModuleGraph(`${graphs}/${copy}`, 500, `copy ${copy}`); copy++;"},
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_BUILTINS_ROWS_H_

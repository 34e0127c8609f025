// The rows of bench/builtins: each is a JavaScript snippet that both
// runtimes run in the same generated worker file. `setup` runs once and may
// declare constants; `op` is one call, timed in a loop. To add a row, add a
// line here.
#ifndef ISOHOST_BENCH_BUILTINS_ROWS_H_
#define ISOHOST_BENCH_BUILTINS_ROWS_H_

namespace isohost::bench {

struct BuiltinRow {
  const char* name;
  const char* setup;
  const char* op;
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
    // Text that compresses about as well as source code or JSON does.
    {"zlib.gzipSync 1 MiB", "const zlib = require('zlib'); const b = Buffer.from(ascii(MiB / 2) + bytes(MiB / 4).toString('hex'));",
     "zlib.gzipSync(b)"},
    {"zlib.gunzipSync 1 MiB",
     "const zlib = require('zlib'); const z = zlib.gzipSync(Buffer.from(ascii(MiB / 2) + bytes(MiB / 4).toString('hex')));",
     "zlib.gunzipSync(z)"},
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_BUILTINS_ROWS_H_

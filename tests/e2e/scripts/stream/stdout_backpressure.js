// Writes 64 KiB chunks to process.stdout in one go until write() answers
// false (the channel's window is full), then waits for 'drain', which comes
// once the host has taken the bytes; then pipes 4 MiB through stdout, which
// pauses and resumes the source by the same signals.
const { Readable } = require('stream');

const chunk = Buffer.alloc(65536, 'x');
let written = 0;
let answer = true;
for (let i = 0; i < 1000 && answer; i++) {
  answer = process.stdout.write(chunk);
  written += chunk.length;
}
const needDrain = process.stdout.writableNeedDrain;
process.stdout.once('drain', () => {
  console.error(`write() answered ${answer} after ${written / 1024} KiB; needDrain ${needDrain}; drain came`);
  let sent = 0;
  let pauses = 0;
  const source = new Readable({
    read() {
      if (sent >= 4 * 1024 * 1024) {
        this.push(null);
        return;
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
  source.on('pause', () => { pauses++; });
  source.pipe(process.stdout);
  source.on('end', () => console.error(`piped ${sent / 1024} KiB, paused ${pauses > 0 ? 'at least once' : 'never'}`));
});

// Reads stdin the way the first argument says: 'data' events, async
// iteration, or pipe() into stdout.
const how = process.argv[2];
if (how === 'data') {
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.on('end', () => {
    const all = Buffer.concat(chunks);
    console.log(`data: ${Buffer.isBuffer(chunks[0])} ${all.length} bytes: ${JSON.stringify(all.toString())}`);
  });
} else if (how === 'iterate') {
  (async () => {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk;
    console.log(`iterated: ${JSON.stringify(text)}`);
  })();
} else if (how === 'pipe') {
  process.stdin.pipe(process.stdout);
  process.stdin.on('end', () => console.error('stdin ended'));
}

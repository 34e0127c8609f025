let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { text += chunk; });
process.stdin.on('end', () => console.log(`stdin had ${text.length} chars: ${text.trim()}`));

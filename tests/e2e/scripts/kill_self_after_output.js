// Writes, then ends itself with the signal in argv[2].
for (let i = 0; i < 5000; ++i) console.log(`line ${i}`);
setTimeout(() => {
  console.log('right before the signal');
  process.kill(process.pid, process.argv[2]);
}, 10);

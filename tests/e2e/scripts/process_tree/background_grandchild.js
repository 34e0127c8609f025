// Starts `sh -c 'sleep 77 &'`: sh exits at once, and the sleep it leaves is
// an orphan, no child of the worker's any more. Prints "PID GRANDCHILD_PID",
// then exits after argv[2] ms, or (without it) runs until it is killed.
const { execFileSync } = require('child_process');
const grandchild = execFileSync('/bin/sh', ['-c', 'sleep 77 >/dev/null 2>&1 & echo $!']).toString().trim();
console.log(`${process.pid} ${grandchild}`);
const ms = Number(process.argv[2]);
if (ms >= 0) setTimeout(() => process.exit(0), ms);
else setInterval(() => {}, 1000);

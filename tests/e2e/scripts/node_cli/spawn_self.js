// Spawns process.execPath as Node's tests do: -e code, this file as a
// child, and a V8 flag, and prints what each child said.
const { execFileSync, spawnSync } = require('child_process');

if (process.argv[2] === 'child') {
  console.log(`child ${process.argv.slice(3).join(' ')}`);
  process.exit(5);
}
console.log(execFileSync(process.execPath, ['-e', 'console.log(1+1)'], { encoding: 'utf8' }).trim());
const child = spawnSync(process.execPath, [__filename, 'child', 'x'], { encoding: 'utf8' });
console.log(child.status, JSON.stringify(child.stdout));
const flagged = spawnSync(process.execPath, ['--expose-gc', '-p', 'typeof gc'], { encoding: 'utf8' });
console.log(flagged.stdout.trim());

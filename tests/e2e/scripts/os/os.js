// os against Node on the same machine: the values that do not change while
// the test runs, the shapes of those that do, $HOME/$TMPDIR rules, the
// constants, and Node's errors (ERR_SYSTEM_ERROR from a failed call).
const os = require('os');
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    const info = e.info ? ` ${JSON.stringify(e.info)} ${e.errno} ${e.syscall} ${String(e)}` : '';
    console.log(label, 'throws', e.name, e.code, e.message + info);
  }
};

show('exports', () => Object.keys(os).join(' '));
show('EOL devNull', () => JSON.stringify([os.EOL, os.devNull]));
show('strings', () => JSON.stringify([os.arch(), os.platform(), os.type(), os.release(), os.version(), os.machine(), os.hostname(), os.endianness()]));
show('primitives', () => `${os.arch} ${os.platform} ${os.type} ${os.endianness} ${os.hostname} ${os.release}`);
show('totalmem', () => os.totalmem());
show('freemem', () => Number.isInteger(os.freemem()) && os.freemem() > 0 && os.freemem() <= os.totalmem());
show('availableParallelism', () => os.availableParallelism());
show('uptime', () => typeof os.uptime() === 'number' && os.uptime() > 0);
show('loadavg', () => os.loadavg().length === 3 && os.loadavg().every((n) => typeof n === 'number' && n >= 0));
const cpus = os.cpus();
show('cpus', () => JSON.stringify([cpus.length, cpus[0].model, Object.keys(cpus[0]), Object.keys(cpus[0].times), typeof cpus[0].speed]));
show('cpus times', () => cpus.every((c) => Object.values(c.times).every((t) => Number.isInteger(t) && t >= 0)));
show('networkInterfaces', () => JSON.stringify(os.networkInterfaces()));
show('userInfo', () => JSON.stringify(os.userInfo()));
show('userInfo prototype', () => Object.getPrototypeOf(os.userInfo()));
show('userInfo buffer', () => {
  const info = os.userInfo({ encoding: 'buffer' });
  return `${Buffer.isBuffer(info.username)} ${info.username.toString()} ${info.homedir.toString()} ${info.shell.toString()}`;
});
show('userInfo odd options', () => typeof os.userInfo(5).username);
show('constants', () => JSON.stringify(os.constants));
show('constants keys', () => Object.keys(os.constants).join(' '));

process.env.HOME = '/some/home';
show('homedir from HOME', () => os.homedir());
delete process.env.HOME;
show('homedir from passwd', () => os.homedir() === os.userInfo().homedir);
for (const [name, value] of [['TMPDIR', '/a/b/'], ['TMPDIR', '/'], ['TMP', '/c'], ['TEMP', '/d/']]) {
  delete process.env.TMPDIR;
  delete process.env.TMP;
  delete process.env.TEMP;
  process.env[name] = value;
  show(`tmpdir ${name}=${value}`, () => os.tmpdir());
}
delete process.env.TEMP;
show('tmpdir default', () => os.tmpdir());

const priority = os.getPriority();
show('getPriority', () => typeof priority);
show('getPriority self', () => os.getPriority(process.pid) === priority);
show('setPriority same', () => os.setPriority(priority));
show('setPriority pid 0', () => os.setPriority(0, priority));
show('getPriority no process', () => os.getPriority(2147483647));
show('setPriority no process', () => os.setPriority(2147483647, 0));
show('getPriority string', () => os.getPriority('x'));
show('setPriority 20', () => os.setPriority(0, 20));
show('setPriority -21', () => os.setPriority(-21));
show('setPriority float', () => os.setPriority(0, 1.5));

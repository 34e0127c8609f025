'use strict';
// os: what the machine and the process's user look like, from libuv and
// the kernel (worker/api/os/os_binding.cc). A failed system call becomes Node's
// SystemError (ERR_SYSTEM_ERROR) with the call's errno, code and name.

const native = binding.internalBinding('os');
const { systemError } = internalRequire('internal/errors');
const { validateInt32 } = internalRequire('internal/validators');

// Calls native `fn` with a context object that it fills on failure.
function call(fn, ...args) {
  const ctx = {};
  const result = fn(...args, ctx);
  if (ctx.code !== undefined) throw systemError(ctx);
  return result;
}

// Node's functions that return one value also convert to it: `${os.arch}`.
function withPrimitive(fn) {
  fn[Symbol.toPrimitive] = () => fn();
  return fn;
}

let osInformation;
function osInfo(index) {
  if (osInformation === undefined) osInformation = call(native.getOSInformation);
  return osInformation[index];
}

const arch = withPrimitive(function arch() {
  return process.arch;
});
const platform = withPrimitive(function platform() {
  return process.platform;
});
const type = withPrimitive(function type() {
  return osInfo(0);
});
const version = withPrimitive(function version() {
  return osInfo(1);
});
const release = withPrimitive(function release() {
  return osInfo(2);
});
const machine = withPrimitive(function machine() {
  return osInfo(3);
});
const hostname = withPrimitive(function hostname() {
  return call(native.getHostname);
});
const uptime = withPrimitive(function uptime() {
  return call(native.getUptime);
});
const totalmem = withPrimitive(function totalmem() {
  return native.getTotalMem();
});
const freemem = withPrimitive(function freemem() {
  return native.getFreeMem();
});
const availableParallelism = withPrimitive(function availableParallelism() {
  return native.getAvailableParallelism();
});
const endianness = withPrimitive(function endianness() {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 'LE' : 'BE';
});

// $HOME as the worker's process.env has it, else the user's entry in the
// passwd database.
const homedir = withPrimitive(function homedir() {
  return call(native.getHomeDirectory);
});

// $TMPDIR, $TMP or $TEMP, else /tmp; never with a trailing slash unless it
// is the root.
const tmpdir = withPrimitive(function tmpdir() {
  const env = process.env;
  let path = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
});

function loadavg() {
  return native.getLoadAvg();
}

function cpus() {
  const flat = call(native.getCPUs);
  const result = [];
  for (let i = 0; i < flat.length; i += 7) {
    result.push({
      model: flat[i],
      speed: flat[i + 1],
      times: { user: flat[i + 2], nice: flat[i + 3], sys: flat[i + 4], idle: flat[i + 5], irq: flat[i + 6] },
    });
  }
  return result;
}

// The prefix length of a netmask, or null if its bits are not one run of
// ones followed by zeros.
function prefixLength(netmask, family) {
  const v4 = family === 'IPv4';
  const parts = v4 ? netmask.split('.').map(Number) : expandIPv6(netmask);
  const bitsPerPart = v4 ? 8 : 16;
  let ones = 0;
  let sawZero = false;
  for (const part of parts) {
    for (let bit = bitsPerPart - 1; bit >= 0; bit--) {
      if ((part >> bit) & 1) {
        if (sawZero) return null;
        ones++;
      } else {
        sawZero = true;
      }
    }
  }
  return ones;
}

// The eight 16-bit groups of an IPv6 address written with '::'.
function expandIPv6(address) {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

function networkInterfaces() {
  const flat = call(native.getInterfaceAddresses);
  const result = {};
  for (let i = 0; i < flat.length; i += 7) {
    const [name, address, netmask, family, mac, internal, scopeid] = flat.slice(i, i + 7);
    const prefix = prefixLength(netmask, family);
    const entry = {
      address,
      netmask,
      family,
      mac,
      internal,
      cidr: prefix === null ? null : `${address}/${prefix}`,
    };
    if (family === 'IPv6') entry.scopeid = scopeid;
    (result[name] || (result[name] = [])).push(entry);
  }
  return result;
}

function userInfo(options) {
  const asBuffer = options !== null && typeof options === 'object' && options.encoding === 'buffer';
  const info = call(native.getUserInfo, asBuffer);
  if (asBuffer) {
    const { Buffer } = internalRequire('internal/buffer/buffer');
    for (const key of ['username', 'homedir', 'shell']) {
      if (info[key] !== null) info[key] = Buffer.from(info[key]);
    }
  }
  return info;
}

function getPriority(pid = 0) {
  validateInt32(pid, 'pid');
  return call(native.getPriority, pid);
}

function setPriority(pid, priority) {
  if (priority === undefined) {
    priority = pid;
    pid = 0;
  }
  validateInt32(pid, 'pid');
  validateInt32(priority, 'priority', -20, 19);
  call(native.setPriority, pid, priority);
}

module.exports = {
  arch,
  availableParallelism,
  cpus,
  endianness,
  freemem,
  getPriority,
  homedir,
  hostname,
  loadavg,
  networkInterfaces,
  platform,
  release,
  setPriority,
  tmpdir,
  totalmem,
  type,
  userInfo,
  uptime,
  version,
  machine,
};
Object.defineProperties(module.exports, {
  constants: { value: native.constants, writable: false, enumerable: true, configurable: false },
  EOL: { value: '\n', writable: false, enumerable: true, configurable: true },
  devNull: { value: '/dev/null', writable: false, enumerable: true, configurable: true },
});

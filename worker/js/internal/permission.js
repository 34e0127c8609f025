'use strict';
// Node's permission model in JavaScript: every native call of `fs` that
// names a path, every start of a process or worker, and every use of the
// network (a connect, a listen, a lookup of a name) is checked against the grant
// the host sent (binding 'permission') before it runs, and refused with
// Node's ERR_ACCESS_DENIED ({ permission, resource }). The kernel enforces
// the same grant in the worker process (worker/sandbox/), so these checks
// give a script Node's errors; they are not what keeps a hostile one in.
// Paths are compared as written, made absolute from the cwd (as Node does):
// a symbolic link inside a root that leads out passes here, and the kernel
// refuses what it leads to (EACCES).

const grant = binding.internalBinding('permission');
const { normalize, dirname } = internalRequire('internal/path/posix');

// Loaded when first needed: a sandboxed worker's start pays only for this file.
const codes = () => internalRequire('internal/errors').codes;
const bytesToString = (bytes) => internalRequire('internal/buffer/buffer').Buffer.prototype.toString.call(bytes);
const ReflectApply = Reflect.apply;
const StringPrototypeStartsWith = Function.prototype.call.bind(String.prototype.startsWith);
const StringPrototypeIncludes = Function.prototype.call.bind(String.prototype.includes);
const ObjectFreeze = Object.freeze;
const ObjectDefineProperty = Object.defineProperty;
const ObjectKeys = Object.keys;

const fsRead = ObjectFreeze(grant.fsRead);
const fsWrite = ObjectFreeze(grant.fsWrite);
const kRead = 1;
const kWrite = 2;

const kFlagOf = {
  __proto__: null,
  FileSystemRead: '--allow-fs-read',
  FileSystemWrite: '--allow-fs-write',
  ChildProcess: '--allow-child-process',
  WorkerThreads: '--allow-worker',
  Net: '--allow-net',
};

function accessDenied(permission, resource) {
  const err = new (codes().ERR_ACCESS_DENIED)(`Use ${kFlagOf[permission]} to manage permissions.`);
  err.permission = permission;
  if (resource !== undefined) err.resource = resource;
  return err;
}

// An absolute, normal form of a path argument (string or bytes); the cwd is
// asked for only when the path is relative.
function absolute(path, base) {
  let text = typeof path === 'string' ? path : bytesToString(path);
  if (text.charCodeAt(0) !== 47 /* '/' */) {
    text = `${base === undefined ? binding.cwd() : base}/${text}`;
  } else if (!StringPrototypeIncludes(text, '/.') && !StringPrototypeIncludes(text, '//') &&
             text.charCodeAt(text.length - 1) !== 47) {
    return text;  // already normal: the common case, without a copy
  }
  return normalize(text);
}

function covered(roots, path) {
  for (let i = 0; i < roots.length; i++) {
    const root = roots[i];
    if (root === '*' || root === '/' || path === root) return true;
    if (StringPrototypeStartsWith(path, root) && path.charCodeAt(root.length) === 47 /* '/' */) return true;
  }
  return false;
}

function checkPath(path, access, base) {
  const resource = absolute(path, base);
  if ((access & kRead) !== 0 && !covered(fsRead, resource)) throw accessDenied('FileSystemRead', resource);
  if ((access & kWrite) !== 0 && !covered(fsWrite, resource)) throw accessDenied('FileSystemWrite', resource);
}

const isPath = (value) => typeof value === 'string' || value instanceof Uint8Array;

// The fs binding's functions that name paths: which arguments, and how.
const kPathArguments = {
  __proto__: null,
  access: [[0, kRead]],
  stat: [[0, kRead]],
  lstat: [[0, kRead]],
  scandir: [[0, kRead]],
  opendir: [[0, kRead]],
  realpath: [[0, kRead]],
  readlink: [[0, kRead]],
  statfs: [[0, kRead]],
  readFile: [[0, kRead]],  // or a descriptor, which is not checked
  mkdir: [[0, kWrite]],
  mkdtemp: [[0, kWrite]],
  rmdir: [[0, kWrite]],
  unlink: [[0, kWrite]],
  chmod: [[0, kWrite]],
  chown: [[0, kWrite]],
  lchown: [[0, kWrite]],
  utime: [[0, kWrite]],
  lutime: [[0, kWrite]],
  rename: [[0, kWrite], [1, kWrite]],
  link: [[0, kRead], [1, kWrite]],
  copyfile: [[0, kRead], [1, kWrite]],
};

function guardPaths(fn, checks) {
  return function guarded(...args) {
    for (let i = 0; i < checks.length; i++) {
      const value = args[checks[i][0]];
      if (isPath(value)) checkPath(value, checks[i][1]);
    }
    return ReflectApply(fn, this, args);
  };
}

// The fs binding with every call that names a path checked first.
function guardFs(native) {
  const { O_ACCMODE = 3, O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND } = native.constants;
  const guarded = { __proto__: null };
  const names = ObjectKeys(native);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const value = native[name];
    guarded[name] = kPathArguments[name] !== undefined ? guardPaths(value, kPathArguments[name]) : value;
  }
  const { open, symlink } = native;
  guarded.open = function(...args) {
    const path = args[0];
    const flags = args[1];
    if (isPath(path)) {
      const mode = flags & O_ACCMODE;
      let access = mode === O_WRONLY ? kWrite : mode === O_RDWR ? kRead | kWrite : kRead;
      if ((flags & (O_CREAT | O_TRUNC | O_APPEND)) !== 0) access |= kWrite;
      checkPath(path, access);
    }
    return ReflectApply(open, this, args);
  };
  guarded.symlink = function(...args) {
    const target = args[0];
    const path = args[1];
    // The link is written; what it names is read through it, relative to
    // the link's own directory.
    if (isPath(path)) {
      checkPath(path, kWrite);
      if (isPath(target)) checkPath(target, kRead, dirname(absolute(path)));
    }
    return ReflectApply(symlink, this, args);
  };
  return guarded;
}

// For the module loader, which reads files without `fs`.
function checkRead(path) {
  checkPath(path, kRead);
}

function checkChildProcess() {
  if (!grant.childProcess) throw accessDenied('ChildProcess');
}

function checkWorker() {
  if (!grant.worker) throw accessDenied('WorkerThreads');
}

// The network (net, http, dns.lookup of a name): the error to report
// through the call's own channel (an 'error' event, a callback), or null.
function netDenied() {
  return grant.net ? null : accessDenied('Net');
}

function hasFs(roots, reference) {
  if (reference === undefined) {
    // Without a path: whether every path is granted.
    for (let i = 0; i < roots.length; i++) if (roots[i] === '*') return true;
    return false;
  }
  return covered(roots, absolute(reference));
}

// process.permission.has(scope[, reference]), as in Node.
function has(scope, reference) {
  if (typeof scope !== 'string') throw new (codes().ERR_INVALID_ARG_TYPE)('scope', 'string', scope);
  if (reference !== undefined && typeof reference !== 'string') {
    throw new (codes().ERR_INVALID_ARG_TYPE)('reference', 'string', reference);
  }
  switch (scope) {
    case 'fs': return hasFs(fsRead, reference) && hasFs(fsWrite, reference);
    case 'fs.read': return hasFs(fsRead, reference);
    case 'fs.write': return hasFs(fsWrite, reference);
    case 'child': return grant.childProcess;
    case 'worker': return grant.worker;
    case 'net': return grant.net;
    default: return false;
  }
}

// Defines process.permission, as Node does under --permission, in place of
// the accessor that loaded this module; returns it.
function install(process) {
  const permission = ObjectFreeze({ __proto__: null, has });
  ObjectDefineProperty(process, 'permission', {
    __proto__: null, value: permission, enumerable: true, writable: false, configurable: false,
  });
  return permission;
}

module.exports = { enabled: grant.enabled, guardFs, checkRead, checkChildProcess, checkWorker, netDenied, has, install };

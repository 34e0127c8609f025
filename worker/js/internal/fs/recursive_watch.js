'use strict';
// fs.watch with `recursive` on Linux, where inotify watches one directory at
// a time: one native watch per directory of the tree, a new one for each
// directory that appears (whose entries are reported too, since they may
// have come before its watch) and none left for one that goes. Events are
// reported by their path relative to the root, as Node 20 does. Symbolic
// links are reported but never followed. Loaded on the first recursive watch.

const native = binding.internalBinding('fs_watch');
const { native: fsNative, uvError, constants } = internalRequire('internal/fs/utils');

const { S_IFMT, S_IFDIR, UV_DIRENT_DIR, UV_DIRENT_UNKNOWN } = constants;
const UV_EPERM = -1;
const UV_ENOENT = -2;
const UV_EACCES = -13;
const UV_ENOTDIR = -20;
// The mode's index in the binding's stat fields.
const kMode = 1;

// A subdirectory that went before its watch began, or that this process
// may not read, is left unwatched without an error.
const isSkippable = (errno) => errno === UV_ENOENT || errno === UV_ENOTDIR || errno === UV_EACCES || errno === UV_EPERM;

const watchError = (errno, syscall, path) => internalRequire('internal/fs/watchers').watchError(errno, syscall, path);

const isDirectory = (fields) => typeof fields !== 'number' && (fields[kMode] & S_IFMT) === S_IFDIR;

function join(dir, name) {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function basename(path) {
  return path.slice(path.lastIndexOf('/') + 1);
}

class RecursiveWatch {
  #root;
  #referenced;
  #onchange;
  #onerror;
  #closed = false;
  #rootGone = false;
  // Absolute path of each watched directory -> its native watch.
  #dirs = new Map();
  // The handle when the root is not a directory.
  #file = null;

  // `root` is absolute; `onchange(eventType, relativePath)`,
  // `onerror(err, fatal)`.
  constructor(root, persistent, onchange, onerror) {
    this.#root = root;
    this.#referenced = persistent;
    this.#onchange = onchange;
    this.#onerror = onerror;
  }

  // Watches the tree; throws Node's error when the root cannot be watched.
  start() {
    const root = this.#root;
    // The root is followed if it is a link, as Node does.
    const fields = fsNative.stat(root, false);
    if (typeof fields === 'number') {
      const err = uvError(fields, 'stat', root);
      err.filename = root;
      throw err;
    }
    if (!isDirectory(fields)) {
      // A file: its own events, under its base name.
      const handle = native.watch(root, false, (status, eventType, name) => {
        if (status < 0) return this.#onerror(watchError(status, 'watch', root), true);
        this.#onchange(eventType, name);
      });
      if (typeof handle === 'number') throw watchError(handle, 'watch', root);
      if (!this.#referenced) handle.unref();
      this.#file = handle;
      return;
    }
    try {
      this.#watchTree(root, false);
    } catch (err) {
      this.close();
      throw err;
    }
  }

  close() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#file !== null) this.#file.close();
    for (const handle of this.#dirs.values()) handle.close();
    this.#dirs.clear();
  }

  ref() {
    this.#setReferenced(true);
  }

  unref() {
    this.#setReferenced(false);
  }

  #setReferenced(referenced) {
    this.#referenced = referenced;
    if (this.#file !== null) {
      if (referenced) this.#file.ref();
      else this.#file.unref();
    }
    for (const handle of this.#dirs.values()) {
      if (referenced) handle.ref();
      else handle.unref();
    }
  }

  #relative(path) {
    return path.slice(this.#root === '/' ? 1 : this.#root.length + 1);
  }

  #report(eventType, path) {
    this.#onchange(eventType, path === this.#root ? '' : this.#relative(path));
  }

  // Watches `dir` and every directory below it; with `report`, each entry
  // found is reported as a 'rename'. Throws what cannot be skipped.
  #watchTree(dir, report) {
    const handle = native.watch(dir, false, (status, eventType, name) => this.#onEvent(dir, status, eventType, name));
    if (typeof handle === 'number') {
      if (dir !== this.#root && isSkippable(handle)) return;
      throw watchError(handle, 'watch', dir);
    }
    if (!this.#referenced) handle.unref();
    this.#dirs.set(dir, handle);
    const listing = fsNative.scandir(dir, false);  // names as strings, with their types
    if (typeof listing === 'number') {
      if (isSkippable(listing)) return;
      throw uvError(listing, 'scandir', dir);
    }
    const [names, types] = listing;
    for (let i = 0; i < names.length; i++) {
      const path = join(dir, names[i]);
      if (report) {
        this.#report('rename', path);
        if (this.#closed) return;
      }
      if (types[i] !== UV_DIRENT_DIR && types[i] !== UV_DIRENT_UNKNOWN) continue;
      const fields = fsNative.lstat(path, false);
      if (!isDirectory(fields) || this.#dirs.has(path)) continue;
      this.#watchTree(path, report);
      if (this.#closed) return;
    }
  }

  // Closes the watches of `dir` and of every directory below it.
  #unwatchTree(dir) {
    const prefix = `${dir}/`;
    for (const [path, handle] of this.#dirs) {
      if (path === dir || path.startsWith(prefix)) {
        handle.close();
        this.#dirs.delete(path);
      }
    }
  }

  #onEvent(dir, status, eventType, name) {
    if (this.#closed) return;
    if (status < 0) {
      this.#onerror(watchError(status, 'watch', dir), false);
      return;
    }
    if (name === null) return;
    const path = join(dir, name);
    // inotify reports what happens to a watched directory itself under the
    // directory's own name: an entry of that name that does not exist is
    // such an event. The parent of a subdirectory reports the same as an
    // entry, so only the root's own removal is reported from here.
    if (name === basename(dir) && typeof fsNative.lstat(path, false) === 'number') {
      if (dir === this.#root && !this.#rootGone && !isDirectory(fsNative.stat(dir, false))) {
        this.#rootGone = true;
        this.#report('rename', dir);
      }
      return;
    }
    if (eventType === 'rename') {
      this.#renamed(path);
    } else {
      this.#report('change', path);
    }
  }

  // An entry made, removed or moved. Whatever was watched under that name
  // is not any more (a directory that went, or one that came in its place,
  // perhaps with the same inode number); a directory there now is watched
  // anew, and what it holds is reported.
  #renamed(path) {
    if (this.#dirs.has(path)) this.#unwatchTree(path);
    this.#report('rename', path);
    if (this.#closed) return;
    const fields = fsNative.lstat(path, false);
    if (!isDirectory(fields)) return;
    try {
      this.#watchTree(path, true);
    } catch (err) {
      this.#onerror(err, false);
    }
  }
}

module.exports = { RecursiveWatch };

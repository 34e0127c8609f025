// The native half of `fs` (worker/js/node/fs.js): one function per libuv
// file-system call, each synchronous or queued on the thread pool by its
// last argument (worker/api/fs/fs_request.h), plus fs.constants from the
// system's headers. Paths arrive checked (no NUL byte) from JS, as strings
// or the bytes of a Buffer; names come back as strings, or as bytes when JS
// asks for them to decode in another encoding.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>
#include <v8.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/fs/dir_handle.h"
#include "worker/api/fs/fs_request.h"
#include "worker/api/fs/read_file.h"
#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using fs::Dispatch;
using fs::PathArg;
using v8::FunctionCallbackInfo;
using v8::Isolate;
using v8::Local;
using v8::Value;

int Int(const FunctionCallbackInfo<Value>& info, int index) {
  return info[index]->Int32Value(info.GetIsolate()->GetCurrentContext()).FromMaybe(0);
}

double Number(const FunctionCallbackInfo<Value>& info, int index) {
  return info[index]->NumberValue(info.GetIsolate()->GetCurrentContext()).FromMaybe(0);
}

// --- what a finished request gives back ----------------------------------------------

Local<Value> Nothing(Isolate* isolate, uv_fs_t*, bool) { return v8::Undefined(isolate); }

Local<Value> ResultNumber(Isolate* isolate, uv_fs_t* req, bool) {
  return v8::Number::New(isolate, static_cast<double>(req->result));
}

Local<Value> Utf8(Isolate* isolate, const char* text) {
  Local<v8::String> string;
  if (text == nullptr || !v8::String::NewFromUtf8(isolate, text).ToLocal(&string)) return v8::String::Empty(isolate);
  return string;
}

// A name as a string, or (raw) as a Uint8Array of its bytes.
Local<Value> Name(Isolate* isolate, const char* text, bool raw) {
  if (!raw) return Utf8(isolate, text);
  std::size_t length = text == nullptr ? 0 : std::strlen(text);
  Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, length);
  if (length > 0) std::memcpy(buffer->GetBackingStore()->Data(), text, length);
  return v8::Uint8Array::New(buffer, 0, length);
}

Local<Value> PtrName(Isolate* isolate, uv_fs_t* req, bool raw) {
  return Name(isolate, static_cast<const char*>(req->ptr), raw);
}

// mkdtemp writes the name it made into req->path.
Local<Value> PathName(Isolate* isolate, uv_fs_t* req, bool raw) { return Name(isolate, req->path, raw); }

// The fields of a stat, in the order of worker/js/internal/fs/stats.js:
// dev mode nlink uid gid rdev blksize ino size blocks, then seconds and
// nanoseconds of atime, mtime, ctime and birthtime.
constexpr int kStatFields = 18;

Local<Value> StatArray(Isolate* isolate, uv_fs_t* req, bool bigint) {
  const uv_stat_t& s = req->statbuf;
  const std::uint64_t fields[kStatFields] = {
      s.st_dev,  s.st_mode, s.st_nlink, s.st_uid, s.st_gid, s.st_rdev,
      s.st_blksize, s.st_ino, s.st_size, s.st_blocks,
      static_cast<std::uint64_t>(s.st_atim.tv_sec), static_cast<std::uint64_t>(s.st_atim.tv_nsec),
      static_cast<std::uint64_t>(s.st_mtim.tv_sec), static_cast<std::uint64_t>(s.st_mtim.tv_nsec),
      static_cast<std::uint64_t>(s.st_ctim.tv_sec), static_cast<std::uint64_t>(s.st_ctim.tv_nsec),
      static_cast<std::uint64_t>(s.st_birthtim.tv_sec), static_cast<std::uint64_t>(s.st_birthtim.tv_nsec)};
  Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, kStatFields * 8);
  auto* data = buffer->GetBackingStore()->Data();
  if (bigint) {
    auto* out = static_cast<std::int64_t*>(data);
    for (int i = 0; i < kStatFields; ++i) out[i] = static_cast<std::int64_t>(fields[i]);
    return v8::BigInt64Array::New(buffer, 0, kStatFields);
  }
  auto* out = static_cast<double*>(data);
  for (int i = 0; i < kStatFields; ++i) out[i] = static_cast<double>(static_cast<std::int64_t>(fields[i]));
  return v8::Float64Array::New(buffer, 0, kStatFields);
}

// statfs: type bsize blocks bfree bavail files ffree, as statfs(2) gives them.
Local<Value> StatFsArray(Isolate* isolate, uv_fs_t* req, bool bigint) {
  const auto* s = static_cast<const uv_statfs_t*>(req->ptr);
  const std::uint64_t fields[] = {s->f_type, s->f_bsize, s->f_blocks, s->f_bfree, s->f_bavail, s->f_files, s->f_ffree};
  constexpr int kCount = sizeof fields / sizeof fields[0];
  Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, kCount * 8);
  void* data = buffer->GetBackingStore()->Data();
  if (bigint) {
    for (int i = 0; i < kCount; ++i) static_cast<std::int64_t*>(data)[i] = static_cast<std::int64_t>(fields[i]);
    return v8::BigInt64Array::New(buffer, 0, kCount);
  }
  for (int i = 0; i < kCount; ++i) static_cast<double*>(data)[i] = static_cast<double>(fields[i]);
  return v8::Float64Array::New(buffer, 0, kCount);
}

// scandir: [names, types]; the names raw when asked (the flag slot).
Local<Value> DirEntries(Isolate* isolate, uv_fs_t* req, bool raw) {
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Array> names = v8::Array::New(isolate);
  Local<v8::Array> types = v8::Array::New(isolate);
  uv_dirent_t entry;
  uint32_t index = 0;
  while (uv_fs_scandir_next(req, &entry) != UV_EOF) {
    (void)names->Set(context, index, Name(isolate, entry.name, raw)).FromMaybe(false);
    (void)types->Set(context, index, v8::Integer::New(isolate, entry.type)).FromMaybe(false);
    ++index;
  }
  Local<Value> pair[] = {names, types};
  return v8::Array::New(isolate, pair, 2);
}

// --- one binding function per call --------------------------------------------------------

#define FS_CALL(callback_index, finish, bigint, keep, body)                                        \
  Dispatch(info, callback_index, finish, bigint, keep,                                              \
           [&](uv_loop_t* loop, uv_fs_t* req, uv_fs_cb cb) { return body; })

// open(path, flags, mode, cb) -> fd
void Open(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(3, ResultNumber, false, {}, uv_fs_open(loop, req, path.c_str(), Int(info, 1), Int(info, 2), cb));
}

// close(fd, cb)
void Close(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(1, Nothing, false, {}, uv_fs_close(loop, req, Int(info, 0), cb));
}

// The bytes of view info[1] from byte info[2], info[3] of them.
uv_buf_t ViewBuffer(const FunctionCallbackInfo<Value>& info) {
  Local<v8::ArrayBufferView> view = info[1].As<v8::ArrayBufferView>();
  // Buffer() moves an on-heap typed array's bytes out, so they stay put
  // while a queued request uses them.
  char* base = static_cast<char*>(view->Buffer()->GetBackingStore()->Data()) + view->ByteOffset();
  return uv_buf_init(base + static_cast<std::size_t>(Number(info, 2)), static_cast<unsigned>(Number(info, 3)));
}

// read(fd, view, offset, length, position, cb) -> bytes read; position -1
// reads from the current position.
void Read(const FunctionCallbackInfo<Value>& info) {
  if (!info[1]->IsArrayBufferView()) return;
  uv_buf_t buf = ViewBuffer(info);
  auto position = static_cast<std::int64_t>(Number(info, 4));
  FS_CALL(5, ResultNumber, false, info[1], uv_fs_read(loop, req, Int(info, 0), &buf, 1, position, cb));
}

// write(fd, view, offset, length, position, cb) -> bytes written
void Write(const FunctionCallbackInfo<Value>& info) {
  if (!info[1]->IsArrayBufferView()) return;
  uv_buf_t buf = ViewBuffer(info);
  auto position = static_cast<std::int64_t>(Number(info, 4));
  FS_CALL(5, ResultNumber, false, info[1], uv_fs_write(loop, req, Int(info, 0), &buf, 1, position, cb));
}

// The views of array info[1] as buffers for one vectored call; false when
// an element is not a view.
bool ViewBuffers(const FunctionCallbackInfo<Value>& info, std::vector<uv_buf_t>* bufs) {
  if (!info[1]->IsArray()) return false;
  Local<v8::Array> array = info[1].As<v8::Array>();
  Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  bufs->reserve(array->Length());
  for (uint32_t i = 0; i < array->Length(); ++i) {
    Local<Value> element;
    if (!array->Get(context, i).ToLocal(&element) || !element->IsArrayBufferView()) return false;
    Local<v8::ArrayBufferView> view = element.As<v8::ArrayBufferView>();
    char* base = static_cast<char*>(view->Buffer()->GetBackingStore()->Data()) + view->ByteOffset();
    bufs->push_back(uv_buf_init(base, static_cast<unsigned>(view->ByteLength())));
  }
  return true;
}

// readBuffers(fd, views, position, cb), writeBuffers(fd, views, position, cb)
// -> bytes: one readv/writev (preadv/pwritev at a position >= 0). libuv
// copies the list of buffers; the array keeps the memory alive.
void ReadBuffers(const FunctionCallbackInfo<Value>& info) {
  std::vector<uv_buf_t> bufs;
  if (!ViewBuffers(info, &bufs)) return;
  auto position = static_cast<std::int64_t>(Number(info, 2));
  FS_CALL(3, ResultNumber, false, info[1],
          uv_fs_read(loop, req, Int(info, 0), bufs.data(), static_cast<unsigned>(bufs.size()), position, cb));
}
void WriteBuffers(const FunctionCallbackInfo<Value>& info) {
  std::vector<uv_buf_t> bufs;
  if (!ViewBuffers(info, &bufs)) return;
  auto position = static_cast<std::int64_t>(Number(info, 2));
  FS_CALL(3, ResultNumber, false, info[1],
          uv_fs_write(loop, req, Int(info, 0), bufs.data(), static_cast<unsigned>(bufs.size()), position, cb));
}

// stat(path, bigint, cb), lstat(path, bigint, cb), fstat(fd, bigint, cb) -> fields
void Stat(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, StatArray, info[1]->IsTrue(), {}, uv_fs_stat(loop, req, path.c_str(), cb));
}
void LStat(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, StatArray, info[1]->IsTrue(), {}, uv_fs_lstat(loop, req, path.c_str(), cb));
}
void FStat(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(2, StatArray, info[1]->IsTrue(), {}, uv_fs_fstat(loop, req, Int(info, 0), cb));
}

// statfs(path, bigint, cb) -> fields
void StatFs(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, StatFsArray, info[1]->IsTrue(), {}, uv_fs_statfs(loop, req, path.c_str(), cb));
}

// ftruncate(fd, length, cb), fsync(fd, cb), fdatasync(fd, cb)
void FTruncate(const FunctionCallbackInfo<Value>& info) {
  auto length = static_cast<std::int64_t>(Number(info, 1));
  FS_CALL(2, Nothing, false, {}, uv_fs_ftruncate(loop, req, Int(info, 0), length, cb));
}
void FSync(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(1, Nothing, false, {}, uv_fs_fsync(loop, req, Int(info, 0), cb));
}
void FDataSync(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(1, Nothing, false, {}, uv_fs_fdatasync(loop, req, Int(info, 0), cb));
}

// scandir(path, rawNames, cb)
void ScanDir(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, DirEntries, info[1]->IsTrue(), {}, uv_fs_scandir(loop, req, path.c_str(), 0, cb));
}

// mkdir(path, mode, cb), rmdir(path, cb), unlink(path, cb)
void MkDir(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, Nothing, false, {}, uv_fs_mkdir(loop, req, path.c_str(), Int(info, 1), cb));
}
void RmDir(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(1, Nothing, false, {}, uv_fs_rmdir(loop, req, path.c_str(), cb));
}
void Unlink(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(1, Nothing, false, {}, uv_fs_unlink(loop, req, path.c_str(), cb));
}

// rename(from, to, cb), link(existing, new, cb), copyfile(src, dest, mode, cb),
// symlink(target, path, flags, cb)
void Rename(const FunctionCallbackInfo<Value>& info) {
  PathArg from(info.GetIsolate(), info[0]);
  PathArg to(info.GetIsolate(), info[1]);
  FS_CALL(2, Nothing, false, {}, uv_fs_rename(loop, req, from.c_str(), to.c_str(), cb));
}
void Link(const FunctionCallbackInfo<Value>& info) {
  PathArg from(info.GetIsolate(), info[0]);
  PathArg to(info.GetIsolate(), info[1]);
  FS_CALL(2, Nothing, false, {}, uv_fs_link(loop, req, from.c_str(), to.c_str(), cb));
}
void CopyFile(const FunctionCallbackInfo<Value>& info) {
  PathArg from(info.GetIsolate(), info[0]);
  PathArg to(info.GetIsolate(), info[1]);
  FS_CALL(3, Nothing, false, {}, uv_fs_copyfile(loop, req, from.c_str(), to.c_str(), Int(info, 2), cb));
}
void Symlink(const FunctionCallbackInfo<Value>& info) {
  PathArg target(info.GetIsolate(), info[0]);
  PathArg path(info.GetIsolate(), info[1]);
  FS_CALL(3, Nothing, false, {}, uv_fs_symlink(loop, req, target.c_str(), path.c_str(), Int(info, 2), cb));
}

// access(path, mode, cb)
void Access(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, Nothing, false, {}, uv_fs_access(loop, req, path.c_str(), Int(info, 1), cb));
}

// realpath(path, rawName, cb), readlink(path, rawName, cb) -> name
void RealPath(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, PtrName, info[1]->IsTrue(), {}, uv_fs_realpath(loop, req, path.c_str(), cb));
}
void ReadLink(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, PtrName, info[1]->IsTrue(), {}, uv_fs_readlink(loop, req, path.c_str(), cb));
}

// mkdtemp(prefix + 'XXXXXX', rawName, cb) -> the directory made
void MkDTemp(const FunctionCallbackInfo<Value>& info) {
  PathArg tpl(info.GetIsolate(), info[0]);
  FS_CALL(2, PathName, info[1]->IsTrue(), {}, uv_fs_mkdtemp(loop, req, tpl.c_str(), cb));
}

// chmod(path, mode, cb), fchmod(fd, mode, cb)
void ChMod(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(2, Nothing, false, {}, uv_fs_chmod(loop, req, path.c_str(), Int(info, 1), cb));
}
void FChMod(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(2, Nothing, false, {}, uv_fs_fchmod(loop, req, Int(info, 0), Int(info, 1), cb));
}

// chown(path, uid, gid, cb), fchown(fd, ...), lchown(path, ...)
void ChOwn(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  auto uid = static_cast<uv_uid_t>(Number(info, 1));
  auto gid = static_cast<uv_gid_t>(Number(info, 2));
  FS_CALL(3, Nothing, false, {}, uv_fs_chown(loop, req, path.c_str(), uid, gid, cb));
}
void FChOwn(const FunctionCallbackInfo<Value>& info) {
  auto uid = static_cast<uv_uid_t>(Number(info, 1));
  auto gid = static_cast<uv_gid_t>(Number(info, 2));
  FS_CALL(3, Nothing, false, {}, uv_fs_fchown(loop, req, Int(info, 0), uid, gid, cb));
}
void LChOwn(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  auto uid = static_cast<uv_uid_t>(Number(info, 1));
  auto gid = static_cast<uv_gid_t>(Number(info, 2));
  FS_CALL(3, Nothing, false, {}, uv_fs_lchown(loop, req, path.c_str(), uid, gid, cb));
}

// utime(path, atime, mtime, cb), futime(fd, ...), lutime(path, ...): seconds
void UTime(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(3, Nothing, false, {}, uv_fs_utime(loop, req, path.c_str(), Number(info, 1), Number(info, 2), cb));
}
void FUTime(const FunctionCallbackInfo<Value>& info) {
  FS_CALL(3, Nothing, false, {}, uv_fs_futime(loop, req, Int(info, 0), Number(info, 1), Number(info, 2), cb));
}
void LUTime(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  FS_CALL(3, Nothing, false, {}, uv_fs_lutime(loop, req, path.c_str(), Number(info, 1), Number(info, 2), cb));
}

#undef FS_CALL

// errname(errno), strerror(errno): libuv's name and message of an error.
void ErrName(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(Utf8(info.GetIsolate(), uv_err_name(Int(info, 0))));
}
void StrError(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(Utf8(info.GetIsolate(), uv_strerror(Int(info, 0))));
}

void InstallConstants(Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  // Without a prototype, as Node's.
  Local<v8::Object> constants = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  auto set = [&](const char* name, int value) {
    SetValue(isolate, context, constants, name, v8::Integer::New(isolate, value));
  };
  // In the order Node lists them.
  set("UV_FS_SYMLINK_DIR", UV_FS_SYMLINK_DIR);
  set("UV_FS_SYMLINK_JUNCTION", UV_FS_SYMLINK_JUNCTION);
  set("O_RDONLY", O_RDONLY);
  set("O_WRONLY", O_WRONLY);
  set("O_RDWR", O_RDWR);
  set("UV_DIRENT_UNKNOWN", UV_DIRENT_UNKNOWN);
  set("UV_DIRENT_FILE", UV_DIRENT_FILE);
  set("UV_DIRENT_DIR", UV_DIRENT_DIR);
  set("UV_DIRENT_LINK", UV_DIRENT_LINK);
  set("UV_DIRENT_FIFO", UV_DIRENT_FIFO);
  set("UV_DIRENT_SOCKET", UV_DIRENT_SOCKET);
  set("UV_DIRENT_CHAR", UV_DIRENT_CHAR);
  set("UV_DIRENT_BLOCK", UV_DIRENT_BLOCK);
  set("EXTENSIONLESS_FORMAT_JAVASCRIPT", 0);
  set("EXTENSIONLESS_FORMAT_WASM", 1);
  set("S_IFMT", S_IFMT);
  set("S_IFREG", S_IFREG);
  set("S_IFDIR", S_IFDIR);
  set("S_IFCHR", S_IFCHR);
  set("S_IFBLK", S_IFBLK);
  set("S_IFIFO", S_IFIFO);
  set("S_IFLNK", S_IFLNK);
  set("S_IFSOCK", S_IFSOCK);
  set("O_CREAT", O_CREAT);
  set("O_EXCL", O_EXCL);
  set("UV_FS_O_FILEMAP", UV_FS_O_FILEMAP);
  set("O_NOCTTY", O_NOCTTY);
  set("O_TRUNC", O_TRUNC);
  set("O_APPEND", O_APPEND);
  set("O_DIRECTORY", O_DIRECTORY);
  set("O_NOATIME", O_NOATIME);
  set("O_NOFOLLOW", O_NOFOLLOW);
  set("O_SYNC", O_SYNC);
  set("O_DSYNC", O_DSYNC);
  set("O_DIRECT", O_DIRECT);
  set("O_NONBLOCK", O_NONBLOCK);
  set("S_IRWXU", S_IRWXU);
  set("S_IRUSR", S_IRUSR);
  set("S_IWUSR", S_IWUSR);
  set("S_IXUSR", S_IXUSR);
  set("S_IRWXG", S_IRWXG);
  set("S_IRGRP", S_IRGRP);
  set("S_IWGRP", S_IWGRP);
  set("S_IXGRP", S_IXGRP);
  set("S_IRWXO", S_IRWXO);
  set("S_IROTH", S_IROTH);
  set("S_IWOTH", S_IWOTH);
  set("S_IXOTH", S_IXOTH);
  set("F_OK", F_OK);
  set("R_OK", R_OK);
  set("W_OK", W_OK);
  set("X_OK", X_OK);
  set("UV_FS_COPYFILE_EXCL", UV_FS_COPYFILE_EXCL);
  set("COPYFILE_EXCL", UV_FS_COPYFILE_EXCL);
  set("UV_FS_COPYFILE_FICLONE", UV_FS_COPYFILE_FICLONE);
  set("COPYFILE_FICLONE", UV_FS_COPYFILE_FICLONE);
  set("UV_FS_COPYFILE_FICLONE_FORCE", UV_FS_COPYFILE_FICLONE_FORCE);
  set("COPYFILE_FICLONE_FORCE", UV_FS_COPYFILE_FICLONE_FORCE);
  SetValue(isolate, context, target, "constants", constants);
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(fs) {
  // As in Node: a write past RLIMIT_FSIZE fails with EFBIG instead of the
  // signal ending the worker. Children started later get the default back
  // (libuv resets every signal in a spawned child).
  signal(SIGXFSZ, SIG_IGN);
  struct Method {
    const char* name;
    v8::FunctionCallback callback;
  };
  static constexpr Method kMethods[] = {
      {"open", Open},         {"close", Close},         {"read", Read},         {"write", Write},
      {"stat", Stat},         {"lstat", LStat},         {"fstat", FStat},       {"ftruncate", FTruncate},
      {"fsync", FSync},       {"fdatasync", FDataSync}, {"scandir", ScanDir},   {"mkdir", MkDir},
      {"rmdir", RmDir},       {"unlink", Unlink},       {"rename", Rename},     {"link", Link},
      {"copyfile", CopyFile}, {"symlink", Symlink},     {"access", Access},     {"realpath", RealPath},
      {"readlink", ReadLink}, {"mkdtemp", MkDTemp},     {"chmod", ChMod},       {"fchmod", FChMod},
      {"chown", ChOwn},       {"fchown", FChOwn},       {"lchown", LChOwn},     {"utime", UTime},
      {"futime", FUTime},     {"lutime", LUTime},       {"readFile", fs::ReadFile},
      {"statfs", StatFs},     {"errname", ErrName},   {"strerror", StrError},
      {"readBuffers", ReadBuffers}, {"writeBuffers", WriteBuffers},
      {"opendir", fs::OpenDir},     {"dirRead", fs::ReadDir},     {"dirClose", fs::CloseDir},
  };
  for (const Method& method : kMethods) SetMethod(isolate, context, target, method.name, method.callback);
  InstallConstants(isolate, context, target);
}

}  // namespace native_modules
}  // namespace isohost::worker

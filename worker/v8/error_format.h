// Text of a fatal error report: where it happened (file:line, the source line
// and a caret) and the stack, as a worker prints it before it dies.
#ifndef ISOHOST_WORKER_V8_ERROR_FORMAT_H_
#define ISOHOST_WORKER_V8_ERROR_FORMAT_H_

#include <v8.h>

#include <string>

namespace isohost::worker {

// The private symbol under which an error keeps that location (below): the
// fatal report prints it before the stack.
v8::Local<v8::Private> ErrorSourceKey(v8::Isolate* isolate);

// Remembers on `exception` (when it is an object) the location `message`
// points at, for errors such as a SyntaxError whose stack does not say it.
void AttachErrorSource(v8::Isolate* isolate, v8::Local<v8::Context> context,
                       v8::Local<v8::Value> exception, v8::Local<v8::Message> message);

// The same for an error that was thrown where no TryCatch saw it (a module's
// evaluation): where V8 says it was thrown, unless that is in the runtime's
// own code. Call it before anything reads the error's `stack`.
void AttachThrowLocation(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> error);
// For an exception a TryCatch caught as it left a callback (uncaught): where
// `message` says it was thrown, which the fatal report shows as Node does
// (the `throw`, not where the error was made), unless the error carries a
// location already or the throw was in the runtime's own code.
void AttachThrowSite(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> exception,
                     v8::Local<v8::Message> message);
// Puts that location in front of the `stack` of `exception` (an object with a
// string stack, not decorated before), as Node does for errors of vm scripts,
// and marks it so the fatal report does not print the location twice.
void DecorateErrorStack(v8::Isolate* isolate, v8::Local<v8::Context> context,
                        v8::Local<v8::Value> exception, v8::Local<v8::Message> message);

// "file:line\nsource\n   ^\n\nstack" for an error, or the value's text.
std::string DescribeFatalError(v8::Isolate* isolate, v8::Local<v8::Context> context,
                               v8::Local<v8::Value> error);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_V8_ERROR_FORMAT_H_

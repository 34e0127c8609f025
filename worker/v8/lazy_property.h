// Globals that are data properties, as the platform defines them (`URL`,
// `Event`, `console`...), but built on first read: V8's lazy data
// properties. A lazy property reads as a data property to every observer
// (getOwnPropertyDescriptor included: the read builds it), the first read
// replaces it with the value built, and an assignment before that replaces
// it with the value assigned.
#ifndef ISOHOST_WORKER_V8_LAZY_PROPERTY_H_
#define ISOHOST_WORKER_V8_LAZY_PROPERTY_H_

#include <v8.h>

namespace isohost::worker {

// defineLazyData(target, name, enumerable, build): `build()` makes the value.
void DefineLazyDataProperty(const v8::FunctionCallbackInfo<v8::Value>& info);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_V8_LAZY_PROPERTY_H_

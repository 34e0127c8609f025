'use strict';
// ReadableStream's tee() (the Streams standard, 4.9.1 ReadableStreamTee):
// two branches of one stream, for default and byte streams (readable.js
// loads this when a stream is first teed).

const { deferred, noop, react, resolved } = internalRequire('internal/webstreams/util');
const {
  kBYOBReader, kBYOBRequest, createReadableStream, createReadableByteStream, readableStreamCancel, readerRelease, acquireDefaultReader, defaultReaderRead, ReadableStreamBYOBReader, byobReaderRead, defaultControllerClose, defaultControllerEnqueue, defaultControllerError, byteControllerGetBYOBRequest, byteControllerClose, byteControllerError, byteControllerEnqueue, byteControllerRespond, byteControllerRespondWithNewView,
} = internalRequire('internal/webstreams/readable');

function readableStreamTee(stream) {
  if (stream.controllerSlots.kind === 'byte') return readableByteStreamTee(stream);
  return readableStreamDefaultTee(stream);
}

function readableStreamDefaultTee(stream) {
  const reader = acquireDefaultReader(stream);
  let reading = false;
  let readAgain = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelPromise = deferred();

  const pullAlgorithm = () => {
    if (reading) {
      readAgain = true;
      return resolved(undefined);
    }
    reading = true;
    defaultReaderRead(reader, {
      chunk(chunk) {
        // Later than the read itself, so that an error or a close that
        // arrives with it is seen first.
        queueMicrotask(() => {
          readAgain = false;
          if (!canceled1) defaultControllerEnqueue(branch1.controllerSlots, chunk);
          if (!canceled2) defaultControllerEnqueue(branch2.controllerSlots, chunk);
          reading = false;
          if (readAgain) pullAlgorithm();
        });
      },
      close() {
        reading = false;
        if (!canceled1) defaultControllerClose(branch1.controllerSlots);
        if (!canceled2) defaultControllerClose(branch2.controllerSlots);
        if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
      },
      error() {
        reading = false;
      },
    });
    return resolved(undefined);
  };
  const cancelAlgorithm = (second) => (reason) => {
    if (second) {
      canceled2 = true;
      reason2 = reason;
    } else {
      canceled1 = true;
      reason1 = reason;
    }
    if (canceled1 && canceled2) cancelPromise.resolve(readableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  };
  branch1 = createReadableStream(noop, pullAlgorithm, cancelAlgorithm(false));
  branch2 = createReadableStream(noop, pullAlgorithm, cancelAlgorithm(true));
  react(reader.closed.promise, undefined, (reason) => {
    defaultControllerError(branch1.controllerSlots, reason);
    defaultControllerError(branch2.controllerSlots, reason);
    if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
  });
  return [branch1.self, branch2.self];
}

function cloneAsUint8Array(view) {
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

// ReadableByteStreamTee: each branch's BYOB request, when it has one, is
// read into directly, and the other branch gets a copy.
function readableByteStreamTee(stream) {
  let reader = acquireDefaultReader(stream);
  let reading = false;
  let readAgainForBranch1 = false;
  let readAgainForBranch2 = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelPromise = deferred();

  const errorBoth = (error) => {
    byteControllerError(branch1.controllerSlots, error);
    byteControllerError(branch2.controllerSlots, error);
    cancelPromise.resolve(readableStreamCancel(stream, error));
  };
  const forwardReaderError = (thisReader) => {
    react(thisReader.closed.promise, undefined, (reason) => {
      if (thisReader !== reader) return;
      byteControllerError(branch1.controllerSlots, reason);
      byteControllerError(branch2.controllerSlots, reason);
      if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
    });
  };
  const readAgain = () => {
    if (readAgainForBranch1) pull1Algorithm();
    else if (readAgainForBranch2) pull2Algorithm();
  };
  const pullWithDefaultReader = () => {
    if (reader.kind === 'byob') {
      readerRelease(reader);
      reader = acquireDefaultReader(stream);
      forwardReaderError(reader);
    }
    defaultReaderRead(reader, {
      chunk(chunk) {
        queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          let chunk2 = chunk;
          if (!canceled1 && !canceled2) {
            try {
              chunk2 = cloneAsUint8Array(chunk);
            } catch (error) {
              errorBoth(error);
              return;
            }
          }
          if (!canceled1) byteControllerEnqueue(branch1.controllerSlots, chunk);
          if (!canceled2) byteControllerEnqueue(branch2.controllerSlots, chunk2);
          reading = false;
          readAgain();
        });
      },
      close() {
        reading = false;
        if (!canceled1) byteControllerClose(branch1.controllerSlots);
        if (!canceled2) byteControllerClose(branch2.controllerSlots);
        if (branch1.controllerSlots.pendingPullIntos.length > 0) byteControllerRespond(branch1.controllerSlots, 0);
        if (branch2.controllerSlots.pendingPullIntos.length > 0) byteControllerRespond(branch2.controllerSlots, 0);
        if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
      },
      error() {
        reading = false;
      },
    });
  };
  const pullWithBYOBReader = (view, forBranch2) => {
    if (reader.kind === 'default') {
      readerRelease(reader);
      reader = new ReadableStreamBYOBReader(stream.self)[kBYOBReader];
      forwardReaderError(reader);
    }
    const byobBranch = forBranch2 ? branch2 : branch1;
    const otherBranch = forBranch2 ? branch1 : branch2;
    byobReaderRead(reader, view, 1, {
      chunk(chunk) {
        queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const byobCanceled = forBranch2 ? canceled2 : canceled1;
          const otherCanceled = forBranch2 ? canceled1 : canceled2;
          if (!otherCanceled) {
            let clone;
            try {
              clone = cloneAsUint8Array(chunk);
            } catch (error) {
              errorBoth(error);
              return;
            }
            if (!byobCanceled) byteControllerRespondWithNewView(byobBranch.controllerSlots, chunk);
            byteControllerEnqueue(otherBranch.controllerSlots, clone);
          } else if (!byobCanceled) {
            byteControllerRespondWithNewView(byobBranch.controllerSlots, chunk);
          }
          reading = false;
          readAgain();
        });
      },
      close(chunk) {
        reading = false;
        const byobCanceled = forBranch2 ? canceled2 : canceled1;
        const otherCanceled = forBranch2 ? canceled1 : canceled2;
        if (!byobCanceled) byteControllerClose(byobBranch.controllerSlots);
        if (!otherCanceled) byteControllerClose(otherBranch.controllerSlots);
        if (chunk !== undefined) {
          if (!byobCanceled) byteControllerRespondWithNewView(byobBranch.controllerSlots, chunk);
          if (!otherCanceled && otherBranch.controllerSlots.pendingPullIntos.length > 0) {
            byteControllerRespond(otherBranch.controllerSlots, 0);
          }
        }
        if (!byobCanceled || !otherCanceled) cancelPromise.resolve(undefined);
      },
      error() {
        reading = false;
      },
    });
  };
  const pullAlgorithm = (second) => () => {
    if (reading) {
      if (second) readAgainForBranch2 = true;
      else readAgainForBranch1 = true;
      return resolved(undefined);
    }
    reading = true;
    const branch = second ? branch2 : branch1;
    const byobRequest = byteControllerGetBYOBRequest(branch.controllerSlots);
    if (byobRequest === null) pullWithDefaultReader();
    else pullWithBYOBReader(byobRequest[kBYOBRequest].view, second);
    return resolved(undefined);
  };
  const pull1Algorithm = pullAlgorithm(false);
  const pull2Algorithm = pullAlgorithm(true);
  const cancelAlgorithm = (second) => (reason) => {
    if (second) {
      canceled2 = true;
      reason2 = reason;
    } else {
      canceled1 = true;
      reason1 = reason;
    }
    if (canceled1 && canceled2) cancelPromise.resolve(readableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  };
  branch1 = createReadableByteStream(noop, pull1Algorithm, cancelAlgorithm(false));
  branch2 = createReadableByteStream(noop, pull2Algorithm, cancelAlgorithm(true));
  forwardReaderError(reader);
  return [branch1.self, branch2.self];
}

exports.readableStreamTee = readableStreamTee;

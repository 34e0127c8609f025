// MessageChannel inside one worker: receiveMessageOnPort, order, close on
// the other end, a port and an ArrayBuffer moved through a transfer list,
// and the errors of a bad transfer list.
const { MessageChannel, receiveMessageOnPort, MessagePort } = require('node:worker_threads');
const { port1, port2 } = new MessageChannel();
port1.postMessage('queued 1');
port1.postMessage({ n: 2 });
console.log('receiveMessageOnPort:', JSON.stringify(receiveMessageOnPort(port2)), JSON.stringify(receiveMessageOnPort(port2)), receiveMessageOnPort(port2));
const order = [];
port2.on('message', (m) => {
  order.push(m);
  if (order.length === 3) { console.log('channel order:', order.join(',')); port2.close(); }
});
port1.on('close', () => {
  console.log('close reached the other end');
  const buf = new Uint8Array([1, 2, 3, 4]).buffer;
  const c = new MessageChannel();
  c.port2.once('message', (m) => { console.log('got', new Uint8Array(m.buf), m.p instanceof MessagePort); 
    m.p.on('message', (x) => { console.log('via moved port', x); m.p.close(); });
    c.port1.close(); });
  const inner = new MessageChannel();
  c.port1.postMessage({ buf, p: inner.port1 }, [buf, inner.port1]);
  inner.port2.postMessage('hi');
  console.log('detached:', buf.byteLength);
  try { c.port1.postMessage(1, [c.port1]); } catch (e) { console.log(e.name, e.message); }
});
for (const m of ['a', 'b', 'c']) port1.postMessage(m);
console.log(port1.hasRef(), port2.hasRef(), typeof MessageChannel, typeof BroadcastChannel, typeof MessageEvent);
try { new MessagePort(); } catch (e) { console.log(e.code, e.message); }

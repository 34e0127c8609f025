'use strict';
// moveMessagePortToContext: the moved port and what it receives belong to
// the vm context; the old port is detached; errors are the context's.
const vm = require('vm');
const { MessageChannel, MessagePort, moveMessagePortToContext } = require('worker_threads');

const context = vm.createContext({ log: (...args) => console.log(...args) });
const { port1, port2 } = new MessageChannel();
context.port = moveMessagePortToContext(port1, context);
context.OuterMessagePort = MessagePort;
vm.runInContext(`
  log('context objects:', port instanceof Object, port.postMessage instanceof Function,
      port instanceof OuterMessagePort, port.onmessage);
  port.onmessage = function({ data, ports }) {
    log('in context:', data.text, data instanceof Object, ports instanceof Array, ports[0] === data.p);
    ports[0].onmessage = ({ data }) => { log('on the carried port:', data); ports[0].close(); };
    ports[0].start();
    port.postMessage({ reply: 'pong' });
  };
  port.start();
  try {
    port.postMessage(globalThis);
  } catch (e) {
    log('clone error:', e.constructor.name, e.name, e instanceof Error);
  }
`, context);

// The old port is detached: a message on it goes nowhere.
port1.postMessage('lost');
const other = new MessageChannel();
port2.on('message', (message) => {
  console.log('outside:', message.reply, message instanceof Object);
  other.port2.postMessage('through the carried port');
  port2.close();
});
port2.postMessage({ text: 'ping', p: other.port1 }, [other.port1]);

const { port2: closed } = new MessageChannel();
closed.close();
try {
  moveMessagePortToContext(closed, context);
} catch (e) {
  console.log(e.code, e.message);
}
try {
  moveMessagePortToContext(new MessageChannel().port1, {});
} catch (e) {
  console.log(e.code, e.message);
}
try {
  moveMessagePortToContext({}, context);
} catch (e) {
  console.log(e.code, e.message);
}

'use strict';
// A FileHandle names Node's JSTransferable protocol: its own transfer is
// refused (its descriptor cannot leave the process), and a kTransfer that
// names anything but a built-in class with a deserializer is refused at
// the receiver, as a 'messageerror'.
const fs = require('fs').promises;
const { MessageChannel } = require('worker_threads');
const { once } = require('events');

(async () => {
  const fh = await fs.open(__filename);
  const kTransfer = Object.getOwnPropertySymbols(Object.getPrototypeOf(fh))
    .find((symbol) => symbol.description === 'messaging_transfer_symbol');
  console.log('symbol:', typeof kTransfer);
  const { port1, port2 } = new MessageChannel();
  try {
    port1.postMessage(fh, [fh]);
  } catch (e) {
    console.log(e.name, e.message);
  }
  port2.on('message', () => console.log('never'));
  for (const deserializeInfo of [`${__filename}:Anything`, 'net:Socket', 'internal/fs/file_handle:isChunks']) {
    fh[kTransfer] = () => ({ data: 'x', deserializeInfo });
    port1.postMessage({ fh }, [fh]);
    const [error] = await once(port2, 'messageerror');
    console.log(error.message.replace(__filename, 'FILE'));
  }
  port2.close();
  await fh.close();
})();

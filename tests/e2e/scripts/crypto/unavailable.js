// What a worker does not offer throws, naming the API, and still loads.
const crypto = require('crypto');
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    console.log(label, 'throws', e.name, e.code, e.message);
  }
};
show('createCipheriv', () => crypto.createCipheriv('aes-128-cbc', Buffer.alloc(16), Buffer.alloc(16)));
show('new KeyObject', () => new crypto.KeyObject());
show('subclass of Sign', () => typeof class extends crypto.Sign {});
show('generateKeyPairSync', () => crypto.generateKeyPairSync('ed25519'));
show('setFips(true)', () => crypto.setFips(true));
crypto.subtle.sign('HMAC', {}, new Uint8Array(1)).catch((e) => console.log('subtle.sign rejects', e.code, e.message));

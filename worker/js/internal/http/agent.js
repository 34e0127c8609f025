'use strict';
// http.Agent: the client's pool of connections, by host and port. A request
// takes a free socket of its host if one waits (the last one freed first,
// 'lifo', or the oldest, 'fifo'), else a new one while the host has fewer
// than maxSockets, else it queues. A socket whose response is done is
// 'free': the next queued request takes it, or with keepAlive it waits
// unref'd among freeSockets (keepAlive's timeout closes it), or it closes.

const EventEmitter = internalRequire('node/events');
const net = internalRequire('node/net');
const { validateNumber, validateOneOf } = internalRequire('internal/validators');

class Agent extends EventEmitter {
  constructor(options = undefined) {
    super();
    this.defaultPort = 80;
    this.protocol = 'http:';
    this.options = { __proto__: null, ...options };
    if (this.options.noDelay === undefined) this.options.noDelay = true;
    this.options.path = null;
    this.requests = { __proto__: null };
    this.sockets = { __proto__: null };
    this.freeSockets = { __proto__: null };
    this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
    this.keepAlive = this.options.keepAlive || false;
    this.maxSockets = this.options.maxSockets || Agent.defaultMaxSockets;
    this.maxFreeSockets = this.options.maxFreeSockets || 256;
    this.scheduling = this.options.scheduling || 'lifo';
    this.maxTotalSockets = this.options.maxTotalSockets;
    this.totalSocketCount = 0;
    validateOneOf(this.scheduling, 'scheduling', ['fifo', 'lifo']);
    if (this.maxTotalSockets !== undefined) validateNumber(this.maxTotalSockets, 'maxTotalSockets', 1);
    else this.maxTotalSockets = Infinity;
    this.on('free', (socket, opts) => this._onFree(socket, opts));
  }

  _onFree(socket, options) {
    const name = this.getName(options);
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const queue = this.requests[name];
    if (queue !== undefined && queue.length > 0) {
      const req = queue.shift();
      if (queue.length === 0) delete this.requests[name];
      // Handed on in use: not a reused socket as Node counts them.
      setRequestSocket(this, req, socket);
      return;
    }
    const req = socket._httpMessage;
    if (!req || !req.shouldKeepAlive || !this.keepAlive) {
      socket.destroy();
      return;
    }
    const free = this.freeSockets[name] || [];
    const freeCount = Object.values(this.freeSockets).reduce((sum, list) => sum + list.length, 0);
    if (free.length >= this.maxFreeSockets || freeCount >= this.maxFreeSockets * 1024 || !this.keepSocketAlive(socket)) {
      socket.destroy();
      return;
    }
    this.freeSockets[name] = free;
    socket._httpMessage = null;
    this.removeSocket(socket, options, true);
    free.push(socket);
    socket.once('error', freeSocketError);
  }

  createConnection(...args) {
    return net.createConnection(...args);
  }

  getName(options = {}) {
    let name = options.host || 'localhost';
    name += ':';
    if (options.port) name += options.port;
    name += ':';
    if (options.localAddress) name += options.localAddress;
    if (options.family === 4 || options.family === 6) name += `:${options.family}`;
    if (options.socketPath) name += `:${options.socketPath}`;
    return name;
  }

  addRequest(req, options) {
    options = { __proto__: null, ...options, ...this.options };
    if (options.socketPath) options.path = options.socketPath;
    normalizeServerName(options, req);
    const name = this.getName(options);
    this.sockets[name] ||= [];
    const free = this.freeSockets[name];
    let socket;
    if (free && free.length > 0) {
      socket = this.scheduling === 'fifo' ? free.shift() : free.pop();
      if (free.length === 0) delete this.freeSockets[name];
      socket.removeListener('error', freeSocketError);
    }
    if (socket !== undefined) {
      this.reuseSocket(socket, req);
      setRequestSocket(this, req, socket);
      this.sockets[name].push(socket);
      return;
    }
    if (this.sockets[name].length < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
      this.createSocket(req, options, (err, newSocket) => {
        if (err) req.onSocket(newSocket, err);
        else setRequestSocket(this, req, newSocket);
      });
      return;
    }
    this.requests[name] ||= [];
    this.requests[name].push(req);
  }

  createSocket(req, options, callback) {
    options = { __proto__: null, ...options, ...this.options };
    if (options.socketPath) options.path = options.socketPath;
    normalizeServerName(options, req);
    const name = this.getName(options);
    options._agentKey = name;
    this.totalSocketCount++;
    let called = false;
    const done = (err, socket) => {
      if (called) return;
      called = true;
      if (err) {
        this.totalSocketCount--;
        callback(err);
        return;
      }
      this.sockets[name] ||= [];
      this.sockets[name].push(socket);
      installListeners(this, socket, options);
      callback(null, socket);
    };
    const socket = this.createConnection(options, done);
    if (socket) done(null, socket);
  }

  removeSocket(socket, options, keepCount = false) {
    const name = this.getName(options);
    for (const sets of [this.sockets, this.freeSockets]) {
      const list = sets[name];
      if (list === undefined) continue;
      const index = list.indexOf(socket);
      if (index !== -1) {
        list.splice(index, 1);
        if (list.length === 0) delete sets[name];
        if (!keepCount) this.totalSocketCount--;
      }
    }
    if (keepCount) return;
    // A request waits for a socket of this host: a new one for it.
    const queue = this.requests[name];
    if (queue !== undefined && queue.length > 0 && !socket[kDestroyedByAgent]) {
      const req = queue.shift();
      if (queue.length === 0) delete this.requests[name];
      this.createSocket(req, options, (err, newSocket) => {
        if (err) req.onSocket(newSocket, err);
        else setRequestSocket(this, req, newSocket);
      });
    }
  }

  keepSocketAlive(socket) {
    socket.setKeepAlive(true, this.keepAliveMsecs);
    socket.unref();
    let agentTimeout = this.options.timeout || 0;
    if (socket._httpMessage?.res) {
      const hint = /^timeout=(\d+)/.exec(socket._httpMessage.res.headers['keep-alive'] || '');
      if (hint) {
        const serverHintTimeout = Number(hint[1]) * 1000 - 1000;
        if (serverHintTimeout <= 0) return false;
        if (serverHintTimeout < agentTimeout || agentTimeout === 0) agentTimeout = serverHintTimeout;
      }
    }
    if (socket.timeout !== agentTimeout) socket.setTimeout(agentTimeout);
    return true;
  }

  reuseSocket(socket, req) {
    req.reusedSocket = true;
    socket.ref();
  }

  destroy() {
    for (const sets of [this.freeSockets, this.sockets]) {
      for (const name of Object.keys(sets)) {
        for (const socket of sets[name].slice()) {
          socket[kDestroyedByAgent] = true;
          socket.destroy();
        }
      }
    }
  }
}

const kDestroyedByAgent = Symbol('kDestroyedByAgent');

Agent.defaultMaxSockets = Infinity;

function normalizeServerName(options, req) {
  if (!options.servername && options.servername !== '' && req) {
    const host = req.getHeader?.('host');
    if (typeof host === 'string') options.servername = host.replace(/:.*$/, '');
  }
}

// A free socket that fails is dropped; no request hears of it.
function freeSocketError() {
  this.destroy();
  this.emit('agentRemove');
}

function installListeners(agent, socket, options) {
  socket.on('free', () => agent.emit('free', socket, options));
  socket.on('close', () => agent.removeSocket(socket, options));
  socket.on('timeout', function onTimeout() {
    // A free socket that timed out closes; one in use is its request's.
    const free = agent.freeSockets[agent.getName(options)];
    if (free !== undefined && free.includes(socket)) socket.destroy();
  });
  socket.on('agentRemove', () => {
    agent.removeSocket(socket, options);
    socket.removeAllListeners('free');
  });
}

function setRequestSocket(agent, req, socket) {
  req.onSocket(socket);
  const agentTimeout = agent.options.timeout || 0;
  if (req.timeout === undefined || req.timeout === agentTimeout) return;
  socket.setTimeout(req.timeout);
}

const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

module.exports = { Agent, globalAgent };

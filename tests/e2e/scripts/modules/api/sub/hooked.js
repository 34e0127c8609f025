module.exports = __filename.endsWith("sub/hooked.js") ? "hooked js" : "?";

module.exports = "lib/a.js";

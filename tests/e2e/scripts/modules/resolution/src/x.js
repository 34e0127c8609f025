module.exports = "src/x.js";

module.exports = "wrong";

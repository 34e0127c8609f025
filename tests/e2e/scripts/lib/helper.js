exports.greet = (name) => `hello ${name} from ${require('path').basename(__dirname)}`;

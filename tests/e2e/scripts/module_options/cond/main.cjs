console.log('require:', require('pkg'));

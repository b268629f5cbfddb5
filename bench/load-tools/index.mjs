// What the bench takes from its own load-tools install, resolved from here (bench/load-tools/node_modules).
export { default as autocannon } from 'autocannon';

export { default } from '../../tools/src/tsup-library.js';

export { default } from '@svc/tools/tsup';

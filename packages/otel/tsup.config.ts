import library from '@svc/tools/tsup';
import { defineConfig, type Options } from 'tsup';

// The semantic-convention names are bundled, the few this package uses: the package itself costs about
// 20 ms to load, and its `incubating` entry (url.template) may change in a minor release. `register` is
// the `--import` preload that starts NodeSDK from the environment.
export default defineConfig({
  ...(library as Options),
  entry: ['src/index.ts', 'src/register.ts'],
  noExternal: ['@opentelemetry/semantic-conventions'],
});

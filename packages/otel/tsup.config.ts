import library from '@svc/tools/tsup';
import { defineConfig, type Options } from 'tsup';

// The semantic-convention names are bundled, the few this package uses: the package itself costs about
// 20 ms to load, and its `incubating` entry (url.template) may change in a minor release.
export default defineConfig({
  ...(library as Options),
  noExternal: ['@opentelemetry/semantic-conventions'],
});

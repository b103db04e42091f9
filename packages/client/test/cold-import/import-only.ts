// Child of no-fetch-at-import.test.ts: imports the client (or nothing) and reports whether Node loaded
// its fetch implementation meanwhile.
const specifier = process.argv[2];
if (specifier) await import(specifier);
const { moduleLoadList } = process as unknown as { moduleLoadList: string[] };
process.stdout.write(JSON.stringify({ fetchLoaded: moduleLoadList.some((name) => name.includes('undici')) }));

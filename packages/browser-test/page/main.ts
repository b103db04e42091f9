// The page a partner's front end would be: @svc/client imported from the package, calling the mock
// from another origin (Prism answers CORS), rendering what it got. The browser test reads the DOM.
import { createClient, NotFoundError, SvcError, ValidationError } from '@svc/client';

const baseUrl = new URLSearchParams(location.search).get('mock') ?? 'http://127.0.0.1:4010';
// A page never holds a real team key: this one is a test page talking to the local mock with a dummy
// key, which is the one case the client's browser guard may be told to allow.
const svc = createClient({ apiKey: 'browser-test-key', baseUrl, dangerouslyAllowBrowser: true });
const app = document.getElementById('app') as HTMLElement;

function row(cells: readonly string[], cell: 'td' | 'th' = 'td'): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const text of cells) tr.append(Object.assign(document.createElement(cell), { textContent: text }));
  return tr;
}

function section(title: string, testId: string, ...content: (Node | string)[]): HTMLElement {
  const element = document.createElement('section');
  element.dataset.testid = testId;
  element.append(Object.assign(document.createElement('h2'), { textContent: title }), ...content);
  return element;
}

/** Runs `call` and names the error class it rejects with: typed errors must survive bundling. */
async function errorClassOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'no error';
  } catch (error) {
    if (error instanceof NotFoundError) return `NotFoundError ${error.status}`;
    if (error instanceof ValidationError) return `ValidationError ${error.field}`;
    if (error instanceof SvcError) return error.name;
    throw error;
  }
}

async function main(): Promise<void> {
  const providers = await svc.listProviders();
  const table = document.createElement('table');
  table.append(row(['name', 'slug', 'auth_type'], 'th'));
  for (const provider of providers)
    table.append(row([provider.name, provider.slug, String(provider.auth_type)]));

  const user = await svc.resolveUser({ client_user_id: 'browser-user-1' });
  const steps = await svc.getStepsGrouped({ user_id: user.user_id, start_date: '2026-11-01' });
  const points = Object.entries(steps.groups).map(
    ([provider, groups]) =>
      `${provider}: ${groups.reduce((sum, group) => sum + group.data.length, 0)} points`,
  );

  const notFound = await errorClassOf(() =>
    svc.resolveUser({ client_user_id: 'nobody' }, { headers: { Prefer: 'code=404' } }),
  );
  const invalid = await errorClassOf(() =>
    svc.getStepsGrouped({ user_id: 'not-a-uuid', start_date: '2026-11-01' }),
  );
  // Without the opt-in, a page may not hold a team key at all.
  const guarded = await errorClassOf(async () => createClient({ apiKey: 'browser-test-key', baseUrl }));

  app.replaceChildren(
    section('Providers', 'providers', table),
    section('User', 'user', user.user_id),
    section('Steps', 'steps', points.join(', ')),
    section('Errors', 'errors', `${notFound}; ${invalid}`),
    section('Browser guard', 'guard', guarded),
  );
  document.body.dataset.state = 'ready';
}

main().catch((error: unknown) => {
  app.textContent = `Failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  document.body.dataset.state = 'failed';
});

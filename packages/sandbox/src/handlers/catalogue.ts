import { LAB_ACCOUNTS, LAB_TESTS, LABS, MARKERS } from '../world/data/catalogue-data.js';
import { notFound } from '../world/state/refusal.js';
import type { OperationContext, OperationHandler } from './operation-context.js';

const DEFAULT_PAGE_SIZE = 50;

function pageOf<T>(items: readonly T[], context: OperationContext) {
  const page = Number(context.query.page ?? 1);
  const size = Number(context.query.size ?? DEFAULT_PAGE_SIZE);
  return {
    markers: items.slice((page - 1) * size, page * size),
    total: items.length,
    page,
    size,
    pages: Math.ceil(items.length / size),
  };
}

/** The lab a marker query names: `lab_slug` wins over `lab_id`; `lab_account_id` narrows to its lab. */
function labFilter(context: OperationContext): (labId: number) => boolean {
  const { lab_slug: slug, lab_id: id, lab_account_id: accountId } = context.query;
  let lab: number | null | undefined;
  if (slug !== undefined) lab = LABS.find((l) => l.slug === slug)?.id ?? null;
  else if (id !== undefined) lab = LABS.find((l) => String(l.id) === id || l.slug === id)?.id ?? null;
  let accountLab: number | null | undefined;
  if (accountId !== undefined)
    accountLab = LAB_ACCOUNTS.find((a) => a.lab_account_id === accountId)?.lab_id ?? null;
  return (labId) =>
    (lab === undefined || lab === labId) && (accountLab === undefined || accountLab === labId);
}

export const listMarkers: OperationHandler = (context) => {
  const inLab = labFilter(context);
  const name = context.query.name?.toLowerCase();
  const markers = MARKERS.filter((m) => inLab(m.lab_id) && (!name || m.name.toLowerCase().includes(name)));
  // The flat list's documented fields are markers, total, page and size.
  const { pages: _pages, ...page } = pageOf(markers, context);
  return { status: 200, body: page };
};

export const listLabTestMarkers: OperationHandler = (context) => {
  const test = LAB_TESTS.find((t) => t.id === context.path.lab_test_id);
  if (!test) throw notFound(`lab test ${context.path.lab_test_id}`);
  const accountId = context.query.lab_account_id;
  const account = accountId ? LAB_ACCOUNTS.find((a) => a.lab_account_id === accountId) : undefined;
  if (accountId && !account) throw notFound(`lab account ${accountId}`);
  const markers =
    account && account.lab_id !== test.lab_id ? [] : MARKERS.filter((m) => test.marker_ids.includes(m.id));
  return { status: 200, body: pageOf(markers, context) };
};

export const listLabAccounts: OperationHandler = (context) => {
  const { lab_account_id: id, status } = context.query;
  const accounts = LAB_ACCOUNTS.filter(
    (a) => (!id || a.lab_account_id === id) && (!status || a.status.toLowerCase() === status.toLowerCase()),
  );
  return { status: 200, body: accounts };
};

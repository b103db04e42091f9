import { MaxPagesExceededError, ValidationError } from '@svc/client';
import { loopbackForTest } from '@svc/test-kit';
import { describe, expect, it } from 'vitest';
import { markerSearchQuery, UnexpectedResponseError } from '../../src/index.js';
import { LAB_TEST_ID, mockClient, recordingClient } from '../clients.js';
import { pagedMarkersServer } from './paged-markers-server.js';

describe('searching the marker catalogue against the mock', () => {
  it('finds markers by name or test code within one lab', async () => {
    const { lab, sent } = mockClient();
    const markers = await lab.catalogue
      .searchMarkers({ name: '4548-4', lab_slug: 'quest' })
      .toArray({ limit: 10 });
    expect(markers[0]).toMatchObject({ name: 'Hemoglobin A1c', lab_id: 3 });
    expect(Object.fromEntries(sent[0]?.url.searchParams ?? [])).toMatchObject({
      name: '4548-4',
      lab_slug: 'quest',
    });
  });

  it('sends only lab_slug when lab_slug and lab_id are both given, as the service uses lab_slug', async () => {
    const { lab, sent } = mockClient();
    await lab.catalogue.searchMarkers({ lab_slug: 'quest', lab_id: 7 }).toArray({ limit: 1 });
    expect(sent[0]?.url.searchParams.get('lab_slug')).toBe('quest');
    expect(sent[0]?.url.searchParams.has('lab_id')).toBe(false);
  });

  it('sends lab_id when no lab_slug is given', async () => {
    const { lab, sent } = mockClient();
    await lab.catalogue.searchMarkers({ lab_id: 7, lab_account_id: 'acct-1' }).toArray({ limit: 1 });
    expect(sent[0]?.url.searchParams.get('lab_id')).toBe('7');
    expect(sent[0]?.url.searchParams.get('lab_account_id')).toBe('acct-1');
  });

  it('keeps every other filter when it drops lab_id', () => {
    expect(markerSearchQuery({ name: 'ferritin', lab_slug: 'quest', lab_id: 3, size: 20 })).toEqual({
      name: 'ferritin',
      lab_slug: 'quest',
      size: 20,
    });
  });

  it('iterates the markers of a lab test', async () => {
    const { lab, sent } = mockClient();
    const markers = [];
    for await (const marker of lab.catalogue.labTestMarkers(LAB_TEST_ID, { lab_account_id: null })) {
      markers.push(marker);
    }
    expect(markers.map((marker) => marker.name)).toEqual(['Ferritin']);
    expect(sent[0]?.url.pathname).toBe(`/v3/lab_tests/${LAB_TEST_ID}/markers`);
  });

  it('refuses a page size over 100 before sending anything', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.catalogue.searchMarkers({ size: 101 }).toArray({ limit: 1 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('issue 7: a search that is not an object (found by fuzzing)', () => {
  it('refuses a null marker search with a ValidationError naming the search, before sending', async () => {
    const { lab, sent } = recordingClient('http://127.0.0.1:9');
    const error = await (async () =>
      lab.catalogue.searchMarkers(null as never).toArray({ limit: 1 }))().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'search' });
    expect(sent).toHaveLength(0);
  });
});

describe('walking every page of a lab', () => {
  it('requests page after page until the total is reached', async () => {
    const server = await pagedMarkersServer({ total: 7 });
    const { lab } = recordingClient(server.baseUrl);
    const names: string[] = [];
    for await (const marker of lab.catalogue.searchMarkers({ lab_slug: 'quest', size: 3 }))
      names.push(marker.name ?? '');
    expect(names).toEqual([
      'marker-1',
      'marker-2',
      'marker-3',
      'marker-4',
      'marker-5',
      'marker-6',
      'marker-7',
    ]);
    // The first request is the client's call as given (the service's first page); the walk numbers the rest.
    expect(server.requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
    expect(server.requests.every((request) => request.query.lab_slug === 'quest')).toBe(true);
  });

  it('awaiting a search gives its first page, the envelope the service sent', async () => {
    const server = await pagedMarkersServer({ total: 7 });
    const { lab } = recordingClient(server.baseUrl);
    const first = await lab.catalogue.searchMarkers({ lab_slug: 'quest', size: 3 });
    expect(first).toMatchObject({ total: 7, page: 1, size: 3 });
    expect(first.markers?.map((marker) => marker.name)).toEqual(['marker-1', 'marker-2', 'marker-3']);
    expect(server.requests).toHaveLength(1);
  });

  it('applies the pagination defaults of labTesting() to every walk, and a call’s own options override them', async () => {
    const server = await pagedMarkersServer({ total: 7 });
    const { lab } = recordingClient(server.baseUrl, { lab: { pagination: { maxPages: 2 } } });
    const capped = lab.catalogue.searchMarkers({ lab_slug: 'quest', size: 3 }).toArray({ limit: 100 });
    await expect(capped).rejects.toBeInstanceOf(MaxPagesExceededError);
    expect(server.requests).toHaveLength(2);
    const markers = await lab.catalogue
      .labTestMarkers(LAB_TEST_ID, { size: 3 }, { maxPages: 3 })
      .toArray({ limit: 100 });
    expect(markers).toHaveLength(7);
  });

  it('refuses a pagination default that is no positive integer before sending anything', async () => {
    const server = await pagedMarkersServer({ total: 7 });
    const { lab } = recordingClient(server.baseUrl, { lab: { pagination: { maxPages: 0 } } });
    await expect(lab.catalogue.searchMarkers({ size: 3 }).toArray({ limit: 10 })).rejects.toMatchObject({
      field: 'maxPages',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('listing the team lab accounts', () => {
  it('filters by status and lab_account_id', async () => {
    const { lab, sent } = mockClient();
    const accounts = await lab.catalogue.labAccounts({ status: 'PENDING', lab_account_id: 'acct-9' });
    expect(accounts).toEqual([{ lab_account_id: '9e8d7c6b-5a49-4837-a261-5f4e3d2c1b0a', status: 'PENDING' }]);
    expect(Object.fromEntries(sent[0]?.url.searchParams ?? [])).toEqual({
      status: 'PENDING',
      lab_account_id: 'acct-9',
    });
  });

  it('lists every account without a filter', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.catalogue.labAccounts()).resolves.toHaveLength(1);
    expect(sent[0]?.url.search).toBe('');
  });
});

describe('issue 11: lab accounts are read whether the service answers with a list or an object holding it', () => {
  const account = { lab_account_id: '9e8d7c6b-5a49-4837-a261-5f4e3d2c1b0a', status: 'PENDING' };

  async function accountsFrom(body: unknown) {
    const server = await loopbackForTest(() => ({ body }));
    const { lab } = recordingClient(server.baseUrl);
    return lab.catalogue.labAccounts();
  }

  it('reads a bare list', async () => {
    await expect(accountsFrom([account])).resolves.toEqual([account]);
  });

  it('reads { data: [...] }', async () => {
    await expect(accountsFrom({ data: [account], next_cursor: null })).resolves.toEqual([account]);
  });

  it('reads an object holding exactly one list under another name', async () => {
    await expect(accountsFrom({ lab_accounts: [account], total: 1 })).resolves.toEqual([account]);
  });

  it.each([
    ['an object with no list', { total: 0 }],
    ['an object with two lists', { active: [account], pending: [] }],
    ['a string', 'not a list'],
    ['null', null],
  ])('refuses %s with UnexpectedResponseError, never a TypeError', async (_name, body) => {
    const error = await accountsFrom(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('GET /v3/lab_test/lab_account');
  });
});

// The canned bodies the bench server answers with, built once. Shapes follow the spec's schemas
// (UserRecord, MarkerList, GroupedTimeseries); the values are made up.

export const USER_ID = '6f1c3a52-8b1e-4c5d-9a7f-2e4b8c9d0a1b';

/** `GET /v2/user/resolve/{client_user_id}`: one user record (small, about 0.4 kB). */
export const user = {
  user_id: USER_ID,
  team_id: '0b9efd15-4633-496a-9b17-842b96246038',
  client_user_id: 'client-user-1',
  created_on: '2026-11-01T08:30:00+00:00',
  connected_sources: [
    {
      source: { name: 'Oura', slug: 'oura', logo: 'https://logo.example/oura.png' },
      created_on: '2026-11-02T09:00:00+00:00',
    },
    {
      source: { name: 'Fitbit', slug: 'fitbit', logo: 'https://logo.example/fitbit.png' },
      created_on: '2026-11-03T09:00:00+00:00',
    },
  ],
  fallback_time_zone: { id: 'Europe/London', source_slug: 'manual', updated_at: '2026-11-01T08:30:00+00:00' },
  fallback_birth_date: null,
  ingestion_start: '2026-01-01',
  ingestion_end: null,
};

/** `GET /v3/lab_tests/markers`: one page of 100 markers (medium, about 45 kB). */
export const markerPage = {
  markers: Array.from({ length: 100 }, (_, i) => ({
    id: 1000 + i,
    name: `Marker ${i}`,
    slug: `marker-${i}`,
    description: `Concentration of analyte ${i} in serum, measured by the lab's standard assay.`,
    lab_id: 3,
    provider_id: `${100_000 + i}`,
    type: 'biomarker',
    unit: i % 3 === 0 ? null : 'mg/dL',
    price: '12.50',
    expected_results: [
      {
        id: 5000 + i,
        name: `Result ${i}`,
        slug: `result-${i}`,
        lab_id: 3,
        provider_id: `${200_000 + i}`,
        loinc: {
          id: 9000 + i,
          name: `LOINC entry ${i}`,
          slug: `loinc-${i}`,
          code: `${1000 + i}-${i % 10}`,
          unit: 'mg/dL',
        },
      },
    ],
  })),
  total: 100,
  page: 1,
  size: 100,
};

/** `GET /v2/timeseries/{user_id}/steps/grouped`: 10,000 minute points over two providers (about 1.2 MB). */
export const POINTS = 10_000;
function points(offset: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const start = Date.UTC(2026, 10, 1) + (offset + i) * 60_000;
    return {
      start: new Date(start).toISOString().replace('Z', '+00:00'),
      end: new Date(start + 59_999).toISOString().replace('Z', '+00:00'),
      unit: 'count',
      value: (offset + i) % 97,
      timezone_offset: 3600,
    };
  });
}
export const stepsGrouped = {
  groups: {
    fitbit: [{ source: { provider: 'fitbit', type: 'wearable' }, data: points(0, POINTS / 2) }],
    oura: [{ source: { provider: 'oura', type: 'ring' }, data: points(POINTS / 2, POINTS / 2) }],
  },
  next_cursor: null,
};

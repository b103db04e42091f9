// Schema version 6: steps as one row per user, provider and UTC day (step-days.ts), holding that day's
// points as one JSON array of the points as sent: a row per day instead of a row per hourly point. The
// SQL sets the version-5 table aside and makes the new one; each store then rewrites the set-aside rows
// into day rows (`rewrite`, in the same transaction) and drops them.

/** Where the version-5 steps rows wait while a store rewrites them into day rows. */
export const STEPS_V5_TABLE = 'svc_steps_v5';

const stepDays = (time: string) => `
ALTER TABLE svc_steps RENAME TO ${STEPS_V5_TABLE};
CREATE TABLE svc_steps (
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  day TEXT NOT NULL,
  points TEXT NOT NULL,
  n INTEGER NOT NULL,
  last_end ${time} NOT NULL,
  fetched_at ${time} NOT NULL,
  CONSTRAINT svc_steps_day_key PRIMARY KEY (user_id, provider, day)
);
`;

export const V6_STEP_DAYS = {
  version: 6,
  sqlite: stepDays('TEXT'),
  // Not compressed, and kept in the row up to a page (a day of hourly points is about 4 KB), as a row per
  // point was: the bytes of a user's values can be looked for in the table files (and are found gone
  // after an erasure's scrub), and a day is read without a second lookup.
  postgres: `${stepDays('TIMESTAMPTZ')}ALTER TABLE svc_steps ALTER COLUMN points SET STORAGE EXTERNAL;
ALTER TABLE svc_steps SET (toast_tuple_target = 8160);
`,
  adds: { svc_steps: ['day', 'points', 'n', 'last_end'] },
  drops: { svc_steps: ['start', 'end', 'unit', 'value', 'data'] },
  rewrite: 'steps-by-day',
} as const;

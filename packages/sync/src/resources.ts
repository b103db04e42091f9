/**
 * What a sync can keep: the steps timeseries and the six daily summaries the API documents. Each is read
 * in windows of whole UTC days; a window is the unit of work (one user, resource, provider and range).
 */
export const RESOURCES = ['steps', 'activity', 'body', 'meal', 'profile', 'sleep', 'workouts'] as const;

/** A resource a sync can keep. */
export type ResourceName = (typeof RESOURCES)[number];

/** Summaries come one record per user, provider and calendar date. */
export type SummaryResource = Exclude<ResourceName, 'steps'>;

/**
 * Days per window: a steps window is one request per day (the timeseries pages a day at a time), so it is
 * kept short to bound what a retry redoes; a summary window is one request.
 */
export const WINDOW_DAYS: Readonly<Record<ResourceName, number>> = {
  steps: 7,
  activity: 30,
  body: 30,
  meal: 30,
  profile: 30,
  sleep: 30,
  workouts: 30,
};

export const isResource = (value: string): value is ResourceName =>
  (RESOURCES as readonly string[]).includes(value);

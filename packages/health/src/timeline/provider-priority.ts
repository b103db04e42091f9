/**
 * Which provider's session wins when two devices recorded the same span, first wins. Devices made
 * for a measurement come before general ones: a ring or a bed sensor worn all night before a wrist
 * tracker, a wrist tracker before a phone's estimate. Providers not listed come after these, in
 * alphabetical order, so the choice is the same on every run. Pass your own list to change it.
 */
export const DEFAULT_PROVIDER_PRIORITY: readonly string[] = [
  'oura',
  'eight_sleep',
  'whoop',
  'garmin',
  'polar',
  'fitbit',
  'withings',
  'apple_health_kit',
  'health_connect',
  'google_fit',
  'samsung_health',
];

/** Orders provider slugs by a priority list: listed ones first in list order, then the rest alphabetically. */
export function compareProviders(priority: readonly string[]): (a: string, b: string) => number {
  const rank = new Map(priority.map((slug, index) => [slug, index]));
  return (a, b) => {
    const ra = rank.get(a) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b) ?? Number.POSITIVE_INFINITY;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

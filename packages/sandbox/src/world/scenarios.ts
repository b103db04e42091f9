/**
 * Named scenarios. Pick one per request with the `x-svc-sandbox-scenario` header on the request that
 * creates the resource, or per user with a `+<scenario>` suffix on `client_user_id`
 * (`alice+mfa_required`): every order, link and parsing job of that user then follows it.
 */
export const SCENARIOS = {
  happy_path: 'Everything succeeds: the sample reaches the lab, results are ready, parsing completes.',
  sample_lost_in_transit:
    'The drawn sample is lost on its way to the lab: the order moves to `collecting_sample.testkit.problem_in_transit_lab`.',
  kit_lost_to_customer:
    'The test kit is lost on its way to the customer a day after ordering: `collecting_sample.testkit.problem_in_transit_customer`.',
  parsing_needs_review:
    'The parsing job is flagged for human review (`pending_review`), then completes a day later.',
  parsing_fails: 'The parsing job ends `failed` with no results.',
  mfa_required:
    'Linking a password provider needs a second factor: the first right code answers `pending_provider_mfa`, the second `success`.',
} as const;

export type Scenario = keyof typeof SCENARIOS;

/** The header that picks a scenario for the resource a request creates. */
export const SCENARIO_HEADER = 'x-svc-sandbox-scenario';

export const isScenario = (value: string): value is Scenario => Object.hasOwn(SCENARIOS, value);

/** The scenario a `client_user_id` names with a `+<scenario>` suffix, if any. */
export function scenarioOfClientUserId(clientUserId: string): Scenario | undefined {
  const suffix = clientUserId.slice(clientUserId.lastIndexOf('+') + 1);
  return clientUserId.includes('+') && isScenario(suffix) ? suffix : undefined;
}

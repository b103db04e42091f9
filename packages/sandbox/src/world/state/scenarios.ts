import { invalid } from './refusal.js';

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

/** A kind of resource a scenario is named on: the request that creates it carries the header. */
export type ScenarioResource = 'order' | 'parsing job' | 'link token';

/**
 * What each scenario shapes. Named in the header of a request that creates another kind of resource,
 * it is refused with 422; carried by a user (`+<scenario>`), it applies where it fits and is ignored
 * elsewhere.
 */
export const SCENARIO_RESOURCES = {
  happy_path: ['order', 'parsing job', 'link token'],
  sample_lost_in_transit: ['order'],
  kit_lost_to_customer: ['order'],
  parsing_needs_review: ['parsing job'],
  parsing_fails: ['parsing job'],
  mfa_required: ['link token'],
} as const satisfies Record<Scenario, readonly ScenarioResource[]>;

/**
 * Scenarios under which an order ships a test kit to the patient: until the kit is reported lost the
 * order takes no appointment (a blood draw does not fit a kit that is on its way).
 */
export const TEST_KIT_SCENARIOS: ReadonlySet<Scenario> = new Set(['kit_lost_to_customer']);

const fits = (scenario: Scenario, resource: ScenarioResource) =>
  (SCENARIO_RESOURCES[scenario] as readonly ScenarioResource[]).includes(resource);

/**
 * The scenario a new resource follows: the one its request names, else its user's, else `happy_path`.
 * A named scenario that does not shape this kind of resource is refused before anything changes, so
 * the clock never meets a step the resource cannot take; a user's scenario that does not fit is
 * ignored (it is meant for that user's other resources).
 */
export function scenarioFor(
  resource: ScenarioResource,
  named: Scenario | undefined,
  userScenario: Scenario | undefined,
): Scenario {
  if (named !== undefined) {
    if (fits(named, resource)) return named;
    throw invalid(
      'scenario_not_applicable',
      `The scenario ${named} shapes a ${SCENARIO_RESOURCES[named].join(' or a ')}, not a ${resource}: send ${SCENARIO_HEADER} on the request that creates one.`,
    );
  }
  return userScenario !== undefined && fits(userScenario, resource) ? userScenario : 'happy_path';
}

/** The header that picks a scenario for the resource a request creates. */
export const SCENARIO_HEADER = 'x-svc-sandbox-scenario';

export const isScenario = (value: string): value is Scenario => Object.hasOwn(SCENARIOS, value);

/** The scenario a `client_user_id` names with a `+<scenario>` suffix, if any. */
export function scenarioOfClientUserId(clientUserId: string): Scenario | undefined {
  const suffix = clientUserId.slice(clientUserId.lastIndexOf('+') + 1);
  return clientUserId.includes('+') && isScenario(suffix) ? suffix : undefined;
}

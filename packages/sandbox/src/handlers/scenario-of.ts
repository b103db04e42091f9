import type { OperationContext } from '../internal/context.js';
import { HttpError } from '../internal/http-error.js';
import { SCENARIO_HEADER, SCENARIO_RESOURCES, type Scenario, type ScenarioResource } from '../scenarios.js';

const fits = (scenario: Scenario, resource: ScenarioResource) =>
  (SCENARIO_RESOURCES[scenario] as readonly ScenarioResource[]).includes(resource);

/**
 * The scenario a new resource follows: the request's header, else its user's, else `happy_path`. A
 * header naming a scenario that does not shape this kind of resource is refused before anything
 * changes, so the clock never meets a step the resource cannot take; a user's scenario that does not
 * fit is ignored (it is meant for that user's other resources).
 */
export function scenarioOf(
  context: OperationContext,
  resource: ScenarioResource,
  userScenario: Scenario | undefined,
): Scenario {
  const named = context.scenario;
  if (named !== undefined) {
    if (fits(named, resource)) return named;
    throw new HttpError(
      422,
      'scenario_not_applicable',
      `The scenario ${named} shapes a ${SCENARIO_RESOURCES[named].join(' or a ')}, not a ${resource}: send ${SCENARIO_HEADER} on the request that creates one.`,
    );
  }
  return userScenario !== undefined && fits(userScenario, resource) ? userScenario : 'happy_path';
}

import { type AnyStateMachine, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { phlebotomyAppointmentMachine, pscAppointmentMachine } from './appointment-machine.js';
import { linkMfaMachine } from './link-mfa-machine.js';
import { orderMachine } from './order-machine.js';
import { parsingJobMachine } from './parsing-job-machine.js';

/** The lifecycles of the sandbox, by resource. */
export type Lifecycle = 'order' | 'phlebotomyAppointment' | 'pscAppointment' | 'parsingJob' | 'linkMfa';

// Internal: xstate's machine types stay out of the public declarations (they do not compile under
// `exactOptionalPropertyTypes` with `skipLibCheck: false`); the exports below are plain data.
const lifecycles = {
  order: orderMachine,
  phlebotomyAppointment: phlebotomyAppointmentMachine,
  pscAppointment: pscAppointmentMachine,
  parsingJob: parsingJobMachine,
  linkMfa: linkMfaMachine,
} as const satisfies Record<Lifecycle, AnyStateMachine>;

/** Every lifecycle of the sandbox. */
export const LIFECYCLES = Object.keys(lifecycles) as readonly Lifecycle[];

/** One allowed transition of a lifecycle. */
export interface Transition {
  from: string;
  event: string;
  to: string;
  /** What makes it happen: an API call, or the clock. */
  trigger: string;
}

type StateConfig = {
  meta?: Record<string, string>;
  type?: string;
  on?: Record<string, { target: string; description?: string }>;
};

const statesOf = (lifecycle: Lifecycle) =>
  lifecycles[lifecycle].config.states as unknown as Record<string, StateConfig>;

/** The state a lifecycle starts in. */
export const initialStateOf = (lifecycle: Lifecycle): string => String(lifecycles[lifecycle].config.initial);

/** The names of every state of a lifecycle, as its machine defines them. */
export const stateNamesOf = (lifecycle: Lifecycle): string[] => Object.keys(statesOf(lifecycle));

/** Every allowed transition of a lifecycle, read from its machine definition. */
export function transitionsOf(lifecycle: Lifecycle): Transition[] {
  return Object.entries(statesOf(lifecycle)).flatMap(([from, state]) =>
    Object.entries(state.on ?? {}).map(([event, target]) => ({
      from,
      event,
      to: target.target,
      trigger: target.description ?? '',
    })),
  );
}

/** The wire values (`status`, …) a state of a lifecycle stands for. */
export function metaOf(lifecycle: Lifecycle, state: string): Record<string, string> {
  const meta = statesOf(lifecycle)[state]?.meta;
  if (!meta) throw new Error(`${lifecycle} has no state ${state}`);
  return meta;
}

/** One state of a lifecycle, as the sandbox reaches it. */
export interface LifecycleState {
  /** The sandbox's name of the state, e.g. `appointment_scheduled`. */
  name: string;
  /** The wire values it stands for: `status`, and `lowLevelStatus`, `eventStatus` or `state` where the record has them. */
  wire: Readonly<Record<string, string>>;
  final: boolean;
  /** The shortest run of lifecycle events that reaches it from the first state. */
  path: string[];
}

/** Every state a lifecycle can reach, walked with xstate's graph from its first state. */
export function lifecycleStates(lifecycle: Lifecycle): LifecycleState[] {
  return getShortestPaths(lifecycles[lifecycle] as AnyStateMachine).map(({ state, steps }) => {
    const name = String(state.value);
    return {
      name,
      wire: metaOf(lifecycle, name),
      final: isFinalState(lifecycle, name),
      // The first step is xstate's own `xstate.init`, not an event of the lifecycle.
      path: steps.slice(1).map((step) => step.event.type),
    };
  });
}

/** Whether a state of a lifecycle is final. */
export const isFinalState = (lifecycle: Lifecycle, state: string): boolean =>
  statesOf(lifecycle)[state]?.type === 'final';

/** Thrown for an event a state does not allow; the sandbox answers it with 409. */
export class TransitionRefusedError extends Error {
  constructor(
    readonly lifecycle: Lifecycle,
    readonly state: string,
    readonly event: string,
  ) {
    const allowed = transitionsOf(lifecycle)
      .filter((t) => t.from === state)
      .map((t) => t.event);
    super(
      `${event} is not allowed while the ${lifecycle} is ${state}` +
        (allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (it is final)'),
    );
    this.name = 'TransitionRefusedError';
  }
}

/** The next state of a lifecycle for an event, computed by xstate; throws when the machine refuses. */
export function next(lifecycle: Lifecycle, state: string, event: string): string {
  const machine = lifecycles[lifecycle] as AnyStateMachine;
  const snapshot = machine.resolveState({ value: state, context: {} });
  if (!snapshot.can({ type: event })) throw new TransitionRefusedError(lifecycle, state, event);
  const [nextSnapshot] = transition(machine, snapshot, { type: event });
  return String(nextSnapshot.value);
}

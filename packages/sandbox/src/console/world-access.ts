import { inTurn, type WorldEntry } from '../world/state/runtime.js';
import { json, refuse } from './console-answers.js';
import type { ConsoleParts } from './console-parts.js';

/** How the console reaches a world named by its fingerprint: a read in its turn, or a change through its control route. */
export interface WorldAccess {
  /** Runs a read of a known world in its turn, brought up to its clock first. */
  read<T>(world: string, view: (entry: WorldEntry) => T | Promise<T>): Promise<Response>;
  /** Passes a change to the world's control route, the way a request with its key would. */
  act(world: string, method: string, route: string, body?: unknown): Promise<Response>;
}

const unknownWorld = () =>
  refuse(404, 'not_found', 'No world has that fingerprint: send a request with its key first.');

export function worldAccess({ registry, control }: ConsoleParts): WorldAccess {
  return {
    async read(world, view) {
      if (!registry.hasWorld(world)) return unknownWorld();
      const entry = registry.entry(world);
      return json(
        200,
        await inTurn(entry, async () => {
          await registry.sync(entry);
          return view(entry);
        }),
      );
    },
    async act(world, method, route, body) {
      if (!registry.hasWorld(world)) return unknownWorld();
      const response = await control(world, method, route, body);
      return json(response.status, await response.json());
    },
  };
}

import { describe, expect, it } from 'vitest';
import { specChanges } from '../../spec-changes.mjs';
import { changed, type Spec, smallSpec } from './fixture.js';

const summary = (after: Spec, before: Spec = smallSpec()) =>
  specChanges(before, after).map(({ type, where, description }) => `${type} | ${where} | ${description}`);
const breaking = (after: Spec, before?: Spec) =>
  summary(after, before).filter((line) => line.startsWith('breaking'));

describe('specChanges classifies what a partner would feel', () => {
  it('finds nothing between a spec and itself', () => {
    expect(summary(smallSpec())).toEqual([]);
  });

  const cases: Array<{ given: string; edit: (spec: Spec) => void; want: string[] }> = [
    {
      given: 'a response field removed',
      edit: (spec) => delete spec.components.schemas.Thing.properties.kind,
      want: ['breaking | GET /things | field `kind` removed in response 2xx'],
    },
    {
      given: 'a query parameter made required',
      edit: (spec) => {
        spec.paths['/things'].get.parameters[0].required = true;
      },
      want: ['breaking | GET /things | [Added] required status to required query parameter `colour`'],
    },
    {
      given: 'a value removed from a closed enum',
      edit: (spec) => spec.components.schemas.Thing.properties.kind.enum.pop(),
      want: ['breaking | GET /things | enum value `large` of `kind` removed in response 2xx'],
    },
    {
      given: 'a request field narrowed from number to integer',
      edit: (spec) => {
        spec.paths['/things'].post.requestBody.content['application/json'].schema.properties.size.type =
          'integer';
      },
      want: ['breaking | POST /things | `type` of `size` changed from number to integer in the request body'],
    },
    {
      given: 'an operation removed',
      edit: (spec) => delete spec.paths['/things'].post,
      want: ['breaking | POST /things | [Removed] operation POST /things'],
    },
    {
      given: 'a known value removed from a non-exhaustive enum written beside the flag',
      edit: (spec) => spec.components.schemas.State.enum.pop(),
      want: ['breaking | GET /things | known value `done` of `state` removed in response 2xx'],
    },
    {
      given: 'a known value removed from a non-exhaustive enum written as anyOf',
      edit: (spec) => spec.components.schemas.Stage.anyOf[0].enum.shift(),
      want: ['breaking | GET /things | known value `draft` of `stage` removed in response 2xx'],
    },
    {
      given: 'a field removed from a webhook payload',
      edit: (spec) => delete spec.components.schemas.Thing.properties.name,
      want: [
        'breaking | GET /things | field `name` removed in response 2xx',
        'breaking | webhook thing.created | field `name` removed in the event payload',
      ],
    },
    {
      given: 'a schema removed from components (its type is exported by name)',
      edit: (spec) => {
        spec.components.schemas.Thing.properties.state = { type: 'string' };
        delete spec.components.schemas.State;
      },
      want: ['breaking | components.schemas.State | schemas `State` removed'],
    },
  ];
  it.each(cases)('reports $given as breaking', ({ edit, want }) => {
    for (const line of want) expect(breaking(changed(edit))).toContain(line);
  });

  const additive: Array<{ given: string; edit: (spec: Spec) => void }> = [
    {
      given: 'an optional response field added',
      edit: (spec) => (spec.components.schemas.Thing.properties.colour = { type: 'string' }),
    },
    {
      given: 'an optional query parameter added',
      edit: (spec) =>
        spec.paths['/things'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } }),
    },
    {
      given: 'a known value added to a non-exhaustive enum written beside the flag',
      edit: (spec) => spec.components.schemas.State.enum.push('archived'),
    },
    {
      given: 'a known value added to a non-exhaustive enum written as anyOf',
      edit: (spec) => spec.components.schemas.Stage.anyOf[0].enum.push('review'),
    },
    {
      given: 'a description changed',
      edit: (spec) => (spec.components.schemas.Thing.description = 'A thing.'),
    },
  ];
  it.each(additive)('reports $given as not breaking', ({ edit }) => {
    const after = changed(edit);
    expect(summary(after)).not.toEqual([]);
    expect(breaking(after)).toEqual([]);
  });

  it('names a known value added to a non-exhaustive enum', () => {
    expect(summary(changed((spec) => spec.components.schemas.State.enum.push('archived')))).toContain(
      'non-breaking | GET /things | known value `archived` of `state` added in response 2xx',
    );
  });

  it('reports a value added to a closed enum that partners receive as breaking', () => {
    expect(
      breaking(changed((spec) => spec.components.schemas.Thing.properties.kind.enum.push('huge'))),
    ).toEqual([
      'breaking | GET /things | enum value `huge` of `kind` added in response 2xx',
      'breaking | webhook thing.created | enum value `huge` of `kind` added in the event payload',
    ]);
  });

  it('sees no change when a non-exhaustive enum moves from the flag form to the anyOf form', () => {
    const anyOfForm = changed((spec) => {
      spec.components.schemas.State = {
        'x-svc-non-exhaustive': true,
        anyOf: [
          { title: 'Known values', type: 'string', enum: ['new', 'done'] },
          { title: 'Other values', description: 'A value added later.', type: 'string' },
        ],
      };
    });
    expect(summary(anyOfForm)).toEqual([]);
  });

  it('leaves both documents as they were', () => {
    const before = smallSpec();
    const after = changed((spec) => spec.components.schemas.State.enum.pop());
    const copies = structuredClone([before, after]);
    specChanges(before, after);
    expect([before, after]).toEqual(copies);
  });
});

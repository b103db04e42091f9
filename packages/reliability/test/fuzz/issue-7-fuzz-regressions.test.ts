// Issue 7: the fuzz oracle sees what the client refuses (the client's own regressions live in
// packages/client/test/validation/issue-7-fuzz-regressions.test.ts).
import { describe, expect, it } from 'vitest';
import { specOperations } from '../spec.js';
import { paramsViolation } from './spec-violations.js';

describe('issue 7: the fuzz oracle', () => {
  it('the oracle sees a non-scalar lab_id as a spec violation (the check the client now makes too)', () => {
    const listMarkers = specOperations.find((operation) => operation.id === 'listMarkers');
    expect(listMarkers && paramsViolation(listMarkers, { lab_id: { a: 1 } })).toBe(
      'lab_id: not integer | string',
    );
  });
});

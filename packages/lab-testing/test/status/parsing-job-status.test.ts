import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyParsingJobStatus } from '../../src/index.js';

describe('classifying parsing job statuses', () => {
  it('reads completed, failed and pending review', () => {
    expect(classifyParsingJobStatus('completed')).toBe('completed');
    expect(classifyParsingJobStatus('failed')).toBe('failed');
    expect(classifyParsingJobStatus('pending_review')).toBe('pending_review');
  });

  it('reads pending, the status the sandbox sends while it parses, as processing (not final)', () => {
    expect(classifyParsingJobStatus('pending')).toBe('processing');
  });

  it('accepts "pending review" with a space too, as the wire spelling is not documented', () => {
    expect(classifyParsingJobStatus('pending review')).toBe('pending_review');
  });

  it('classifies any other value, or none, as unknown', () => {
    const known = new Set(['pending', 'completed', 'failed', 'pending_review', 'pending review']);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('processing', 'queued', 'valueOf')), (status) => {
        fc.pre(!known.has(status));
        expect(classifyParsingJobStatus(status)).toBe('unknown');
      }),
    );
    expect(classifyParsingJobStatus(undefined)).toBe('unknown');
  });
});

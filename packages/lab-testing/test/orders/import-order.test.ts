import { ValidationError } from '@svc/client';
import { describe, expect, it } from 'vitest';
import { jsonBody, mockClient } from '../clients.js';

describe('importing an order against the mock', () => {
  it('imports an order through a lab account in PENDING status', async () => {
    const { lab, sent } = mockClient();
    const [account] = await lab.catalogue.labAccounts({ status: 'PENDING' });
    const imported = await lab.orders.import({
      lab_account_id: account?.lab_account_id,
      external_order_id: 'ext-77',
    });
    expect(imported).toEqual({ id: '6c5b4a39-2817-4f06-9e5d-4c3b2a190807' });
    expect(jsonBody(sent[1])).toEqual({
      lab_account_id: '9e8d7c6b-5a49-4837-a261-5f4e3d2c1b0a',
      external_order_id: 'ext-77',
    });
  });

  it('refuses an input that is not an object before sending', async () => {
    const { lab, sent } = mockClient();
    await expect(lab.orders.import(null as never)).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});

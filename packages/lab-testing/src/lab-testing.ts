import { type PaginateOptions, type SvcClient, ValidationError } from '@svc/client';
import { type Catalogue, createCatalogue } from './catalogue.js';
import { checkPollOptions } from './internal/poll.js';
import { createOrders, type Orders } from './orders.js';
import { createPhlebotomy, type PhlebotomyAppointments } from './phlebotomy.js';
import type { PollOptions } from './poll-options.js';
import { createPsc, type PscAppointments } from './psc.js';
import { createReports, type Reports } from './reports.js';

export interface LabTestingOptions {
  /** Defaults of every wait (PSC confirmation, parsing job); a call's own options override them. `signal` is per call. */
  polling?: Omit<PollOptions, 'signal'>;
  /** Defaults of every catalogue walk (page requests' options, `maxPages`); a call's own options override them. */
  pagination?: PaginateOptions;
}

/** The lab-testing workflow, in the order it happens. */
export interface LabTesting {
  /** Markers (search, per lab, per lab test) and the team's lab accounts. */
  catalogue: Catalogue;
  /** Idempotent order creation, and order import. */
  orders: Orders;
  /** At-home phlebotomy appointments, and patient-service-center (PSC) appointments. */
  appointments: { phlebotomy: PhlebotomyAppointments; psc: PscAppointments };
  /** Lab report upload and parsing. */
  reports: Reports;
}

/**
 * Extends a client from @svc/client with the lab-testing workflow, the Octokit way: the helpers call
 * the client's named methods, so its API key, retries, timeouts and errors apply to every request.
 *
 * ```ts
 * const lab = labTesting(createClient({ apiKey, region: 'us' }));
 * const order = await lab.orders.create({ patient_address, clinical_notes });
 * ```
 */
export function labTesting(client: SvcClient, options: LabTestingOptions = {}): LabTesting {
  if (client === null || typeof client !== 'object' || typeof client.createOrder !== 'function') {
    throw new ValidationError('client', 'must be a client from @svc/client (createClient)');
  }
  const polling = { ...options.polling };
  checkPollOptions(polling);
  return {
    catalogue: createCatalogue(client, options.pagination),
    orders: createOrders(client),
    appointments: { phlebotomy: createPhlebotomy(client), psc: createPsc(client, polling) },
    reports: createReports(client, polling),
  };
}

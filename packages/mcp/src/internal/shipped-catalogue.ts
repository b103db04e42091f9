import { shippedSpec } from '../shipped-spec.js';
import { type CatalogueTool, catalogue } from './catalogue.js';

let tools: CatalogueTool[] | undefined;

/** The tools of the spec this package ships, built once per process (every server of it shares them). */
export const shippedCatalogue = (): CatalogueTool[] => {
  tools ??= catalogue(shippedSpec());
  return tools;
};

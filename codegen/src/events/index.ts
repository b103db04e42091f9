export {
  type Catalogue,
  type CatalogueEntry,
  readCatalogue,
  type SplitEventName,
} from './events-catalogue.js';
export { generateEvents } from './generate-events.js';

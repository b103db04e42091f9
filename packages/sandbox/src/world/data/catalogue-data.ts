import { ownTable } from '../../internal/own-table.js';
// The sandbox's lab catalogue: a few labs, their markers and the team's lab accounts. Fixed data, so
// paging through it gives the same pages in every world.

export interface Lab {
  id: number;
  slug: string;
  name: string;
}

export const LABS: readonly Lab[] = [
  { id: 1, slug: 'labcorp', name: 'Labcorp' },
  { id: 2, slug: 'quest', name: 'Quest Diagnostics' },
  { id: 3, slug: 'bioreference', name: 'BioReference' },
];

const MARKER_NAMES: ReadonlyArray<readonly [string, string | null, string]> = [
  ['Hemoglobin A1c', '%', '4548-4'],
  ['Glucose', 'mg/dL', '2345-7'],
  ['Ferritin', 'ng/mL', '2276-4'],
  ['Total Cholesterol', 'mg/dL', '2093-3'],
  ['HDL Cholesterol', 'mg/dL', '2085-9'],
  ['LDL Cholesterol', 'mg/dL', '13457-7'],
  ['Triglycerides', 'mg/dL', '2571-8'],
  ['TSH', 'mIU/L', '3016-3'],
  ['Free T4', 'ng/dL', '3024-7'],
  ['Vitamin D, 25-Hydroxy', 'ng/mL', '1989-3'],
  ['Vitamin B12', 'pg/mL', '2132-9'],
  ['Creatinine', 'mg/dL', '2160-0'],
  ['ALT', 'U/L', '1742-6'],
  ['AST', 'U/L', '1920-8'],
  ['Hemoglobin', 'g/dL', '718-7'],
  ['Platelets', '10^3/uL', '777-3'],
  ['Complete Blood Count', null, '58410-2'],
  ['Comprehensive Metabolic Panel', null, '24323-8'],
  ['Testosterone, Total', 'ng/dL', '2986-8'],
  ['C-Reactive Protein', 'mg/L', '1988-5'],
  ['Insulin', 'uIU/mL', '20448-7'],
  ['Iron', 'ug/dL', '2498-4'],
  ['Magnesium', 'mg/dL', '19123-9'],
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A LOINC entry with every field the catalogue documents for it. */
export interface LoincEntry {
  id: number;
  name: string;
  slug: string;
  code: string;
  unit: string | null;
}

/** Every field the complete marker form documents is filled, so partners can rely on each. */
export interface CatalogueMarker {
  id: number;
  name: string;
  slug: string;
  description: string;
  lab_id: number;
  provider_id: string;
  type: string;
  unit: string | null;
  price: string;
  expected_results: Array<{
    id: number;
    name: string;
    slug: string;
    lab_id: number;
    provider_id: string;
    loinc: LoincEntry;
  }>;
}

/** Every marker of every lab: each lab lists every marker name under its own ids. */
export const MARKERS: readonly CatalogueMarker[] = LABS.flatMap((lab) =>
  MARKER_NAMES.map(([name, unit, loinc], index) => {
    const id = lab.id * 1000 + index + 1;
    const panel = unit === null;
    return {
      id,
      name,
      slug: slugOf(name),
      description: `${name}, ${panel ? 'a panel' : 'a biomarker'} tested by ${lab.name}.`,
      lab_id: lab.id,
      provider_id: String(100000 + id),
      type: panel ? 'panel' : 'biomarker',
      unit,
      price: `${(9 + ((index * 7) % 40)).toFixed(2)}`,
      expected_results: [
        {
          id: id * 10,
          name,
          slug: slugOf(name),
          lab_id: lab.id,
          provider_id: String(100000 + id),
          // One LOINC entry per code, the same under every lab.
          loinc: { id: index + 1, name, slug: slugOf(name), code: loinc, unit },
        },
      ],
    };
  }),
);

/** The lab tests of the catalogue: a few marker sets per lab, with stable ids. */
export const LAB_TESTS: ReadonlyArray<{ id: string; name: string; lab_id: number; marker_ids: number[] }> =
  LABS.flatMap((lab) => [
    {
      id: `0000000${lab.id}-0000-4000-8000-00000000000${lab.id}`,
      name: 'Metabolic and lipids',
      lab_id: lab.id,
      marker_ids: [1, 2, 4, 5, 6, 7, 12, 13, 14, 18].map((i) => lab.id * 1000 + i),
    },
    {
      id: `0000000${lab.id}-0000-4000-9000-00000000000${lab.id}`,
      name: 'Thyroid',
      lab_id: lab.id,
      marker_ids: [8, 9].map((i) => lab.id * 1000 + i),
    },
  ]);

/** The team's lab accounts: one active per lab, plus one pending. */
export const LAB_ACCOUNTS: ReadonlyArray<{
  lab_account_id: string;
  status: string;
  lab_id: number;
  lab_slug: string;
}> = [
  ...LABS.map((lab) => ({
    lab_account_id: `1a000000-0000-4000-8000-00000000000${lab.id}`,
    status: 'ACTIVE',
    lab_id: lab.id,
    lab_slug: lab.slug,
  })),
  { lab_account_id: '1a000000-0000-4000-8000-000000000009', status: 'PENDING', lab_id: 2, lab_slug: 'quest' },
];

/** Providers a user can connect in the sandbox (the logo addresses are placeholders). */
export const PROVIDERS = ownTable<{ name: string; type: string }>({
  oura: { name: 'Oura', type: 'ring' },
  whoop: { name: 'Whoop', type: 'wrist_worn' },
  fitbit: { name: 'Fitbit', type: 'wrist_worn' },
  garmin: { name: 'Garmin', type: 'wrist_worn' },
  dexcom: { name: 'Dexcom', type: 'cuff' },
  peloton: { name: 'Peloton', type: 'exercise_machine' },
  renpho: { name: 'Renpho', type: 'scale' },
});

export const providerSource = (slug: string) => ({
  name: PROVIDERS[slug]?.name ?? slug,
  slug,
  logo: `https://logos.sandbox.invalid/${slug}.png`,
});

/**
 * The patient of the lab tests across the repository (the README walkthrough's): where the kit goes,
 * where the phlebotomist draws, and the access notes the service forwards with every booking.
 */
export const PATIENT_ADDRESS = {
  first_line: '123 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  access_notes: 'Gate code 4521',
};

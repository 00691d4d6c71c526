// Record layouts of the officers bulk products: Product 198 (daily update, DDDDUPDT) and Product 195 (snapshot, DDDDSNAP).

/** A fixed-width field: 1-based start and length, as the Companies House specification numbers them. */
export interface Slice {
  start: number;
  length: number;
}

export interface PersonLayout {
  appointmentType: Slice;
  personNumber: Slice;
  corporate: Slice;
  appointedOn: Slice;
  resignedOn: Slice;
  postcode: Slice;
  partialBirth: Slice;
  fullBirth: Slice;
  variableLength: Slice;
  /** Where the `<`-separated part starts. */
  variableStart: number;
}

const s = (start: number, length: number): Slice => ({ start, length });

/** Product 198 person update record: old and new values side by side; the new ones are read. */
export const UPDATE_LAYOUT: PersonLayout = {
  appointmentType: s(18, 2),
  personNumber: s(32, 12),
  corporate: s(13, 1),
  partialBirth: s(44, 8),
  fullBirth: s(52, 8),
  postcode: s(68, 8),
  appointedOn: s(76, 8),
  resignedOn: s(84, 8),
  variableLength: s(108, 4),
  variableStart: 112,
};

/** Product 195 person record. */
export const SNAPSHOT_LAYOUT: PersonLayout = {
  appointmentType: s(11, 2),
  personNumber: s(13, 12),
  corporate: s(25, 1),
  appointedOn: s(33, 8),
  resignedOn: s(41, 8),
  postcode: s(49, 8),
  partialBirth: s(57, 8),
  fullBirth: s(65, 8),
  variableLength: s(73, 4),
  variableStart: 77,
};

export const cut = (line: string, f: Slice): string => line.slice(f.start - 1, f.start - 1 + f.length);

/** The `<`-separated fields of a person record, in order. */
export const VARIABLE_FIELDS = [
  'title',
  'forenames',
  'surname',
  'honours',
  'care_of',
  'po_box',
  'address_line_1',
  'address_line_2',
  'post_town',
  'county',
  'country',
  'occupation',
  'nationality',
  'residence_country',
] as const;

/** Appointment type code → role as published (API wording) and whether the appointment has ended. */
export const APPOINTMENT_TYPES: Record<string, { role: string; ended: boolean }> = {
  '00': { role: 'secretary', ended: false },
  '01': { role: 'director', ended: false },
  '02': { role: 'secretary', ended: true },
  '03': { role: 'director', ended: true },
  '04': { role: 'llp-member', ended: false },
  '05': { role: 'llp-designated-member', ended: false },
  '06': { role: 'llp-member', ended: true },
  '07': { role: 'llp-designated-member', ended: true },
  '11': { role: 'judicial-factor', ended: false },
  '12': { role: 'receiver-and-manager', ended: false },
  '13': { role: 'cic-manager', ended: false },
  '14': { role: 'judicial-factor', ended: true },
  '15': { role: 'receiver-and-manager', ended: true },
  '16': { role: 'cic-manager', ended: true },
  '17': { role: 'member-of-an-administrative-organ', ended: false },
  '18': { role: 'member-of-a-supervisory-organ', ended: false },
  '19': { role: 'member-of-a-management-organ', ended: false },
  '20': { role: 'member-of-an-administrative-organ', ended: true },
  '21': { role: 'member-of-a-supervisory-organ', ended: true },
  '22': { role: 'member-of-a-management-organ', ended: true },
};

/** Type 99 marks an appointment recorded in error: it is withdrawn, not a role. */
export const ERRORED_APPOINTMENT = '99';

/** Company record status character. */
export const COMPANY_STATUS: Record<string, string> = {
  C: 'converted-closed',
  D: 'dissolved',
  L: 'liquidation',
  R: 'receivership',
};

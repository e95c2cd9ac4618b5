import type { UomStandardEntry } from './schemas/properties';

/**
 * The standard units of measure an organisation maps its own codes to (GET /uom).
 * Variations are spellings met in suppliers' price files and orders for that unit.
 */
export const STANDARD_UOMS: Readonly<Record<string, UomStandardEntry>> = {
  EA: { description: 'Each', variations: ['EA', 'EACH', 'E', 'UNIT', 'UN', 'PCE', 'PC', 'ITEM'] },
  PR: { description: 'Pair', variations: ['PR', 'PAIR', 'PRS'] },
  DZ: { description: 'Dozen', variations: ['DZ', 'DOZ', 'DOZEN'] },
  BX: { description: 'Box', variations: ['BX', 'BOX', 'BOXES'] },
  PK: { description: 'Pack', variations: ['PK', 'PACK', 'PKT', 'PACKET', 'PAK'] },
  CS: { description: 'Case', variations: ['CS', 'CASE', 'CA', 'CSE'] },
  CT: { description: 'Carton', variations: ['CT', 'CTN', 'CARTON'] },
  BG: { description: 'Bag', variations: ['BG', 'BAG'] },
  BT: { description: 'Bottle', variations: ['BT', 'BTL', 'BOTTLE'] },
  RL: { description: 'Roll', variations: ['RL', 'ROLL', 'RLS'] },
  ST: { description: 'Set', variations: ['ST', 'SET', 'KIT'] },
  PL: { description: 'Pallet', variations: ['PL', 'PLT', 'PALLET'] },
  L: { description: 'Litre', variations: ['L', 'LT', 'LTR', 'LITRE', 'LITER'] },
  ML: { description: 'Millilitre', variations: ['ML', 'MLT', 'MILLILITRE', 'MILLILITER'] },
  UL: { description: 'Microlitre', variations: ['UL', 'µL', 'MICROLITRE', 'MICROLITER'] },
  KG: { description: 'Kilogram', variations: ['KG', 'KGM', 'KILO', 'KILOGRAM'] },
  G: { description: 'Gram', variations: ['G', 'GM', 'GRM', 'GRAM'] },
  MG: { description: 'Milligram', variations: ['MG', 'MGM', 'MILLIGRAM'] },
  M: { description: 'Metre', variations: ['M', 'MTR', 'METRE', 'METER'] },
  CM: { description: 'Centimetre', variations: ['CM', 'CMT', 'CENTIMETRE', 'CENTIMETER'] },
  MM: { description: 'Millimetre', variations: ['MM', 'MMT', 'MILLIMETRE', 'MILLIMETER'] },
  M2: { description: 'Square metre', variations: ['M2', 'MTK', 'SQM'] },
  HR: { description: 'Hour', variations: ['HR', 'HUR', 'HOUR', 'HRS'] },
};

export function isStandardUom(unit: string): boolean {
  return Object.prototype.hasOwnProperty.call(STANDARD_UOMS, unit);
}

/**
 * The UN/ECE Recommendation 20 code of each standard unit: what EDI documents carry
 * (cXML's UnitOfMeasure), since a trading partner's system reads those, not our short names.
 */
export const UNECE_REC20: Readonly<Record<string, string>> = {
  EA: 'EA',
  PR: 'PR',
  DZ: 'DZN',
  BX: 'BX',
  PK: 'PK',
  CS: 'CS',
  CT: 'CT',
  BG: 'BG',
  BT: 'BO',
  RL: 'RO',
  ST: 'SET',
  PL: 'PF',
  L: 'LTR',
  ML: 'MLT',
  UL: '4G',
  KG: 'KGM',
  G: 'GRM',
  MG: 'MGM',
  M: 'MTR',
  CM: 'CMT',
  MM: 'MMT',
  M2: 'MTK',
  HR: 'HUR',
};

/** cXML requires a unit on every line; a line that names none is read as a count of pieces. */
const DEFAULT_UNIT = 'EA';

/**
 * The Rec 20 code for a unit as a line carries it: a standard unit, or one of its known
 * spellings (`LITRE`, `Box`), maps to its code; any other code is passed on as written.
 */
export function rec20Code(unit: string): string {
  const trimmed = unit.trim();
  if (!trimmed) return DEFAULT_UNIT;
  const upper = trimmed.toUpperCase();
  if (isStandardUom(upper)) return UNECE_REC20[upper]!;
  const matches = Object.entries(STANDARD_UOMS).filter(([, entry]) => entry.variations.some((v) => v.toUpperCase() === upper));
  return matches.length === 1 ? UNECE_REC20[matches[0]![0]]! : trimmed;
}

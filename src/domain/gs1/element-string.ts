import { hasValidCheckDigit } from './check-digit';

/**
 * GS1 element strings as a scanner hands them over (GS1 General Specifications 7.8):
 * application identifiers (AIs) each followed by their data, fixed-length data running
 * straight into the next AI, variable-length data ended by FNC1, which scanners transmit
 * as the group separator (ASCII 29). A symbology identifier (`]C1` GS1-128, `]d2` GS1
 * DataMatrix, `]Q3` GS1 QR, `]e0` GS1 DataBar) says the data is GS1; the bracketed
 * human-readable form `(01)...(10)...` is accepted too, as typed or printed under a label.
 */

export const GROUP_SEPARATOR = '\u001d';

export interface Gs1Element {
  ai: string;
  value: string;
}

export type Gs1ParseResult = { ok: true; elements: Gs1Element[] } | { ok: false; error: string };

interface AiDefinition {
  /** Data length when fixed; otherwise the most characters the data may have. */
  length: number;
  fixed: boolean;
  numeric: boolean;
  checkDigit?: boolean;
  date?: boolean;
}

/** The AIs the portal reads for packing and receiving; others are read by their predefined lengths. */
const KNOWN_AIS: Record<string, AiDefinition> = {
  '00': { length: 18, fixed: true, numeric: true, checkDigit: true },
  '01': { length: 14, fixed: true, numeric: true, checkDigit: true },
  '02': { length: 14, fixed: true, numeric: true, checkDigit: true },
  '10': { length: 20, fixed: false, numeric: false },
  '17': { length: 6, fixed: true, numeric: true, date: true },
  '21': { length: 20, fixed: false, numeric: false },
  '37': { length: 8, fixed: false, numeric: true },
};

/**
 * Element strings whose length is predefined by the first two digits of the AI, so no
 * FNC1 follows them (GS1 General Specifications, figure 7.8.5-2): AI and data together.
 */
const PREDEFINED_TOTAL_LENGTH: Record<string, number> = {
  '00': 20, '01': 16, '02': 16, '03': 16, '04': 18, '11': 8, '12': 8, '13': 8, '14': 8, '15': 8, '16': 8,
  '17': 8, '18': 8, '19': 8, '20': 4, '31': 10, '32': 10, '33': 10, '34': 10, '35': 10, '36': 10, '41': 16,
};

const GS1_SYMBOLOGY_IDS = [']C1', ']d2', ']Q3', ']e0', ']J1'];
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
/** GS1 AI encodable character set 82 (GS1 General Specifications figure 7.11-1). */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** How many digits an AI has, from its first digits (GS1 General Specifications 3.2). */
function aiLength(digits: string): number {
  if (KNOWN_AIS[digits.slice(0, 2)]) return 2;
  const first = digits[0];
  const two = digits.slice(0, 2);
  if (first === '0' || first === '1' || first === '9') return 2;
  if (first === '2') return two === '23' || two === '24' || two === '25' ? 3 : 2;
  if (first === '3') return two === '30' || two === '37' ? 2 : 4;
  if (first === '4' || first === '5' || first === '6') return 3;
  if (first === '7') return two === '71' ? 3 : 4;
  return 4;
}

/** True when the text carries a GS1 symbology identifier, a group separator or bracketed AIs. */
export function looksLikeGs1(raw: string): boolean {
  return GS1_SYMBOLOGY_IDS.some((id) => raw.startsWith(id)) || raw.includes(GROUP_SEPARATOR) || /^\(\d{2,4}\)/.test(raw);
}

function checkElement(ai: string, value: string): string | null {
  const known = KNOWN_AIS[ai];
  if (!known) return value.length === 0 ? `AI (${ai}) has no data` : null;
  if (known.fixed && value.length !== known.length) return `AI (${ai}) needs ${known.length} digits, not ${value.length}`;
  if (value.length === 0 || value.length > known.length) return `AI (${ai}) takes 1 to ${known.length} characters, not ${value.length}`;
  if (known.numeric && !/^\d+$/.test(value)) return `AI (${ai}) takes digits only: "${value}"`;
  if (!known.numeric && !CSET_82.test(value)) return `AI (${ai}) has characters GS1 does not allow: "${value}"`;
  if (known.checkDigit && !hasValidCheckDigit(value)) return `AI (${ai}) ${value} has a wrong check digit`;
  if (known.date && !gs1DateIsValid(value)) return `AI (${ai}) ${value} is not a date YYMMDD`;
  return null;
}

function parseBracketed(text: string): Gs1ParseResult {
  const elements: Gs1Element[] = [];
  const pattern = /\((\d{2,4})\)([^(]*)/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = pattern.exec(text)) !== null) {
    const [, ai, value] = match as unknown as [string, string, string];
    const error = checkElement(ai, value);
    if (error) return { ok: false, error };
    elements.push({ ai, value });
    end = pattern.lastIndex;
  }
  if (end !== text.length || elements.length === 0) return { ok: false, error: `"${text}" is not a bracketed GS1 element string` };
  return { ok: true, elements };
}

function parseRaw(text: string): Gs1ParseResult {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GROUP_SEPARATOR) {
      at += 1;
      continue;
    }
    const rest = text.slice(at);
    if (!/^\d{2}/.test(rest)) return { ok: false, error: `No application identifier at "${rest}"` };
    const ai = rest.slice(0, aiLength(rest));
    if (!/^\d+$/.test(ai) || ai.length < aiLength(rest)) return { ok: false, error: `Application identifier cut short at "${rest}"` };
    const known = KNOWN_AIS[ai];
    const predefined = PREDEFINED_TOTAL_LENGTH[ai.slice(0, 2)];
    const dataStart = at + ai.length;
    let dataEnd: number;
    if (known?.fixed || (!known && predefined !== undefined)) {
      dataEnd = known?.fixed ? dataStart + known.length : at + (predefined as number);
      if (dataEnd > text.length) return { ok: false, error: `AI (${ai}) is cut short: "${text.slice(dataStart)}"` };
    } else {
      const separator = text.indexOf(GROUP_SEPARATOR, dataStart);
      dataEnd = separator === -1 ? text.length : separator;
    }
    const value = text.slice(dataStart, dataEnd);
    if (value.includes(GROUP_SEPARATOR)) return { ok: false, error: `AI (${ai}) is cut short by a separator` };
    const error = checkElement(ai, value);
    if (error) return { ok: false, error };
    elements.push({ ai, value });
    at = dataEnd;
  }
  if (elements.length === 0) return { ok: false, error: 'No GS1 element string' };
  return { ok: true, elements };
}

/** Reads a GS1 element string; `]C1`, `]d2`, `]Q3` prefixes and a leading FNC1 are dropped first. */
export function parseGs1ElementString(raw: string): Gs1ParseResult {
  let text = raw.trim();
  if (SYMBOLOGY_ID.test(text)) {
    const id = text.slice(0, 3);
    if (!GS1_SYMBOLOGY_IDS.includes(id)) return { ok: false, error: `Symbology identifier ${id} does not carry GS1 data` };
    text = text.slice(3);
  }
  if (text.startsWith('(')) return parseBracketed(text);
  return parseRaw(text);
}

/** YYMMDD with DD 00 meaning the month's last day (GS1 General Specifications 7.12). */
function gs1DateIsValid(yymmdd: string): boolean {
  if (!/^\d{6}$/.test(yymmdd)) return false;
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return false;
  return day <= new Date(Date.UTC(2000 + Number(yymmdd.slice(0, 2)), month, 0)).getUTCDate();
}

/**
 * The ISO date of a YYMMDD: the century is the one that puts the year within 49 years
 * back and 50 forward of the reference year (GS1 General Specifications 7.12); day 00
 * is the month's last day.
 */
export function gs1DateToIso(yymmdd: string, referenceYear: number): string | null {
  if (!gs1DateIsValid(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const difference = yy - (referenceYear % 100);
  let century = Math.floor(referenceYear / 100) * 100;
  if (difference >= 51) century -= 100;
  else if (difference <= -50) century += 100;
  const year = century + yy;
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (day === 0) day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

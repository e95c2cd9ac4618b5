import { describe, expect, it } from 'vitest';
import { rec20Code, STANDARD_UOMS, UNECE_REC20 } from '../../src/domain/uom';

describe('UN/ECE Recommendation 20 codes', () => {
  it('every standard unit has one, and only standard units do', () => {
    expect(Object.keys(UNECE_REC20).sort()).toEqual(Object.keys(STANDARD_UOMS).sort());
  });

  it('maps standard units and their spellings to the code, passes other codes on, and counts pieces without a unit', () => {
    expect([rec20Code('EA'), rec20Code('KG'), rec20Code('L'), rec20Code('BX'), rec20Code('BT'), rec20Code('UL')]).toEqual(['EA', 'KGM', 'LTR', 'BX', 'BO', '4G']);
    expect([rec20Code('litre'), rec20Code(' Box '), rec20Code('KILO'), rec20Code('kgm')]).toEqual(['LTR', 'BX', 'KGM', 'KGM']);
    expect(rec20Code('VIAL')).toBe('VIAL');
    expect(rec20Code('')).toBe('EA');
  });
});

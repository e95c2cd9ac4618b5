import { isValidSscc } from '../gs1/sscc';
import { roundQuantity } from '../remaining-quantities';
import type { AsnPackage } from '../schemas/asn-packages';

export const asnPackageErrors = {
  badSscc: (n: number, sscc: string) => `Package ${n}: SSCC ${sscc} has a wrong check digit`,
  repeatedSscc: (sscc: string) => `SSCC ${sscc} is on more than one package`,
  badParent: (n: number) => `Package ${n}: a carton can only sit on a pallet of this ASN`,
  notOnAsn: (n: number, line: number) => `Package ${n}: line ${line} is not on this ASN`,
  badQuantity: (n: number, line: number) => `Package ${n}: the quantity of line ${line} must be greater than zero`,
  overPacked: (line: number, packed: number, shipped: number) => `Line ${line}: ${packed} packed is more than the ${shipped} this ASN ships`,
  notIssued: (sscc: string) => `SSCC ${sscc} was not issued to your account`,
} as const;

/**
 * The packages' own rules: SSCCs well formed and each once, cartons on pallets only,
 * every packed line on the ASN and no line packed beyond what the ASN ships.
 */
export function validateAsnPackages(packages: readonly AsnPackage[], lines: ReadonlyArray<{ number: number; quantity: number | null | undefined }>): string[] {
  const errors: string[] = [];
  const shipped = new Map(lines.map((l) => [l.number, l.quantity ?? 0]));
  const packed = new Map<number, number>();
  const ssccs = new Set<string>();
  packages.forEach((pkg, index) => {
    const n = index + 1;
    if (pkg.sscc !== null) {
      if (!isValidSscc(pkg.sscc)) errors.push(asnPackageErrors.badSscc(n, pkg.sscc));
      else if (ssccs.has(pkg.sscc)) errors.push(asnPackageErrors.repeatedSscc(pkg.sscc));
      ssccs.add(pkg.sscc);
    }
    if (pkg.parent !== null && (pkg.kind !== 'carton' || pkg.parent === index || packages[pkg.parent]?.kind !== 'pallet')) errors.push(asnPackageErrors.badParent(n));
    for (const line of pkg.lines) {
      if (!shipped.has(line.number)) errors.push(asnPackageErrors.notOnAsn(n, line.number));
      else if (!(line.quantity > 0)) errors.push(asnPackageErrors.badQuantity(n, line.number));
      else packed.set(line.number, roundQuantity((packed.get(line.number) ?? 0) + line.quantity));
    }
  });
  for (const [number, quantity] of packed) {
    const ships = shipped.get(number) ?? 0;
    if (quantity > ships + 1e-9) errors.push(asnPackageErrors.overPacked(number, quantity, ships));
  }
  return errors;
}
